import Foundation

/// Any JSON value, read through the `Decoder` API and written back through any `Encoder`.
///
/// The toolkit keeps what it did not understand as a `JSONValue`: an ``UnknownVariant`` holds
/// the whole object of a tag it did not know. It works with any decoder, property lists
/// included, and is handy on its own for a field whose shape is open:
///
/// ```swift
/// struct Event: Codable {
///   var name: String
///   var metadata: JSONValue  // whatever the server sends, written back as it came
/// }
///
/// let value: JSONValue = ["id": 9007199254740993, "tags": ["a", "b"], "score": 1.5, "gone": nil]
/// value["tags"]?[1]  // "b"
/// print(value)       // {"gone":null,"id":9007199254740993,"score":1.5,"tags":["a","b"]}
/// ```
///
/// Numbers keep every digit a `Decoder` gives them: integers over the whole `Int64` and `UInt64`
/// ranges, other numbers as a `Double` when it holds them exactly, and as a `Decimal` when it
/// would round them (`0.30000000000000000001`, an integer beyond `UInt64`; up to 38 digits, as
/// far as the decoder reads decimals, which `JSONDecoder` does). Numbers compare by value, so a
/// number with an integral value read back as an integer (`2.0` comes back as `2`: `JSONDecoder`
/// reads it so) stays equal to the original; a `Double` by its exact value (2^64, which it
/// writes as 18446744073709552000). Objects compare equal whatever their key order.
///
/// A number no Swift number type holds (`1e400`) cannot be kept: `JSONDecoder` refuses it, and
/// decoding throws `DecodingError.dataCorrupted` at the number's own path.
///
/// Object keys are read and written as they are, whatever the coder's key strategy.
public enum JSONValue: Sendable {
  /// `null`: `let value: JSONValue = nil`.
  case null
  /// `true` or `false`: `let value: JSONValue = true`.
  case bool(Bool)
  /// An integer that fits in `Int64`, every digit kept: `let value: JSONValue = 9007199254740993`.
  case integer(Int64)
  /// An integer above `Int64.max` that fits in `UInt64`: `JSONValue.unsigned(UInt64.max)`.
  case unsigned(UInt64)
  /// Any other number a `Double` holds exactly: `let value: JSONValue = 1.5`.
  case double(Double)
  /// A number a `Double` would round, with every digit it was read with:
  /// `JSONValue.decimal(Decimal(string: "0.30000000000000000001")!)`.
  case decimal(Decimal)
  /// A string: `let value: JSONValue = "post"`.
  case string(String)
  /// An array: `let value: JSONValue = [1, "two", nil]`.
  case array([JSONValue])
  /// An object; its members have no order: `let value: JSONValue = ["type": "reel", "id": 7]`.
  case object([String: JSONValue])
}

extension JSONValue {
  /// The member at `key` of an object; `nil` for a missing key or a value that is not an
  /// object.
  ///
  /// ```swift
  /// variant.json["type"]  // "reel"
  /// ```
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members[key]
  }

  /// The element at `index` of an array; `nil` for an index out of range or a value that is
  /// not an array.
  ///
  /// ```swift
  /// value["tags"]?[0]  // "a"
  /// ```
  public subscript(index: Int) -> JSONValue? {
    guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
    return elements[index]
  }
}

// MARK: - Conditional Conformances

extension JSONValue: Equatable {
  /// Whether both hold the same value: numbers by value (`2` equals `2.0`), objects whatever
  /// their key order.
  ///
  /// ```swift
  /// JSONValue.integer(2) == JSONValue.double(2.0)  // true
  /// ```
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let lhs), .bool(let rhs)): lhs == rhs
    case (.string(let lhs), .string(let rhs)): lhs == rhs
    case (.array(let lhs), .array(let rhs)): lhs == rhs
    case (.object(let lhs), .object(let rhs)): lhs == rhs
    default:
      if let lhs = lhs.number, let rhs = rhs.number { lhs == rhs } else { false }
    }
  }
}

extension JSONValue: Hashable {
  /// Hashes what equality compares: equal numbers hash alike whatever their case.
  ///
  /// ```swift
  /// let seen: Set<JSONValue> = [2, 2.0]  // one element
  /// ```
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let value): hasher.combine(value)
    case .string(let value): hasher.combine(value)
    case .array(let values): hasher.combine(values)
    case .object(let members): hasher.combine(members)
    case .integer, .unsigned, .double, .decimal: hasher.combine(number)
    }
  }
}

extension JSONValue {
  /// A number in one canonical form, so that equal numbers compare and hash alike: an
  /// integral value as an integer when it fits, anything else as a `Double`.
  enum Number: Hashable {
    case integer(Int64)
    case unsigned(UInt64)
    case double(Double)
    case decimal(Decimal)

