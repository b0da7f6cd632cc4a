import CodableResilience
import Foundation
import Testing

/// Every tool reports what it does not know, with the exact path, type, raw value and known
/// values; and nothing else is reported.
struct ReportingTests {
  enum Kind: String, Codable, UnknownDecodable, CaseIterable, Sendable {
    case house
    case flat
    case cabin
    case unknown
  }

  enum Rating: Int, Codable, UnknownDecodable, CaseIterable, Sendable {
    case one = 1
    case two = 2
    case unknown = 0
  }

  /// Its `unknown` case has a raw value of its own, which is not a known value either.
  enum Shape: String, Codable, UnknownDecodable, CaseIterable, Sendable {
    case round
    case square
    case unknown = "?"
  }

  /// Not `CaseIterable`: it cannot list its known values.
  enum Roof: String, Codable, UnknownDecodable, Sendable {
    case flat
    case unknown
  }

  enum Heating: String, Codable, CaseIterable, Sendable {
    case gas
    case electric
  }

  /// Not `CaseIterable`, used through `@DecodeUnknownAsNil`.
  enum Door: String, Codable, Sendable {
    case wood
  }

  struct Currency: ExtensibleEnum, ExpressibleByStringLiteral {
    var rawValue: String
    static let usd: Currency = "USD"
    static let eur: Currency = "EUR"
    static let knownValues: [Currency] = [.usd, .eur]
  }

  struct Language: ExtensibleEnum, ExpressibleByStringLiteral {
    var rawValue: String
    static let english: Language = "en"
  }

  struct Unit: Codable, Sendable {
    var kind: Kind
    @DecodeUnknownAsNil var heating: Heating?
    var currency: Currency
    var rating: Rating?
  }

  struct Building: Codable, Sendable {
    var units: [Unit]
    var floors: [[Kind]]?
    var byName: [String: Unit]?
  }

  /// What a report is expected to say.
  struct Expected: Hashable, Sendable, CustomStringConvertible {
    var path: String
    var typeName: String
    var rawValue: String
    var description: String { "\(typeName) \(rawValue) at \(path)" }

    init(_ path: String, _ typeName: String, _ rawValue: String) {
      self.path = path
      self.typeName = typeName
      self.rawValue = rawValue
    }

    init(_ value: UnknownValue) {
      self.init(value.path, value.typeName, value.rawValue)
    }
  }

  /// A payload, how to decode it, and what it should report.
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var payload: Data
    var decode: @Sendable (any TopLevelDecoding, Data) throws -> Void
    var expected: [Expected]
    /// Whether one dictionary of the payload holds more than one unknown value. Its entries
    /// are walked in the order of its own hash table, which two decodes need not share, so
    /// they may meet those values in different orders.
    var walksEntriesInHashOrder = false
    var testDescription: String { name }

    init<T: Decodable & Sendable>(
      _ name: String, _ type: T.Type, json text: String, _ expected: [Expected]
    ) {
      self.name = name
      self.payload = json(text)
      self.decode = { decoder, data in _ = try decoder.decode(T.self, from: data) }
      self.expected = expected
    }

    init<T: Decodable & Sendable>(
      _ name: String, _ type: T.Type, propertyList object: Any, _ expected: [Expected]
    ) {
      self.name = name
      self.payload = try! propertyList(object)
      self.decode = { decoder, data in _ = try decoder.decode(T.self, from: data) }
      self.expected = expected
    }

    /// This case, with its payload's entries walked in hash order.
    func walkingEntriesInHashOrder() -> Case {
      var copy = self
      copy.walksEntriesInHashOrder = true
      return copy
    }

