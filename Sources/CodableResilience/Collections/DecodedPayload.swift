import Foundation

// How an element that `@SkipInvalidElements` leaves out is kept cheaply. Read again through
// the `Decoder` as a `JSONValue`, an element costs more than decoding a valid one: a decoder
// tells a value's kind only through failed reads, and every member goes through the generic
// machinery. A `JSONDecoder` call made through the package's own entry points
// (`decodeCollectingUnknownValues`, `decodeStrictly`) knows the payload it decodes, so the
// element is read from the payload's bytes instead, at the coding path the decoder gives it.
//
// That is done only where the path is known to be the payload's own: the default key
// strategy, no JSON5, UTF-8 without a byte order mark, and an element container that
// Foundation's `JSONDecoder` made for the very decoding the call started (not a nested
// `JSONDecoder` that a custom `init(from:)` runs with the same `userInfo`). Anything else, and
// any value this reader does not read exactly as `JSONValue.init(from:)` reads it through
// `JSONDecoder` (a number other than a short integer is read by `JSONDecoder` itself; a string
// that is not valid UTF-8 or holds a lone surrogate is not read at all), makes the element be
// read through the decoder, as before.
//
// Finding an element costs a scan of the payload up to it, done once: only the path to the
// array an element was last found in is kept (where each value on it starts, the members and
// the element found last), and skipping past an array element goes on from the end of the
// element read last when that one lies inside it. An element whose text is plain (valid UTF-8,
// no escape, integers of at most 15 digits) is kept as a copy of that text and read into a
// `JSONValue` only when asked for (`KeptJSON`); any other is read at once.

extension CodingUserInfoKey {
  /// Where a routed `JSONDecoder` call keeps the ``DecodedPayload`` it decodes.
  static let decodedPayload = CodingUserInfoKey(rawValue: "CodableResilience.decodedPayload")!
}

/// The payload one routed `JSONDecoder` call decodes, and where in it the elements left out
/// so far were found.
final class DecodedPayload: @unchecked Sendable {
  // Unchecked: the mutable state is only touched while `lock` is held.
  private let lock = NSLock()
  private let bytes: Data
  /// The decoder the call's decoding runs on, once the decoding has started, until it ends.
  private var root: ObjectIdentifier?
  /// Whether the call has returned: a decoder made later may have the root's address, and a
  /// model that kept the call's `userInfo` could hand the payload to it.
  private var finished = false
  /// The values on the path to the array an element was found in last, from the payload's
  /// root down: where each starts, and what was learnt of it. Only that path is kept, as a
  /// decoding reads forward: the next element is mostly in the same array or near it, and
  /// memory stays as deep as the payload, however long it is.
  private var frames: [Frame] = []
  /// Reads the numbers this reader leaves to `JSONDecoder`; made when first needed, as most
  /// calls leave no element out.
  private lazy var numberDecoder = JSONDecoder()
  /// How many elements were read from the payload, for tests to see that it is used.
  var elementsRead: Int { lock.withLock { readCount } }
  private var readCount = 0

  /// The payload `decoder` is about to decode; `nil` when paths in it cannot be followed:
  /// another key strategy, JSON5, or a payload that is not plain UTF-8.
  init?(_ payload: Data, decodedBy decoder: JSONDecoder) {
    guard case .useDefaultKeys = decoder.keyDecodingStrategy, !decoder.allowsJSON5,
      !decoder.assumesTopLevelDictionary, payload.count >= 2
    else { return nil }
    // `JSONDecoder` reads UTF-16 and UTF-32 too, which it tells by zero bytes at the start,
    // and skips a byte order mark: left to the decoder.
    let first = payload[payload.startIndex]
    let second = payload[payload.startIndex + 1]
    guard first != 0, second != 0, first < 0xEF else { return nil }
    bytes = payload
  }

  /// Records the decoder the call's decoding runs on: the one the payload's paths belong to.
  func start(with decoder: any Decoder) {
    guard let identity = objectIdentity(of: decoder) else { return }
    lock.withLock {
      if root == nil, !finished {
        root = identity
      }
    }
  }

