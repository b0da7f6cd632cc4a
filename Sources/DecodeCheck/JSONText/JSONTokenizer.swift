/// One token of JSON text: what it is and the bytes it spans.
///
/// A string or a number that breaks JSON's rules is still a `.string` or a `.number` token,
/// marked not valid, and the tokenizer keeps its ``Problem``: a reader that expects a value
/// reports the problem, a reader that expects a `:` reports the token's first byte as
/// unexpected.
struct JSONToken {
  enum Kind: Equatable {
    case openBrace
    case closeBrace
    case openBracket
    case closeBracket
    case colon
    case comma
    case string
    case number
    case `true`
    case `false`
    case null
    /// A run of letters that is not `true`, `false` or `null`, such as `NaN` or `castle`.
    case word
    /// A byte that starts no token, such as `'`, `/` or 0xFF.
    case unexpected
    /// The end of the text; `start` and `end` are its length.
    case end
  }

  /// Why a string or a number is not valid JSON, and the offset of the byte at fault.
  struct Problem: Equatable {
    enum Kind: Equatable {
      case controlCharacter
      case invalidUTF8
      /// The text ends right after a backslash.
      case escapeAtEnd
      case unknownEscape
      /// A `\u` without four hex digits.
      case invalidHexEscape
      /// The code unit of a `\u` escape that is half of a surrogate pair without the other.
      case unpairedSurrogate(UInt32)
      case unclosedString
      case invalidNumber(NumberRule)
    }

    /// The rule of RFC 8259's number grammar a number breaks.
    enum NumberRule: Equatable {
      case digitAfterMinus
      case noLeadingZeros
      case digitAfterPoint
      case digitInExponent
    }

    var kind: Kind
    /// The first byte of the escape or the character at fault, or of the token itself for an
    /// unclosed string or an invalid number.
    var offset: Int
  }

  var kind: Kind
  /// The offset of the token's first byte.
  var start: Int
  /// The offset after its last byte: after the closing quote of a string. For a token that
  /// is not valid, where the tokenizer stopped.
  var end: Int
  /// Whether a string holds a backslash, so its text needs unescaping.
  var hasEscapes = false
  /// Whether a string or a number follows JSON's rules; ``JSONTokenizer/problem`` says why
  /// not.
  var isValid = true
}

/// Splits JSON text into tokens, one `next()` at a time, skipping the white space between
/// them. It keeps no state but its offset (and the problem of the last invalid token) and
/// allocates nothing, so every reader of JSON in decode-check reads through it: the
/// validation each payload goes through and the explanation of a syntax error
/// (`JSONValidation.swift`), the search for a coding path's value (`JSONLocation.swift`) and
/// the tree ``LocatingDecoder`` decodes (`JSONDocument.swift`).
///
/// ```swift
/// var tokens = JSONTokenizer(bytes, at: 0)  // the bytes of `{"a": 1}`
/// tokens.next()  // .openBrace at 0..<1
/// tokens.next()  // .string at 1..<4
/// ```
struct JSONTokenizer {
  let bytes: UnsafeRawBufferPointer
  /// The offset of the next byte to read.
  private(set) var offset: Int
  /// Why the last string or number that is not valid is not; set only by such a token.
  private(set) var problem: JSONToken.Problem?

  init(_ bytes: UnsafeRawBufferPointer, at offset: Int) {
    self.bytes = bytes
    self.offset = offset
  }

  private var count: Int { bytes.count }

  /// The next token after any white space.
  @inline(__always)
  mutating func next() -> JSONToken {
    while offset < count, ASCII.isWhitespace(bytes[offset]) { offset += 1 }
    let start = offset
    guard offset < count else { return JSONToken(kind: .end, start: start, end: start) }
    let kind: JSONToken.Kind
    switch bytes[offset] {
    case ASCII.quote: return readString()
    case ASCII.minus, ASCII.zero...ASCII.nine: return readNumber()
    case ASCII.openBrace: kind = .openBrace
    case ASCII.closeBrace: kind = .closeBrace
    case ASCII.openBracket: kind = .openBracket
    case ASCII.closeBracket: kind = .closeBracket
    case ASCII.colon: kind = .colon
    case ASCII.comma: kind = .comma
    case let byte where ASCII.isLetter(byte): return readWord()
    default: kind = .unexpected
    }
    offset += 1
    return JSONToken(kind: kind, start: start, end: offset)
  }

