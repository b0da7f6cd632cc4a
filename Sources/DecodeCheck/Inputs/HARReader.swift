import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Reads a HAR 1.2 archive (`log.entries[]`) from a file one entry at a time, holding one
/// entry's text at a time rather than the archive: a buffer of a megabyte that grows only to
/// fit the longest single string.
///
/// It reads the archive through ``JSONTokenizer``, the tokenizer every payload is read with,
/// so the archive's own JSON is held to the same rules (RFC 8259 strings and numbers: no
/// `01`, `1.`, `0x10` or `-inf`), and a string or number that breaks them gets the message a
/// payload's would, at its line and column. A token cut by the end of the buffer is read
/// again after a refill. Containers are tracked on an explicit stack (no recursion); the
/// members of `request`, `response` and `response.content` a check needs are kept and the
/// rest skipped; a string's escapes are resolved only for the members it keeps.
///
/// ```swift
/// let reader = try HARReader(path: "capture.har")
/// while let event = reader.next() {
///   if case .entry(let entry) = event { print(entry.number, entry.url ?? "") }
/// }
/// ```
final class HARReader {
  /// What reading found next: an entry, or why the archive cannot be read further.
  enum Event {
    case entry(HAREntry)
    /// The archive is not JSON, not a HAR archive or ends early, at `position` in the
    /// archive's own text; nothing follows.
    case problem(String, position: TextPosition?)
  }

  /// What a container or a value is, by where it sits in the archive.
  private enum Slot {
    case root, log, entries, entry, request, response, content
    case method, url, status, mimeType, text, encoding
    case other
  }

  private enum Expectation {
    case value, valueOrArrayEnd, keyOrObjectEnd, key, colon, commaOrObjectEnd, commaOrArrayEnd
    case end
  }

  private struct Frame {
    var slot: Slot
    var isObject: Bool
    /// For an object: what the value of the key just read is.
    var valueSlot: Slot = .other
  }

  /// The archive's bytes, a window at a time.
  private let buffer: HARBuffer
  /// Whether reading has ended: at the archive's end, or at a problem.
  private var finished = false

  private var stack: [Frame] = []
  private var expectation = Expectation.value
  private var entryCount = 0
  private var entry: HAREntry?
  private var sawEntries = false

  /// Opens the archive at `path`.
  ///
  /// - Throws: the `POSIXError` of `open`, for a file that cannot be read.
  init(path: String, bufferSize: Int = 1 << 20) throws {
    buffer = try HARBuffer(path: path, capacity: bufferSize)
  }

  /// How far into the archive reading got: the offset of the first byte not yet read.
  var bytesRead: Int { buffer.bytesRead }

  /// The next entry, or the problem that ends the reading; `nil` at the archive's end.
  func next() -> Event? {
    guard !finished else { return nil }
    while true {
      buffer.skipWhitespace()
      var tokens = JSONTokenizer(buffer.bytes, at: buffer.start)
      let token = tokens.next()
      if mayContinue(token) {
        if let problem = refill() { return problem }
        continue
      }
      if token.kind == .end { return finish() }
      switch expectation {
      case .value, .valueOrArrayEnd:
        if token.kind == .closeBracket, expectation == .valueOrArrayEnd {
          buffer.start = token.end
          if let event = closeContainer() { return event }
          continue
        }
        if let event = readValue(token, problem: tokens.problem) { return event }
      case .keyOrObjectEnd, .key:
        if token.kind == .closeBrace, expectation == .keyOrObjectEnd {
          buffer.start = token.end
          if let event = closeContainer() { return event }
          continue
        }
        guard token.kind == .string else {
          return fail(unexpected: token, expecting: "a key in double quotes")
        }
        guard token.isValid else { return fail(tokens.problem) }
        let key = text(of: token)
        stack[stack.count - 1].valueSlot = Self.slot(of: key, in: stack[stack.count - 1].slot)
        buffer.start = token.end
        expectation = .colon
      case .colon:
        guard token.kind == .colon else {
          return fail(unexpected: token, expecting: "`:` after the key")
        }
        buffer.start = token.end
        expectation = .value
      case .commaOrObjectEnd, .commaOrArrayEnd:
        let isObject = expectation == .commaOrObjectEnd
        if token.kind == .comma {
          buffer.start = token.end
          expectation = isObject ? .key : .value
        } else if token.kind == (isObject ? .closeBrace : .closeBracket) {
          buffer.start = token.end
          if let event = closeContainer() { return event }
        } else {
          return fail(unexpected: token, expecting: isObject ? "`,` or `}`" : "`,` or `]`")
        }
      case .end:
        return fail(unexpected: token, expecting: "nothing after the archive's closing `}`")
      }
    }
  }

