import Foundation

/// A third-party decoder in miniature: it forwards to another decoder, decodes a property's
/// value through its own nested decoder, and does not support `superDecoder`, as several
/// public decoders do not; or, with `emptyForMissingKey`, gives a missing key's
/// `superDecoder(forKey:)` an empty array, as some form decoders do, where `JSONDecoder` gives
/// `null`.
struct ForwardingDecoder: Decoder {
  let base: any Decoder
  var emptyForMissingKey = false

  var codingPath: [any CodingKey] { base.codingPath }
  var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(
      ForwardingKeyedContainer(
        base: try base.container(keyedBy: type), emptyForMissingKey: emptyForMissingKey))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer { try base.unkeyedContainer() }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    try base.singleValueContainer()
  }

  /// Decodes `T` from JSON with this decoder around `JSONDecoder`'s.
  static func decode<T: Decodable>(
    _ type: T.Type, from data: Data, userInfo: [CodingUserInfoKey: any Sendable],
    emptyForMissingKey: Bool = false
  ) throws -> T {
    let decoder = JSONDecoder()
    decoder.userInfo = userInfo
    decoder.userInfo[Root<T>.emptyForMissingKey] = emptyForMissingKey
    return try decoder.decode(Root<T>.self, from: data).value
  }

  private struct Root<T: Decodable>: Decodable {
    static var emptyForMissingKey: CodingUserInfoKey { CodingUserInfoKey(rawValue: "empty")! }

    let value: T
    init(from decoder: any Decoder) throws {
      let empty = decoder.userInfo[Self.emptyForMissingKey] as? Bool ?? false
      value = try T(from: ForwardingDecoder(base: decoder, emptyForMissingKey: empty))
    }
  }

  /// A decoder over an empty array.
  fileprivate static func emptyArray() throws -> any Decoder {
    struct Captured: Decodable {
      let decoder: any Decoder
      init(from decoder: any Decoder) throws { self.decoder = decoder }
    }
    return try JSONDecoder().decode(Captured.self, from: Data("[]".utf8)).decoder
  }
}

struct SuperDecoderUnsupported: Error {}

struct ForwardingKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let base: KeyedDecodingContainer<Key>
  var emptyForMissingKey = false

  var codingPath: [any CodingKey] { base.codingPath }
  var allKeys: [Key] { base.allKeys }
  func contains(_ key: Key) -> Bool { base.contains(key) }
  func decodeNil(forKey key: Key) throws -> Bool { try base.decodeNil(forKey: key) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try base.decode(type, forKey: key)
  }

  /// The generic path: the decoder's own nested decoder around the value.
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    guard base.contains(key) else { return try base.decode(type, forKey: key) }
    return try T(from: ForwardingDecoder(base: try base.superDecoder(forKey: key)))
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try base.nestedContainer(keyedBy: type, forKey: key)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try base.nestedUnkeyedContainer(forKey: key)
  }

  func superDecoder() throws -> any Decoder { throw SuperDecoderUnsupported() }
  func superDecoder(forKey key: Key) throws -> any Decoder {
    guard emptyForMissingKey else { throw SuperDecoderUnsupported() }
    guard base.contains(key) else { return try ForwardingDecoder.emptyArray() }
    return ForwardingDecoder(base: try base.superDecoder(forKey: key), emptyForMissingKey: true)
  }
}