  /// The end of the run of letters at `first`, looking at no more than 33 of them.
  func wordEnd(from first: Int) -> Int {
    var end = first
    while end < count, end - first <= 32, ASCII.isLetter(bytes[end]) { end += 1 }
    return end
  }
}

// MARK: - Strings

extension JSONTokenizer {
  /// The string that opens at `offset`: no control characters, known escapes, UTF-8, closed.
  private mutating func readString() -> JSONToken {
    let quote = offset
    var hasEscapes = false
    offset += 1
    while true {
      // Eight bytes at a time, up to the first that ends, escapes or leaves the ASCII of a
      // string.
      while offset + 8 <= count {
        let word = UInt64(
          littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        let special = Self.specialBytes(in: word)
        guard special == 0 else {
          offset += special.trailingZeroBitCount >> 3
          break
        }
        offset += 8
      }
      guard offset < count else { return invalid(.unclosedString, at: quote) }
      switch bytes[offset] {
      case ASCII.quote:
        offset += 1
        return JSONToken(kind: .string, start: quote, end: offset, hasEscapes: hasEscapes)
      case ASCII.backslash:
        hasEscapes = true
        if let problem = readEscape() { return invalid(problem.kind, at: problem.offset) }
      case 0..<0x20:
        return invalid(.controlCharacter, at: offset)
      case 0x80...:
        guard let length = wellFormedUTF8Length(in: bytes, at: offset) else {
          return invalid(.invalidUTF8, at: offset)
        }
        offset += length
      default:
        offset += 1
      }
    }

    func invalid(_ kind: JSONToken.Problem.Kind, at offset: Int) -> JSONToken {
      problem = JSONToken.Problem(kind: kind, offset: offset)
      return JSONToken(
        kind: .string, start: quote, end: self.offset, hasEscapes: hasEscapes, isValid: false)
    }
  }

  /// A mask with the high bit set in the first byte of `word` (little-endian) that is `"`,
  /// `\`, a control or above 0x7F, and possibly in bytes after it; zero when there is none.
  /// (A byte's borrow in a subtraction only reaches the bytes above it, so the lowest bit set
  /// is always exact.)
  @inline(__always)
  private static func specialBytes(in word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
    let controls = (word &- ones &* 0x20) & ~word & highs
    return word & highs | controls | zeroBytes(word ^ (ones &* 0x22))
      | zeroBytes(word ^ (ones &* 0x5C))
  }

  /// Reads the escape at `offset` (a backslash) and moves past it; the problem if it is not
  /// one JSON knows.
  private mutating func readEscape() -> JSONToken.Problem? {
    let backslash = offset
    func problem(_ kind: JSONToken.Problem.Kind, at offset: Int) -> JSONToken.Problem {
      JSONToken.Problem(kind: kind, offset: offset)
    }
    guard backslash + 1 < count else { return problem(.escapeAtEnd, at: backslash) }
    switch bytes[backslash + 1] {
    case ASCII.quote, ASCII.backslash, ASCII.slash, UInt8(ascii: "b"), UInt8(ascii: "f"),
      UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      offset += 2
      return nil
    case UInt8(ascii: "u"):
      guard let unit = hexEscape(at: backslash) else {
        return problem(.invalidHexEscape, at: backslash)
      }
      if (0xDC00...0xDFFF).contains(unit) {
        return problem(.unpairedSurrogate(unit), at: backslash)
      }
      guard (0xD800...0xDBFF).contains(unit) else {
        offset += 6
        return nil
      }
      let low = backslash + 6
      guard low + 1 < count, bytes[low] == ASCII.backslash, bytes[low + 1] == UInt8(ascii: "u")
      else { return problem(.unpairedSurrogate(unit), at: backslash) }
      guard let lowUnit = hexEscape(at: low) else { return problem(.invalidHexEscape, at: low) }
      guard (0xDC00...0xDFFF).contains(lowUnit) else {
        return problem(.unpairedSurrogate(unit), at: backslash)
      }
      offset += 12
      return nil
    default:
      return problem(.unknownEscape, at: backslash)
    }
  }

  /// The UTF-16 code unit of the `\uXXXX` escape at `backslash`, or `nil` without four hex
  /// digits.
  private func hexEscape(at backslash: Int) -> UInt32? {
    guard backslash + 6 <= count else { return nil }
    var unit: UInt32 = 0
    for offset in backslash + 2..<backslash + 6 {
      guard let digit = ASCII.hexDigitValue(bytes[offset]) else { return nil }
      unit = unit << 4 | digit
    }
    return unit
  }
}

// MARK: - Numbers and literals

extension JSONTokenizer {
  /// The number at `offset`, by RFC 8259's grammar: no leading zeros, digits after `-`, `.`
  /// and the exponent. It ends at the first byte the grammar does not continue with.
  private mutating func readNumber() -> JSONToken {
    let first = offset
    func invalid(_ rule: JSONToken.Problem.NumberRule) -> JSONToken {
      problem = JSONToken.Problem(kind: .invalidNumber(rule), offset: first)
      return JSONToken(kind: .number, start: first, end: offset, isValid: false)
    }
    if bytes[offset] == ASCII.minus { offset += 1 }
    guard offset < count, ASCII.isDigit(bytes[offset]) else { return invalid(.digitAfterMinus) }
    if bytes[offset] == ASCII.zero {
      offset += 1
      if offset < count, ASCII.isDigit(bytes[offset]) { return invalid(.noLeadingZeros) }
    } else {
      readDigits()
    }
    if offset < count, bytes[offset] == UInt8(ascii: ".") {
      offset += 1
      guard readDigits() else { return invalid(.digitAfterPoint) }
    }
    if offset < count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
      offset += 1
      if offset < count, bytes[offset] == ASCII.plus || bytes[offset] == ASCII.minus {
        offset += 1
      }
      guard readDigits() else { return invalid(.digitInExponent) }
    }
    return JSONToken(kind: .number, start: first, end: offset)
  }