    var decoder: any TopLevelDecoding {
      payload.starts(with: Data("<?xml".utf8)) ? PropertyListDecoder() : JSONDecoder()
    }
  }

  static let unit = #"{"kind": "house", "heating": "gas", "currency": "USD"}"#

  static let cases: [Case] = [
    Case(
      "UnknownDecodable in a top-level array", [Kind].self, json: #"["house", "castle"]"#,
      [Expected("$[1]", "Kind", "castle")]),
    Case(
      "DecodeUnknownAsNil in a top-level array", [DecodeUnknownAsNil<Heating>].self,
      json: #"["gas", null, "geothermal"]"#, [Expected("$[2]", "Heating", "geothermal")]),
    Case(
      "ExtensibleEnum in a top-level array", [Currency].self, json: #"["USD", "CHF", "EUR"]"#,
      [Expected("$[1]", "Currency", "CHF")]),
    Case(
      "nested arrays", [[Kind]].self, json: #"[["house"], [], ["flat", "igloo"]]"#,
      [Expected("$[2][1]", "Kind", "igloo")]),
    Case(
      "each tool inside an array of objects", Building.self,
      json: #"""
        {"units": [
          \#(unit),
          {"kind": "castle", "heating": "geothermal", "currency": "CHF", "rating": 7}
        ]}
        """#,
      [
        Expected("$.units[1].kind", "Kind", "castle"),
        Expected("$.units[1].heating", "Heating", "geothermal"),
        Expected("$.units[1].currency", "Currency", "CHF"),
        Expected("$.units[1].rating", "Rating", "7"),
      ]),
    Case(
      "arrays nested in an object", Building.self,
      json: #"{"units": [], "floors": [["house", "cave"], ["tent"]]}"#,
      [
        Expected("$.floors[0][1]", "Kind", "cave"),
        Expected("$.floors[1][0]", "Kind", "tent"),
      ]),
    Case(
      "dictionary with odd keys", Building.self,
      json: #"""
        {"units": [], "byName": {
          "odd key": {"kind": "castle", "heating": "gas", "currency": "USD"},
          "say \"hi\"": {"kind": "house", "heating": "peat", "currency": "USD"},
          "back\\slash": {"kind": "house", "heating": "gas", "currency": "GBP"},
          "plain_1": {"kind": "yurt", "heating": "gas", "currency": "EUR"}
        }}
        """#,
      [
        Expected(#"$.byName["odd key"].kind"#, "Kind", "castle"),
        Expected(#"$.byName["say \"hi\""].heating"#, "Heating", "peat"),
        Expected(#"$.byName["back\\slash"].currency"#, "Currency", "GBP"),
        Expected("$.byName.plain_1.kind", "Kind", "yurt"),
      ]
    ).walkingEntriesInHashOrder(),
    Case(
      "dictionary with integer keys", [Int: Kind].self, json: #"{"3": "house", "12": "castle"}"#,
      [Expected(#"$["12"]"#, "Kind", "castle")]),
    Case(
      "integer raw values as text", [Rating].self, json: "[1, 7, -3, 2]",
      [Expected("$[1]", "Rating", "7"), Expected("$[2]", "Rating", "-3")]),
    Case(
      "property list with each tool", Building.self,
      propertyList: [
        "units": [
          ["kind": "house", "heating": "gas", "currency": "USD"],
          ["kind": "castle", "heating": "geothermal", "currency": "CHF"],
        ],
        "byName": ["odd key": ["kind": "igloo", "heating": "gas", "currency": "EUR"]],
      ],
      [
        Expected("$.units[1].kind", "Kind", "castle"),
        Expected("$.units[1].heating", "Heating", "geothermal"),
        Expected("$.units[1].currency", "Currency", "CHF"),
        Expected(#"$.byName["odd key"].kind"#, "Kind", "igloo"),
      ]),
    Case(
      "property list top-level array", [Kind].self, propertyList: ["house", "flat", "castle"],
      [Expected("$[2]", "Kind", "castle")]),
    Case(
      "property list nested arrays", [[DecodeUnknownAsNil<Heating>]].self,
      propertyList: [["gas"], ["electric", "solar"]], [Expected("$[1][1]", "Heating", "solar")]),
  ]

  @Test(arguments: cases)
  func eachToolReportsWithTheExactPath(_ testCase: Case) throws {
    let collector = UnknownValueCollector()
    var decoder = testCase.decoder
    decoder.userInfo[.unknownValueHandler] = UnknownValueHandler.collect(into: collector)
    try testCase.decode(decoder, testCase.payload)
    // Dictionaries decode their keys in no fixed order, so compare as multisets.
    #expect(
      collector.values.map(Expected.init).sorted(by: { $0.path < $1.path })
        == testCase.expected.sorted(by: { $0.path < $1.path }))
  }

  @Test(arguments: cases)
  func strictFailsAtTheFirstUnknownValue(_ testCase: Case) throws {
    // The values a lenient decode meets, in the order it meets them.
    let collector = UnknownValueCollector()
    var lenient = testCase.decoder
    lenient.userInfo[.unknownValueHandler] = UnknownValueHandler.collect(into: collector)
    try testCase.decode(lenient, testCase.payload)
    let first = try #require(collector.values.first)

    let (context, rejected) = try Self.strictFailure(testCase)
    if testCase.walksEntriesInHashOrder {
      // Two decodes may walk a dictionary's entries in different orders (even in one process:
      // each dictionary has its own), so strict fails at the first value of its own walk: one
      // the lenient decode met too, with the same path and raw value.
      #expect(collector.values.contains(rejected))
    } else {
      #expect(rejected == first)
    }
    #expect(testCase.expected.contains(Expected(rejected)))
    #expect(UnknownValue.PathComponent.jsonPath(context.codingPath) == rejected.path)
    #expect(context.codingPath.map(UnknownValue.PathComponent.init) == rejected.codingPath)
    #expect(context.debugDescription == rejected.description)
  }

  // MARK: - Known values

  static let knownValueCases: [(Case, [String]?)] = [
    (Case("UnknownDecodable", Kind.self, json: #""castle""#, []), ["house", "flat", "cabin"]),
    (Case("Int raw values", Rating.self, json: "5", []), ["1", "2"]),
    (Case("unknown case with a raw value", Shape.self, json: #""oval""#, []), ["round", "square"]),
    (Case("not CaseIterable", Roof.self, json: #""thatch""#, []), nil),
    (
      Case("DecodeUnknownAsNil", [DecodeUnknownAsNil<Heating>].self, json: #"["oil"]"#, []),
      ["gas", "electric"]
    ),
    (
      Case(
        "DecodeUnknownAsNil, not CaseIterable", [DecodeUnknownAsNil<Door>].self,
        json: #"["steel"]"#, []), nil
    ),
    (Case("ExtensibleEnum", Currency.self, json: #""CHF""#, []), ["USD", "EUR"]),
  ]

  @Test(arguments: knownValueCases)
  func reportListsKnownValuesWhereTheTypeCan(_ testCase: Case, _ knownValues: [String]?) throws {
    let collector = UnknownValueCollector()
    var decoder = testCase.decoder
    decoder.userInfo[.unknownValueHandler] = UnknownValueHandler.collect(into: collector)
    try testCase.decode(decoder, testCase.payload)
    let reported = try #require(collector.values.first)
    #expect(collector.values.count == 1)
    #expect(reported.knownValues == knownValues)
  }

  // MARK: - What is not reported

  static let unreportedPayloads: [Case] = [
    Case(
      "known values only", Building.self,
      json: #"""
        {"units": [
          \#(unit),
          {"kind": "cabin", "heating": "electric", "currency": "EUR", "rating": 2}
         ],
         "floors": [["flat"]], "byName": {"odd key": \#(unit)}}
        """#, []),
    Case(
      "missing optional keys", Building.self,
      json: #"{"units": [{"kind": "flat", "currency": "EUR"}]}"#, []),
    Case(
      "nulls", Building.self,
      json: #"""
        {"units": [{"kind": "flat", "heating": null, "currency": "EUR", "rating": null}],
         "floors": null, "byName": null}
        """#, []),
    Case("null array element", [DecodeUnknownAsNil<Heating>].self, json: "[null, null]", []),
    Case("ExtensibleEnum without known values", [Language].self, json: #"["en", "xx", "tlh"]"#, []),
    Case("the unknown case's own raw value", [Shape].self, json: #"["round", "?"]"#, []),
    Case(
      "known property list", Building.self,
      propertyList: ["units": [["kind": "house", "heating": "gas", "currency": "USD"]]], []),
  ]

  @Test(arguments: unreportedPayloads)
  func knownMissingAndNullValuesReportNothing(_ testCase: Case) throws {
    let collector = UnknownValueCollector()
    var decoder = testCase.decoder
    decoder.userInfo[.unknownValueHandler] = UnknownValueHandler.collect(into: collector)
    try testCase.decode(decoder, testCase.payload)
    #expect(collector.values.isEmpty)

    var strictDecoder = testCase.decoder
    strictDecoder.userInfo[.unknownValueHandler] = UnknownValueHandler.strict
    try testCase.decode(strictDecoder, testCase.payload)
  }

  // MARK: - Lenient without a handler

  @Test func withoutAHandlerDecodingIsLenient() throws {
    let building = try JSONDecoder().decode(
      Building.self,
      from: json(
        #"{"units": [{"kind": "castle", "heating": "peat", "currency": "CHF", "rating": 9}]}"#))
    let unit = try #require(building.units.first)
    #expect(unit.kind == .unknown)
    #expect(unit.heating == nil)
    #expect(unit.$heating.unknownRawValue == "peat")
    #expect(unit.currency == "CHF")
    #expect(unit.rating == .unknown)
  }

  @Test func somethingElseUnderTheKeyIsNoHandler() throws {
    let decoder = JSONDecoder()
    decoder.userInfo[.unknownValueHandler] = "strict"
    #expect(try decoder.decode([Kind].self, from: json(#"["castle"]"#)) == [.unknown])
  }

  @Test func extensibleEnumOutsideKnownValuesIsReportedAndKept() throws {
    let collector = UnknownValueCollector()
    let decoder = JSONDecoder()
    decoder.unknownValueHandler = .collect(into: collector)
    let currencies = try decoder.decode([Currency].self, from: json(#"["EUR", "CHF"]"#))
    #expect(currencies == [.eur, "CHF"])
    #expect(collector.values.map(Expected.init) == [Expected("$[1]", "Currency", "CHF")])
  }

  @Test func handWrittenDecoderReportsItsOwnPath() throws {
    let collector = UnknownValueCollector()
    let decoder = SingleValueDecoder(
      .string("JPY"),
      codingPath: [UnknownValue.PathComponent.key("prices"), .index(4), .key("currency")],
      userInfo: [.unknownValueHandler: UnknownValueHandler.collect(into: collector)])
    #expect(try Currency(from: decoder) == "JPY")
    #expect(collector.values.map(\.path) == ["$.prices[4].currency"])
  }

  /// Known values and types that never report do not even look the handler up.
  @Test func knownValuesNeverReadUserInfo() throws {
    let handler: [CodingUserInfoKey: Any] = [.unknownValueHandler: UnknownValueHandler.strict]
    let currencyDecoder = SingleValueDecoder(.string("USD"), userInfo: handler)
    let languageDecoder = SingleValueDecoder(.string("xx"), userInfo: handler)
    let heatingDecoder = SingleValueDecoder(.string("gas"), userInfo: handler)
    let nullDecoder = SingleValueDecoder(.null, userInfo: handler)
    let ratingDecoder = SingleValueDecoder(.int(2), userInfo: handler)
    #expect(try Currency(from: currencyDecoder) == .usd)
    #expect(try Language(from: languageDecoder) == "xx")
    #expect(try DecodeUnknownAsNil<Heating>(from: heatingDecoder).wrappedValue == .gas)
    #expect(try DecodeUnknownAsNil<Heating>(from: nullDecoder).wrappedValue == nil)
    #expect(try Rating(from: ratingDecoder) == .two)
    let reads = [currencyDecoder, languageDecoder, heatingDecoder, nullDecoder, ratingDecoder]
      .map(\.userInfoReads)
    #expect(reads == [0, 0, 0, 0, 0])
  }
}
