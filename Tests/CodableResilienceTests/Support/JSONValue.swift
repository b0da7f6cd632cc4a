import Foundation

/// A JSON document as a plain value, so two payloads compare by meaning: key order and
/// whitespace do not matter, while `null` and a missing key stay different.
enum JSONValue: Hashable, Decodable, CustomStringConvertible {
  case null
  case bool(Bool)
  case integer(Int64)
  case unsigned(UInt64)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// Parses JSON text, fragments included.
  init(_ text: String) throws {
    try self.init(data: Data(text.utf8))
  }

  /// Parses JSON data, fragments included.
  init(data: Data) throws {
    self = try JSONDecoder().decode(JSONValue.self, from: data)
  }

  // Bool before numbers and integers before doubles, so `true`, `1` and `1.5` stay apart.
  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int64.self) {
      self = .integer(value)
    } else if let value = try? container.decode(UInt64.self) {
      self = .unsigned(value)
    } else if let value = try? container.decode(Double.self) {
      self = .double(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  var description: String {
    switch self {
    case .null: "null"
    case .bool(let value): "\(value)"
    case .integer(let value): "\(value)"
    case .unsigned(let value): "\(value)"
    case .double(let value): "\(value)"
    case .string(let value): "\"\(value)\""
    case .array(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
    case .object(let members):
      "{"
        + members.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }
        .joined(separator: ", ") + "}"
    }
  }
}

/// The UTF-8 bytes of a JSON text written in a test.
func json(_ text: String) -> Data {
  Data(text.utf8)
}

/// Encodes a value as JSON and parses the result, for comparing it with what was read.
func encodedJSON(_ value: some Encodable) throws -> JSONValue {
  try JSONValue(data: JSONEncoder().encode(value))
}

/// A property-list document built from plain Foundation values, the way a file on disk holds
/// values that the encoder would never write (an unknown case, a wrong type).
func propertyList(_ object: Any) throws -> Data {
  try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
}

/// A one-key object around a value, so a test can see the coding path `$.value` in errors.
struct Box<Value: Codable>: Codable {
  var value: Value
}

/// A one-key object around an optional value: a missing key or `null` decode as `nil`.
struct OptionalBox<Value: Codable>: Codable {
  var value: Value?
}

extension Box: Sendable where Value: Sendable {}
extension OptionalBox: Sendable where Value: Sendable {}
