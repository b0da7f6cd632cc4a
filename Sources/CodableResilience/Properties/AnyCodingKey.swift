/// A coding key made at run time: a dictionary key (`ExtensibleEnum`'s `codingKey`, the keys of
/// an object a keyed overload reads) or an array index.
@usableFromInline
struct AnyCodingKey: CodingKey {
  @usableFromInline var stringValue: String
  @usableFromInline var intValue: Int?

  init(stringValue: String, intValue: Int?) {
    self.stringValue = stringValue
    self.intValue = intValue
  }

  /// A key of an object, as the standard library's own dictionary key is: its text, and the
  /// integer the text spells, if it spells one.
  @usableFromInline
  init(stringValue: String) {
    self.init(stringValue: stringValue, intValue: Int(stringValue))
  }

  /// An array index, spelt as Foundation's decoders spell it (`Index 3`), so that reports and
  /// errors read the same whichever decoder made the path.
  @usableFromInline
  init(intValue: Int) {
    self.init(stringValue: "Index \(intValue)", intValue: intValue)
  }
}