  /// Reads more of the archive; the event that ends the reading when there is no more, or the
  /// file cannot be read.
  private func refill() -> Event? {
    // A token still open at the end of the file: the archive was cut off.
    if buffer.atEndOfFile { return finish() }
    guard let reason = buffer.refill() else { return nil }
    finished = true
    return .problem("cannot read the archive: \(reason)", position: nil)
  }

  /// Whether `token` may go on past the bytes held, so more must be read before it is
  /// judged: a number or a word that reaches their end, or a string that breaks off near it
  /// (an escape is at most twelve bytes, a character four). A number that breaks the rules
  /// is quoted up to 33 bytes in its message, so those are read too. At the end of the file
  /// nothing goes on.
  private func mayContinue(_ token: JSONToken) -> Bool {
    guard !buffer.atEndOfFile else { return false }
    switch token.kind {
    case .end: return true
    case .number where !token.isValid: return buffer.end - token.start <= 33
    case .number, .word, .true, .false, .null: return token.end == buffer.end
    case .string: return !token.isValid && buffer.end - token.end < 12
    default: return false
    }
  }

  // MARK: - Values

  /// What the value about to be read is.
  private var currentSlot: Slot {
    guard let top = stack.last else { return .root }
    if top.isObject { return top.valueSlot }
    return top.slot == .entries ? .entry : .other
  }

  /// Reads the value that `token` is or opens; an event when it ends the reading or an
  /// entry.
  private func readValue(_ token: JSONToken, problem: JSONToken.Problem?) -> Event? {
    let slot = currentSlot
    switch token.kind {
    case .openBrace, .openBracket:
      // As deep as a payload may be, so the archive is judged by the payload's rules.
      guard stack.count < JSONScanner.maximumDepth else {
        return fail(
          message: "not valid JSON: nested more than \(JSONScanner.maximumDepth) levels deep, "
            + "the most JSONDecoder reads", at: token.start)
      }
      let isObject = token.kind == .openBrace
      if slot == .entry {
        entryCount += 1
        entry = HAREntry(number: entryCount)
      }
      if slot == .entries, !isObject { sawEntries = true }
      // A member of the wrong kind (`"entries": {}`) is skipped like any other.
      let objectSlots: [Slot] = [.root, .log, .entry, .request, .response, .content]
      let kept = isObject ? objectSlots.contains(slot) : slot == .entries
      stack.append(Frame(slot: kept ? slot : .other, isObject: isObject))
      buffer.start = token.end
      expectation = isObject ? .keyOrObjectEnd : .valueOrArrayEnd
      if stack.count == 1, !isObject {
        return fail(
          message: "not a HAR archive: it is a JSON array, not an object holding `log.entries`",
          at: token.start)
      }
      return nil
    case .string, .number:
      guard token.isValid else { return fail(problem) }
      if token.kind == .string {
        keep(token, as: slot)
      } else if slot == .status {
        entry?.status = Int(String(decoding: bytes(of: token), as: UTF8.self))
      }
    case .true, .false, .null:
      break
    case .word where !stack.isEmpty:
      return fail(
        message: JSONScanner(buffer.bytes).describeBareWord(at: token.start), at: token.start)
    default:
      return fail(unexpected: token, expecting: "a value")
    }
    buffer.start = token.end
    if stack.isEmpty {
      // At the value, which is in the buffer whatever was dropped before it.
      return fail(message: "not a HAR archive: a single value, not an object", at: token.start)
    }
    if slot == .entry {
      // An entry that is not an object has no response to check.
      entryCount += 1
      afterValue()
      return .entry(HAREntry(number: entryCount))
    }
    afterValue()
    return nil
  }

