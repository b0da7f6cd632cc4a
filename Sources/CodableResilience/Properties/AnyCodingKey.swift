/// A coding key made at run time: a dictionary key (`ExtensibleEnum`'s `codingKey`, the keys
/// `@SkipUnknownKeys` reports) or an array index.
struct AnyCodingKey: CodingKey {
  var stringValue: String
  var intValue: Int?

  init(stringValue: String, intValue: Int?) {
    self.stringValue = stringValue
    self.intValue = intValue
  }

  init(stringValue: String) {
    self.init(stringValue: stringValue, intValue: nil)
  }

  /// An array index, spelt as Foundation's decoders spell it (`Index 3`), so that reports and
  /// errors read the same whichever decoder made the path.
  init(intValue: Int) {
    self.init(stringValue: "Index \(intValue)", intValue: intValue)
  }
}
