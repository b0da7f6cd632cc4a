import CodableResilience
import Foundation
import Testing

// `ValueAliases` (issue 22): renamed values and letter case, for every raw-value tool, wherever
// the type sits; reported as renamed values, never an error, written in the new spelling.

enum PaymentMethod: String, Codable, UnknownDecodable, CaseIterable, Sendable {
  case card
  case bankTransfer = "bank_transfer"
  case unknown
}

extension PaymentMethod: ValueAliases {
  static let aliases: [String: PaymentMethod] = ["credit_card": .card, "sepa": .bankTransfer]
  static let matchesCaseInsensitively = true
}

/// A plain enum (no toolkit protocol) with aliases, for the collection wrappers and wrappers.
enum Seat: String, Codable, CaseIterable, Hashable, Sendable {
  case window, aisle
}

extension Seat: ValueAliases {
  static let aliases: [String: Seat] = ["w": .window]
}

struct AliasedCurrency: ExtensibleEnum, ExpressibleByStringLiteral, ValueAliases {
  var rawValue: String
  static let usd: AliasedCurrency = "USD"
  static let eur: AliasedCurrency = "EUR"
  static let knownValues: [AliasedCurrency] = [.usd, .eur]
  static let aliases: [String: AliasedCurrency] = ["US$": .usd]
  static let matchesCaseInsensitively = true
}

enum AliasedLevel: Int, Codable, UnknownDecodable, CaseIterable, Sendable {
  case low = 1
  case high = 2
  case unknown = 0
}

extension AliasedLevel: ValueAliases {
  static let aliases: [Int: AliasedLevel] = [10: .low, 20: .high]
}

struct Checkout: Codable, Sendable {
  var method: PaymentMethod
  var fallback: PaymentMethod?
  var accepted: [PaymentMethod]
  var currency: AliasedCurrency
  var level: AliasedLevel
  var seat: OpenEnum<Seat>
  @DecodeUnknownAsNil var preferred: Seat?
  @SkipUnknownElements var seats: [Seat]
  @SkipUnknownKeys var fees: [Seat: Int]
}

/// A union whose `status` tag was renamed `post`.
enum RenamedUpdate: TaggedUnion, Encodable, Equatable {
  case post(Message)
  case unknown(UnknownVariant)

  static let knownTags = ["post"]
  static let tagAliases = ["status": "post"]

  init?(tag: String, from decoder: any Decoder) throws {
    guard tag == "post" else { return nil }
    self = .post(try Message(from: decoder))
  }

  var taggedContent: TaggedContent {
    switch self {
    case .post(let message): TaggedContent(tag: "post", content: message)
    case .unknown(let variant): TaggedContent(variant)
    }
  }
}

