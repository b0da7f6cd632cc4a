import CodableResilience
import Foundation
import Testing

struct UnknownDecodableTests {
  enum Kind: String, Codable, UnknownDecodable, CaseIterable, Sendable {
    case house
    case flat
    case cabin
    case unknown
  }

  /// One enum per raw type, each saying how its values look in JSON.
  protocol RawTypeSample: Codable, UnknownDecodable, Equatable, Sendable
  where RawValue: Codable {
    static var known: Self { get }
    static var knownJSON: String { get }
    static var unknownJSON: String { get }
    /// How the unknown value is reported: the raw value as text.
    static var unknownRawText: String { get }
    /// A value of the wrong JSON type for the raw value.
    static var wrongTypeJSON: String { get }
    /// What `.unknown` encodes as: its own raw value, not the one that was read.
    static var unknownCaseJSON: String { get }
  }

  enum StringSample: String, RawTypeSample {
    case house
    case unknown = "__unknown__"
    static let known = house
    static let knownJSON = #""house""#
    static let unknownJSON = #""castle""#
    static let unknownRawText = "castle"
    static let wrongTypeJSON = "42"
    static let unknownCaseJSON = #""__unknown__""#
  }

  enum IntSample: Int, RawTypeSample {
    case one = 1
    case unknown = -1
    static let known = one
    static let knownJSON = "1"
    static let unknownJSON = "7"
    static let unknownRawText = "7"
    static let wrongTypeJSON = #""1""#
    static let unknownCaseJSON = "-1"
  }

  enum Int8Sample: Int8, RawTypeSample {
    case low = -128
    case unknown = 0
    static let known = low
    static let knownJSON = "-128"
    static let unknownJSON = "127"
    static let unknownRawText = "127"
    static let wrongTypeJSON = "true"
    static let unknownCaseJSON = "0"
  }

  enum Int16Sample: Int16, RawTypeSample {
    case high = 32767
    case unknown = 0
    static let known = high
    static let knownJSON = "32767"
    static let unknownJSON = "-2"
    static let unknownRawText = "-2"
    static let wrongTypeJSON = "[1]"
    static let unknownCaseJSON = "0"
  }

  enum Int32Sample: Int32, RawTypeSample {
    case big = 2_000_000_000
    case unknown = 0
    static let known = big
    static let knownJSON = "2000000000"
    static let unknownJSON = "3"
    static let unknownRawText = "3"
    static let wrongTypeJSON = #"{"value": 1}"#
    static let unknownCaseJSON = "0"
  }

  enum Int64Sample: Int64, RawTypeSample {
    case huge = 9_007_199_254_740_993
    case unknown = 0
    static let known = huge
    static let knownJSON = "9007199254740993"
    static let unknownJSON = "9007199254740995"
    static let unknownRawText = "9007199254740995"
    static let wrongTypeJSON = #""9007199254740993""#
    static let unknownCaseJSON = "0"
  }

  enum UIntSample: UInt, RawTypeSample {
    case two = 2
    case unknown = 0
    static let known = two
    static let knownJSON = "2"
    static let unknownJSON = "4"
    static let unknownRawText = "4"
    static let wrongTypeJSON = #""2""#
    static let unknownCaseJSON = "0"
  }

  enum UInt8Sample: UInt8, RawTypeSample {
    case max = 255
    case unknown = 0
    static let known = max
    static let knownJSON = "255"
    static let unknownJSON = "254"
    static let unknownRawText = "254"
    static let wrongTypeJSON = "false"
    static let unknownCaseJSON = "0"
  }

  enum UInt16Sample: UInt16, RawTypeSample {
    case port = 8080
    case unknown = 0
    static let known = port
    static let knownJSON = "8080"
    static let unknownJSON = "443"
    static let unknownRawText = "443"
    static let wrongTypeJSON = #""8080""#
    static let unknownCaseJSON = "0"
  }

  enum UInt32Sample: UInt32, RawTypeSample {
    case big = 4_000_000_000
    case unknown = 0
    static let known = big
    static let knownJSON = "4000000000"
    static let unknownJSON = "1"
    static let unknownRawText = "1"
    static let wrongTypeJSON = #""1""#
    static let unknownCaseJSON = "0"
  }

  enum UInt64Sample: UInt64, RawTypeSample {
    case max = 18_446_744_073_709_551_615
    case unknown = 0
    static let known = max
    static let knownJSON = "18446744073709551615"
    static let unknownJSON = "18446744073709551614"
    static let unknownRawText = "18446744073709551614"
    static let wrongTypeJSON = #""18446744073709551615""#
    static let unknownCaseJSON = "0"
  }

  enum FloatSample: Float, RawTypeSample {
    case half = 0.5
    case unknown = -1
    static let known = half
    static let knownJSON = "0.5"
    static let unknownJSON = "0.25"
    static let unknownRawText = "0.25"
    static let wrongTypeJSON = #""0.5""#
    static let unknownCaseJSON = "-1"
  }

