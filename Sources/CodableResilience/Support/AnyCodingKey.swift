/// A coding key made at run time: a key of an object (a union's tag or content key, the keys
/// of an object a keyed overload reads, `ExtensibleEnum`'s `codingKey`) or an array index.
///
/// It fits in an `any CodingKey`'s inline buffer (24 bytes), and copies as cheaply as its
/// string: a key with a stored `Int?` takes 25 bytes, and every coding path holding one would
/// allocate a box for it (0.5% more instructions on the `tagged-union` benchmark row). An index
/// is kept as an `Int32`: no array JSON holds has more elements.
@usableFromInline
struct AnyCodingKey: CodingKey {
  @usableFromInline
  let stringValue: String

  /// The array index, for a key made from one.
  @usableFromInline
  let index: Int32?

  /// A key of an object.
  @inlinable
  init(_ text: String) {
    stringValue = text
    index = nil
  }

  /// A key of an object, as the standard library's own dictionary key is: its text, and the
  /// integer the text spells, if it spells one (see ``intValue``).
  @inlinable
  init(stringValue: String) {
    self.init(stringValue)
  }

  /// An array index, spelt as Foundation's decoders spell it (`Index 3`), so that reports and
  /// errors read the same whichever decoder made the path.
  @inlinable
  init(intValue: Int) {
    stringValue = "Index \(intValue)"
    index = Int32(truncatingIfNeeded: intValue)
  }

  /// The index, or the integer an object key's text spells (`"42"`), as for a dictionary key.
  ///
  /// Decoders ask for it as they build coding paths, so a key that cannot spell an integer
  /// (one that does not start with a digit, `-` or `+`) says so without parsing.
  @inlinable
  var intValue: Int? {
    if let index { return Int(index) }
    guard let first = stringValue.utf8.first,
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) || first == UInt8(ascii: "-")
        || first == UInt8(ascii: "+")
    else { return nil }
    return Int(stringValue)
  }
}
