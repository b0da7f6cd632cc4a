import Foundation
import SampleAPI
import Testing

@testable import DecodeCheck

/// How the command chooses each payload's type, and the inputs beyond files: standard input
/// and newline-delimited JSON.
@Suite struct TypeSelectionTests {
  // MARK: - Types

  @Test(arguments: ["Booking", "SampleAPI.Booking"])
  func typeIsFoundByShortOrQualifiedName(_ name: String) throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(Payloads.cleanBooking, to: "captured/booking.json")
    let run = runCommand(["--type", name, "--format", "json", path])
    #expect(run.status == 0)
    let document = try jsonObject(run.output)
    let files = try #require(document["files"] as? [[String: Any]])
    #expect(files.first?["type"] as? String == "SampleAPI.Booking")
  }

  @Test func anAmbiguousShortNameAsksForTheQualifiedOne() throws {
    let registry = ModelRegistry(registering: Planner.Event.self, Tracking.Event.self)
    let folder = try TemporaryFolder()
    let path = try folder.write(#"{"title": "Stand-up"}"#, to: "event.json")
    let ambiguous = runCommand(["--type", "Event", path], registry: registry)
    #expect(ambiguous.status == 2)
    #expect(
      ambiguous.errors.hasPrefix(
        "decode-check: `Event` names more than one type: DecodeCheckTests.Planner.Event, "
          + "DecodeCheckTests.Tracking.Event; use the qualified name\n"))
    let qualified = runCommand(
      ["--type", "DecodeCheckTests.Planner.Event", path], registry: registry)
    #expect(qualified.status == 0)
    let wrongOne = runCommand(
      ["--type", "DecodeCheckTests.Tracking.Event", path], registry: registry)
    #expect(wrongOne.status == 1)
    #expect(
      wrongOne.outputLines.first
        == "\(path):1:1: error: $: missing required key `name` [decoding-failure]")
  }

  @Test func eachFileIsDecodedAsTheTypeItsNearestFolderNames() throws {
    let folder = try TemporaryFolder()
    try folder.write(Payloads.cleanBooking, to: "Fixtures/Booking/v1.json")
    try folder.write(Payloads.cleanBooking, to: "Fixtures/Booking/2024/june/v1.json")
    try folder.write(Payloads.cleanListingPage, to: "Fixtures/ListingPage/v1.json")
    try folder.write(Payloads.cleanBooking, to: "Fixtures/SampleAPI.Booking/v1.json")
    // A folder named after a type inside another type's folder decides for its files.
    try folder.write(Payloads.cleanListingPage, to: "Fixtures/Booking/ListingPage/v1.json")
    let run = runCommand(["--format", "json", folder.path + "/Fixtures"])
    #expect(run.status == 0)
    let document = try jsonObject(run.output)
    let files = try #require(document["files"] as? [[String: Any]])
    let types = files.map { "\($0["path"] as? String ?? ""): \($0["type"] as? String ?? "")" }
    let root = folder.path + "/Fixtures"
    #expect(
      types == [
        "\(root)/Booking/2024/june/v1.json: SampleAPI.Booking",
        "\(root)/Booking/ListingPage/v1.json: SampleAPI.ListingPage",
        "\(root)/Booking/v1.json: SampleAPI.Booking",
        "\(root)/ListingPage/v1.json: SampleAPI.ListingPage",
        "\(root)/SampleAPI.Booking/v1.json: SampleAPI.Booking",
      ])
  }

  /// Issue 9, reproduction 5: a folder above the path argument (such as the checkout path in
  /// CI) never types a file; the argument itself and the folders below it do.
  @Test func typingLooksOnlyAtFoldersAtOrBelowEachPathArgument() throws {
    let folder = try TemporaryFolder()
    let repository = folder.path + "/Booking/repo"
    try folder.write(Payloads.cleanBooking, to: "Booking/repo/captures/a.json")
    try folder.write(Payloads.cleanListingPage, to: "Booking/repo/captures/ListingPage/b.json")
    try folder.write(Payloads.cleanBooking, to: "Booking/repo/Booking/c.json")
    try folder.write(Payloads.cleanBooking, to: "Booking/repo/Booking/deeper/d.json")
    let run = runCommand([
      "--format", "json", repository + "/captures", repository + "/Booking",
      repository + "/Booking/deeper/d.json",
    ])
    let document = try jsonObject(run.output)
    let files = try #require(document["files"] as? [[String: Any]])
    let types = files.map {
      "\(($0["path"] as? String ?? "").dropFirst(repository.count)): \($0["type"] as? String ?? "none")"
    }
    #expect(
      types == [
        "/Booking/c.json: SampleAPI.Booking",
        "/Booking/deeper/d.json: SampleAPI.Booking",
        "/captures/ListingPage/b.json: SampleAPI.ListingPage",
        "/captures/a.json: none",
      ])
    // The file named on its own is typed by its own folder only, not by `Booking` above it.
    let alone = runCommand([repository + "/Booking/deeper/d.json"])
    #expect(alone.status == 2)
    #expect(alone.output.contains("no type for this file"))
    #expect(run.status == 2)
  }

  @Test func typeOverridesTheFolderName() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(Payloads.cleanListingPage, to: "Booking/actually-a-page.json")
    #expect(runCommand([path]).status == 1)
    #expect(runCommand(["--type", "ListingPage", path]).status == 0)
  }

  @Test func aFolderNamingTwoTypesIsReported() throws {
    let registry = ModelRegistry(registering: Planner.Event.self, Tracking.Event.self)
    let folder = try TemporaryFolder()
    let path = try folder.write(#"{"title": "Stand-up"}"#, to: "Event/standup.json")
    let run = runCommand([folder.path], registry: registry)
    #expect(run.status == 2)
    #expect(
      run.outputLines.first
        == "\(path): error: the folder `Event` names more than one type (DecodeCheckTests.Planner.Event, "
        + "DecodeCheckTests.Tracking.Event); name the folder after the qualified name, or pass --type [input-error]"
    )
  }

  // MARK: - Standard input and newline-delimited JSON

  @Test func readsStandardInputNamedByADash() {
    let run = runCommand(
      ["--type", "Booking", "-"], standardInput: Data(Payloads.bookingWithUnknownValues.utf8))
    #expect(run.status == 0)
    #expect(
      run.outputLines.first?.hasPrefix("-:4:12: warning: $.state: unknown BookingState") == true)

    let untyped = runCommand(["-"], standardInput: Data(Payloads.cleanBooking.utf8))
    #expect(untyped.status == 2)
    #expect(
      untyped.outputLines.first
        == "-: error: standard input has no folder to name its type; pass --type [input-error]")
  }

  @Test func newlineDelimitedFindingsNameTheLine() throws {
    let folder = try TemporaryFolder()
    let clean = #"{"listings": [], "page": 1}"#
    let text = [clean, "", #"{"listings": [], "page": "2"}"#, clean, #"{"listings": [], "#].joined(
      separator: "\n")
    let path = try folder.write(text + "\n", to: "ListingPage/pages.ndjson")
    try folder.write(clean, to: "ListingPage/single.json")
    let run = runCommand(["--lines", folder.path])
    #expect(run.status == 1)
    #expect(
      run.outputLines == [
        "\(path):3:26: error: $.page: expected a number, found a string: \"2\" [decoding-failure]",
        "\(path):5:18: error: not valid JSON: the payload ends early; expected a key in double quotes [invalid-json]",
        "2 files checked (5 payloads): 1 decoded cleanly, 0 with unknown values (0 values), 1 failed",
      ])

    let piped = runCommand(
      ["--lines", "--type", "ListingPage", "-"], standardInput: Data((clean + "\n" + clean).utf8))
    #expect(piped.status == 0)
    #expect(
      piped.outputLines == [
        "1 file checked (2 payloads): 1 decoded cleanly, 0 with unknown values (0 values), 0 failed"
      ])
  }
}
