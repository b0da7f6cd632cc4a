import CodableResilience
import Foundation
import SampleAPI
import Testing

/// Every fixture that decodes, encoded again and compared with the payload by meaning.
///
/// The `.expected` file lists what the encoding may change (an `UnknownDecodable` value is
/// written as its `unknown` case, a plain optional's `null` as no key); everything else must
/// come back exactly.
@Suite("Round trips")
struct RoundTripTests {
  /// The types whose unknown values cannot be written back: the `UnknownDecodable` enums.
  static let lossyTypeNames: Set<String> = Set(
    ([
      ListingKind.self, ListingStatus.self, Amenity.self, EnergyRating.self, BookingState.self,
      AgeGroup.self,
    ] as [any UnknownDecodable.Type]).map { String(describing: $0) })

  @Test(arguments: FixtureCatalog.decodingFixtures)
  func jsonRoundTripChangesOnlyWhatTheFixtureDocuments(_ fixture: Fixture) throws {
    let type = try #require(sampleAPIModels[fixture.typeName])
    try checkJSONRoundTrip(as: type, payload: fixture.payload(), expected: fixture.expected())
  }

  @Test(arguments: FixtureCatalog.decodingFixtures)
  func onlyUnknownDecodableValuesAreRewritten(_ fixture: Fixture) throws {
    let expected = try fixture.expected()
    let lossyPaths = (expected.unknownValues ?? []).filter {
      Self.lossyTypeNames.contains($0.type)
    }.map(\.path)
    let replacedPaths = expected.roundTrip?.replaced.keys.sorted() ?? []
    #expect(replacedPaths == lossyPaths.sorted())
  }

  @Test(arguments: FixtureCatalog.decodingFixtures)
  func propertyListRoundTripKeepsTheValue(_ fixture: Fixture) throws {
    let type = try #require(sampleAPIModels[fixture.typeName])
    try checkPropertyListRoundTrip(
      as: type, payload: fixture.payload(), expected: fixture.expected())
  }

  private func checkJSONRoundTrip<T: FixtureModel>(
    as type: T.Type,
    payload: Data,
    expected: ExpectedOutcome
  ) throws {
    let value = try JSONDecoder().decode(T.self, from: payload)
    let encoded = try JSONEncoder().encode(value)

    var documented = try JSONValue(parsing: payload)
    let roundTrip = expected.roundTrip ?? ExpectedOutcome.RoundTrip()
    for (path, replacement) in roundTrip.replaced {
      try documented.replace(at: path, with: replacement)
    }
    for path in roundTrip.removed {
      try documented.remove(at: path)
    }
    let differences = try JSONValue(parsing: encoded).differences(from: documented)
    #expect(differences == [])

    // What was written back reads back as the same value.
    #expect(try JSONDecoder().decode(T.self, from: encoded) == value)
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
