import CodableResilience

extension JSONScanner {
  /// Why a payload is not valid JSON, and where the reading stopped.
  struct SyntaxError: Error, Hashable {
    /// The byte offset where the reading stopped; the payload's length when it ended early.
    var offset: Int
    /// A plain-words explanation, such as "not valid JSON: unexpected character `}`".
    var message: String
    /// The path of the value being read when it stopped.
    var path: [UnknownValue.PathComponent]
    /// Whether `JSONDecoder` reads it all the same (a trailing comma): a warning, not an error.
    var isReadByJSONDecoder = false
  }
}

// MARK: - Messages

extension JSONScanner.SyntaxError {
  /// The explanation of the grammar reader's `failure` in the payload `scanner` reads.
  init(
    _ failure: JSONGrammarReader.Failure, path: [UnknownValue.PathComponent],
    in scanner: JSONScanner
  ) {
    let bytes = scanner.bytes
    let offset = failure.offset
    let message: String
    switch failure.reason {
    case .empty:
      message = bytes.isEmpty ? "the payload is empty" : "the payload holds only whitespace"
    case .unexpected(let expectation) where offset == bytes.count:
      message = "the payload ends early; expected \(expectation.words)"
    case .unexpected(let expectation):
      self.init(
        offset: offset,
        message: scanner.describeUnexpected(at: offset, expecting: expectation), path: path)
      return
    case .bareWord:
      self.init(offset: offset, message: scanner.describeBareWord(at: offset), path: path)
      return
    case .tooDeep:
      message =
        "nested more than \(JSONScanner.maximumDepth) levels deep, the most JSONDecoder reads"
    case .trailingComma(let closing):
      message = Self.trailingCommaRule(before: closing)
    case .token(let problem):
      self.init(offset: offset, message: scanner.describe(problem), path: path)
      return
    }
    self.init(offset: offset, message: "not valid JSON: " + message, path: path)
  }

  /// The warning for a comma before `closing` that `JSONDecoder` reads, on the path of its
  /// container.
  static func trailingComma(
    before closing: UInt8, at offset: Int, in container: [UnknownValue.PathComponent]
  ) -> Self {
    Self(
      offset: offset,
      message: trailingCommaRule(before: closing)
        + " (RFC 8259); JSONDecoder reads it, but other JSON parsers, such as "
        + "JavaScript's JSON.parse, reject it",
      path: container, isReadByJSONDecoder: true)
  }

  private static func trailingCommaRule(before closing: UInt8) -> String {
    "a comma before `\(Character(Unicode.Scalar(closing)))`; JSON allows no trailing comma"
  }
}

extension JSONGrammarReader.Expectation {
  /// What the reader expects, in the words of a message.
  var words: String {
    switch self {
    case .value, .valueAfterComma: "a value"
    case .valueOrArrayEnd: "a value or `]`"
    case .keyOrObjectEnd: "a key in double quotes or `}`"
    case .keyAfterComma: "a key in double quotes"
    case .colon: "`:` after the key"
    case .commaOrObjectEnd: "`,` or `}`"
    case .commaOrArrayEnd: "`,` or `]`"
    case .end: "nothing more"
    }
  }
}

extension JSONScanner {
  private var count: Int { bytes.count }

  /// Explains a string or a number that breaks JSON's rules.
  func describe(_ problem: JSONToken.Problem) -> String {
    let offset = problem.offset
    switch problem.kind {
    case .controlCharacter:
      return "not valid JSON: control character U+\(hex(UInt32(bytes[offset]), digits: 4)) "
        + "inside a string; it must be written as an escape such as \\n"
    case .invalidUTF8:
      return "not valid UTF-8: byte 0x\(hex(UInt32(bytes[offset]), digits: 2)) inside a string"
    case .escapeAtEnd:
      return "not valid JSON: the payload ends inside an escape"
    case .unknownEscape:
      let escaped = offset + 1
      let escape = printableToken(
        bytes[offset..<escaped + (wellFormedUTF8Length(in: bytes, at: escaped) ?? 1)])
      return "not valid JSON: `\(escape)` is not an escape JSON knows"
    case .invalidHexEscape:
      let text = printableToken(bytes[offset..<min(offset + 6, count)])
      return "not valid JSON: `\(text)` is not a \\u escape of four hex digits"
    case .unpairedSurrogate(let unit):
      return "not valid JSON: `\\u\(hex(unit, digits: 4))` is half of a surrogate pair "
        + "without its other half"
    case .unclosedString:
      return "not valid JSON: a string that starts here is never closed"
    case .invalidNumber(let rule):
      var end = offset
      while end < count, end - offset <= 32, !ASCII.isDelimiter(bytes[end]) { end += 1 }
      let text = printableToken(bytes[offset..<end], cutAfter: 32)
      return "not valid JSON: `\(text)` is not a number (\(rule.words))"
    }
  }

