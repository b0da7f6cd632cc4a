/// The decoder a property's `init(from:)` gets from the toolkit's keyed overloads: it reads the
/// one value at `key` straight from the parent container.
///
/// `JSONDecoder` answers `container.decode(T.self, forKey:)` by pushing a nested decoder and
/// checking the type against its special cases before it calls `init(from:)`. This decoder
/// costs one small object: the overload has read the value as a string already (``string``),
/// other reads go to the parent's concrete entry points, and the coding path is built only when
/// something asks for it. A keyed container can be read again at any time, so whatever the
/// value's `init(from:)` does (a custom one included) sees the same value, path and errors as
/// it would behind a nested decoder, and nothing is ever decoded twice.
///
/// `userInfo` is the nested decoder's own, read when first asked (see ``UserInfoProbe``): the
/// toolkit asks only to report an unknown value, which then reaches the decoder's handler at
/// once, at this decoder's path, as from the nested decoder.
///
/// A class rather than a struct: as `any Decoder` and as the `any SingleValueDecodingContainer`
/// it returns, a reference needs no box of its own.
@usableFromInline
final class PropertyDecoder<Key: CodingKey>: Decoder, SingleValueDecodingContainer {
  @usableFromInline
  let container: KeyedDecodingContainer<Key>

  @usableFromInline
  let key: Key

  /// The value at `key`, which the overload has read as a string.
  @usableFromInline
  let string: String

  @inlinable
  init(_ container: KeyedDecodingContainer<Key>, key: Key, string: String) {
    self.container = container
    self.key = key
    self.string = string
  }

  @usableFromInline
  var codingPath: [any CodingKey] { container.codingPath + [key] }

  /// Read from the parent container each time it is asked: the toolkit asks once, to report
  /// one value, and a stored copy would cost every property decoder a field to free.
  @usableFromInline
  var userInfo: [CodingUserInfoKey: Any] {
    container.userInfo(forKey: key)
  }

  @usableFromInline
  func container<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try container.nestedContainer(keyedBy: type, forKey: key)
  }

  @usableFromInline
  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try container.nestedUnkeyedContainer(forKey: key)
  }

  @usableFromInline
  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  /// `false`: the value is the string the overload read.
  @usableFromInline
  func decodeNil() -> Bool { false }

  @usableFromInline
  func decode(_ type: Bool.Type) throws -> Bool { try container.decode(type, forKey: key) }
  @usableFromInline
  func decode(_ type: String.Type) throws -> String { string }
  @usableFromInline
  func decode(_ type: Double.Type) throws -> Double { try container.decode(type, forKey: key) }
  @usableFromInline
  func decode(_ type: Float.Type) throws -> Float { try container.decode(type, forKey: key) }
  @usableFromInline
  func decode(_ type: Int.Type) throws -> Int { try container.decode(type, forKey: key) }
  @usableFromInline
  func decode(_ type: Int8.Type) throws -> Int8 { try container.decode(type, forKey: key) }
  @usableFromInline
  func decode(_ type: Int16.Type) throws -> Int16 { try container.decode(type, forKey: key) }
  @usableFromInline
  func decode(_ type: Int32.Type) throws -> Int32 { try container.decode(type, forKey: key) }
  @usableFromInline
  func decode(_ type: Int64.Type) throws -> Int64 { try container.decode(type, forKey: key) }
  @usableFromInline
  func decode(_ type: UInt.Type) throws -> UInt { try container.decode(type, forKey: key) }
  @usableFromInline
  func decode(_ type: UInt8.Type) throws -> UInt8 { try container.decode(type, forKey: key) }
  @usableFromInline
  func decode(_ type: UInt16.Type) throws -> UInt16 { try container.decode(type, forKey: key) }
  @usableFromInline
  func decode(_ type: UInt32.Type) throws -> UInt32 { try container.decode(type, forKey: key) }
  @usableFromInline
  func decode(_ type: UInt64.Type) throws -> UInt64 { try container.decode(type, forKey: key) }
  @usableFromInline
  func decode<T: Decodable>(_ type: T.Type) throws -> T { try container.decode(type, forKey: key) }
}
