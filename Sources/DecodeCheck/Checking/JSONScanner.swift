/// Reads JSON bytes for what `JSONDecoder` does not say: whether a payload is valid JSON and,
/// when it is not, why and where; where in the text the value at a coding path sits; and the
/// line and column of an offset.
///
/// Each of those readers is a client of ``JSONTokenizer``, in its own file: validation
/// (`JSONValidation.swift`, its messages in `JSONSyntaxError.swift`), location
/// (`JSONLocation.swift`) and the tree ``LocatingDecoder`` decodes (`JSONTree.swift`). None
/// recurses: nesting is tracked on an explicit stack, so no input can overflow the call stack.
struct JSONScanner {
  /// The deepest nesting `JSONDecoder` accepts; one level more is reported as too deep.
  static let maximumDepth = 512

  /// The bytes of one payload.
  let bytes: UnsafeRawBufferPointer

  /// Where the payload starts: after a UTF-8 byte order mark, which `JSONDecoder` skips.
  let start: Int

  init(_ bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
    let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    start = bytes.starts(with: byteOrderMark) ? 3 : 0
  }
}

// MARK: - Strings

extension JSONScanner {
  /// The text of the string between two offsets, its escapes resolved. `hasEscapes` skips
  /// the search for a backslash when the caller already knows.
  func decodeString(from first: Int, to end: Int, hasEscapes: Bool?) -> String {
    let raw = bytes[first..<end]
    guard hasEscapes ?? raw.contains(ASCII.backslash) else {
      return String(decoding: raw, as: UTF8.self)
    }
    var units: [UInt16] = []
    var plain: [UInt8] = []
    var text = ""
    func flushPlain() {
      text += String(decoding: plain, as: UTF8.self)
      plain.removeAll(keepingCapacity: true)
    }
    func flushUnits() {
      text += String(decoding: units, as: UTF16.self)
      units.removeAll(keepingCapacity: true)
    }
    var index = first
    while index < end {
      let byte = bytes[index]
      guard byte == ASCII.backslash, index + 1 < end else {
        flushUnits()
        plain.append(byte)
        index += 1
        continue
      }
      let escaped = bytes[index + 1]
      if escaped == UInt8(ascii: "u") {
        flushPlain()
        var unit: UInt16 = 0
        for offset in index + 2..<min(index + 6, end) {
          unit = unit << 4 | UInt16(ASCII.hexDigitValue(bytes[offset]) ?? 0)
        }
        units.append(unit)
        index += 6
        continue
      }
      flushUnits()
      plain.append(unescapedByte(escaped))
      index += 2
    }
    flushUnits()
    flushPlain()
    return text
  }

  /// The text of a string token, its escapes resolved.
  func text(ofString token: JSONToken) -> String {
    decodeString(from: token.start + 1, to: token.end - 1, hasEscapes: token.hasEscapes)
  }
}

/// The byte a one-character escape stands for: `n` in `\n` is a line feed; `"`, `\\` and
/// `/` stand for themselves (as does anything else, which validation has already refused).
func unescapedByte(_ escaped: UInt8) -> UInt8 {
  switch escaped {
  case UInt8(ascii: "b"): 0x08
  case UInt8(ascii: "f"): 0x0C
  case UInt8(ascii: "n"): 0x0A
  case UInt8(ascii: "r"): 0x0D
  case UInt8(ascii: "t"): 0x09
  default: escaped
  }
}

// MARK: - Positions

extension JSONScanner {
  /// The line and column of each byte offset, found in one pass however many are asked for.
  /// The payload's length is a valid offset: the place just after its last character.
  func positions(of offsets: [Int]) -> [Int: TextPosition] {
    var positions: [Int: TextPosition] = [:]
    var line = 1
    var column = 1
    var index = start
    for offset in Set(offsets).sorted() where offset <= bytes.count {
      // A byte order mark is not a character: an offset inside it is the first column.
      while index < max(offset, start) {
        let byte = bytes[index]
        if byte == ASCII.newline {
          line += 1
          column = 1
        } else if byte & 0xC0 != 0x80 {
          column += 1
        }
        index += 1
      }
      positions[offset] = TextPosition(line: line, column: column)
    }
    return positions
  }
}