private let checkout = Data(
  #"""
  {"method": "credit_card", "fallback": "BANK_TRANSFER", "accepted": ["card", "Sepa", "cash"],
   "currency": "us$", "level": 20, "seat": "w", "preferred": "w", "seats": ["w", "aisle", "x"],
   "fees": {"w": 5, "aisle": 2}}
  """#.utf8)

@Suite("ValueAliases")
struct ValueAliasesTests {
  @Test("the exact raw value, then an alias, then letter case, then unknown, for every tool")
  func matchingOrder() throws {
    let value = try JSONDecoder().decode(Checkout.self, from: checkout)
    #expect(value.method == .card)
    #expect(value.fallback == .bankTransfer)
    #expect(value.accepted == [.card, .bankTransfer, .unknown])
    #expect(value.currency == .usd)
    #expect(value.level == .high)
    #expect(value.seat == .known(.window))
    #expect(value.preferred == .window)
    #expect(value.seats == [.window, .aisle])
    #expect(value.$seats.unknownRawValues == ["x"])
    #expect(value.fees == [.window: 5, .aisle: 2])
  }

  @Test("renamed values are reported as their own kind, only to handlers that ask")
  func renamedReports() throws {
    let (_, problems) = try JSONDecoder().decodeCollectingUnknownValues(
      Checkout.self, from: checkout)
    #expect(problems.map(\.path) == ["$.accepted[2]", "$.seats[2]"])

    let collector = UnknownValueCollector()
    let decoder = JSONDecoder()
    decoder.unknownValueHandler = .collect(into: collector).receivingRenamedValues()
    _ = try decoder.decode(Checkout.self, from: checkout)
    let renamed = collector.values.compactMap { value -> String? in
      guard case .renamedValue(let canonical) = value.kind else { return nil }
      return "\(value.typeName) \(value.rawValue)→\(canonical) at \(value.path)"
    }
    #expect(
      renamed == [
        "PaymentMethod credit_card→card at $.method",
        "PaymentMethod BANK_TRANSFER→bank_transfer at $.fallback",
        "PaymentMethod Sepa→bank_transfer at $.accepted[1]",
        "AliasedCurrency us$→USD at $.currency",
        "AliasedLevel 20→2 at $.level",
        "Seat w→window at $.seat",
        "Seat w→window at $.preferred",
        "Seat w→window at $.seats[0]",
        "Seat w→window at $.fees.w",
      ])
    #expect(
      collector.values.first?.description
        == #"PaymentMethod value "credit_card" at $.method read as "card""#)
  }

  @Test("a renamed value is never an error under strict")
  func strictAcceptsRenamedValues() throws {
    let text = #"""
      {"method": "credit_card", "accepted": [], "currency": "EUR", "level": 10, "seat": "w",
       "seats": ["w"], "fees": {"w": 1}}
      """#
    let strict = JSONDecoder()
    strict.unknownValueHandler = UnknownValueHandler.strict.receivingRenamedValues()
    let value = try strict.decode(Checkout.self, from: Data(text.utf8))
    #expect(value.method == .card)
    #expect(value.level == .low)
    _ = try JSONDecoder().decodeStrictly(Checkout.self, from: Data(text.utf8))
  }

  @Test("encoding writes the canonical raw value")
  func writesCanonical() throws {
    var value = try JSONDecoder().decode(Checkout.self, from: checkout)
    value.$seats.removeUnknownElements()
    let encoded = try JSONValue(data: JSONEncoder().encode(value))
    #expect(encoded["method"] == "card")
    #expect(encoded["fallback"] == "bank_transfer")
    #expect(encoded["accepted"] == ["card", "bank_transfer", "unknown"])
    #expect(encoded["currency"] == "USD")
    #expect(encoded["level"] == 2)
    #expect(encoded["seat"] == "window")
    #expect(encoded["preferred"] == "window")
    #expect(encoded["seats"] == ["window", "aisle"])
    #expect(encoded["fees"] == ["window": 5, "aisle": 2])
  }

  @Test("a value at the top level, in an array and in a dictionary reads its aliases too")
  func otherPositions() throws {
    let decoder = JSONDecoder()
    #expect(try decoder.decode(PaymentMethod.self, from: Data(#""CARD""#.utf8)) == .card)
    #expect(
      try decoder.decode([PaymentMethod].self, from: Data(#"["sepa", "x"]"#.utf8))
        == [.bankTransfer, .unknown])
    #expect(
      try decoder.decode([String: AliasedLevel].self, from: Data(#"{"a": 10}"#.utf8)) == ["a": .low]
    )
    #expect(
      try decoder.decode([DecodeUnknownAsNil<Seat>].self, from: Data(#"["w", "z"]"#.utf8))
        .map(\.wrappedValue) == [.window, nil])
  }

  @Test("a renamed key whose canonical key is in the object too is kept, not lost")
  func renamedKeyCollision() throws {
    let fees = try JSONDecoder().decode(
      SkipUnknownKeys<[Seat: Int]>.self, from: Data(#"{"window": 1, "w": 2}"#.utf8))
    #expect(fees.wrappedValue == [.window: 1])
    #expect(fees.unknownEntries.map(\.key) == ["w"])
  }

  @Test("a union reads a renamed tag as the canonical one and writes the canonical tag")
  func tagAliases() throws {
    let decoder = JSONDecoder()
    let collector = UnknownValueCollector()
    decoder.unknownValueHandler = .collect(into: collector).receivingRenamedValues()
    let update = try decoder.decode(
      RenamedUpdate.self, from: Data(#"{"type": "status", "text": "hi"}"#.utf8))
    #expect(update == .post(Message(text: "hi")))
    #expect(collector.values.map(\.kind) == [.renamedValue(canonical: "post")])
    #expect(collector.values.map(\.path) == ["$.type"])
    #expect(try JSONValue(data: JSONEncoder().encode(update)) == ["type": "post", "text": "hi"])
  }
}
