import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// The reader's bytes: the buffer it refills from the file and the tokens it finds in it.
// HARReader.swift holds what the archive's structure means (which members are kept).
extension HARReader {
  // MARK: - Tokens

  /// The string starting at `start`: its content's first byte and end (the closing quote),
  /// or `nil` when the buffer ends inside it.
  func scanString() -> (first: Int, end: Int, hasEscapes: Bool)? {
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
  func scanWord() -> Int? {
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

  static func isLiteralOrNumber(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
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

  func skipWhitespace() {
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
  func refill() -> Event? {
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

  func characters(from first: Int, to last: Int) -> Int {
    var count = 0
    for index in first..<last where storage[index] & 0xC0 != 0x80 { count += 1 }
    return count
  }

  /// The line and column of a byte held in the buffer.
  func position(at index: Int) -> TextPosition {
    let lineOffset = max(lineStart - dropped, 0)
    return TextPosition(
      line: line, column: droppedColumns + characters(from: lineOffset, to: index) + 1)
  }
}
