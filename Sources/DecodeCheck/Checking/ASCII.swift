/// The bytes JSON's grammar is written in, for the scanner and the validator.
enum ASCII {
  static let quote = UInt8(ascii: "\"")
  static let backslash = UInt8(ascii: "\\")
  static let slash = UInt8(ascii: "/")
  static let openBrace = UInt8(ascii: "{")
  static let closeBrace = UInt8(ascii: "}")
  static let openBracket = UInt8(ascii: "[")
  static let closeBracket = UInt8(ascii: "]")
  static let colon = UInt8(ascii: ":")
  static let comma = UInt8(ascii: ",")
  static let minus = UInt8(ascii: "-")
  static let plus = UInt8(ascii: "+")
  static let zero = UInt8(ascii: "0")
  static let nine = UInt8(ascii: "9")
  static let newline = UInt8(ascii: "\n")
}
