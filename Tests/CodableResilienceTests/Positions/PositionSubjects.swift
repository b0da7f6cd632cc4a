import CodableResilience
import Foundation

// The values the equivalence tests move through every position. Samples are generated from each
// type's known values (as they are, changed, and in every wrong JSON type), so adding a case to a
// subject adds its samples.

/// Samples for a type whose raw values are strings: the known ones, variations of them that are
/// unknown, text that needs escaping, and every other JSON type.
func stringSamples(known: [String]) -> [String] {
  var texts = known
  for value in known {
    texts += [value.uppercased(), value + "_v2", " " + value]
  }
  texts += ["", "unknown", "🏠 maison", "tab\tand \"quote\"", "\u{1}"]
  return texts.map(jsonQuote) + ["42", "-1.5", "true", "null", "[]", #"{"a": 1}"#]
}

/// Samples for a type whose raw values are numbers: the known ones, neighbours and extremes
/// that are unknown (or out of range), and every other JSON type.
func numberSamples(known: [String], extremes: [String]) -> [String] {
  known + extremes + ["0", "-1", "1e2", "2.5", #""1""#, "true", "null", "[]", "{}"]
}

func jsonQuote(_ text: String) -> String {
  String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
}

// MARK: - UnknownDecodable, every raw type

enum StringKind: String, Codable, UnknownDecodable, CaseIterable, Sendable {
  case house, flat, cabin
  case unknown = "__unknown__"
}

enum IntKind: Int, Codable, UnknownDecodable, CaseIterable, Sendable {
  case one = 1
  case two = 2
  case unknown = -99
}

enum Int8Kind: Int8, Codable, UnknownDecodable, Sendable {
  case low = -128
  case high = 127
  case unknown = 0
}

enum Int16Kind: Int16, Codable, UnknownDecodable, Sendable {
  case high = 32767
  case unknown = 0
}

enum Int32Kind: Int32, Codable, UnknownDecodable, Sendable {
  case big = 2_000_000_000
  case unknown = 0
}

enum Int64Kind: Int64, Codable, UnknownDecodable, Sendable {
  case huge = 9_000_000_000_000_000_000
  case unknown = 0
}

enum UIntKind: UInt, Codable, UnknownDecodable, Sendable {
  case seven = 7
  case unknown = 0
}

enum UInt8Kind: UInt8, Codable, UnknownDecodable, Sendable {
  case full = 255
  case unknown = 0
}

enum UInt16Kind: UInt16, Codable, UnknownDecodable, Sendable {
  case full = 65535
  case unknown = 0
}

enum UInt32Kind: UInt32, Codable, UnknownDecodable, Sendable {
  case full = 4_294_967_295
  case unknown = 0
}

enum UInt64Kind: UInt64, Codable, UnknownDecodable, Sendable {
  case full = 18_446_744_073_709_551_615
  case unknown = 0
}

enum FloatKind: Float, Codable, UnknownDecodable, Sendable {
  case half = 0.5
  case unknown = -1
}

enum DoubleKind: Double, Codable, UnknownDecodable, CaseIterable, Sendable {
  case quarter = 0.25
  case third = 0.3333
  case unknown = -1
}

// MARK: - Conformers with their own init(from:)

/// Accepts a number as well as its raw value, and `null` as unknown: a custom `init(from:)` that
/// reads more than once and in more than one type.
enum Rating: String, Codable, UnknownDecodable, CaseIterable, Sendable {
  case one, two
  case unknown

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .unknown
    } else if let number = try? container.decode(Int.self) {
      self = number == 1 ? .one : number == 2 ? .two : .unknown
    } else {
      self = Rating(rawValue: try container.decode(String.self)) ?? .unknown
    }
  }
}

/// Asks only whether the value is `null`, and leaves any other value unread: an `init(from:)`
/// that reads nothing at all from a present value.
enum Presence: String, Codable, UnknownDecodable, CaseIterable, Sendable {
  case present, absent
  case unknown

  init(from decoder: any Decoder) throws {
    self = try decoder.singleValueContainer().decodeNil() ? .absent : .present
  }
}

/// Uppercases what it reads, and reports values outside `knownValues` itself, through the
/// decoder's handler, its `userInfo` and its coding path.
struct CurrencyCode: ExtensibleEnum, ExpressibleByStringLiteral {
  var rawValue: String
  init(rawValue: String) { self.rawValue = rawValue }

  static let usd: Self = "USD"
  static let eur: Self = "EUR"
  static let knownValues: [Self] = [.usd, .eur]

  init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    self.init(rawValue: text.uppercased())
    if !isKnown, let handler = decoder.userInfo[.unknownValueHandler] as? UnknownValueHandler {
      try handler(
        UnknownValue(typeName: "CurrencyCode", rawValue: text, codingPath: decoder.codingPath)
      )
    }
  }
}

/// Uppercases what it reads and lists no known values: the issue's reproduction, where a
/// property kept `usd` while the top level gave `USD`.
struct TickerSymbol: ExtensibleEnum {
  var rawValue: String
  init(rawValue: String) { self.rawValue = rawValue }

  init(from decoder: any Decoder) throws {
    self.init(rawValue: try decoder.singleValueContainer().decode(String.self).uppercased())
  }
}

// MARK: - ExtensibleEnum

struct RoomCode: ExtensibleEnum, ExpressibleByStringLiteral {
  var rawValue: String

  static let single: Self = "single"
  static let double: Self = "double"
  static let knownValues: [Self] = [.single, .double]
}

struct FloorNumber: ExtensibleEnum, ExpressibleByIntegerLiteral {
  var rawValue: Int

  static let ground: Self = 0
  static let first: Self = 1
  static let knownValues: [Self] = [.ground, .first]
}

/// Lists no known values: every value is accepted without a report.
struct FreeTag: ExtensibleEnum {
  var rawValue: String
}