  enum DoubleSample: Double, RawTypeSample {
    case ratio = 1.5
    case unknown = 0
    static let known = ratio
    static let knownJSON = "1.5"
    static let unknownJSON = "2.75"
    static let unknownRawText = "2.75"
    static let wrongTypeJSON = "null"
    static let unknownCaseJSON = "0"
  }

  static let rawTypeSamples: [any RawTypeSample.Type] = [
    StringSample.self, IntSample.self, Int8Sample.self, Int16Sample.self, Int32Sample.self,
    Int64Sample.self, UIntSample.self, UInt8Sample.self, UInt16Sample.self, UInt32Sample.self,
    UInt64Sample.self, FloatSample.self, DoubleSample.self,
  ]

  // MARK: - Every raw type

  @Test(arguments: rawTypeSamples)
  func knownRawValueDecodesToItsCase(_ sample: any RawTypeSample.Type) throws {
    try expectKnownValueDecodes(sample)
  }

  private func expectKnownValueDecodes<T: RawTypeSample>(_: T.Type) throws {
    let decoder = JSONDecoder()
    let collector = UnknownValueCollector()
    decoder.unknownValueHandler = .collect(into: collector)
    let box = try decoder.decode(Box<T>.self, from: json(#"{"value": \#(T.knownJSON)}"#))
    #expect(box.value == T.known)
    #expect(collector.values.isEmpty)
  }

  @Test(arguments: rawTypeSamples)
  func unknownRawValueDecodesToUnknownAndIsReported(_ sample: any RawTypeSample.Type) throws {
    try expectUnknownValueFallsBack(sample)
  }

  private func expectUnknownValueFallsBack<T: RawTypeSample>(_: T.Type) throws {
    let decoder = JSONDecoder()
    let collector = UnknownValueCollector()
    decoder.unknownValueHandler = .collect(into: collector)
    let box = try decoder.decode(Box<T>.self, from: json(#"{"value": \#(T.unknownJSON)}"#))
    #expect(box.value == T.unknown)
    let reported = try #require(collector.values.first)
    #expect(collector.values.count == 1)
    #expect(reported.typeName == String(describing: T.self))
    #expect(reported.rawValue == T.unknownRawText)
    #expect(reported.path == "$.value")
  }

  @Test(arguments: rawTypeSamples)
  func wrongJSONTypeThrowsTypeMismatchOrValueNotFound(_ sample: any RawTypeSample.Type) throws {
    try expectWrongTypeThrows(sample)
  }

  private func expectWrongTypeThrows<T: RawTypeSample>(_: T.Type) throws {
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(Box<T>.self, from: json(#"{"value": \#(T.wrongTypeJSON)}"#))
    }
    // `null` is the wrong type for a non-optional value too; Foundation calls it valueNotFound.
    let expected: DecodingErrorKind = T.wrongTypeJSON == "null" ? .valueNotFound : .typeMismatch
    #expect(error.kind == expected)
    #expect(error.path == "$.value")
  }

  @Test(arguments: rawTypeSamples)
  func nullForNonOptionalThrowsValueNotFound(_ sample: any RawTypeSample.Type) throws {
    try expectNullThrows(sample)
  }

  private func expectNullThrows<T: RawTypeSample>(_: T.Type) throws {
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(Box<T>.self, from: json(#"{"value": null}"#))
    }
    #expect(error.kind == .valueNotFound)
    #expect(error.path == "$.value")
  }

  @Test(arguments: rawTypeSamples)
  func missingRequiredKeyThrowsKeyNotFound(_ sample: any RawTypeSample.Type) throws {
    try expectMissingKeyThrows(sample)
  }

  private func expectMissingKeyThrows<T: RawTypeSample>(_: T.Type) throws {
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(Box<T>.self, from: json(#"{"other": \#(T.knownJSON)}"#))
    }
    #expect(error.kind == .keyNotFound)
    #expect(error.context?.codingPath.isEmpty == true)
    #expect(error.path == "$.value")
  }

  @Test(arguments: rawTypeSamples)
  func knownValueReencodesExactly(_ sample: any RawTypeSample.Type) throws {
    try expectKnownValueRoundTrips(sample)
  }

  private func expectKnownValueRoundTrips<T: RawTypeSample>(_: T.Type) throws {
    let original = #"{"value": \#(T.knownJSON)}"#
    let decoded = try JSONDecoder().decode(Box<T>.self, from: json(original))
    #expect(try encodedJSON(decoded) == JSONValue(parsing: original))
  }

  @Test(arguments: rawTypeSamples)
  func unknownReencodesAsItsOwnRawValue(_ sample: any RawTypeSample.Type) throws {
    try expectUnknownEncodesLossily(sample)
  }

  // Documented as lossy: the value that was read is gone, `.unknown` writes its own raw value.
  private func expectUnknownEncodesLossily<T: RawTypeSample>(_: T.Type) throws {
    let decoded = try JSONDecoder().decode(
      Box<T>.self, from: json(#"{"value": \#(T.unknownJSON)}"#))
    #expect(try encodedJSON(decoded) == JSONValue(parsing: #"{"value": \#(T.unknownCaseJSON)}"#))
  }

  // MARK: - Numbers a raw type cannot hold

  /// A payload decoded both as an enum and as the enum's plain raw type.
  struct Payload: Sendable, CustomTestStringConvertible {
    var text: String
    var decodeEnum: @Sendable (JSONDecoder, Data) throws -> Void
    var decodeRawType: @Sendable (Data) throws -> Void
    var testDescription: String { text }

    init<T: RawTypeSample>(_ type: T.Type, _ text: String) {
      self.text = text
      self.decodeEnum = { decoder, data in _ = try decoder.decode(Box<T>.self, from: data) }
      self.decodeRawType = { data in _ = try JSONDecoder().decode(Box<T.RawValue>.self, from: data)
      }
    }
  }

  static let unrepresentableNumbers: [Payload] = [
    Payload(Int8Sample.self, #"{"value": 300}"#),
    Payload(UInt8Sample.self, #"{"value": -1}"#),
    Payload(UInt64Sample.self, #"{"value": -1}"#),
    Payload(IntSample.self, #"{"value": 1.5}"#),
    Payload(Int64Sample.self, #"{"value": 1e30}"#),
  ]

  /// A number outside the raw type is a broken payload, not a new case: it throws the very
  /// error plain `Codable` throws for the raw type.
  @Test(arguments: unrepresentableNumbers)
  func numberOutsideTheRawTypeThrowsInsteadOfUnknown(_ payload: Payload) throws {
    let decoder = JSONDecoder()
    decoder.unknownValueHandler = .report { value in
      Issue.record("reported \(value) instead of throwing")
    }
    let error = try #require(throws: DecodingError.self) {
      try payload.decodeEnum(decoder, json(payload.text))
    }
    let plainError = try #require(throws: DecodingError.self) {
      try payload.decodeRawType(json(payload.text))
    }
    #expect(error.kind == .dataCorrupted)
    #expect(error.kind == plainError.kind)
    #expect(error.path == plainError.path)
  }

  // MARK: - Optional properties

  static let optionalPayloads: [(String, Kind?, Bool)] = [
    ("{}", nil, false),
    (#"{"value": null}"#, nil, false),
    (#"{"value": "castle"}"#, .unknown, true),
    (#"{"value": "cabin"}"#, .cabin, false),
  ]

  /// An optional property tells "no value" (missing or `null`) from "a value this build
  /// does not know".
  @Test(arguments: optionalPayloads)
  func optionalPropertyTellsMissingAndNullFromUnknown(
    _ text: String, _ expected: Kind?, _ reported: Bool
  ) throws {
    let decoder = JSONDecoder()
    let collector = UnknownValueCollector()
    decoder.unknownValueHandler = .collect(into: collector)
    let box = try decoder.decode(OptionalBox<Kind>.self, from: json(text))
    #expect(box.value == expected)
    #expect(collector.values.map(\.path) == (reported ? ["$.value"] : []))
  }

  @Test func optionalPropertyStillRejectsWrongType() throws {
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(OptionalBox<Kind>.self, from: json(#"{"value": 3}"#))
    }
    #expect(error.kind == .typeMismatch)
    #expect(error.path == "$.value")
  }

  // MARK: - Other rules

  @Test func unknownCaseRawValueInPayloadIsNotReported() throws {
    let decoder = JSONDecoder()
    decoder.unknownValueHandler = .strict
    #expect(try decoder.decode(Kind.self, from: json(#""unknown""#)) == .unknown)
  }

  @Test func arrayElementsFallBackOneByOne() throws {
    let kinds = try JSONDecoder().decode(
      [Kind].self, from: json(#"["house", "castle", "flat", "igloo"]"#))
    #expect(kinds == [.house, .unknown, .flat, .unknown])
  }

  @Test func decodingNeedsNoHandler() throws {
    #expect(try JSONDecoder().decode(Kind.self, from: json(#""castle""#)) == .unknown)
  }

  @Test func knownValueNeverReadsUserInfo() throws {
    let decoder = SingleValueDecoder(
      .string("flat"), userInfo: [.unknownValueHandler: UnknownValueHandler.strict])
    #expect(try Kind(from: decoder) == .flat)
    #expect(decoder.userInfoReads == 0)
  }

  @Test func worksThroughAHandWrittenDecoder() throws {
    let collector = UnknownValueCollector()
    let decoder = SingleValueDecoder(
      .string("castle"),
      codingPath: [UnknownValue.PathComponent.key("units"), .index(2)],
      userInfo: [.unknownValueHandler: UnknownValueHandler.collect(into: collector)])
    #expect(try Kind(from: decoder) == .unknown)
    #expect(collector.values.map(\.path) == ["$.units[2]"])
  }

  @Test func handWrittenDecoderErrorsPassThrough() throws {
    let error = try #require(throws: DecodingError.self) {
      try Kind(from: SingleValueDecoder(.int(3)))
    }
    #expect(error.kind == .typeMismatch)
  }
}