    /// A decimal as the integer or the double that holds it exactly, or as itself.
    init(_ value: Decimal) {
      let text = plainText(of: value)
      if let integer = Int64(text) {
        self = .integer(integer)
      } else if let unsigned = UInt64(text) {
        self = .unsigned(unsigned)
      } else if let double = exactDouble(value) {
        self.init(double)
      } else {
        self = .decimal(value)
      }
    }

    init(_ value: Double) {
      if let integer = Int64(exactly: value) {
        self = .integer(integer)
      } else if let unsigned = UInt64(exactly: value) {
        self = .unsigned(unsigned)
      } else {
        self = .double(value)
      }
    }

    init(_ value: UInt64) {
      if let integer = Int64(exactly: value) {
        self = .integer(integer)
      } else {
        self = .unsigned(value)
      }
    }
  }

  /// This value as a canonical number; `nil` when it is not a number.
  var number: Number? {
    switch self {
    case .integer(let value): .integer(value)
    case .unsigned(let value): Number(value)
    case .double(let value): Number(value)
    case .decimal(let value): Number(value)
    default: nil
    }
  }
}

/// The `Double` whose exact value `value` is (2^64, which a `Double` writes back rounded, as
/// 18446744073709552000); `nil` when a `Double` would round it (0.1).
func exactDouble(_ value: Decimal) -> Double? {
  guard let double = Double(value.description), double.isFinite,
    exactText(of: double) == plainText(of: value)
  else { return nil }
  return double
}

extension JSONValue: Encodable {
  /// Writes the value through the encoder's single-value container.
  ///
  /// ```swift
  /// let data = try JSONEncoder().encode(JSONValue.object(["a": 1]))  // {"a":1}
  /// ```
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .integer(let value): try container.encode(value)
    case .unsigned(let value): try container.encode(value)
    case .double(let value): try container.encode(value)
    case .decimal(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let values): try container.encode(values)
    case .object(let members): try container.encode(members)
    }
  }
}

extension JSONValue: CustomStringConvertible {
  /// The value as compact JSON, without white space, object members sorted by key.
  ///
  /// ```swift
  /// JSONValue.object(["b": [1, true], "a": nil]).description  // {"a":null,"b":[1,true]}
  /// ```
  public var description: String {
    var bytes: [UInt8] = []
    write(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the value's compact JSON to `bytes`.
  private func write(to bytes: inout [UInt8]) {
    switch self {
    case .null: bytes.append(contentsOf: "null".utf8)
    case .bool(let value): bytes.append(contentsOf: (value ? "true" : "false").utf8)
    case .integer(let value): bytes.append(contentsOf: value.description.utf8)
    case .unsigned(let value): bytes.append(contentsOf: value.description.utf8)
    case .double(let value): bytes.append(contentsOf: Self.jsonNumber(value).utf8)
    case .decimal(let value): bytes.append(contentsOf: value.description.utf8)
    case .string(let value): appendJSONQuoted(value, to: &bytes)
    case .array(let values):
      bytes.append(UInt8(ascii: "["))
      for (index, value) in values.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        value.write(to: &bytes)
      }
      bytes.append(UInt8(ascii: "]"))
    case .object(let members):
      bytes.append(UInt8(ascii: "{"))
      for (index, member) in members.sorted(by: { isInUTF8Order($0.key, $1.key) }).enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        appendJSONQuoted(member.key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        member.value.write(to: &bytes)
      }
      bytes.append(UInt8(ascii: "}"))
    }
  }

  /// A double as JSON writes it: integral values without `.0` (`-0` with its sign), no `inf`
  /// or `nan` (which JSON cannot hold; they are written as `null`).
  private static func jsonNumber(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == 0, value.sign == .minus { return "-0" }
    if let integer = Int64(exactly: value) { return integer.description }
    return value.description
  }
}

// MARK: - Literals

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  /// `null`, from `nil`: `let value: JSONValue = nil`.
  public init(nilLiteral: ()) { self = .null }

  /// A boolean: `let value: JSONValue = false`.
  public init(booleanLiteral value: Bool) { self = .bool(value) }

  /// An integer: `let value: JSONValue = 42`.
  public init(integerLiteral value: Int64) { self = .integer(value) }

  /// A floating-point number: `let value: JSONValue = 0.25`.
  public init(floatLiteral value: Double) { self = .double(value) }

  /// A string: `let value: JSONValue = "reel"`.
  public init(stringLiteral value: String) { self = .string(value) }

  /// An array: `let value: JSONValue = ["a", 1, nil]`.
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }

  /// An object; a repeated key keeps its last value: `let value: JSONValue = ["id": 7]`.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
}
