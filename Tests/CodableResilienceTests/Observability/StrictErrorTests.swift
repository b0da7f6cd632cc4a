import CodableResilience
import Foundation
import Testing

// The strict handler's error, tool by tool: its case, coding path, text and underlying value.
// The models and `Case` are ReportingTests'.

extension ReportingTests {
  static let strictCases: [(Case, [UnknownValue.PathComponent], String)] = [
    (
      Case("UnknownDecodable", [Kind].self, json: #"["flat", "castle"]"#, []),
      [.index(1)], #"unknown Kind value "castle" at $[1]; known: house, flat, cabin"#
    ),
    (
      Case(
        "DecodeUnknownAsNil", Building.self,
        json: #"{"units": [\#(unit), {"kind": "flat", "heating": "peat", "currency": "EUR"}]}"#,
        []),
      [.key("units"), .index(1), .key("heating")],
      #"unknown Heating value "peat" at $.units[1].heating; known: gas, electric"#
    ),
    (
      Case(
        "ExtensibleEnum", Building.self,
        json: #"{"units": [], "byName": {"a b": {"kind": "flat", "currency": "JPY"}}}"#, []),
      [.key("byName"), .key("a b"), .key("currency")],
      #"unknown Currency value "JPY" at $.byName["a b"].currency; known: USD, EUR"#
    ),
    (
      Case("Int raw value", Box<Rating>.self, json: #"{"value": 9}"#, []),
      [.key("value")], #"unknown Rating value "9" at $.value; known: 1, 2"#
    ),
    (
      Case("property list", Building.self, propertyList: ["units": [["kind": "cave"]]], []),
      [.key("units"), .index(0), .key("kind")],
      #"unknown Kind value "cave" at $.units[0].kind; known: house, flat, cabin"#
    ),
  ]

  @Test(arguments: strictCases)
  func strictThrowsDataCorruptedAtTheValuesCodingPath(
    _ testCase: Case, _ codingPath: [UnknownValue.PathComponent], _ description: String
  ) throws {
    let (context, rejected) = try Self.strictFailure(testCase)
    #expect(context.codingPath.map(UnknownValue.PathComponent.init) == codingPath)
    #expect(context.debugDescription == description)
    #expect(rejected.codingPath == codingPath)
    #expect(rejected.description == description)
  }

  /// Decodes `testCase` with the strict handler, which must throw `dataCorrupted` carrying an
  /// ``UnknownValueError``: its context and the value it rejected.
  static func strictFailure(
    _ testCase: Case, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (context: DecodingError.Context, rejected: UnknownValue) {
    var decoder = testCase.decoder
    decoder.userInfo[.unknownValueHandler] = UnknownValueHandler.strict
    let error = try #require(throws: DecodingError.self, sourceLocation: sourceLocation) {
      try testCase.decode(decoder, testCase.payload)
    }
    guard case .dataCorrupted(let context) = error else {
      throw StrictErrorMismatch("expected dataCorrupted, got \(error)")
    }
    let underlying = try #require(
      context.underlyingError as? UnknownValueError, sourceLocation: sourceLocation)
    return (context, underlying.unknownValue)
  }

  struct StrictErrorMismatch: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }
}