  /// Ends the payload's use: the call that decodes it has returned, so no decoder is its.
  func finish() {
    lock.withLock {
      finished = true
      root = nil
    }
  }

  /// The element at `index` of the array `container` reads, as `JSONValue.init(from:)` reads
  /// it, when `container` is `JSONDecoder`'s own and `decoder` (the decoder whose container
  /// it is) runs this payload's decoding; `nil` otherwise.
  ///
  /// - Parameter codingPath: the container's coding path.
  func element(
    at index: Int, of container: any UnkeyedDecodingContainer, codingPath: [any CodingKey],
    decodedBy decoder: ObjectIdentifier?
  ) -> KeptJSON? {
    guard let decoder, isJSONDecoderArray(container) else { return nil }
    return lock.withLock {
      guard !finished, decoder == root else { return nil }
      return bytes.withUnsafeBytes { buffer in
        let reader = PayloadReader(bytes: buffer)
        guard let array = frame(at: codingPath, in: reader),
          let start = elementStart(at: index, ofArrayIn: array, in: reader)
        else { return nil }
        let kept: KeptJSON
        let end: Int
        if let plainEnd = reader.plainEnd(ofValueAt: start) {
          kept = KeptJSON(
            plainText: Array(UnsafeRawBufferPointer(rebasing: buffer[start..<plainEnd])))
          end = plainEnd
        } else {
          guard
            let (value, valueEnd) = reader.value(at: start, readingNumbersWith: numberDecoder)
          else { return nil }
          kept = KeptJSON(value)
          end = valueEnd
        }
        readCount += 1
        noteRead(endingAt: end, index: index, inArrayIn: array)
        return kept
      }
    }
  }

  /// The frame of the value at `path`, after which no frame is kept; `nil` when the path leads
  /// nowhere in the payload.
  private func frame(at path: [any CodingKey], in reader: PayloadReader) -> Int? {
    if frames.isEmpty {
      frames = [Frame(step: .index(0), start: reader.skippingWhitespace(from: 0))]
    }
    // The frames kept that are on this path.
    var depth = 0
    while depth < path.count, depth + 1 < frames.count,
      let step = step(path[depth], below: frames[depth].start, in: reader),
      frames[depth + 1].step == step
    {
      depth += 1
    }
    frames.removeSubrange((depth + 1)...)
    while depth < path.count {
      guard let step = step(path[depth], below: frames[depth].start, in: reader) else {
        return nil
      }
      let start: Int?
      switch step {
      case .member(let name): start = memberStart(named: name, ofObjectIn: depth, in: reader)
      case .index(let index): start = elementStart(at: index, ofArrayIn: depth, in: reader)
      }
      guard let start else { return nil }
      frames.append(Frame(step: step, start: start))
      depth += 1
    }
    return depth
  }

  /// The step `key` takes from the value starting at `start`: to a member of an object, or an
  /// element of an array.
  private func step(_ key: any CodingKey, below start: Int, in reader: PayloadReader) -> Step? {
    switch reader.byte(at: start) {
    case UInt8(ascii: "{"): .member(key.stringValue)
    case UInt8(ascii: "["): key.intValue.map(Step.index)
    default: nil
    }
  }

  /// Where the member `name` of the object in frame `frame` starts, reading the object's
  /// members only as far as that one.
  private func memberStart(named name: String, ofObjectIn frame: Int, in reader: PayloadReader)
    -> Int?
  {
    if frames[frame].next == nil, frames[frame].members.isEmpty {
      frames[frame].next = reader.firstMember(ofObjectAt: frames[frame].start).map(
        MemberCursor.member)
    }
    while frames[frame].members[name] == nil, let cursor = frames[frame].next {
      frames[frame].next = nil
      let memberStart: Int
      switch cursor {
      case .member(let start):
        memberStart = start
      case .afterValue(let valueStart):
        // The value of the member read last is skipped only now.
        guard let valueEnd = reader.end(ofValueAt: valueStart),
          let (next, _) = reader.afterMember(endingAt: valueEnd), let next
        else { return nil }
        memberStart = next
      }
      guard let (key, valueStart) = reader.memberKey(at: memberStart) else { return nil }
      if frames[frame].members[key] == nil {
        frames[frame].members[key] = valueStart
      }
      frames[frame].next = .afterValue(valueStart)
    }
    return frames[frame].members[name]
  }

