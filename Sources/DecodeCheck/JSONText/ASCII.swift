/// The bytes JSON's grammar is written in, for the tokenizer and its clients.
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

  /// Space, line feed, carriage return or tab: the white space JSON allows between tokens.
  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  static func isDigit(_ byte: UInt8) -> Bool {
    (zero...nine).contains(byte)
  }

  static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
  }

  /// Whether a byte ends a number or a literal.
  static func isDelimiter(_ byte: UInt8) -> Bool {
    isWhitespace(byte) || byte == comma || byte == closeBrace || byte == closeBracket
      || byte == colon
  }

  /// The value of a hex digit, either case; `nil` for any other byte.
  static func hexDigitValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case zero...nine: UInt32(byte - zero)
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }
}
