import Foundation
import SampleAPI
import Testing

@testable import DecodeCheck

/// The package's own fixtures, found from this file's place in the package.
private let fixtures = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().appendingPathComponent("Fixtures").path

/// Audits the fixture folders `folders` (each decoded as `type`, or as its folder says).
private func audit(
  _ folders: [String], as type: String? = nil, registry: ModelRegistry = sampleRegistry
) throws -> AuditReport {
  var checker = PayloadChecker()
  checker.audit = .standard
  let model = try type.map { try registry.model(named: $0) }
  let report = checker.check(
    paths: folders.map { fixtures + "/" + $0 }, in: registry, as: model, maximumConcurrency: 2)
  return try #require(AuditReport(report))
}

/// Issue 24's bar on the sample API: the audit lists exactly the plain enums as brittle, and
/// none of the toolkit's fields.
@Suite struct SampleAuditTests {
  /// The sample API models every enum-like field with a tool of the toolkit: none is
  /// brittle, each is resilient and names its type and tool.
  @Test func theSampleModelsHaveNoBrittleFieldAndNameEachTool() throws {
    let audit = try audit(["ListingPage", "Booking"])
    #expect(audit.brittle.isEmpty)
    #expect(audit.fields(.brittle).isEmpty)
    let resilient = audit.fields(.resilient).map {
      "\($0.typeName) \($0.path) \($0.namedType ?? "-") \($0.tool ?? "-")"
    }
    #expect(
      resilient == [
        "SampleAPI.Booking $.channel BookingChannel @DecodeUnknownAsNil",
        "SampleAPI.Booking $.guests[*].age_group AgeGroup UnknownDecodable",
        "SampleAPI.Booking $.state BookingState UnknownDecodable",
        "SampleAPI.Booking $.timeline[*] BookingEvent TaggedUnion",
        "SampleAPI.Booking $.timeline[*].reason CancellationReason OpenEnum",
        "SampleAPI.Booking $.timeline[*].type BookingEvent TaggedUnion",
        "SampleAPI.Booking $.total.currency Currency ExtensibleEnum",
        "SampleAPI.ListingPage $.listings[*] ListingKind UnknownDecodable",
        "SampleAPI.ListingPage $.listings[*].amenities[*] Amenity UnknownDecodable",
        "SampleAPI.ListingPage $.listings[*].cancellation_policy CancellationPolicy @DecodeUnknownAsNil",
        "SampleAPI.ListingPage $.listings[*].energy_rating EnergyRating UnknownDecodable",
        "SampleAPI.ListingPage $.listings[*].heating Heating @DecodeUnknownAsNil",
        "SampleAPI.ListingPage $.listings[*].host.tier HostTier ExtensibleEnum",
        "SampleAPI.ListingPage $.listings[*].kind ListingKind UnknownDecodable",
        "SampleAPI.ListingPage $.listings[*].payment_methods[*] PaymentMethod @DecodeUnknownAsNil",
        "SampleAPI.ListingPage $.listings[*].price.currency Currency ExtensibleEnum",
        "SampleAPI.ListingPage $.listings[*].status ListingStatus UnknownDecodable",
      ])
    // Free-form strings, IDs, dates and numbers are open; a language code with no known
    // values is open by design.
    let open = Set(audit.fields(.open).map(\.path))
    for path in [
      "$.id", "$.listing_id", "$.timeline[*].at", "$.listings[*].title", "$.listings[*].id",
      "$.listings[*].host.languages[*]", "$.page", "$.next_cursor",
    ] {
      #expect(open.contains(path), "\(path)")
    }
    // What the models require, and what they let the server leave out.
    let required = Set(audit.fields.filter(\.isRequired).map(\.path))
    #expect(required.isSuperset(of: ["$.state", "$.listings[*].kind", "$.total", "$.listings"]))
    #expect(required.isDisjoint(with: ["$.channel", "$.listings[*].status", "$.next_cursor"]))
  }

  /// The same payloads decoded by models with a plain enum in three places (a string raw
  /// value, an integer raw value, array elements) and a plain optional enum: exactly those
  /// are brittle, each naming its enum.
  @Test(arguments: [
    (
      "ListingPage", "BrittleListingPage",
      [
        "$.listings[*].cancellation_policy CancellationPolicy",
        "$.listings[*].heating Heating",
        "$.listings[*].payment_methods[*] PaymentMethod",
      ]
    ),
    ("Booking", "BrittleBooking", ["$.channel BookingChannel"]),
  ])
  func theAuditFindsExactlyThePlainEnums(folder: String, type: String, brittle: [String]) throws {
    let registry = ModelRegistry(registering: BrittleListingPage.self, BrittleBooking.self)
    let audit = try audit([folder], as: type, registry: registry)
    #expect(audit.brittle.map { "\($0.path) \($0.namedType ?? "-")" } == brittle)
    for field in audit.brittle {
      #expect(field.detail?.contains("cannot decode values it does not know") == true)
      #expect(field.payloadCount > 0 && field.placeCount >= field.payloadCount)
      #expect(field.example.position != nil)
    }
    // The toolkit's fields of the same models stay resilient.
    #expect(
      audit.fields(.resilient).contains { $0.path.hasSuffix(".kind") || $0.path == "$.state" })
  }
}
