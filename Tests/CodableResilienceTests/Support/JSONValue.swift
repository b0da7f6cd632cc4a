import CodableResilience
import Foundation

extension JSONValue {
  /// Parses JSON text, fragments included.
  init(parsing text: String) throws {
    try self.init(data: Data(text.utf8))
  }

  /// Parses JSON data, fragments included.
  init(data: Data) throws {
    self = try JSONDecoder().decode(JSONValue.self, from: data)
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
