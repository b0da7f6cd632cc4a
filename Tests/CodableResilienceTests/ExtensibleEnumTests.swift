import CodableResilience
import Foundation
import Testing

struct ExtensibleEnumTests {
  // Exactly what the documentation promises compiles with nothing more written.
  struct Region: ExtensibleEnum, ExpressibleByStringLiteral {
    var rawValue: String
    static let north: Region = "north"
  }

  struct StatusCode: ExtensibleEnum, ExpressibleByIntegerLiteral {
    var rawValue: Int
    static let ok: StatusCode = 200
    static let notFound: StatusCode = 404
  }

  struct Currency: ExtensibleEnum, ExpressibleByStringLiteral {
    var rawValue: String
    static let usd: Currency = "USD"
    static let eur: Currency = "EUR"
    static let knownValues: [Currency] = [.usd, .eur]
  }

  struct Trip: Codable, Equatable {
    var region: Region
    var status: StatusCode?
  }

  // MARK: - Literals

  @Test func stringLiteralCreatesAValue() {
    let east: Region = "east"
    #expect(east.rawValue == "east")
    #expect(Region.north.rawValue == "north")
    #expect(east == Region(rawValue: "east"))
  }

  @Test func integerLiteralCreatesAValue() {
    let teapot: StatusCode = 418
    #expect(teapot.rawValue == 418)
    #expect(StatusCode.notFound.rawValue == 404)
    #expect(teapot == StatusCode(rawValue: 418))
  }

  // MARK: - Codable

  static let stringValues: [String] = [
    #""north""#, #""east""#, #""""#, #""odd \"key\" \\ here""#, #""café""#, #""NORTH""#,
  ]

  @Test(arguments: stringValues)
  func anyStringDecodesAndReencodesUnchanged(_ text: String) throws {
    let region = try JSONDecoder().decode(Region.self, from: json(text))
    #expect(try JSONValue.string(region.rawValue) == JSONValue(parsing: text))
    #expect(try encodedJSON(region) == JSONValue(parsing: text))
  }

  static let integerValues: [String] = ["200", "404", "999", "0", "-1", "9223372036854775807"]

  @Test(arguments: integerValues)
  func anyIntegerDecodesAndReencodesUnchanged(_ text: String) throws {
    let code = try JSONDecoder().decode(StatusCode.self, from: json(text))
    #expect(code.rawValue == Int(text))
    #expect(try encodedJSON(code) == JSONValue(parsing: text))
  }

  @Test func isASingleValueInsideObjects() throws {
    let text = #"{"region": "west", "status": 451}"#
    let trip = try JSONDecoder().decode(Trip.self, from: json(text))
    #expect(trip == Trip(region: "west", status: 451))
    #expect(try encodedJSON(trip) == JSONValue(parsing: text))
  }

  @Test func valueOutsideKnownValuesIsKept() throws {
    let text = #"["USD", "CHF"]"#
    let currencies = try JSONDecoder().decode([Currency].self, from: json(text))
    #expect(currencies == [.usd, Currency(rawValue: "CHF")])
    #expect(try encodedJSON(currencies) == JSONValue(parsing: text))
  }