  private func keep(_ string: JSONToken, as slot: Slot) {
    switch slot {
    case .method: entry?.method = text(of: string)
    case .url: entry?.url = text(of: string)
    case .mimeType: entry?.mimeType = text(of: string)
    case .encoding: entry?.encoding = text(of: string)
    case .text:
      entry?.escapedText = Array(bytes(of: string).dropFirst().dropLast())
      entry?.textHasEscapes = string.hasEscapes
    default: break
    }
  }

  private func bytes(of token: JSONToken) -> UnsafeRawBufferPointer.SubSequence {
    buffer.bytes[token.start..<token.end]
  }

  private func text(of string: JSONToken) -> String {
    JSONScanner(buffer.bytes).text(ofString: string)
  }

  /// Ends the container just closed; an entry is handed out.
  private func closeContainer() -> Event? {
    let frame = stack.removeLast()
    afterValue()
    if frame.slot == .entry, let finished = entry {
      entry = nil
      return .entry(finished)
    }
    return nil
  }

  private func afterValue() {
    guard let top = stack.last else {
      expectation = .end
      return
    }
    expectation = top.isObject ? .commaOrObjectEnd : .commaOrArrayEnd
  }

  private static func slot(of key: String, in container: Slot) -> Slot {
    switch (container, key) {
    case (.root, "log"): .log
    case (.log, "entries"): .entries
    case (.entry, "request"): .request
    case (.entry, "response"): .response
    case (.request, "method"): .method
    case (.request, "url"): .url
    case (.response, "status"): .status
    case (.response, "content"): .content
    case (.content, "mimeType"): .mimeType
    case (.content, "text"): .text
    case (.content, "encoding"): .encoding
    default: .other
    }
  }

  // MARK: - Problems

  /// Ends the reading at the end of the file; `cut` is where the string (or the escape) the
  /// file ends in starts, where a payload's reading stops too.
  private func finish(cutAt cut: Int? = nil) -> Event? {
    finished = true
    if expectation == .end {
      return sawEntries
        ? nil
        : .problem("not a HAR archive: no `log.entries` array", position: nil)
    }
    if buffer.dropped == 0, buffer.end == 0 {
      return .problem(
        "not valid JSON: the archive is empty", position: TextPosition(line: 1, column: 1))
    }
    if cut == nil, stack.isEmpty, expectation == .value {
      // Nothing but white space: placed where a payload's would be, at its start.
      return .problem(
        "not valid JSON: the archive holds only white space",
        position: TextPosition(line: 1, column: 1))
    }
    let inside = entry.map { " inside entry #\($0.number)" } ?? ""
    return fail(
      message: "not valid JSON: the archive ends early\(inside) (truncated?); entries before "
        + "it were checked", at: cut ?? buffer.end)
  }

  private func fail(unexpected token: JSONToken, expecting what: String) -> Event {
    let byte = buffer.bytes[token.start]
    let shown =
      byte >= 0x20 && byte < 0x7F
      ? "`\(Character(Unicode.Scalar(byte)))`"
      : "byte 0x" + String(byte, radix: 16, uppercase: true)
    var message = "not valid JSON: unexpected \(shown), expected \(what)"
    // The archive's first token, wherever the buffer holds it after a refill.
    if stack.isEmpty, buffer.dropped + token.start == (buffer.startsWithByteOrderMark ? 3 : 0) {
      message = "not valid JSON: a HAR archive starts with `{`, not \(shown)"
    }
    return fail(message: message, at: token.start)
  }

  /// A string or a number that breaks JSON's rules, in the words a payload's would get; a
  /// string cut off by the end of the file is a truncated archive.
  private func fail(_ problem: JSONToken.Problem?) -> Event {
    guard let problem else { return fail(message: "not valid JSON", at: buffer.start) }
    if problem.kind == .unclosedString || problem.kind == .escapeAtEnd,
      let cut = finish(cutAt: problem.offset)
    {
      return cut
    }
    return fail(message: JSONScanner(buffer.bytes).describe(problem), at: problem.offset)
  }

  private func fail(message: String, at index: Int) -> Event {
    finished = true
    return .problem(message, position: buffer.position(at: index))
  }
}
