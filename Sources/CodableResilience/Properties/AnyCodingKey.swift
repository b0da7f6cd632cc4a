/// A coding key made at run time: a dictionary key (`ExtensibleEnum`'s `codingKey`, the keys
/// `@SkipUnknownKeys` reports), a tagged union's tag and content keys, or an array index.
/// The toolkit's one such key.
@usableFromInline
struct AnyCodingKey: CodingKey {
  @usableFromInline var stringValue: String
  @usableFromInline var intValue: Int?

  @usableFromInline
  init(stringValue: String, intValue: Int?) {
    self.stringValue = stringValue
    self.intValue = intValue
  }

  @usableFromInline
  init(stringValue: String) {
    self.init(stringValue: stringValue, intValue: nil)
  }

  /// A key of this text: a union's tag or content key, a dictionary's unknown key.
  @usableFromInline
  init(_ stringValue: String) {
    self.init(stringValue: stringValue, intValue: nil)
  }

  /// An array index, spelt as Foundation's decoders spell it (`Index 3`), so that reports and
  /// errors read the same whichever decoder made the path.
  @usableFromInline
  init(intValue: Int) {
    self.init(stringValue: "Index \(intValue)", intValue: intValue)
  }
}

/// The name `Collections/SkipUnknownKeys.swift` still uses for ``AnyCodingKey``: that file is
/// being reworked on another branch. Remove this alias once it says `AnyCodingKey`.
typealias TextCodingKey = AnyCodingKey
