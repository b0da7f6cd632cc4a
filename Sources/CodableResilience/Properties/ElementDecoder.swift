/// The decoder each element's `init(from:)` gets from the toolkit's array overloads: one per
/// array, reading the elements one after the other from the array's unkeyed container.
///
/// An unkeyed container is a cursor, so it cannot answer every question a nested decoder
/// could (a second read of the same element, say) without changing what the element reads.
/// This decoder answers exactly one read per element (`decodeNil()` that finds `null`, or one
/// `decode` of a single value), and for anything else it sets ``leftFastPath`` and refuses.
/// The overload then decodes the whole array again through the container's generic path,
/// which is the reference behaviour, so the result is the same either way.
///
/// `userInfo` it answers with an empty dictionary, and remembers that the element asked: the
/// toolkit reads it only to report an unknown value. The overload then reads just those
/// elements again through the array container's generic path, whose decoder has the
/// `userInfo`, so they report once, in order, with the generic path's coding path and handler.
/// Measured, that costs less than holding reports back, which would tax every array.
///
/// It is not generic, so that making and releasing one costs little: the coding path comes
/// from the unkeyed container, which knows the array's own path. Its state is read and written
/// by one decode on one thread and never borrowed across a call that could touch it again, so
/// its properties skip Swift's run-time exclusivity checks (3% of an array-heavy decode).
@usableFromInline
final class ElementDecoder: Decoder, SingleValueDecodingContainer {
  @usableFromInline @exclusivity(unchecked)
  var elements: any UnkeyedDecodingContainer

  /// The index of the current element.
  @usableFromInline @exclusivity(unchecked)
  var index = 0

  /// Whether the current element has been read (its value taken from `elements`).
  @usableFromInline @exclusivity(unchecked)
  var hasRead = false

  /// Whether an element asked for something this decoder does not answer exactly.
  @usableFromInline @exclusivity(unchecked)
  var leftFastPath = false

  /// Whether the current element asked for `userInfo`.
  @usableFromInline @exclusivity(unchecked)
  var askedUserInfo = false

  @usableFromInline
  init(_ elements: any UnkeyedDecodingContainer) {
    self.elements = elements
  }

  /// Decodes every element with `Element.init(from:)`; `nil` when one of them left the fast
  /// path or threw, for the caller to decode the array the generic way.
  ///
  /// `askedUserInfo` lists, in order, the positions of the elements that asked for `userInfo`
  /// (to report an unknown value), which the caller reads again with a decoder that has it.
  @inlinable
  func decodeAll<Element: Decodable>(
    _: Element.Type
  ) -> (elements: [Element], askedUserInfo: [Int])? {
    var result: [Element] = []
    var asking: [Int] = []
    result.reserveCapacity(elements.count ?? 0)
    while !isAtEnd(&elements) {
      index = elements.currentIndex
      hasRead = false
      askedUserInfo = false
      guard let element = try? Element(from: self), hasRead, !leftFastPath else { return nil }
      if askedUserInfo {
        asking.append(index)
      }
      result.append(element)
    }
    return (result, asking)
  }

  /// Empty, and remembers that the current element asked: a container does not expose the
  /// decoding's `userInfo`, and not every decoder supports `superDecoder`, so the overload
  /// reads that element again through the array container's generic path.
  @usableFromInline
  var userInfo: [CodingUserInfoKey: Any] {
    askedUserInfo = true
    return [:]
  }

  /// Whether `elements` is at its end, asked in place: reading a property of an existential
  /// held by a class would copy it first.
  @inlinable
  func isAtEnd(_ elements: inout any UnkeyedDecodingContainer) -> Bool {
    elements.isAtEnd
  }

  @usableFromInline
  var codingPath: [any CodingKey] {
    elements.codingPath + [AnyCodingKey(intValue: index)]
  }

  @usableFromInline
  func container<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    throw refusal()
  }

  @usableFromInline
  func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw refusal() }

  @usableFromInline
  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  @usableFromInline
  func decodeNil() -> Bool {
    guard !hasRead else {
      leftFastPath = true
      return false
    }
    // An unkeyed container moves past a `null` it finds, and stays put otherwise.
    hasRead = (try? elements.decodeNil()) ?? false
    return hasRead
  }

  /// Reads the current element once; a second read, or a failed one, leaves the fast path.
  @inlinable
  func read<T>(_ body: (inout any UnkeyedDecodingContainer) throws -> T) throws -> T {
    guard !hasRead else { throw refusal() }
    do {
      let value = try body(&elements)
      hasRead = true
      return value
    } catch {
      leftFastPath = true
      throw error
    }
  }

  @usableFromInline
  func refusal() -> any Error {
    leftFastPath = true
    return LeftFastPath()
  }

  @usableFromInline
  func decode(_ type: Bool.Type) throws -> Bool { try read { try $0.decode(type) } }
  @usableFromInline
  func decode(_ type: String.Type) throws -> String { try read { try $0.decode(type) } }
  @usableFromInline
  func decode(_ type: Double.Type) throws -> Double { try read { try $0.decode(type) } }
  @usableFromInline
  func decode(_ type: Float.Type) throws -> Float { try read { try $0.decode(type) } }
  @usableFromInline
  func decode(_ type: Int.Type) throws -> Int { try read { try $0.decode(type) } }
  @usableFromInline
  func decode(_ type: Int8.Type) throws -> Int8 { try read { try $0.decode(type) } }
  @usableFromInline
  func decode(_ type: Int16.Type) throws -> Int16 { try read { try $0.decode(type) } }
  @usableFromInline
  func decode(_ type: Int32.Type) throws -> Int32 { try read { try $0.decode(type) } }
  @usableFromInline
  func decode(_ type: Int64.Type) throws -> Int64 { try read { try $0.decode(type) } }
  @usableFromInline
  func decode(_ type: UInt.Type) throws -> UInt { try read { try $0.decode(type) } }
  @usableFromInline
  func decode(_ type: UInt8.Type) throws -> UInt8 { try read { try $0.decode(type) } }
  @usableFromInline
  func decode(_ type: UInt16.Type) throws -> UInt16 { try read { try $0.decode(type) } }
  @usableFromInline
  func decode(_ type: UInt32.Type) throws -> UInt32 { try read { try $0.decode(type) } }
  @usableFromInline
  func decode(_ type: UInt64.Type) throws -> UInt64 { try read { try $0.decode(type) } }
  @usableFromInline
  func decode<T: Decodable>(_ type: T.Type) throws -> T { try read { try $0.decode(type) } }
}

/// What ``ElementDecoder`` throws for a question it does not answer exactly.
@usableFromInline
struct LeftFastPath: Error {
  @usableFromInline
  init() {}
}