  /// Where the element at `index` of the array in frame `frame` starts.
  private func elementStart(at index: Int, ofArrayIn frame: Int, in reader: PayloadReader)
    -> Int?
  {
    var position: (index: Int, start: Int)
    if let cursor = frames[frame].cursor, cursor.index <= index {
      position = cursor
    } else {
      guard let first = reader.firstElement(ofArrayAt: frames[frame].start) else { return nil }
      position = (0, first)
    }
    while position.index < index {
      guard let end = end(ofElement: position, ofArrayIn: frame, in: reader),
        let next = reader.elementAfter(valueEndingAt: end)
      else { return nil }
      position = (position.index + 1, next)
    }
    frames[frame].cursor = position
    return position.start
  }

  /// Records in each array on the path where the element just read, at `index` of the array
  /// in frame `array`, ends: skipping the element of that array which holds it goes on from
  /// there, so no byte before it is read twice.
  private func noteRead(endingAt end: Int, index: Int, inArrayIn array: Int) {
    for frame in 0...array {
      guard case .index(let holder) = frame == array ? .index(index) : frames[frame + 1].step
      else { continue }
      // Below the holder, one container for each frame down to the element's array.
      frames[frame].readInside = (holder, array - frame, end)
    }
  }

  /// Where the element at `position` of the array in frame `frame` ends: read on from the end
  /// of the element read last inside it, when there is one, and from its start otherwise.
  private func end(
    ofElement position: (index: Int, start: Int), ofArrayIn frame: Int, in reader: PayloadReader
  ) -> Int? {
    if let read = frames[frame].readInside, read.holder == position.index,
      read.end > position.start
    {
      return reader.end(closing: read.closing, from: read.end)
    }
    return reader.end(ofValueAt: position.start)
  }
}

/// One step of a path in the payload: to a member of an object, or an element of an array.
private enum Step: Equatable {
  case member(String)
  case index(Int)
}

/// A value on the path to the array an element was found in last.
private struct Frame {
  /// The step to it from the frame before (the root's is never read).
  let step: Step
  /// Where it starts.
  let start: Int
  /// For an object: the members read so far, where each starts (the first of a repeated key
  /// wins, as in `JSONDecoder`)...
  var members: [String: Int] = [:]
  /// ...and where reading them goes on (`nil` before the first and once the object has been
  /// read to its end).
  var next: MemberCursor?
  /// For an array: the element found last, and where it starts.
  var cursor: (index: Int, start: Int)?
  /// For an array: the element that holds (or is) the element read last, how many containers
  /// close between the end of that one and the end of the holder, and where that one ends.
  var readInside: (holder: Int, closing: Int, end: Int)?
}

/// Where reading an object's members goes on: at a member, or after the value of the member
/// read last.
private enum MemberCursor {
  case member(Int)
  case afterValue(Int)
}

/// The identity of a decoder that is an object; `nil` for one that is a value.
func objectIdentity(of decoder: any Decoder) -> ObjectIdentifier? {
  guard type(of: decoder) is AnyClass else { return nil }
  return ObjectIdentifier(decoder as AnyObject)
}

/// Whether `container` is the unkeyed container `JSONDecoder` makes, whose coding path is the
/// element's place in the payload.
private func isJSONDecoderArray(_ container: any UnkeyedDecodingContainer) -> Bool {
  ObjectIdentifier(type(of: container)) == jsonDecoderArrayType
}

