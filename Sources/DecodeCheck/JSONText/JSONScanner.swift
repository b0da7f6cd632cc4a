/// Reads JSON bytes for what `JSONDecoder` does not say: whether a payload is valid JSON and,
/// when it is not, why and where; where in the text the value at a coding path sits; and the
/// line and column of an offset.
///
/// Each of those readers is a client of ``JSONTokenizer``, in its own file: validation
/// (`JSONValidation.swift`, its messages in `JSONSyntaxError.swift`), location
/// (`JSONLocation.swift`) and the tree ``LocatingDecoder`` decodes (`JSONDocument.swift`). None
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
    return String(decoding: unescapedBytes(from: first, to: end), as: UTF8.self)
  }

  /// The UTF-8 bytes of the string between two offsets, its escapes resolved: `\n` is a line
  /// feed, `\u00E9` and a pair such as `\uD83D\uDE00` the bytes of their scalar. What the
  /// tokenizer refuses is kept readable rather than trapped on: half a surrogate pair becomes
  /// U+FFFD, and a `\u` without four hex digits stays as written.
  ///
  /// ```swift
  /// JSONScanner(bytes).unescapedBytes(from: 1, to: 12)  // `"{\"a\": 1}"`: the bytes of {"a": 1}
  /// ```
  func unescapedBytes(from first: Int, to end: Int) -> [UInt8] {
    // Every escape is at least as long as what it stands for, so the text fits in its own
    // length, written in place without a check per byte.
    [UInt8](unsafeUninitializedCapacity: max(end - first, 0)) { plain, count in
      var index = first
      func write(_ byte: UInt8) {
        plain[count] = byte
        count += 1
      }
      while index < end {
        let byte = bytes[index]
        guard byte == ASCII.backslash, index + 1 < end else {
          write(byte)
          index += 1
          continue
        }
        let escaped = bytes[index + 1]
        guard escaped == UInt8(ascii: "u"), let unit = hexUnit(at: index + 2, before: end) else {
          // A `\u` without four hex digits stays as written.
          if escaped == UInt8(ascii: "u") { write(ASCII.backslash) }
          write(unescapedByte(escaped))
          index += 2
          continue
        }
        index += 6
        var scalar = Unicode.Scalar(unit)
        if (0xD800..<0xDC00).contains(unit), index + 1 < end, bytes[index] == ASCII.backslash,
          bytes[index + 1] == UInt8(ascii: "u"), let low = hexUnit(at: index + 2, before: end),
          (0xDC00..<0xE000).contains(low)
        {
          scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
          index += 6
        }
        UTF8.encode(scalar ?? "\u{FFFD}", into: write)
      }
    }
  }

  /// The code unit written as four hex digits at `offset`, all before `end`; `nil` without
  /// them.
  private func hexUnit(at offset: Int, before end: Int) -> UInt32? {
    guard offset + 4 <= end else { return nil }
    var unit: UInt32 = 0
    for index in offset..<offset + 4 {
      guard let digit = ASCII.hexDigitValue(bytes[index]) else { return nil }
      unit = unit << 4 | digit
    }
    return unit
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