  static let wrongRegions: [(String, DecodingErrorKind)] = [
    (#"{"region": 42}"#, .typeMismatch),
    (#"{"region": true}"#, .typeMismatch),
    (#"{"region": ["north"]}"#, .typeMismatch),
    (#"{"region": {"name": "north"}}"#, .typeMismatch),
    (#"{"region": null}"#, .valueNotFound),
  ]

  @Test(arguments: wrongRegions)
  func wrongJSONTypeThrows(_ text: String, _ expected: DecodingErrorKind) throws {
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(Trip.self, from: json(text))
    }
    #expect(error.kind == expected)
    #expect(error.path == "$.region")
  }

  static let wrongStatusCodes: [String] = [
    #"{"region": "north", "status": "404"}"#,
    #"{"region": "north", "status": false}"#,
    #"{"region": "north", "status": [404]}"#,
  ]

  @Test(arguments: wrongStatusCodes)
  func wrongJSONTypeForIntegerRawValueThrows(_ text: String) throws {
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(Trip.self, from: json(text))
    }
    #expect(error.kind == .typeMismatch)
    #expect(error.path == "$.status")
  }

  @Test func missingRequiredKeyThrowsKeyNotFound() throws {
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(Trip.self, from: json(#"{"status": 200}"#))
    }
    #expect(error.kind == .keyNotFound)
    #expect(error.path == "$.region")
  }

  // MARK: - Dictionary keys

  @Test func dictionaryKeyedByStringValuesIsAJSONObject() throws {
    let text = #"{"north": 1, "odd key": 2, "": 3, "say \"hi\"": 4}"#
    let counts = try JSONDecoder().decode([Region: Int].self, from: json(text))
    #expect(counts == [.north: 1, "odd key": 2, "": 3, #"say "hi""#: 4])
    #expect(try encodedJSON(counts) == JSONValue(parsing: text))
  }

  @Test func dictionaryKeysKeepTheirTextExactly() throws {
    // Read through Foundation's `CodingKeyRepresentable` path, which calls the conformance's
    // `init?(codingKey:)` unspecialized: the key's text is the raw value, letter case and all.
    let text = #"{"USD": 1, "Eur": 2, "gbp": 3}"#
    let totals = try JSONDecoder().decode([Currency: Int].self, from: json(text))
    #expect(totals == [.usd: 1, "Eur": 2, "gbp": 3])
    #expect(totals.keys.filter(\.isKnown) == [.usd])
    #expect(try encodedJSON(totals) == JSONValue(parsing: text))
  }

  @Test func dictionaryKeyedByIntegerValuesIsAJSONObject() throws {
    let text = #"{"200": "OK", "404": "Not Found", "599": "Network Timeout", "-1": "?"}"#
    let reasons = try JSONDecoder().decode([StatusCode: String].self, from: json(text))
    #expect(reasons == [.ok: "OK", .notFound: "Not Found", 599: "Network Timeout", -1: "?"])
    #expect(try encodedJSON(reasons) == JSONValue(parsing: text))
  }

  @Test func dictionaryKeyThatIsNotAnIntegerThrows() throws {
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode([StatusCode: String].self, from: json(#"{"200": "OK", "x": "?"}"#))
    }
    #expect(error.kind == .dataCorrupted)
    #expect(error.path == #"$.x"#)
  }

  @Test func dictionaryKeyedByValuesGoesThroughPropertyLists() throws {
    let counts: [Region: Int] = [.north: 1, "odd key": 2]
    let data = try PropertyListEncoder().encode(counts)
    #expect(
      try PropertyListDecoder().decode([String: Int].self, from: data) == [
        "north": 1, "odd key": 2,
      ])
    #expect(try PropertyListDecoder().decode([Region: Int].self, from: data) == counts)
  }

  @Test func codingKeyIsTheRawValue() throws {
    #expect(Region.north.codingKey.stringValue == "north")
    #expect(Region.north.codingKey.intValue == nil)
    #expect(StatusCode.notFound.codingKey.stringValue == "404")
    #expect(StatusCode.notFound.codingKey.intValue == 404)
    #expect(Region(codingKey: UnknownValue.PathComponent.key("odd key")) == "odd key")
    #expect(StatusCode(codingKey: UnknownValue.PathComponent.key("404")) == .notFound)
    #expect(StatusCode(codingKey: UnknownValue.PathComponent.index(7)) == 7)
    #expect(StatusCode(codingKey: UnknownValue.PathComponent.key("four")) == nil)
  }

  // MARK: - Description, known values, Hashable, Sendable

  @Test func descriptionIsTheRawValue() {
    #expect(Region.north.description == "north")
    #expect("\(StatusCode.notFound)" == "404")
    #expect(String(describing: Currency(rawValue: "CHF")) == "CHF")
  }

  @Test func knownValuesAreEmptyUnlessDeclared() {
    #expect(Region.knownValues.isEmpty)
    #expect(StatusCode.knownValues.isEmpty)
    #expect(Currency.knownValues == [.usd, .eur])
  }

  @Test func isKnownChecksKnownValues() {
    #expect(Currency.usd.isKnown)
    #expect(Currency(rawValue: "EUR").isKnown)
    #expect(!Currency(rawValue: "CHF").isKnown)
    #expect(!Currency(rawValue: "usd").isKnown)
    // Without declared known values nothing is known, not even a named constant.
    #expect(!Region.north.isKnown)
  }

  @Test func equalRawValuesAreEqualAndHashAlike() {
    let regions: Set<Region> = [.north, "north", Region(rawValue: "north"), "south"]
    #expect(regions.count == 2)
    #expect(Region(rawValue: "north").hashValue == Region.north.hashValue)
    #expect(Region(rawValue: "North") != .north)
  }

}
