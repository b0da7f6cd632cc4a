/// The decoder an element's `init(from:)` is handed by ``ElementDecoder``: that decoder while
/// the element decodes, and, for an element that keeps it (in a closure that reads `userInfo`
/// later, say), the decoder's own decoder for that element once its `init(from:)` has returned.
///
/// The element decoder reads the elements one after the other and is gone when the array is
/// read, so a kept reference to it would answer for another element, or for none. The handle,
/// a small object, tells whether it was kept (it is no longer uniquely referenced) and is then
/// pointed at a decoder that stays valid: its own coding path, the decoder's own `userInfo`,
/// containers that read its value, and the decoder's own errors. A handle not kept is handed to
/// the next element.
@usableFromInline
final class ElementHandle: Decoder {
  /// What answers: the element decoder, or the decoder's own decoder for a kept element.
  @usableFromInline var base: any Decoder

  @inlinable
  init(_ base: any Decoder) {
    self.base = base
  }

  @usableFromInline
  var codingPath: [any CodingKey] { base.codingPath }

  @usableFromInline
  var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

  @usableFromInline
  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    try base.container(keyedBy: type)
  }

  @usableFromInline
  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try base.unkeyedContainer()
  }

  @usableFromInline
  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    try base.singleValueContainer()
  }
}
