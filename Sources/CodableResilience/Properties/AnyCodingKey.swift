/// A coding key made at run time: a key of an object (a union's tag or content key, the keys
/// of an object a keyed overload reads, `ExtensibleEnum`'s `codingKey`) or an array index.
///
/// It fits in an `any CodingKey`'s inline buffer (24 bytes): a key with a stored `String` and a
/// stored `Int?` takes 25, and every coding path holding one would allocate a box for it (0.5%
/// more instructions on the `tagged-union` benchmark row).
@usableFromInline
struct AnyCodingKey: CodingKey {
  @usableFromInline
  enum Storage: Sendable {
    case text(String)
    case index(Int)
  }

  @usableFromInline
  let storage: Storage

  /// A key of an object.
  @inlinable
  init(_ text: String) {
    storage = .text(text)
  }

  /// A key of an object, as the standard library's own dictionary key is: its text, and the
  /// integer the text spells, if it spells one (see ``intValue``).
  @inlinable
  init(stringValue: String) {
    storage = .text(stringValue)
  }

  /// An array index, spelt as Foundation's decoders spell it (`Index 3`), so that reports and
  /// errors read the same whichever decoder made the path.
  @inlinable
  init(intValue: Int) {
    storage = .index(intValue)
  }

  @inlinable
  var stringValue: String {
    switch storage {
    case .text(let text): text
    case .index(let index): "Index \(index)"
    }
  }

  /// The index, or the integer an object key's text spells (`"42"`), as for a dictionary key.
  @inlinable
  var intValue: Int? {
    switch storage {
    case .text(let text): Int(text)
    case .index(let index): index
    }
  }
}