  /// Explains a word where a value was expected: a typo of a literal, NaN, or a bare string.
  func describeBareWord(at first: Int) -> String {
    let end = JSONTokenizer(bytes, at: first).wordEnd(from: first)
    let word = printableToken(bytes[first..<end], cutAfter: 32)
    switch word {
    case "NaN", "Infinity":
      return "not valid JSON: `\(word)` is not a JSON value; JSON has no NaN or Infinity"
    case _ where ["true", "false", "null"].contains(where: { $0.hasPrefix(word.lowercased()) }):
      return "not valid JSON: `\(word)` is not a JSON value (true, false and null are)"
    default:
      return "not valid JSON: `\(word)` is not a JSON value; strings need double quotes"
    }
  }

  /// Names the byte at `offset` in plain words, with a hint when the mistake is a common one.
  fileprivate func describeUnexpected(
    at offset: Int, expecting expectation: JSONGrammarReader.Expectation
  ) -> String {
    let byte = bytes[offset]
    if byte >= 0x80 {
      guard let length = wellFormedUTF8Length(in: bytes, at: offset) else {
        return "not valid UTF-8: byte 0x\(hex(UInt32(byte), digits: 2))"
      }
      let character = printableToken(bytes[offset..<offset + length])
      let scalar = character.unicodeScalars.first.map { "U+" + hex($0.value, digits: 4) } ?? ""
      return "not valid JSON: unexpected character `\(character)` (\(scalar)); "
        + "expected \(expectation.words)"
    }
    if byte < 0x20 || byte == 0x7F {
      return "not valid JSON: unexpected byte 0x\(hex(UInt32(byte), digits: 2)) "
        + "where \(expectation.words) was expected; the data looks binary"
    }
    let character = byte == UInt8(ascii: "`") ? "`` ` ``" : "`\(Character(Unicode.Scalar(byte)))`"
    var text = "not valid JSON: unexpected character \(character)"
    if expectation == .end {
      text += " after the end of the JSON value"
      if byte == ASCII.openBrace || byte == ASCII.openBracket {
        text += "; one value per line is newline-delimited JSON, read with --lines"
      }
      return text
    }
    text += "; expected \(expectation.words)"
    switch byte {
    case UInt8(ascii: "'"): text += " (JSON strings use double quotes)"
    case ASCII.slash: text += " (JSON has no comments)"
    case UInt8(ascii: "<") where offset == start: text += " (this looks like HTML or XML)"
    default: break
    }
    return text
  }
}

extension JSONToken.Problem.NumberRule {
  fileprivate var words: String {
    switch self {
    case .digitAfterMinus: "a digit must follow `-`"
    case .noLeadingZeros: "no leading zeros"
    case .digitAfterPoint: "a digit must follow `.`"
    case .digitInExponent: "a digit must follow the exponent"
    }
  }
}

/// A number in upper-case hex, padded with zeros to `digits`.
private func hex(_ value: UInt32, digits: Int) -> String {
  let text = String(value, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, digits - text.count)) + text
}

/// Text from a payload, fit to quote in a message: control characters written as JSON
/// escapes (`\u0009`), bytes that are not UTF-8 as U+FFFD, and cut after `limit` characters
/// with an ellipsis, so no message carries raw control bytes or a whole huge token.
func printableToken(_ bytes: some Collection<UInt8>, cutAfter limit: Int = 32) -> String {
  var text = ""
  var length = 0
  for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
    guard length < limit else { return text + "…" }
    length += 1
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F:
      let digits = String(scalar.value, radix: 16, uppercase: true)
      text += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
    default:
      text.unicodeScalars.append(scalar)
    }
  }
  return text
}
