import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// The reader's bytes: the buffer it refills from the file, and the white space (with the
// line count) between the tokens ``JSONTokenizer`` finds in it.
// HARReader.swift holds what the archive's structure means (which members are kept).
extension HARReader {
  // MARK: - White space

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
        startsWithByteOrderMark = true
      default:
        return
      }
    }
  }

  // MARK: - Buffer

  /// How far into the file reading got: the offset of the first byte not yet read.
  var bytesRead: Int { dropped + start }

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