/// The type of `JSONDecoder`'s unkeyed container, which is internal to Foundation.
private let jsonDecoderArrayType: ObjectIdentifier? = {
  struct ContainerType: Decodable {
    let type: ObjectIdentifier
    init(from decoder: any Decoder) throws {
      type = ObjectIdentifier(Swift.type(of: try decoder.unkeyedContainer()))
    }
  }
  return try? JSONDecoder().decode(ContainerType.self, from: Data("[]".utf8)).type
}()

/// The decoding a routed `JSONDecoder` call runs: the value, read as `JSONDecoder.decode`
/// reads it at the top level, after the ``DecodedPayload`` has learnt the decoder it runs on.
struct PayloadRoot<Value: Decodable>: Decodable {
  let value: Value

  init(from decoder: any Decoder) throws {
    (decoder.userInfo[.decodedPayload] as? DecodedPayload)?.start(with: decoder)
    value = try decoder.singleValueContainer().decode(Value.self)
  }
}

// MARK: - Reading the payload

/// Reads a JSON payload that `JSONDecoder` has already read, so it is known to be JSON; any
/// byte out of place still makes a read return `nil`, never trap.
struct PayloadReader {
  let bytes: UnsafeRawBufferPointer

  /// The byte at `index`, or 0 past the end.
  func byte(at index: Int) -> UInt8 {
    index >= 0 && index < bytes.count ? bytes[index] : 0
  }

