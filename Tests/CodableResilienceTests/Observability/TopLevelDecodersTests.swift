import CodableResilience
import Foundation
import Testing

struct TopLevelDecodersTests {
  enum Kind: String, Codable, UnknownDecodable, CaseIterable, Sendable {
    case house
    case flat
    case unknown
  }

  enum Heating: String, Codable, CaseIterable, Sendable {
    case gas
    case electric
  }

  struct Currency: ExtensibleEnum, ExpressibleByStringLiteral {
    var rawValue: String
    static let knownValues: [Currency] = ["USD", "EUR"]
  }

  struct Unit: Codable, Equatable, Sendable {
    var kind: Kind
    @DecodeUnknownAsNil var heating: Heating?
    var currency: Currency
  }

  struct Building: Codable, Equatable, Sendable {
    var units: [Unit]
    var byName: [String: Unit]
  }

  /// The same building as plain strings, to write payloads holding values the models do not
  /// know, in either format.
  struct RawUnit: Codable {
    var kind: String
    var heating: String?
    var currency: String
  }

  struct RawBuilding: Codable {
    var units: [RawUnit]
    var byName: [String: RawUnit]
  }

  static let withUnknownValues = RawBuilding(
    units: [
      RawUnit(kind: "house", heating: "gas", currency: "USD"),
      RawUnit(kind: "castle", heating: "peat", currency: "CHF"),
    ],
    byName: [#"odd "key""#: RawUnit(kind: "igloo", heating: nil, currency: "EUR")])

  static let unknownPaths = [
    "$.units[1].kind", "$.units[1].heating", "$.units[1].currency",
    #"$.byName["odd \"key\""].kind"#,
  ]

  static let knownOnly = RawBuilding(
    units: [RawUnit(kind: "flat", heating: nil, currency: "EUR")],
    byName: ["a": RawUnit(kind: "house", heating: "electric", currency: "USD")])

  static let markerKey = CodingUserInfoKey(rawValue: "TopLevelDecodersTests.marker")!

  // MARK: - decodeCollectingUnknownValues

  @Test(arguments: Format.allCases)
  func collectingReturnsTheValueAndEveryUnknownValue(_ format: Format) throws {
    let decoder = format.makeDecoder()
    let (building, unknownValues) = try decoder.decodeCollectingUnknownValues(
      Building.self, from: format.encode(Self.withUnknownValues))
    #expect(building.units.map(\.kind) == [.house, .unknown])
    #expect(building.units[1].$heating.unknownRawValue == "peat")
    #expect(building.units[1].currency == "CHF")
    #expect(unknownValues.map(\.path).sorted() == Self.unknownPaths.sorted())
    #expect(unknownValues.map(\.rawValue).sorted() == ["CHF", "castle", "igloo", "peat"])
  }

  @Test(arguments: Format.allCases)
  func collectingAKnownPayloadReturnsNoUnknownValues(_ format: Format) throws {
    let (building, unknownValues) = try format.makeDecoder().decodeCollectingUnknownValues(
      Building.self, from: format.encode(Self.knownOnly))
    #expect(building.units.map(\.kind) == [.flat])
    #expect(building.byName["a"]?.heating == .electric)
    #expect(unknownValues.isEmpty)
  }

  @Test(arguments: Format.allCases)
  func collectingLeavesTheDecoderUnchanged(_ format: Format) throws {
    var decoder = format.makeDecoder()
    decoder.userInfo[Self.markerKey] = "kept"
    let data = try format.encode(Self.withUnknownValues)
    _ = try decoder.decodeCollectingUnknownValues(Building.self, from: data)
    _ = try decoder.decodeCollectingUnknownValues(Building.self, from: data)
    #expect(decoder.userInfo[.unknownValueHandler] == nil)
    #expect(decoder.userInfo[Self.markerKey] as? String == "kept")
    #expect(decoder.userInfo.count == 1)
  }

  @Test(arguments: Format.allCases)
  func collectingStillCallsAnInstalledHandler(_ format: Format) throws {
    let installed = UnknownValueCollector()
    var decoder = format.makeDecoder()
    decoder.unknownValueHandler = .collect(into: installed)
    let data = try format.encode(Self.withUnknownValues)

    let (_, unknownValues) = try decoder.decodeCollectingUnknownValues(Building.self, from: data)
    #expect(unknownValues.count == Self.unknownPaths.count)
    #expect(installed.values == unknownValues)

    // The installed handler is still the decoder's own, and only it sees a plain decode.
    let (_, again) = try decoder.decodeCollectingUnknownValues(Building.self, from: data)
    _ = try decoder.decode(Building.self, from: data)
    #expect(again == unknownValues)
    #expect(installed.values.count == 3 * Self.unknownPaths.count)
  }

  @Test(arguments: Format.allCases)
  func collectingWithAnInstalledStrictHandlerThrows(_ format: Format) throws {
    var decoder = format.makeDecoder()
    decoder.unknownValueHandler = .strict
    let error = try #require(throws: DecodingError.self) {
      try decoder.decodeCollectingUnknownValues(
        Building.self, from: format.encode(Self.withUnknownValues))
    }
    #expect(error.kind == .dataCorrupted)
    #expect(error.path == "$.units[1].kind")
  }

  // MARK: - decodeStrictly

  @Test(arguments: Format.allCases)
  func strictlyThrowsAtTheFirstUnknownValue(_ format: Format) throws {
    let error = try #require(throws: DecodingError.self) {
      try format.makeDecoder().decodeStrictly(
        Building.self, from: format.encode(Self.withUnknownValues))
    }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("expected dataCorrupted, got \(error)")
      return
    }
    #expect(
      context.codingPath.map(UnknownValue.PathComponent.init)
        == [.key("units"), .index(1), .key("kind")])
    #expect(
      context.debugDescription
        == #"unknown Kind value "castle" at $.units[1].kind; known: house, flat"#)
    let underlying = try #require(context.underlyingError as? UnknownValueError)
    #expect(underlying.unknownValue.rawValue == "castle")
    #expect(underlying.unknownValue.typeName == "Kind")
  }

  @Test(arguments: Format.allCases)
  func strictlyDecodesAKnownPayload(_ format: Format) throws {
    let building = try format.makeDecoder().decodeStrictly(
      Building.self, from: format.encode(Self.knownOnly))
    #expect(building.units.map(\.currency) == ["EUR"])
    #expect(building.byName["a"]?.kind == .house)
  }

  @Test(arguments: Format.allCases)
  func strictlyLeavesTheDecoderLenient(_ format: Format) throws {
    let installed = UnknownValueCollector()
    var decoder = format.makeDecoder()
    decoder.unknownValueHandler = .collect(into: installed)
    let data = try format.encode(Self.withUnknownValues)
    expectDecodingError(.dataCorrupted, at: Self.unknownPaths[0]) {
      try decoder.decodeStrictly(Building.self, from: data)
    }
    let building = try decoder.decode(Building.self, from: data)
    #expect(building.units[1].kind == .unknown)
    #expect(installed.values.count == Self.unknownPaths.count)
  }

  // MARK: - The decoder's settings carry over

  /// A model that reads a custom `userInfo` value, as an app's date or context settings would.
  struct Marked: Decodable, Sendable {
    var marker: String?
    var kind: Kind
    init(from decoder: any Decoder) throws {
      marker = decoder.userInfo[TopLevelDecodersTests.markerKey] as? String
      kind = try decoder.singleValueContainer().decode(Kind.self)
    }
  }

  @Test(arguments: Format.allCases)
  func conveniencesPassOnTheDecodersUserInfo(_ format: Format) throws {
    var decoder = format.makeDecoder()
    decoder.userInfo[Self.markerKey] = "from the app"
    let known = try format.encode(["house"])
    let unknown = try format.encode(["castle"])
    #expect(
      try decoder.decodeStrictly([Marked].self, from: known).map(\.marker) == ["from the app"])
    let (marked, unknownValues) = try decoder.decodeCollectingUnknownValues(
      [Marked].self, from: unknown)
    #expect(marked.map(\.marker) == ["from the app"])
    #expect(marked.map(\.kind) == [.unknown])
    #expect(unknownValues.map(\.path) == ["$[0]"])
  }

  struct Reading: Decodable, Sendable {
    var takenAt: Date
    var level: Double
    var blob: Data
    var kind: Kind
  }

  /// Every setting of the decoder is used: snake-case keys, ISO 8601 dates, non-conforming
  /// floats, `Data` as an array of bytes, JSON5 with its top-level braces left out.
  @Test func jsonConveniencesKeepTheDecodersStrategies() throws {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    decoder.dateDecodingStrategy = .iso8601
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
    decoder.dataDecodingStrategy = .deferredToData
    decoder.allowsJSON5 = true
    decoder.assumesTopLevelDictionary = true
    let known = json(
      """
      // a JSON5 comment
      taken_at: "2024-05-01T12:00:00Z", level: "+inf", blob: [1, 2], kind: "flat"
      """)
    let unknown = json(#"taken_at: "2024-05-01T12:00:00Z", level: "nan", blob: [], kind: "tent""#)

    let reading = try decoder.decodeStrictly(Reading.self, from: known)
    #expect(reading.takenAt == Date(timeIntervalSince1970: 1_714_564_800))
    #expect(reading.level == .infinity)
    #expect(reading.blob == Data([1, 2]))
    #expect(reading.kind == .flat)

    let (collected, unknownValues) = try decoder.decodeCollectingUnknownValues(
      Reading.self, from: unknown)
    #expect(collected.level.isNaN)
    #expect(collected.kind == .unknown)
    #expect(unknownValues.map(\.path) == ["$.kind"])
  }

  // MARK: - unknownValueHandler

  @Test(arguments: Format.allCases)
  func handlerDefaultsToIgnoreWithoutTouchingUserInfo(_ format: Format) throws {
    let decoder = format.makeDecoder()
    try decoder.unknownValueHandler(
      UnknownValue(typeName: "Kind", rawValue: "castle", codingPath: []))
    #expect(decoder.userInfo.isEmpty)
    #expect(
      try decoder.decode(Building.self, from: format.encode(Self.withUnknownValues))
        .units[1].kind == .unknown)
  }

  @Test(arguments: Format.allCases)
  func handlerIsStoredInUserInfo(_ format: Format) throws {
    let collector = UnknownValueCollector()
    var decoder = format.makeDecoder()
    decoder.unknownValueHandler = .collect(into: collector)
    let stored = try #require(decoder.userInfo[.unknownValueHandler] as? UnknownValueHandler)
    let value = UnknownValue(typeName: "Kind", rawValue: "castle", codingPath: [])
    try stored(value)
    try decoder.unknownValueHandler(value)
    #expect(collector.values == [value, value])
  }

  @Test(arguments: Format.allCases)
  func handlerSetThroughUserInfoIsTheSameAsTheProperty(_ format: Format) throws {
    var decoder = format.makeDecoder()
    decoder.userInfo[.unknownValueHandler] = UnknownValueHandler.strict
    expectDecodingError(.dataCorrupted, at: "$") {
      try decoder.unknownValueHandler(
        UnknownValue(typeName: "Kind", rawValue: "castle", codingPath: []))
    }
    expectDecodingError(.dataCorrupted, at: Self.unknownPaths[0]) {
      try decoder.decode(Building.self, from: format.encode(Self.withUnknownValues))
    }
  }
}
