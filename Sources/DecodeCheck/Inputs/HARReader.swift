import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One entry of a HAR archive, with only what a check needs.
struct HAREntry: Sendable {
  /// The entry's number in the archive, from 1.
  var number: Int
  var method: String?
  var url: String?
  var status: Int?
  var mimeType: String?
  var encoding: String?
  /// `response.content.text` as the archive holds it, still JSON-escaped; `nil` when absent.
  var escapedText: [UInt8]?
  /// Whether ``escapedText`` holds a backslash.
  var textHasEscapes = false
}

/// Reads a HAR 1.2 archive (`log.entries[]`) from a file one entry at a time, holding one
/// entry's text at a time rather than the archive: a buffer of a megabyte that grows only to
/// fit the longest single string.
///
/// It is a small incremental tokenizer, not a parser: it tracks containers on an explicit
/// stack (no recursion), keeps the members of `request`, `response` and `response.content`
/// it needs, and skips everything else. The JSON is checked for structure (brackets, commas,
/// colons, string ends, literals); a string's escapes are resolved only for the members it
/// keeps.
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

  private let descriptor: Int32
  private var storage: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// The first byte not yet read, and the end of the bytes held.
  private var start = 0
  private var end = 0
  private var atEndOfFile = false
  private var finished = false
  /// The archive offset of `storage[0]`.
  private var dropped = 0
  /// The line being read, the archive offset where it starts, and the characters of it that
  /// were dropped from the buffer before that offset.
  private var line = 1
  private var lineStart = 0
  private var droppedColumns = 0

  private var stack: [Frame] = []
  private var expectation = Expectation.value
  private var entryCount = 0
  private var entry: HAREntry?
  private var sawEntries = false

  /// Opens the archive at `path`.
  ///
  /// - Throws: the `POSIXError` of `open`, for a file that cannot be read.
  init(path: String, bufferSize: Int = 1 << 20) throws {
    descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    capacity = max(bufferSize, 16)
    storage = .allocate(capacity: capacity)
  }

  deinit {
    storage.deallocate()
    close(descriptor)
  }

  /// The next entry, or the problem that ends the reading; `nil` at the archive's end.
  func next() -> Event? {
    guard !finished else { return nil }
    while true {
      skipWhitespace()
      if start == end {
        if !atEndOfFile {
          if let problem = refill() { return problem }
          continue
        }
        return finish()
      }
      let byte = storage[start]
      switch expectation {
      case .value, .valueOrArrayEnd:
        if byte == UInt8(ascii: "]"), expectation == .valueOrArrayEnd {
          start += 1
          if let event = closeContainer() { return event }
          continue
        }
        switch readValue(byte) {
        case .done: continue
        case .needMore: if let problem = refill() { return problem }
        case .event(let event): return event
        }
      case .keyOrObjectEnd, .key:
        if byte == UInt8(ascii: "}"), expectation == .keyOrObjectEnd {
          start += 1
          if let event = closeContainer() { return event }
          continue
        }
        guard byte == UInt8(ascii: "\"") else {
          return fail(unexpected: byte, expecting: "a key in double quotes")
        }
        guard let string = scanString() else {
          if let problem = refill() { return problem }
          continue
        }
        let key = text(from: string.first, to: string.end, hasEscapes: string.hasEscapes)
        stack[stack.count - 1].valueSlot = Self.slot(of: key, in: stack[stack.count - 1].slot)
        start = string.end + 1
        expectation = .colon
      case .colon:
        guard byte == UInt8(ascii: ":") else {
          return fail(unexpected: byte, expecting: "`:` after the key")
        }
        start += 1
        expectation = .value
      case .commaOrObjectEnd, .commaOrArrayEnd:
        let isObject = expectation == .commaOrObjectEnd
        let closing = UInt8(ascii: isObject ? "}" : "]")
        if byte == UInt8(ascii: ",") {
          start += 1
          expectation = isObject ? .key : .value
        } else if byte == closing {
          start += 1
          if let event = closeContainer() { return event }
        } else {
          return fail(unexpected: byte, expecting: isObject ? "`,` or `}`" : "`,` or `]`")
        }
      case .end:
        return fail(unexpected: byte, expecting: "nothing after the archive's closing `}`")
      }
    }
  }

  // MARK: - Values

  private enum Step {
    case done
    case needMore
    case event(Event)
  }

  /// What the value about to be read is.
  private var currentSlot: Slot {
    guard let top = stack.last else { return .root }
    if top.isObject { return top.valueSlot }
    return top.slot == .entries ? .entry : .other
  }

  private func readValue(_ byte: UInt8) -> Step {
    let slot = currentSlot
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      let isObject = byte == UInt8(ascii: "{")
      if slot == .entry {
        entryCount += 1
        entry = HAREntry(number: entryCount)
      }
      if slot == .entries, !isObject { sawEntries = true }
      // A member of the wrong kind (`"entries": {}`) is skipped like any other.
      let objectSlots: [Slot] = [.root, .log, .entry, .request, .response, .content]
      let kept = isObject ? objectSlots.contains(slot) : slot == .entries
      stack.append(Frame(slot: kept ? slot : .other, isObject: isObject))
      start += 1
      expectation = isObject ? .keyOrObjectEnd : .valueOrArrayEnd
      if stack.count == 1, !isObject {
        return .event(
          fail(
            message: "not a HAR archive: it is a JSON array, not an object "
              + "holding `log.entries`", at: start - 1))
      }
      return .done
    case UInt8(ascii: "\""):
      guard let string = scanString() else { return .needMore }
      keep(string, as: slot)
      start = string.end + 1
    default:
      guard let wordEnd = scanWord() else { return .needMore }
      let word = UnsafeBufferPointer(start: storage + start, count: wordEnd - start)
      guard Self.isLiteralOrNumber(word) else {
        return .event(fail(unexpected: byte, expecting: "a value"))
      }
      if slot == .status { entry?.status = Int(String(decoding: word, as: UTF8.self)) }
      start = wordEnd
    }
    if stack.isEmpty {
      return .event(fail(message: "not a HAR archive: a single value, not an object", at: 0))
    }
    if slot == .entry {
      // An entry that is not an object has no response to check.
      entryCount += 1
      afterValue()
      return .event(.entry(HAREntry(number: entryCount)))
    }
    afterValue()
    return .done
  }

  private func keep(_ string: (first: Int, end: Int, hasEscapes: Bool), as slot: Slot) {
    switch slot {
    case .method: entry?.method = text(from: string.first, to: string.end, string.hasEscapes)
    case .url: entry?.url = text(from: string.first, to: string.end, string.hasEscapes)
    case .mimeType: entry?.mimeType = text(from: string.first, to: string.end, string.hasEscapes)
    case .encoding: entry?.encoding = text(from: string.first, to: string.end, string.hasEscapes)
    case .text:
      entry?.escapedText = Array(
        UnsafeBufferPointer(start: storage + string.first, count: string.end - string.first))
      entry?.textHasEscapes = string.hasEscapes
    default: break
    }
  }

  private func text(from first: Int, to end: Int, _ hasEscapes: Bool) -> String {
    text(from: first, to: end, hasEscapes: hasEscapes)
  }

  private func text(from first: Int, to end: Int, hasEscapes: Bool) -> String {
    JSONScanner(UnsafeRawBufferPointer(start: storage, count: self.end))
      .decodeString(from: first, to: end, hasEscapes: hasEscapes)
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

  // MARK: - Tokens

  /// The string starting at `start`: its content's first byte and end (the closing quote),
  /// or `nil` when the buffer ends inside it.
  private func scanString() -> (first: Int, end: Int, hasEscapes: Bool)? {
    var index = start + 1
    var hasEscapes = false
    while index < end {
      let byte = storage[index]
      if byte == UInt8(ascii: "\"") { return (start + 1, index, hasEscapes) }
      if byte == UInt8(ascii: "\\") {
        hasEscapes = true
        index += 2
      } else {
        index += 1
      }
    }
    return nil
  }

  /// The end of the number or literal at `start`, or `nil` when the buffer may end inside it.
  private func scanWord() -> Int? {
    var index = start
    while index < end {
      switch storage[index] {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
        UInt8(ascii: "."):
        index += 1
      default:
        return index
      }
    }
    return atEndOfFile ? index : nil
  }

  private static func isLiteralOrNumber(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
    if word.elementsEqual("true".utf8) || word.elementsEqual("false".utf8)
      || word.elementsEqual("null".utf8)
    {
      return true
    }
    guard let first = word.first,
      first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
    else { return false }
    return Double(String(decoding: word, as: UTF8.self)) != nil
  }

  private func skipWhitespace() {
    while start < end {
      switch storage[start] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
        start += 1
      case UInt8(ascii: "\n"):
        start += 1
        line += 1
        lineStart = dropped + start
        droppedColumns = 0
      case 0xEF
      where dropped == 0 && start == 0 && end >= 3 && storage[1] == 0xBB
        && storage[2] == 0xBF:
        // A UTF-8 byte order mark, which is not part of the text.
        start = 3
        lineStart = 3
      default:
        return
      }
    }
  }

  // MARK: - Buffer

  /// Keeps the bytes from `start` on and reads more after them, growing the buffer when a
  /// single token fills it; a problem when the file cannot be read.
  private func refill() -> Event? {
    // A token still open at the end of the file: the archive was cut off.
    if atEndOfFile { return finish() }
    if start > 0 {
      let lineOffset = lineStart - dropped
      if lineOffset < start {
        droppedColumns += characters(from: max(lineOffset, 0), to: start)
        lineStart = dropped + start
      }
      (storage).update(from: storage + start, count: end - start)
      dropped += start
      end -= start
      start = 0
    }
    if end == capacity {
      let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
      larger.update(from: storage, count: end)
      storage.deallocate()
      storage = larger
      capacity *= 2
    }
    while true {
      let count = read(descriptor, storage + end, capacity - end)
      if count < 0, errno == EINTR { continue }
      if count < 0 {
        let reason = describeReadError(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO))
        finished = true
        return .problem("cannot read the archive: \(reason)", position: nil)
      }
      if count == 0 { atEndOfFile = true }
      end += count
      return nil
    }
  }

  private func characters(from first: Int, to last: Int) -> Int {
    var count = 0
    for index in first..<last where storage[index] & 0xC0 != 0x80 { count += 1 }
    return count
  }

  /// The line and column of a byte held in the buffer.
  private func position(at index: Int) -> TextPosition {
    let lineOffset = max(lineStart - dropped, 0)
    return TextPosition(
      line: line, column: droppedColumns + characters(from: lineOffset, to: index) + 1)
  }

  // MARK: - Problems

  private func finish() -> Event? {
    finished = true
    if expectation == .end {
      return sawEntries
        ? nil
        : .problem("not a HAR archive: no `log.entries` array", position: nil)
    }
    if dropped == 0, end == 0 {
      return .problem(
        "not valid JSON: the archive is empty", position: TextPosition(line: 1, column: 1))
    }
    let inside = entry.map { " inside entry #\($0.number)" } ?? ""
    return fail(
      message: "not valid JSON: the archive ends early\(inside) (truncated?); entries before "
        + "it were checked", at: end)
  }

  private func fail(unexpected byte: UInt8, expecting what: String) -> Event {
    let shown =
      byte >= 0x20 && byte < 0x7F
      ? "`\(Character(Unicode.Scalar(byte)))`"
      : "byte 0x" + String(byte, radix: 16, uppercase: true)
    var message = "not valid JSON: unexpected \(shown), expected \(what)"
    if stack.isEmpty, dropped + start == 0 || (dropped == 0 && start == 3) {
      message = "not valid JSON: a HAR archive starts with `{`, not \(shown)"
    }
    return fail(message: message, at: start)
  }

  private func fail(message: String, at index: Int) -> Event {
    finished = true
    return .problem(message, position: position(at: index))
  }
}