  func skippingWhitespace(from index: Int) -> Int {
    var index = index
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
        index += 1
      default:
        return index
      }
    }
    return index
  }

  /// Where the first element of the array starting at `start` starts; `nil` for an empty one.
  func firstElement(ofArrayAt start: Int) -> Int? {
    guard byte(at: start) == UInt8(ascii: "[") else { return nil }
    let first = skippingWhitespace(from: start + 1)
    return byte(at: first) == UInt8(ascii: "]") || first >= bytes.count ? nil : first
  }

  /// Where the element after the one ending at `end` starts; `nil` after the last.
  func elementAfter(valueEndingAt end: Int) -> Int? {
    let separator = skippingWhitespace(from: end)
    guard byte(at: separator) == UInt8(ascii: ",") else { return nil }
    let next = skippingWhitespace(from: separator + 1)
    return byte(at: next) == UInt8(ascii: "]") || next >= bytes.count ? nil : next
  }

  /// Where the first member of the object starting at `start` starts; `nil` for an empty
  /// object.
  func firstMember(ofObjectAt start: Int) -> Int? {
    guard byte(at: start) == UInt8(ascii: "{") else { return nil }
    let first = skippingWhitespace(from: start + 1)
    return byte(at: first) == UInt8(ascii: "\"") ? first : nil
  }

  /// The key of the member starting at `start`, and where its value starts.
  func memberKey(at start: Int) -> (key: String, valueStart: Int)? {
    guard let (key, keyEnd) = string(at: start) else { return nil }
    let colon = skippingWhitespace(from: keyEnd)
    guard byte(at: colon) == UInt8(ascii: ":") else { return nil }
    return (key, skippingWhitespace(from: colon + 1))
  }

  /// Where the member after the one whose value ends at `valueEnd` starts or, after the last,
  /// where the object ends.
  func afterMember(endingAt valueEnd: Int) -> (next: Int?, objectEnd: Int?)? {
    var separator = skippingWhitespace(from: valueEnd)
    if byte(at: separator) == UInt8(ascii: ",") {
      separator = skippingWhitespace(from: separator + 1)
      if byte(at: separator) == UInt8(ascii: "\"") {
        return (separator, nil)
      }
    }
    // The last member, with a trailing comma or not.
    guard byte(at: separator) == UInt8(ascii: "}") else { return nil }
    return (nil, separator + 1)
  }

  /// Where the value starting at `start` ends.
  func end(ofValueAt start: Int) -> Int? {
    switch byte(at: start) {
    case UInt8(ascii: "\""):
      return end(ofStringAt: start)
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      return end(closing: 1, from: start + 1)
    default:
      var index = start
      while index < bytes.count, isScalarByte(bytes[index]) {
        index += 1
      }
      return index > start ? index : nil
    }
  }

  /// Where the value starting at `start` ends, when its text is plain: valid UTF-8, with no
  /// escape and no number but an integer of at most 15 digits. `value(at:readingNumbersWith: nil)`
  /// reads a plain text, and reads it the same from any copy of it; `nil` for any other.
  func plainEnd(ofValueAt start: Int) -> Int? {
    var depth = 0
    var index = start
    repeat {
      guard index < bytes.count else { return nil }
      switch bytes[index] {
      case UInt8(ascii: "\""):
        var nonASCII = false
        let stop = nextQuoteOrBackslash(from: index + 1, nonASCII: &nonASCII)
        guard stop < bytes.count, bytes[stop] == UInt8(ascii: "\""),
          !nonASCII
            || validUTF8(
              UnsafeRawBufferPointer(rebasing: bytes[(index + 1)..<stop]), knownASCII: false)
              != nil
        else { return nil }
        index = stop + 1
        continue
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        guard depth > 0 else { return nil }
        depth -= 1
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        guard let end = end(ofValueAt: index),
          shortInteger(UnsafeRawBufferPointer(rebasing: bytes[index..<end])) != nil
        else { return nil }
        index = end
        continue
      case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
        // `true`, `false` or `null`: the payload is JSON.
        guard let end = end(ofValueAt: index) else { return nil }
        index = end
        continue
      default:
        // Outside a container, any other byte starts no value.
        guard depth > 0 else { return nil }
      }
      index += 1
    } while depth > 0
    return index
  }

  /// Where the `count`th container to close after `start` ends, past its closing bracket;
  /// `start` itself when `count` is 0. `start` is outside any string.
  func end(closing count: Int, from start: Int) -> Int? {
    var depth = count
    var index = start
    while depth > 0 {
      guard index < bytes.count else { return nil }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        guard let end = end(ofStringAt: index) else { return nil }
        index = end
        continue
      }
      // Clearing bit 5 makes `{` a `[` and `}` a `]`; no other byte becomes either.
      switch byte & 0xDF {
      case UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "]"): depth -= 1
      default: break
      }
      index += 1
    }
    return index
  }

  /// Where the string starting at `start` ends, past its closing quote.
  @inline(__always)
  private func end(ofStringAt start: Int) -> Int? {
    var index = start + 1
    while true {
      index = nextQuoteOrBackslash(from: index)
      guard index < bytes.count else { return nil }
      if bytes[index] == UInt8(ascii: "\"") {
        return index + 1
      }
      index += 2
    }
  }

  /// Where the first `"` or `\` at or after `start` is (`bytes.count` when there is none),
  /// looked for eight bytes at a time.
  @inline(__always)
  private func nextQuoteOrBackslash(from start: Int) -> Int {
    var index = start
    #if _endian(little)
      if let base = bytes.baseAddress {
        while index + 8 <= bytes.count {
          let found = quoteOrBackslashBits(
            base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
          if found != 0 {
            return index + found.trailingZeroBitCount / 8
          }
          index += 8
        }
      }
    #endif
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
        return index
      }
      index += 1
    }
    return index
  }

  /// Where the first `"` or `\` at or after `start` is (`bytes.count` when there is none),
  /// looked for eight bytes at a time; sets `nonASCII` when a byte before it is not ASCII.
  private func nextQuoteOrBackslash(from start: Int, nonASCII: inout Bool) -> Int {
    var index = start
    #if _endian(little)
      if let base = bytes.baseAddress {
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var seen: UInt64 = 0
        while index + 8 <= bytes.count {
          let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
          let found = quoteOrBackslashBits(word)
          if found != 0 {
            let offset = found.trailingZeroBitCount / 8
            seen |= offset == 0 ? 0 : word & (UInt64.max >> (64 - 8 * offset))
            if seen & highBits != 0 { nonASCII = true }
            return index + offset
          }
          seen |= word
          index += 8
        }
        if seen & highBits != 0 { nonASCII = true }
      }
    #endif
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
        return index
      }
      if byte >= 0x80 { nonASCII = true }
      index += 1
    }
    return index
  }

  /// The string starting at `start`, and where it ends; `nil` for one that is not valid
  /// UTF-8 or holds an escape this reader does not read as `JSONDecoder` does.
  func string(at start: Int) -> (String, end: Int)? {
    guard byte(at: start) == UInt8(ascii: "\"") else { return nil }
    var nonASCII = false
    let stop = nextQuoteOrBackslash(from: start + 1, nonASCII: &nonASCII)
    guard stop < bytes.count else { return nil }
    if bytes[stop] == UInt8(ascii: "\\") {
      return escapedString(from: start + 1)
    }
    let content = UnsafeRawBufferPointer(rebasing: bytes[(start + 1)..<stop])
    guard let text = validUTF8(content, knownASCII: !nonASCII) else { return nil }
    return (text, stop + 1)
  }

  /// The string whose content starts at `start` and holds an escape.
  private func escapedString(from start: Int) -> (String, end: Int)? {
    var utf8: [UInt8] = []
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        guard let text = validUTF8(utf8, knownASCII: false) else { return nil }
        return (text, index + 1)
      case UInt8(ascii: "\\"):
        let escape = self.byte(at: index + 1)
        index += 2
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
          guard let (scalar, end) = unicodeEscape(at: index) else { return nil }
          utf8.append(contentsOf: String(Character(scalar)).utf8)
          index = end
        default:
          return nil
        }
      default:
        if byte < 0x20 { return nil }
        utf8.append(byte)
        index += 1
      }
    }
    return nil
  }

  /// The scalar a `\u` escape names, whose four hex digits start at `start` (a surrogate pair
  /// takes two escapes), and where it ends; `nil` for a lone surrogate.
  private func unicodeEscape(at start: Int) -> (Unicode.Scalar, end: Int)? {
    guard let high = hexQuad(at: start) else { return nil }
    if high < 0xD800 || high > 0xDFFF {
      return Unicode.Scalar(high).map { ($0, start + 4) }
    }
    guard high <= 0xDBFF, byte(at: start + 4) == UInt8(ascii: "\\"),
      byte(at: start + 5) == UInt8(ascii: "u"), let low = hexQuad(at: start + 6),
      (0xDC00...0xDFFF).contains(low)
    else { return nil }
    let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
    return Unicode.Scalar(value).map { ($0, start + 10) }
  }

  private func hexQuad(at start: Int) -> UInt32? {
    var value: UInt32 = 0
    for offset in 0..<4 {
      let digit: UInt32
      switch byte(at: start + offset) {
      case let byte where (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte):
        digit = UInt32(byte - UInt8(ascii: "0"))
      case let byte where (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte):
        digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case let byte where (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte):
        digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default:
        return nil
      }
      value = value << 4 | digit
    }
    return value
  }

  /// The value starting at `start`, as `JSONValue.init(from:)` reads it through
  /// `JSONDecoder`, and where it ends.
  ///
  /// - Parameter numberDecoder: reads each number but a short integer, as it reads it in a
  ///   payload; with none, such a number makes the read return `nil`.
  func value(
    at start: Int, readingNumbersWith numberDecoder: JSONDecoder?, depth: Int = 0
  ) -> (value: JSONValue, end: Int)? {
    guard depth < 1024 else { return nil }
    switch byte(at: start) {
    case UInt8(ascii: "\""):
      return string(at: start).map { (.string($0.0), $0.end) }
    case UInt8(ascii: "{"):
      var members: [String: JSONValue] = [:]
      guard var next = firstMember(ofObjectAt: start) else {
        let end = skippingWhitespace(from: start + 1)
        return byte(at: end) == UInt8(ascii: "}") ? (.object([:]), end + 1) : nil
      }
      while true {
        guard let (key, valueStart) = memberKey(at: next),
          let (value, valueEnd) = self.value(
            at: valueStart, readingNumbersWith: numberDecoder, depth: depth + 1),
          let (following, objectEnd) = afterMember(endingAt: valueEnd)
        else { return nil }
        if members[key] == nil {
          members[key] = value
        }
        if let objectEnd {
          return (.object(members), objectEnd)
        }
        guard let following else { return nil }
        next = following
      }
    case UInt8(ascii: "["):
      var elements: [JSONValue] = []
      var next = firstElement(ofArrayAt: start)
      guard next != nil || byte(at: skippingWhitespace(from: start + 1)) == UInt8(ascii: "]")
      else { return nil }
      var end = skippingWhitespace(from: start + 1) + 1
      while let elementStart = next {
        guard
          let (element, elementEnd) = value(
            at: elementStart, readingNumbersWith: numberDecoder, depth: depth + 1)
        else { return nil }
        elements.append(element)
        let separator = skippingWhitespace(from: elementEnd)
        if byte(at: separator) == UInt8(ascii: ",") {
          let following = skippingWhitespace(from: separator + 1)
          next = byte(at: following) == UInt8(ascii: "]") ? nil : following
          end = following + 1
        } else {
          guard byte(at: separator) == UInt8(ascii: "]") else { return nil }
          next = nil
          end = separator + 1
        }
      }
      return (.array(elements), end)
    default:
      return scalar(at: start, readingNumbersWith: numberDecoder)
    }
  }

  /// A literal or a number.
  private func scalar(
    at start: Int, readingNumbersWith numberDecoder: JSONDecoder?
  ) -> (value: JSONValue, end: Int)? {
    guard let end = end(ofValueAt: start) else { return nil }
    let token = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    if token.elementsEqual("true".utf8) { return (.bool(true), end) }
    if token.elementsEqual("false".utf8) { return (.bool(false), end) }
    if token.elementsEqual("null".utf8) { return (.null, end) }
    if let integer = shortInteger(token) { return (.integer(integer), end) }
    // Any other number as `JSONDecoder` reads it: the same reads, on the number alone.
    guard let numberDecoder,
      let number = try? numberDecoder.decode(JSONValue.self, from: Data(token))
    else {
      return nil
    }
    switch number {
    case .integer, .unsigned, .double, .decimal: return (number, end)
    default: return nil
    }
  }
}

