/// Answers one question as fast as one pass over the bytes allows: are they exactly one
/// RFC 8259 JSON value in UTF-8, nested no deeper than `JSONDecoder` reads?
///
/// Every payload goes through it before it is decoded, because `JSONDecoder` checks only the
/// values a model reads (it accepts `{"ignored": "\x"}`) and reads a trailing comma. When the
/// answer is no, ``JSONScanner`` reads the payload again to say why and where, in words; the
/// two follow the same rules (`ScannerAgreementTests` holds them to it).
enum StrictJSONValidator {
  /// Whether `bytes`, from `start` (past a byte order mark), are one valid JSON value.
  static func isValid(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Bool {
    guard let base = bytes.baseAddress, start < bytes.count else { return false }
    let text = base.assumingMemoryBound(to: UInt8.self)
    return withUnsafeTemporaryAllocation(of: Bool.self, capacity: JSONScanner.maximumDepth) {
      var reader = Reader(
        bytes: bytes, text: text, count: bytes.count, index: start, isObject: $0)
      return reader.readDocument()
    }
  }

  /// The reading position and the open containers, `true` for an object.
  private struct Reader {
    let bytes: UnsafeRawBufferPointer
    let text: UnsafePointer<UInt8>
    let count: Int
    var index: Int
    let isObject: UnsafeMutableBufferPointer<Bool>
    var depth = 0

    mutating func readDocument() -> Bool {
      while true {
        // A value.
        skipWhitespace()
        guard index < count else { return false }
        switch text[index] {
        case ASCII.openBrace, ASCII.openBracket:
          guard depth < JSONScanner.maximumDepth else { return false }
          let opensObject = text[index] == ASCII.openBrace
          isObject[depth] = opensObject
          depth += 1
          index += 1
          skipWhitespace()
          guard index < count else { return false }
          if text[index] == (opensObject ? ASCII.closeBrace : ASCII.closeBracket) {
            index += 1
            depth -= 1
          } else if opensObject {
            guard readKey() else { return false }
            continue
          } else {
            continue
          }
        case ASCII.quote:
          guard readString() else { return false }
        case ASCII.minus, ASCII.zero...ASCII.nine:
          guard readNumber() else { return false }
        case UInt8(ascii: "t"):
          guard readLiteral("true") else { return false }
        case UInt8(ascii: "f"):
          guard readLiteral("false") else { return false }
        case UInt8(ascii: "n"):
          guard readLiteral("null") else { return false }
        default:
          return false
        }
        // After a value: a comma, the end of its container, or the end of the payload.
        while true {
          skipWhitespace()
          guard depth > 0 else { return index == count }
          guard index < count else { return false }
          let byte = text[index]
          let inObject = isObject[depth - 1]
          if byte == ASCII.comma {
            index += 1
            if inObject {
              skipWhitespace()
              guard readKey() else { return false }
            }
            break
          }
          guard byte == (inObject ? ASCII.closeBrace : ASCII.closeBracket) else { return false }
          index += 1
          depth -= 1
        }
      }
    }

    /// A key, the `:` after it, and the white space before the value.
    private mutating func readKey() -> Bool {
      guard index < count, text[index] == ASCII.quote, readString() else { return false }
      skipWhitespace()
      guard index < count, text[index] == ASCII.colon else { return false }
      index += 1
      return true
    }

    private mutating func skipWhitespace() {
      while index < count {
        switch text[index] {
        case 0x20, 0x0A, 0x0D, 0x09: index += 1
        default: return
        }
      }
    }

    /// The string that opens at `index`: no control characters, known escapes, UTF-8.
    private mutating func readString() -> Bool {
      index += 1
      while true {
        // Eight plain ASCII bytes at a time: none is `"`, `\`, a control or above 0x7F.
        while index + 8 <= count {
          let word = UnsafeRawPointer(text + index).loadUnaligned(as: UInt64.self)
          guard isPlain(word) else { break }
          index += 8
        }
        guard index < count else { return false }
        let byte = text[index]
        switch byte {
        case ASCII.quote:
          index += 1
          return true
        case ASCII.backslash:
          guard readEscape() else { return false }
        case 0..<0x20:
          return false
        case 0x80...:
          guard let length = wellFormedUTF8Length(in: bytes, at: index) else { return false }
          index += length
        default:
          index += 1
        }
      }
    }

    /// Whether no byte of `word` ends, escapes or leaves the ASCII of a string.
    private func isPlain(_ word: UInt64) -> Bool {
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highs: UInt64 = 0x8080_8080_8080_8080
      func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
      let control = (word &- ones &* 0x20) & ~word & highs
      return word & highs == 0 && control == 0 && !hasZeroByte(word ^ (ones &* 0x22))
        && !hasZeroByte(word ^ (ones &* 0x5C))
    }

    private mutating func readEscape() -> Bool {
      guard index + 1 < count else { return false }
      switch text[index + 1] {
      case ASCII.quote, ASCII.backslash, UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
        UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
        index += 2
        return true
      case UInt8(ascii: "u"):
        guard let unit = hexEscape(at: index) else { return false }
        index += 6
        switch unit {
        case 0xD800...0xDBFF:
          guard index + 1 < count, text[index] == ASCII.backslash,
            text[index + 1] == UInt8(ascii: "u"), let low = hexEscape(at: index),
            (0xDC00...0xDFFF).contains(low)
          else { return false }
          index += 6
          return true
        case 0xDC00...0xDFFF:
          return false
        default:
          return true
        }
      default:
        return false
      }
    }

    private func hexEscape(at backslash: Int) -> UInt32? {
      guard backslash + 6 <= count else { return nil }
      var unit: UInt32 = 0
      for offset in backslash + 2..<backslash + 6 {
        let byte = text[offset]
        let digit: UInt8
        switch byte {
        case ASCII.zero...ASCII.nine: digit = byte - ASCII.zero
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
        default: return nil
        }
        unit = unit << 4 | UInt32(digit)
      }
      return unit
    }

    /// The number at `index`, by the RFC's grammar: no leading zeros, digits after `.`, `e`.
    private mutating func readNumber() -> Bool {
      if text[index] == ASCII.minus { index += 1 }
      guard index < count else { return false }
      if text[index] == ASCII.zero {
        index += 1
      } else {
        guard readDigits() else { return false }
      }
      if index < count, text[index] == UInt8(ascii: ".") {
        index += 1
        guard readDigits() else { return false }
      }
      if index < count, text[index] | 0x20 == UInt8(ascii: "e") {
        index += 1
        if index < count, text[index] == UInt8(ascii: "+") || text[index] == ASCII.minus {
          index += 1
        }
        guard readDigits() else { return false }
      }
      return true
    }

    private mutating func readDigits() -> Bool {
      let first = index
      while index < count, (ASCII.zero...ASCII.nine).contains(text[index]) { index += 1 }
      return index > first
    }

    private mutating func readLiteral(_ word: StaticString) -> Bool {
      let length = word.utf8CodeUnitCount
      guard index + length <= count else { return false }
      for offset in 0..<length where text[index + offset] != word.utf8Start[offset] {
        return false
      }
      index += length
      return true
    }
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
