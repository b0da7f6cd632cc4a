import Foundation

/// A hand-written `Decoder` over one scalar, standing in for a third-party decoder.
///
/// It counts how often `userInfo` is read, so tests can show that known values never look
/// up the unknown-value handler, and it takes any coding path, so tests can show that
/// reports carry the decoder's own path.
final class SingleValueDecoder: Decoder, SingleValueDecodingContainer {
  enum Value {
    case null
    case string(String)
    case int(Int)
  }

  let value: Value
  let codingPath: [any CodingKey]
  private let storedUserInfo: [CodingUserInfoKey: Any]
  private(set) var userInfoReads = 0

  init(_ value: Value, codingPath: [any CodingKey] = [], userInfo: [CodingUserInfoKey: Any] = [:]) {
    self.value = value
    self.codingPath = codingPath
    self.storedUserInfo = userInfo
  }

  var userInfo: [CodingUserInfoKey: Any] {
    userInfoReads += 1
    return storedUserInfo
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    throw mismatch([String: Any].self)
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    throw mismatch([Any].self)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    self
  }

  func decodeNil() -> Bool {
    if case .null = value { return true }
    return false
  }

  func decode(_ type: String.Type) throws -> String {
    guard case .string(let string) = value else { throw mismatch(type) }
    return string
  }

  func decode(_ type: Int.Type) throws -> Int {
    guard case .int(let int) = value else { throw mismatch(type) }
    return int
  }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    if T.self == String.self { return try decode(String.self) as! T }
    if T.self == Int.self { return try decode(Int.self) as! T }
    throw mismatch(type)
  }

  func decode(_ type: Bool.Type) throws -> Bool { throw mismatch(type) }
  func decode(_ type: Double.Type) throws -> Double { throw mismatch(type) }
  func decode(_ type: Float.Type) throws -> Float { throw mismatch(type) }
  func decode(_ type: Int8.Type) throws -> Int8 { throw mismatch(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { throw mismatch(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { throw mismatch(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { throw mismatch(type) }
  func decode(_ type: UInt.Type) throws -> UInt { throw mismatch(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { throw mismatch(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { throw mismatch(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { throw mismatch(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { throw mismatch(type) }

  private func mismatch(_ type: Any.Type) -> DecodingError {
    .typeMismatch(
      type, DecodingError.Context(codingPath: codingPath, debugDescription: "found \(value)"))
  }
}
