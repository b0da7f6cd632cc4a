/// Where something read from an OpenAPI document sits: its JSON pointer, and the byte offset
/// its line and column are found from.
struct SpecSite: Sendable, Hashable {
  var pointer: JSONPointer
  /// The offset of the member's key, or of the value itself where it has no key (an element
  /// of `enum`, the document's root).
  var offset: Int
}

/// A value written in the document, such as an element of `enum` or an `example`.
struct SpecValue: Sendable, Hashable {
  /// The value: an index into the document's ``JSONDocument/nodes``.
  var node: Int
  var site: SpecSite
}
