import Foundation
import SampleAPI
import Testing

@testable import DecodeCheck

/// Two types with the same short name, `Event`, as two modules of an app might have.
enum Planner {
  struct Event: Decodable { var title: String }
}

enum Tracking {
  struct Event: Decodable { var name: String }
}

@Suite struct ModelRegistryTests {
  @Test func findsTypesByShortAndQualifiedName() throws {
    let registry = ModelRegistry(registering: ListingPage.self, Booking.self)
    #expect(try registry.model(named: "Booking").qualifiedName == "SampleAPI.Booking")
    #expect(try registry.model(named: "SampleAPI.ListingPage").name == "ListingPage")
    #expect(registry.models.map(\.name) == ["ListingPage", "Booking"])
  }

  @Test func asksForTheQualifiedNameWhenShortNamesCollide() throws {
    var registry = ModelRegistry()
    registry.register(Planner.Event.self)
    registry.register(Tracking.Event.self)
    let error = try #require(throws: ModelLookupError.self) {
      try registry.model(named: "Event")
    }
    #expect(
      error
        == .ambiguous(
          "Event",
          candidates: ["DecodeCheckTests.Planner.Event", "DecodeCheckTests.Tracking.Event"]))
    #expect(
      error.description
        == "`Event` names more than one type: DecodeCheckTests.Planner.Event, "
        + "DecodeCheckTests.Tracking.Event; use the qualified name")
    #expect(try registry.model(named: "DecodeCheckTests.Planner.Event").name == "Event")
  }

  @Test func namesTheRegisteredTypesWhenOneIsUnknown() {
    let registry = ModelRegistry(registering: ListingPage.self, Booking.self)
    do {
      _ = try registry.model(named: "Listings")
      Issue.record("an unknown name was found")
    } catch {
      #expect(error == .unknown("Listings", registered: ["Booking", "ListingPage"]))
      #expect(
        error.description == "unknown type `Listings`; registered types: Booking, ListingPage")
    }
  }

  @Test func recordsATypeRegisteredTwice() {
    var registry = ModelRegistry(registering: Booking.self)
    #expect(registry.duplicateNames.isEmpty)
    registry.register(Booking.self)
    #expect(registry.duplicateNames == ["SampleAPI.Booking"])
    #expect(registry.models.count == 1)
  }

  @Test func theCommandRefusesARegistryWithDuplicates() {
    let registry = ModelRegistry(registering: Booking.self, ListingPage.self, Booking.self)
    let run = runCommand(["--list-types"], registry: registry)
    #expect(run.status == 2)
    #expect(run.output.isEmpty)
    #expect(
      run.errors
        == "decode-check: `SampleAPI.Booking` is registered more than once; register each type once\n"
    )
  }
}
