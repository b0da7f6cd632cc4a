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

  // The buffer: internal rather than private only so HARReader+Buffer.swift, which refills
  // it and finds tokens in it, can reach it; nothing outside the reader touches it.
  let descriptor: Int32
  var storage: UnsafeMutablePointer<UInt8>
  var capacity: Int
  /// The first byte not yet read, and the end of the bytes held.
  var start = 0
  var end = 0
  var atEndOfFile = false
  var finished = false
  /// The archive offset of `storage[0]`.
  var dropped = 0
  /// The line being read, the archive offset where it starts, and the characters of it that
  /// were dropped from the buffer before that offset.
  var line = 1
  var lineStart = 0
  var droppedColumns = 0

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

  // MARK: - Problems

  func finish() -> Event? {
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
