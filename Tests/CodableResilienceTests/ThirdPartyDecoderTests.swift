import CodableResilience
import Foundation
import Testing

/// The keyed overloads with a decoder that is neither `JSONDecoder` nor `PropertyListDecoder`
/// and has no `superDecoder`: every unknown value is still reported once, and `.strict` throws.
struct ThirdPartyDecoderTests {
  enum Kind: String, Codable, UnknownDecodable, CaseIterable, Sendable {
    case house, flat, unknown
  }

  enum Heating: String, Codable, Sendable {
    case gas, electric
  }

  struct Currency: ExtensibleEnum, ExpressibleByStringLiteral {
    var rawValue: String
    static let knownValues: [Currency] = ["USD"]
  }

  struct Unit: Decodable {
    var kind: Kind
    var maybeKind: Kind?
    var kinds: [Kind]
    var currency: Currency
    @DecodeUnknownAsNil var heating: Heating?
  }

  static let payload = Data(
    #"{"kind": "castle", "maybeKind": "igloo", "kinds": ["flat", "tent"], "currency": "CHF", "heating": "peat"}"#
      .utf8)

  @Test func everyUnknownValueIsReportedOnceWithoutSuperDecoder() throws {
    let collector = UnknownValueCollector()
    let unit = try ForwardingDecoder.decode(
      Unit.self, from: Self.payload,
      userInfo: [.unknownValueHandler: UnknownValueHandler.collect(into: collector)])
    #expect(unit.kind == .unknown)
    #expect(unit.kinds == [.flat, .unknown])
    #expect(unit.$heating.unknownRawValue == "peat")
    #expect(
      collector.values.map { "\($0.typeName) \($0.rawValue) at \($0.path)" } == [
        "Kind castle at $.kind", "Kind igloo at $.maybeKind", "Kind tent at $.kinds[1]",
        "Currency CHF at $.currency", "Heating peat at $.heating",
      ])
  }

  @Test func strictThrowsWithoutSuperDecoder() throws {
    let error = try #require(throws: DecodingError.self) {
      try ForwardingDecoder.decode(
        Unit.self, from: Self.payload,
        userInfo: [.unknownValueHandler: UnknownValueHandler.strict])
    }
    #expect(error.kind == .dataCorrupted)
    #expect(error.path == "$.kind")
  }
}
