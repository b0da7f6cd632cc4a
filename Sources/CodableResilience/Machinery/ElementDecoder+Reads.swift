// What an ``ElementDecoder`` answers as a `Decoder` and as the element's single-value
// container: each read takes the current element's value from the array's container once.

extension ElementDecoder {
  /// Whether `elements` is at its end, asked in place: reading a property of an existential
  /// held by a class would copy it first.
  @inlinable
  func isAtEnd(_ elements: inout any UnkeyedDecodingContainer) -> Bool {
    elements.isAtEnd
  }

  /// The array's path, read once (a decoder builds it anew each time), and the element's index.
  @usableFromInline
  var codingPath: [any CodingKey] {
    if arrayPath == nil { arrayPath = elements.codingPath }
    return arrayPath! + [AnyCodingKey(intValue: index)]
  }

  @usableFromInline
  func container<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try read(keepingValue: false) { try $0.nestedContainer(keyedBy: type) }
  }

  @usableFromInline
  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try read(keepingValue: false) { try $0.nestedUnkeyedContainer() }
  }

  @inlinable
  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  @usableFromInline
  func decodeNil() -> Bool {
    guard !consumed, !refused else {
      refused = true
      return false
    }
    // An unkeyed container moves past a `null` it finds, and stays put otherwise.
    consumed = (try? elements.decodeNil()) ?? false
    return consumed
  }

  /// Takes the current element's value with `body`, once. A read that fails leaves the element
  /// to be read again when the cursor did not move; a read after the value was taken is
  /// refused. A container is not the element's value (`keepingValue: false`): an element left
  /// out after reading one is kept as its JSON, read again.
  @inlinable
  func read<T>(
    keepingValue: Bool = true, _ body: (inout any UnkeyedDecodingContainer) throws -> T
  ) throws -> T {
    if _slowPath(consumed || refused) {
      return try readAgain(T.self)
    }
    do {
      let value = try body(&elements)
      consumed = true
      if _slowPath(kept != nil), keepingValue {
        keep(value)
      }
      return value
    } catch {
      noteFailedRead()
      throw error
    }
  }

  /// A read after the current element's value was taken or refused: refused, so that the
  /// element is read again the generic way and nothing more is taken.
  ///
  /// A read once the array is read comes from a container an element kept (this decoder is
  /// its single-value container): the array is gone, so it throws what Foundation's kept
  /// container throws, a `DecodingError`, never the signal to read an element again.
  @usableFromInline
  func readAgain<T>(_: T.Type) throws -> T {
    guard makeSource != nil else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: codingPath,
          debugDescription: "The array this container's element is in has been read; the "
            + "container reads the element only while the element decodes. Keep its value."))
    }
    refused = true
    throw LeftFastPath()
  }

  /// Keeps the current element's value, for a decoder that keeps them.
  @usableFromInline
  func keep(_ value: Any) {
    kept?.lastRead = value
  }

  /// Notes a read that failed: the element is read again when the cursor did not move.
  @usableFromInline
  func noteFailedRead() {
    readFailed = true
    consumed = elements.currentIndex != index
  }

  @inlinable
  func decode(_ type: Bool.Type) throws -> Bool { try read { try $0.decode(type) } }
  @inlinable
  func decode(_ type: String.Type) throws -> String { try read { try $0.decode(type) } }
  @inlinable
  func decode(_ type: Double.Type) throws -> Double { try read { try $0.decode(type) } }
  @inlinable
  func decode(_ type: Float.Type) throws -> Float { try read { try $0.decode(type) } }
  @inlinable
  func decode(_ type: Int.Type) throws -> Int { try read { try $0.decode(type) } }
  @inlinable
  func decode(_ type: Int8.Type) throws -> Int8 { try read { try $0.decode(type) } }
  @inlinable
  func decode(_ type: Int16.Type) throws -> Int16 { try read { try $0.decode(type) } }
  @inlinable
  func decode(_ type: Int32.Type) throws -> Int32 { try read { try $0.decode(type) } }
  @inlinable
  func decode(_ type: Int64.Type) throws -> Int64 { try read { try $0.decode(type) } }
  @inlinable
  func decode(_ type: UInt.Type) throws -> UInt { try read { try $0.decode(type) } }
  @inlinable
  func decode(_ type: UInt8.Type) throws -> UInt8 { try read { try $0.decode(type) } }
  @inlinable
  func decode(_ type: UInt16.Type) throws -> UInt16 { try read { try $0.decode(type) } }
  @inlinable
  func decode(_ type: UInt32.Type) throws -> UInt32 { try read { try $0.decode(type) } }
  @inlinable
  func decode(_ type: UInt64.Type) throws -> UInt64 { try read { try $0.decode(type) } }
  @inlinable
  func decode<T: Decodable>(_ type: T.Type) throws -> T { try read { try $0.decode(type) } }
}