/// The bytes a JSON string's content stands for: its escapes resolved (`\uD83D\uDE00` as
/// one scalar; a lone surrogate as U+FFFD), everything else copied.
///
/// ```swift
/// unescapedJSONString(Array(#"{\"a\": 1}"#.utf8))  // the bytes of {"a": 1}
/// ```
func unescapedJSONString(_ escaped: [UInt8]) -> [UInt8] {
  var bytes: [UInt8] = []
  bytes.reserveCapacity(escaped.count)
  var index = 0
  func hexUnit(at offset: Int) -> UInt32? {
    guard offset + 4 <= escaped.count else { return nil }
    var unit: UInt32 = 0
    for byte in escaped[offset..<offset + 4] {
      guard let digit = hexDigit(byte) else { return nil }
      unit = unit << 4 | digit
    }
    return unit
  }
  func append(_ scalar: Unicode.Scalar?) {
    bytes.append(contentsOf: String(Character(scalar ?? "\u{FFFD}")).utf8)
  }
  while index < escaped.count {
    let byte = escaped[index]
    guard byte == UInt8(ascii: "\\"), index + 1 < escaped.count else {
      bytes.append(byte)
      index += 1
      continue
    }
    let kind = escaped[index + 1]
    index += 2
    switch kind {
    case UInt8(ascii: "u"):
      guard let unit = hexUnit(at: index) else {
        bytes.append(contentsOf: [UInt8(ascii: "\\"), kind])
        continue
      }
      index += 4
      if (0xD800..<0xDC00).contains(unit), index + 6 <= escaped.count,
        escaped[index] == UInt8(ascii: "\\"), escaped[index + 1] == UInt8(ascii: "u"),
        let low = hexUnit(at: index + 2), (0xDC00..<0xE000).contains(low)
      {
        index += 6
        append(Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)))
      } else {
        append(Unicode.Scalar(unit))
      }
    default:
      bytes.append(unescapedByte(kind))
    }
  }
  return bytes
}

private func hexDigit(_ byte: UInt8) -> UInt32? {
  switch byte {
  case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
  case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
  case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
  default: nil
  }
}
