import CodableResilience
import Foundation
import Testing

// The seams of the converting wrappers with the other tools: inside a model whose unknown
// fields are kept, inside a tagged union's variant, as the elements `@SkipInvalidElements`
// reads, and in a type whose own `init(from:)` keeps its decoder.

private struct Seller: Codable, Equatable {
  @DecodeConvertingType var id: Int
  @DecodeOneOrMany var regions: [String]
}

private struct Charge: Codable, Hashable {
  @DecodeConvertingType var amount: Decimal
}

private enum Event: TaggedUnion, Encodable, Hashable {
  case charge(Charge)
  case unknown(UnknownVariant)

  static let knownTags = ["charge"]

  init?(tag: String, from decoder: any Decoder) throws {
    guard tag == "charge" else { return nil }
    self = .charge(try Charge(from: decoder))
  }

  var taggedContent: TaggedContent {
    switch self {
    case .charge(let charge): TaggedContent(tag: "charge", content: charge)
    case .unknown(let variant): TaggedContent(variant)
    }
  }
}

/// A type whose `init(from:)` keeps its decoder and reads it again afterwards.
private struct Remembered: Decodable {
  var first: DecodeConvertingType<Int>
  var again: Int

  init(from decoder: any Decoder) throws {
    first = try DecodeConvertingType(from: decoder)
    again = try DecodeConvertingType<Int>(from: decoder).wrappedValue
  }
}

private func encoded(_ value: some Encodable) throws -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  return String(decoding: try encoder.encode(value), as: UTF8.self)
}

struct ConversionSeamTests {
  @Test func insideAModelWhoseUnknownFieldsAreKept() throws {
    let json = #"{"id": "7", "regions": "eu", "rating": 5}"#
    let (seller, reports) = try JSONDecoder().decodeCollectingUnknownValues(
      KeepUnknownFields<Seller>.self, from: Data(json.utf8))
    #expect(seller.wrappedValue.id == 7 && seller.wrappedValue.regions == ["eu"])
    #expect(seller.unknownFields.keys.sorted() == ["rating"])
    #expect(reports.map(\.path) == ["$.id", "$.regions"])
    #expect(try encoded(seller) == #"{"id":"7","rating":5,"regions":"eu"}"#)
  }

  @Test func insideATaggedUnionsVariant() throws {
    let json = #"[{"type": "charge", "amount": "9.90"}, {"type": "refund", "amount": "1"}]"#
    let (events, reports) = try JSONDecoder().decodeCollectingUnknownValues(
      [Event].self, from: Data(json.utf8))
    #expect(events.first == .charge(Charge(amount: Decimal(string: "9.9")!)))
    #expect(reports.map(\.path) == ["$[0].amount", "$[1].type"])
    #expect(reports.first?.kind == .convertedType(from: .string))
    #expect(
      try encoded(events) == #"[{"amount":"9.90","type":"charge"},{"amount":"1","type":"refund"}]"#)
  }

  @Test func strictInsideSkipInvalidElementsLeavesNothingOutAndThrowsAsPlain() throws {
    struct Batch: Decodable {
      @SkipInvalidElements var sellers: [Seller]
    }
    struct PlainBatch: Decodable {
      var sellers: [PlainSeller]
    }
    struct PlainSeller: Decodable {
      var id: Int
      var regions: [String]
    }
    let json = Data(#"{"sellers": [{"id": 1, "regions": []}, {"id": "2", "regions": []}]}"#.utf8)
    let strict = JSONDecoder()
    strict.unknownValueHandler = .strict
    let thrown = #expect(throws: DecodingError.self) { try strict.decode(Batch.self, from: json) }
    let plain = #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(PlainBatch.self, from: json)
    }
    guard case .typeMismatch(_, let context)? = thrown,
      case .typeMismatch(_, let plainContext)? = plain
    else {
      Issue.record(
        "expected typeMismatch: \(String(describing: thrown)), \(String(describing: plain))")
      return
    }
    #expect(
      UnknownValue.PathComponent.jsonPath(context.codingPath)
        == UnknownValue.PathComponent.jsonPath(plainContext.codingPath))
    #expect(context.debugDescription == plainContext.debugDescription)
  }

  @Test func aDecoderKeptAndReadAgainConvertsAgain() throws {
    let collector = UnknownValueCollector()
    let decoder = JSONDecoder()
    decoder.unknownValueHandler = .collect(into: collector)
    let value = try decoder.decode(Remembered.self, from: Data(#""7""#.utf8))
    #expect(value.first.wrappedValue == 7 && value.again == 7)
    #expect(collector.values.count == 2)
  }
}
