import CodableResilience

/// Reads JSON bytes for what `JSONDecoder` does not say: where a payload stops being valid
/// JSON, and where in the text the value at a coding path sits.
///
/// It is only run once a payload has a finding, so it favours plain words over speed. It
/// never recurses: nesting is tracked on an explicit stack, so no input can overflow the
/// call stack.
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

  private var count: Int { bytes.count }
}

// MARK: - Syntax

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

  /// What the reader expects next.
  private enum Expectation {
    case value
    case valueOrArrayEnd
    case valueAfterComma
    case keyOrObjectEnd
    case keyAfterComma
    case colon
    case commaOrObjectEnd
    case commaOrArrayEnd
    case end

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

  /// The first reason the payload is not exactly one valid JSON value, or `nil` when it is.
  func firstSyntaxError() -> SyntaxError? {
    syntaxCheck(allowingTrailingCommas: false).error
  }

  /// Reads the whole payload as JSON. With `allowingTrailingCommas`, a comma before `]` or
  /// `}` (which `JSONDecoder` reads) is no error: it is listed, at the `]` or `}` (where the
  /// text stops being JSON) and with the path of its container, and the reading goes on.
  func syntaxCheck(allowingTrailingCommas: Bool)
    -> (error: SyntaxError?, trailingCommas: [SyntaxError])
  {
    var path: [UnknownValue.PathComponent] = []
    var trailingCommas: [SyntaxError]? = allowingTrailingCommas ? [] : nil
    do {
      try validate(path: &path, trailingCommas: &trailingCommas)
      return (nil, trailingCommas ?? [])
    } catch {
      // Errors from inside a token do not know the path; the reader does.
      var error = error
      if error.path.isEmpty { error.path = path }
      return (error, trailingCommas ?? [])
    }
  }

  private func validate(
    path: inout [UnknownValue.PathComponent], trailingCommas: inout [SyntaxError]?
  ) throws(SyntaxError) {
    var index = start
    skipWhitespace(&index)
    if index == count {
      let what = count == 0 ? "the payload is empty" : "the payload holds only whitespace"
      throw SyntaxError(offset: start, message: "not valid JSON: \(what)", path: [])
    }
    // One entry per open container: `true` for an object, `false` for an array.
    var isObject: [Bool] = []
    var expectation = Expectation.value

    func fail(_ message: String, at offset: Int) -> SyntaxError {
      SyntaxError(offset: offset, message: message, path: path)
    }
    func unexpected(at offset: Int) -> SyntaxError {
      if offset == count {
        return fail(
          "not valid JSON: the payload ends early; expected \(expectation.words)", at: offset)
      }
      return fail(describeUnexpected(at: offset, expecting: expectation), at: offset)
    }
    func trailingComma(before closing: String, at offset: Int) throws(SyntaxError) {
      let rule = "a comma before `\(closing)`; JSON allows no trailing comma"
      guard trailingCommas != nil else { throw fail("not valid JSON: \(rule)", at: offset) }
      let container = closing == "]" ? Array(path.dropLast()) : path
      trailingCommas?.append(
        SyntaxError(
          offset: offset,
          message: "\(rule) (RFC 8259); JSONDecoder reads it, but other JSON parsers, such as "
            + "JavaScript's JSON.parse, reject it",
          path: container, isReadByJSONDecoder: true))
    }
    // Where a finished value leaves the reader.
    func afterValue() -> Expectation {
      guard let top = isObject.last else { return .end }
      return top ? .commaOrObjectEnd : .commaOrArrayEnd
    }

    while true {
      skipWhitespace(&index)
      if expectation == .end {
        if index == count { return }
        throw unexpected(at: index)
      }
      guard index < count else { throw unexpected(at: index) }
      let byte = bytes[index]
      switch expectation {
      case .value, .valueOrArrayEnd, .valueAfterComma:
        if byte == ASCII.closeBracket, expectation != .value {
          if expectation == .valueAfterComma {
            try trailingComma(before: "]", at: index)
          }
          index += 1
          isObject.removeLast()
          path.removeLast()
          expectation = afterValue()
          continue
        }
        switch byte {
        case ASCII.openBrace, ASCII.openBracket:
          if isObject.count == Self.maximumDepth {
            throw fail(
              "not valid JSON: nested more than \(Self.maximumDepth) levels deep, "
                + "the most JSONDecoder reads", at: index)
          }
          let opensObject = byte == ASCII.openBrace
          isObject.append(opensObject)
          if !opensObject { path.append(.index(0)) }
          index += 1
          expectation = opensObject ? .keyOrObjectEnd : .valueOrArrayEnd
        case ASCII.quote:
          index = try scanString(at: index).end
          expectation = afterValue()
        case ASCII.minus, ASCII.zero...ASCII.nine:
          index = try scanNumber(at: index)
          expectation = afterValue()
        default:
          if isASCIILetter(byte), let end = scanLiteral(at: index) {
            index = end
            expectation = afterValue()
          } else if isASCIILetter(byte) {
            throw fail(describeBareWord(at: index), at: index)
          } else {
            throw unexpected(at: index)
          }
        }
      case .keyOrObjectEnd, .keyAfterComma:
        if byte == ASCII.closeBrace {
          if expectation == .keyAfterComma {
            try trailingComma(before: "}", at: index)
          }
          index += 1
          isObject.removeLast()
          expectation = afterValue()
        } else if byte == ASCII.quote {
          let key = try scanString(at: index)
          path.append(
            .key(decodeString(from: index + 1, to: key.end - 1, hasEscapes: key.hasEscapes)))
          index = key.end
          expectation = .colon
        } else {
          throw unexpected(at: index)
        }
      case .colon:
        guard byte == ASCII.colon else { throw unexpected(at: index) }
        index += 1
        expectation = .value
      case .commaOrObjectEnd, .commaOrArrayEnd:
        let closing = expectation == .commaOrObjectEnd ? ASCII.closeBrace : ASCII.closeBracket
        if byte == ASCII.comma {
          index += 1
          if expectation == .commaOrObjectEnd {
            path.removeLast()
            expectation = .keyAfterComma
          } else {
            if case .index(let position) = path.removeLast() { path.append(.index(position + 1)) }
            expectation = .valueAfterComma
          }
        } else if byte == closing {
          index += 1
          isObject.removeLast()
          path.removeLast()
          expectation = afterValue()
        } else {
          throw unexpected(at: index)
        }
      case .end:
        return
      }
    }
  }

  /// Checks a string that opens at `quote`: its escapes, its UTF-8 and that it is closed.
  private func scanString(at quote: Int) throws(SyntaxError) -> (end: Int, hasEscapes: Bool) {
    var index = quote + 1
    var hasEscapes = false
    while index < count {
      let byte = bytes[index]
      switch byte {
      case ASCII.quote:
        return (index + 1, hasEscapes)
      case ASCII.backslash:
        hasEscapes = true
        index = try scanEscape(at: index)
      case 0..<0x20:
        let name = "U+" + hex(UInt32(byte), digits: 4)
        throw SyntaxError(
          offset: index,
          message: "not valid JSON: control character \(name) inside a string; "
            + "it must be written as an escape such as \\n",
          path: [])
      case 0x80...:
        guard let length = utf8SequenceLength(at: index) else {
          throw SyntaxError(
            offset: index,
            message: "not valid UTF-8: byte 0x\(hex(UInt32(byte), digits: 2)) "
              + "inside a string", path: [])
        }
        index += length
      default:
        index += 1
      }
    }
    throw SyntaxError(
      offset: quote, message: "not valid JSON: a string that starts here is never closed",
      path: [])
  }

  /// Checks the escape that starts at `backslash` and returns the offset after it.
  private func scanEscape(at backslash: Int) throws(SyntaxError) -> Int {
    guard backslash + 1 < count else {
      throw SyntaxError(
        offset: backslash, message: "not valid JSON: the payload ends inside an escape", path: [])
    }
    switch bytes[backslash + 1] {
    case ASCII.quote, ASCII.backslash, ASCII.slash, UInt8(ascii: "b"), UInt8(ascii: "f"),
      UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      return backslash + 2
    case UInt8(ascii: "u"):
      let unit = try hexEscape(at: backslash)
      if (0xDC00...0xDFFF).contains(unit) {
        throw unpairedSurrogate(unit, at: backslash)
      }
      guard (0xD800...0xDBFF).contains(unit) else { return backslash + 6 }
      let low = backslash + 6
      guard low + 1 < count, bytes[low] == ASCII.backslash, bytes[low + 1] == UInt8(ascii: "u"),
        (0xDC00...0xDFFF).contains(try hexEscape(at: low))
      else {
        throw unpairedSurrogate(unit, at: backslash)
      }
      return low + 6
    default:
      let escaped = backslash + 1
      let escape = printableToken(
        bytes[backslash..<escaped + (utf8SequenceLength(at: escaped) ?? 1)])
      throw SyntaxError(
        offset: backslash,
        message: "not valid JSON: `\(escape)` is not an escape JSON knows", path: [])
    }
  }

  /// The UTF-16 code unit of the `\uXXXX` escape at `backslash`.
  private func hexEscape(at backslash: Int) throws(SyntaxError) -> UInt32 {
    var unit: UInt32 = 0
    for offset in backslash + 2..<backslash + 6 {
      guard offset < count, let digit = hexDigitValue(bytes[offset]) else {
        let text = printableToken(bytes[backslash..<min(backslash + 6, count)])
        throw SyntaxError(
          offset: backslash,
          message: "not valid JSON: `\(text)` is not a \\u escape of four hex digits", path: [])
      }
      unit = unit << 4 | digit
    }
    return unit
  }

  private func unpairedSurrogate(_ unit: UInt32, at offset: Int) -> SyntaxError {
    SyntaxError(
      offset: offset,
      message: "not valid JSON: `\\u\(hex(unit, digits: 4))` is half of a surrogate pair "
        + "without its other half", path: [])
  }

  /// Checks the number at `first` and returns the offset after it.
  private func scanNumber(at first: Int) throws(SyntaxError) -> Int {
    var index = first
    func digits() -> Bool {
      let before = index
      while index < count, isDigit(bytes[index]) { index += 1 }
      return index > before
    }
    func invalid(_ why: String) -> SyntaxError {
      var end = first
      while end < count, end - first <= 32, !isDelimiter(bytes[end]) { end += 1 }
      let text = printableToken(bytes[first..<end], cutAfter: 32)
      return SyntaxError(
        offset: first, message: "not valid JSON: `\(text)` is not a number (\(why))", path: [])
    }
    if bytes[index] == ASCII.minus { index += 1 }
    guard index < count, isDigit(bytes[index]) else { throw invalid("a digit must follow `-`") }
    if bytes[index] == ASCII.zero {
      index += 1
      if index < count, isDigit(bytes[index]) { throw invalid("no leading zeros") }
    } else {
      _ = digits()
    }
    if index < count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digits() else { throw invalid("a digit must follow `.`") }
    }
    if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < count, bytes[index] == ASCII.plus || bytes[index] == ASCII.minus { index += 1 }
      guard digits() else { throw invalid("a digit must follow the exponent") }
    }
    return index
  }

  /// The offset after `true`, `false` or `null` at `first`, or `nil` for any other word.
  private func scanLiteral(at first: Int) -> Int? {
    let end = wordEnd(from: first)
    switch String(decoding: bytes[first..<end], as: UTF8.self) {
    case "true", "false", "null": return end
    default: return nil
    }
  }

  private func wordEnd(from first: Int) -> Int {
    var end = first
    while end < count, end - first <= 32, isASCIILetter(bytes[end]) { end += 1 }
    return end
  }

  /// Explains a word where a value was expected: a typo of a literal, NaN, or a bare string.
  private func describeBareWord(at first: Int) -> String {
    let word = printableToken(bytes[first..<wordEnd(from: first)], cutAfter: 32)
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
  private func describeUnexpected(at offset: Int, expecting expectation: Expectation) -> String {
    let byte = bytes[offset]
    if byte >= 0x80 {
      guard let length = utf8SequenceLength(at: offset) else {
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

// MARK: - Locating values

/// The JSON type of a value, in the words findings use.
enum JSONValueKind: Sendable, Hashable {
  case object
  case array
  case string
  case number
  case boolean
  case null

  /// The kind with its article: "an object", "a number", "`null`".
  var words: String {
    switch self {
    case .object: "an object"
    case .array: "an array"
    case .string: "a string"
    case .number: "a number"
    case .boolean: "a boolean"
    case .null: "`null`"
    }
  }
}

extension JSONScanner {
  /// A value found in the text: where it starts, what it is and, for a short scalar, its text.
  struct LocatedValue: Hashable {
    var offset: Int
    var kind: JSONValueKind
    /// The value as written (`42`, `"castle"`, `true`), shortened when long; `nil` for an
    /// object or an array.
    var text: String?
    /// The path to it with the payload's own keys, which `keys` converted to the coding path.
    var path: [UnknownValue.PathComponent] = []
  }

  /// Finds the value at each coding path in one pass over the text. A path that leads nowhere
  /// (or into text that is not valid JSON) gives `nil`. With duplicate keys the first one
  /// counts, as in `JSONDecoder`. A payload key matches a coding key when `keys` converts it
  /// to that key (as the app's decoder does) or, failing that, when it is the same text (the
  /// keys of a `[String: Value]` dictionary are not converted).
  func locate(_ paths: [[UnknownValue.PathComponent]], keys: KeyConversion? = nil)
    -> [LocatedValue?]
  {
    var tree = PathTree()
    for (number, path) in paths.enumerated() {
      tree.insert(path, number: number)
    }
    var results = find(targetCount: paths.count, in: &tree, keys: keys)
    for (number, path) in paths.enumerated() where results[number] != nil {
      results[number]?.path = tree.payloadPath(path)
    }
    return results
  }

  /// The values at the `targetCount` paths of `tree`, found in one pass.
  private func find(targetCount: Int, in tree: inout PathTree, keys: KeyConversion?)
    -> [LocatedValue?]
  {
    var results = [LocatedValue?](repeating: nil, count: targetCount)
    var remaining = targetCount

    enum Step {
      case value(node: Int?)
      case member(first: Bool)
    }
    // The open containers being searched: the tree node for each, and the current index.
    var frames: [(node: Int, isObject: Bool, index: Int)] = []
    var step = Step.value(node: 0)
    var index = start
    while remaining > 0 {
      skipWhitespace(&index)
      guard index < count else { break }
      switch step {
      case .value(let node):
        if let node {
          let kind = kind(at: index)
          for number in tree.targets[node] where results[number] == nil {
            results[number] = LocatedValue(offset: index, kind: kind, text: scalarText(at: index))
            remaining -= 1
          }
          let byte = bytes[index]
          if tree.hasChildren(node), byte == ASCII.openBrace || byte == ASCII.openBracket {
            frames.append((node, byte == ASCII.openBrace, 0))
            index += 1
            step = .member(first: true)
            continue
          }
        }
        guard let end = skipValue(at: index), !frames.isEmpty else { return results }
        index = end
        step = .member(first: false)
      case .member(let first):
        let frame = frames[frames.count - 1]
        let byte = bytes[index]
        if byte == (frame.isObject ? ASCII.closeBrace : ASCII.closeBracket) {
          index += 1
          frames.removeLast()
          if frames.isEmpty { return results }
          step = .member(first: false)
          continue
        }
        if !first {
          guard byte == ASCII.comma else { return results }
          index += 1
          skipWhitespace(&index)
        }
        if frame.isObject {
          guard index < count, bytes[index] == ASCII.quote, let end = skipString(at: index) else {
            return results
          }
          let key = decodeString(from: index + 1, to: end - 1, hasEscapes: nil)
          index = end
          skipWhitespace(&index)
          guard index < count, bytes[index] == ASCII.colon else { return results }
          index += 1
          let children = tree.keyChildren[frame.node]
          var child = children[key]
          if let keys, !keys.isIdentity {
            child = children[keys.codingKey(for: key, at: tree.paths[frame.node])] ?? child
          }
          if let child, tree.payloadKeys[child] == nil { tree.payloadKeys[child] = key }
          step = .value(node: child)
        } else {
          let position = first ? 0 : frame.index + 1
          frames[frames.count - 1].index = position
          step = .value(node: tree.indexChildren[frame.node][position])
        }
      }
    }
    return results
  }

  private func kind(at offset: Int) -> JSONValueKind {
    switch bytes[offset] {
    case ASCII.openBrace: .object
    case ASCII.openBracket: .array
    case ASCII.quote: .string
    case UInt8(ascii: "t"), UInt8(ascii: "f"): .boolean
    case UInt8(ascii: "n"): .null
    default: .number
    }
  }

  /// The text of a string, number or literal at `offset`, cut short after 40 bytes.
  private func scalarText(at offset: Int) -> String? {
    let byte = bytes[offset]
    guard byte != ASCII.openBrace, byte != ASCII.openBracket,
      let end = skipValue(at: offset)
    else { return nil }
    let limit = 40
    guard end - offset > limit else {
      return String(decoding: bytes[offset..<end], as: UTF8.self)
    }
    var cut = offset + limit
    while cut > offset, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
    return String(decoding: bytes[offset..<cut], as: UTF8.self) + "…"
  }

  /// The offset after the value at `offset`, without checking it; `nil` if it never ends.
  private func skipValue(at offset: Int) -> Int? {
    switch bytes[offset] {
    case ASCII.quote:
      return skipString(at: offset)
    case ASCII.openBrace, ASCII.openBracket:
      var depth = 0
      var index = offset
      while index < count {
        switch bytes[index] {
        case ASCII.quote:
          guard let end = skipString(at: index) else { return nil }
          index = end
          continue
        case ASCII.openBrace, ASCII.openBracket:
          depth += 1
        case ASCII.closeBrace, ASCII.closeBracket:
          depth -= 1
          if depth == 0 { return index + 1 }
        default:
          break
        }
        index += 1
      }
      return nil
    default:
      var index = offset
      while index < count, !isDelimiter(bytes[index]) { index += 1 }
      return index > offset ? index : nil
    }
  }

  /// The offset after the string that opens at `quote`, without checking it.
  private func skipString(at quote: Int) -> Int? {
    var index = quote + 1
    while index < count {
      switch bytes[index] {
      case ASCII.quote: return index + 1
      case ASCII.backslash: index += 2
      default: index += 1
      }
    }
    return nil
  }

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
          unit = unit << 4 | UInt16(hexDigitValue(bytes[offset]) ?? 0)
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
    for offset in Set(offsets).sorted() where offset <= count {
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

// MARK: - Bytes

extension JSONScanner {
  private func skipWhitespace(_ index: inout Int) {
    while index < count, isWhitespace(bytes[index]) { index += 1 }
  }

  /// The length of the well-formed UTF-8 sequence at `offset`, or `nil` if it is not one.
  private func utf8SequenceLength(at offset: Int) -> Int? {
    wellFormedUTF8Length(in: bytes, at: offset)
  }
}

private func isWhitespace(_ byte: UInt8) -> Bool {
  byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
}

private func isDigit(_ byte: UInt8) -> Bool {
  (ASCII.zero...ASCII.nine).contains(byte)
}

private func isASCIILetter(_ byte: UInt8) -> Bool {
  (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
}

/// Whether a byte ends a number or a literal.
private func isDelimiter(_ byte: UInt8) -> Bool {
  isWhitespace(byte) || byte == ASCII.comma || byte == ASCII.closeBrace
    || byte == ASCII.closeBracket || byte == ASCII.colon
}

private func hexDigitValue(_ byte: UInt8) -> UInt32? {
  switch byte {
  case ASCII.zero...ASCII.nine: UInt32(byte - ASCII.zero)
  case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
  case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
  default: nil
  }
}

/// A number in upper-case hex, padded with zeros to `digits`.
private func hex(_ value: UInt32, digits: Int) -> String {
  let text = String(value, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, digits - text.count)) + text
}