  /// Moves past a run of digits; whether there was one.
  @inline(__always)
  @discardableResult
  private mutating func readDigits() -> Bool {
    let first = offset
    while offset < count, ASCII.isDigit(bytes[offset]) { offset += 1 }
    return offset > first
  }

  /// The word at `offset`: `true`, `false`, `null`, or any other run of letters.
  private mutating func readWord() -> JSONToken {
    let first = offset
    offset = wordEnd(from: first)
    let kind: JSONToken.Kind
    switch offset - first {
    case 4 where matches("true", at: first): kind = .true
    case 4 where matches("null", at: first): kind = .null
    case 5 where matches("false", at: first): kind = .false
    default: kind = .word
    }
    return JSONToken(kind: kind, start: first, end: offset)
  }

  private func matches(_ word: StaticString, at first: Int) -> Bool {
    for index in 0..<word.utf8CodeUnitCount where bytes[first + index] != word.utf8Start[index] {
      return false
    }
    return true
  }
}

/// The length of the well-formed UTF-8 sequence at `offset` of `bytes` (1 for ASCII), or `nil`
/// if it is not one. The ranges of the second byte exclude overlong forms, surrogates and
/// values past U+10FFFF.
func wellFormedUTF8Length(in bytes: UnsafeRawBufferPointer, at offset: Int) -> Int? {
  let (length, secondRange): (Int, ClosedRange<UInt8>)
  switch bytes[offset] {
  case 0x00...0x7F: return 1
  case 0xC2...0xDF: (length, secondRange) = (2, 0x80...0xBF)
  case 0xE0: (length, secondRange) = (3, 0xA0...0xBF)
  case 0xE1...0xEC, 0xEE...0xEF: (length, secondRange) = (3, 0x80...0xBF)
  case 0xED: (length, secondRange) = (3, 0x80...0x9F)
  case 0xF0: (length, secondRange) = (4, 0x90...0xBF)
  case 0xF1...0xF3: (length, secondRange) = (4, 0x80...0xBF)
  case 0xF4: (length, secondRange) = (4, 0x80...0x8F)
  default: return nil
  }
  guard offset + length <= bytes.count, secondRange.contains(bytes[offset + 1]) else {
    return nil
  }
  for continuation in offset + 2..<offset + length where bytes[continuation] & 0xC0 != 0x80 {
    return nil
  }
  return length
}