/// The high bit of each byte of `word` (read little-endian) that is a `"` or a `\`, and of
/// no byte before the first of them; 0 when there is none.
@inline(__always)
private func quoteOrBackslashBits(_ word: UInt64) -> UInt64 {
  let ones: UInt64 = 0x0101_0101_0101_0101
  let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
  let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
  // The lowest byte that is zero in either sets the lowest high bit here; bits above it may
  // be wrong, which no caller reads.
  return ((quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes)
    & 0x8080_8080_8080_8080
}

/// Whether `byte` can be part of a number or a literal.
private func isScalarByte(_ byte: UInt8) -> Bool {
  switch byte {
  case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
    UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "-"), UInt8(ascii: "+"),
    UInt8(ascii: "."):
    true
  default:
    false
  }
}

/// An integer of at most 15 digits, not `-0`, which every read of `JSONValue.init(from:)` gives as
/// itself; `nil` for any other token.
private func shortInteger(_ token: UnsafeRawBufferPointer) -> Int64? {
  var digits = token[...]
  let negative = digits.first == UInt8(ascii: "-")
  if negative {
    digits = digits.dropFirst()
  }
  guard !digits.isEmpty, digits.count <= 15,
    digits.first != UInt8(ascii: "0") || digits.count == 1
  else { return nil }
  var value: Int64 = 0
  for digit in digits {
    guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
    value = value * 10 + Int64(digit - UInt8(ascii: "0"))
  }
  guard !negative || value != 0 else { return nil }
  return negative ? -value : value
}

/// The text of `utf8`, when it is valid UTF-8.
private func validUTF8(_ utf8: some Collection<UInt8>, knownASCII: Bool) -> String? {
  let text = String(decoding: utf8, as: UTF8.self)
  // Decoding replaces each invalid sequence with U+FFFD, which changes the bytes.
  guard knownASCII || text.utf8.elementsEqual(utf8) else { return nil }
  return text
}
