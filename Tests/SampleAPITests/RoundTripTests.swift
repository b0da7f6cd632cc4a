import CodableResilience
import CodableResilienceTesting
import Foundation
import SampleAPI
import Testing

/// What the sample API's round trips may change, and round trips through property lists.
/// The JSON round trip itself is part of each fixture's check (`FixtureTests`).
@Suite("Round trips")
struct RoundTripTests {
  /// The types whose unknown values cannot be written back: the `UnknownDecodable` enums.
  static let lossyTypeNames: Set<String> = Set(
    ([
      ListingKind.self, ListingStatus.self, Amenity.self, EnergyRating.self, BookingState.self,
      AgeGroup.self,
    ] as [any UnknownDecodable.Type]).map { String(describing: $0) })

  @Test(
    arguments: try decodingFixtures(in: "ListingPage") + decodingFixtures(in: "Booking"))
  func onlyUnknownDecodableValuesAreRewritten(_ fixture: PayloadFixture) throws {
    let expected = try fixture.expected()
    let lossyPaths = (expected.unknownValues ?? []).filter {
      Self.lossyTypeNames.contains($0.type)
    }.map(\.path)
    let replacedPaths = expected.roundTrip?.replaced.keys.sorted() ?? []
    #expect(replacedPaths == lossyPaths.sorted())
  }

  @Test(arguments: try decodingFixtures(in: "ListingPage"))
  func listingPagePropertyListRoundTripKeepsTheValue(_ fixture: PayloadFixture) throws {
    try checkPropertyListRoundTrip(
      as: ListingPage.self, payload: fixture.payload(), expected: fixture.expected())
  }

  @Test(arguments: try decodingFixtures(in: "Booking"))
  func bookingPropertyListRoundTripKeepsTheValue(_ fixture: PayloadFixture) throws {
    try checkPropertyListRoundTrip(
      as: Booking.self, payload: fixture.payload(), expected: fixture.expected())
  }

  private func checkPropertyListRoundTrip<T: FixtureModel>(
    as type: T.Type,
    payload: Data,
    expected: ExpectedOutcome
  ) throws {
    let value = try JSONDecoder().decode(T.self, from: payload)
    let jsonEncoder = JSONEncoder()
    jsonEncoder.outputFormatting = .sortedKeys
    // Written-back unknown values are reported again; UnknownDecodable ones were replaced
    // by their `unknown` case, which is a declared value and not reported.
    let replaced = Set(expected.roundTrip?.replaced.keys.map { $0 } ?? [])
    let stillUnknown = (expected.unknownValues ?? []).filter { !replaced.contains($0.path) }

    for format in [PropertyListSerialization.PropertyListFormat.binary, .xml] {
      let encoder = PropertyListEncoder()
      encoder.outputFormat = format
      let propertyList = try encoder.encode(value)
      let (decoded, unknownValues) = try PropertyListDecoder().decodeCollectingUnknownValues(
        T.self, from: propertyList)
      #expect(decoded == value, "\(format)")
      // Equality treats absent and null alike; the JSON written from each tells them apart.
      #expect(try jsonEncoder.encode(decoded) == jsonEncoder.encode(value), "\(format)")
      #expect(
        unknownValues.map(ExpectedOutcome.ReportedValue.init).sorted() == stillUnknown.sorted(),
        "\(format)")
    }
  }
}
