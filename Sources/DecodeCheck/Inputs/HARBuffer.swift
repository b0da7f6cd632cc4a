import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The bytes of a file a ``HARReader`` reads, a window at a time: a buffer refilled from the
/// file, which keeps the bytes from ``start`` on and grows only when a single token fills it,
/// and the line and column of any byte it holds. It skips the white space between tokens
/// itself, counting lines; what the tokens mean is the reader's.
///
/// ```swift
/// let buffer = try HARBuffer(path: "capture.har", capacity: 1 << 20)
/// if let reason = buffer.refill() { print("cannot read the archive:", reason) }
/// buffer.skipWhitespace()
/// buffer.position(at: buffer.start)  // 1:1
/// ```
final class HARBuffer {
  private let descriptor: Int32
  private var storage: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// The first byte not yet read, and the end of the bytes held.
  var start = 0
  private(set) var end = 0
  /// Whether the file has no more bytes to read than those held.
  private(set) var atEndOfFile = false
  /// Whether the file starts with a UTF-8 byte order mark, which is not part of its text.
  private(set) var startsWithByteOrderMark = false
  /// The file offset of the first byte held.
  private(set) var dropped = 0
  /// The line being read, the file offset where it starts, and the characters of it that
  /// were dropped from the buffer before that offset.
  private var line = 1
  private var lineStart = 0
  private var droppedColumns = 0

  /// Opens the file at `path`, holding at most `capacity` bytes (at least 16) until a token
  /// needs more.
  ///
  /// - Throws: the `POSIXError` of `open`, for a file that cannot be read.
  init(path: String, capacity: Int) throws {
    descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    self.capacity = max(capacity, 16)
    storage = .allocate(capacity: self.capacity)
  }

  deinit {
    storage.deallocate()
    close(descriptor)
  }

  /// The bytes held.
  var bytes: UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: storage, count: end)
  }

  /// How far into the file reading got: the offset of the first byte not yet read.
  var bytesRead: Int { dropped + start }

  // MARK: - White space

  /// Moves ``start`` past the white space (and a leading byte order mark) at it.
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

  // MARK: - Reading

  /// Keeps the bytes from ``start`` on and reads more after them, growing the buffer when a
  /// single token fills it; why not, when the file cannot be read. At the end of the file it
  /// reads nothing and sets ``atEndOfFile``.
  func refill() -> String? {
    if start > 0 {
      let lineOffset = lineStart - dropped
      if lineOffset < start {
        droppedColumns += characters(from: max(lineOffset, 0), to: start)
        lineStart = dropped + start
      }
      storage.update(from: storage + start, count: end - start)
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
        return describeReadError(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO))
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

  /// The line and column of a byte held.
  func position(at index: Int) -> TextPosition {
    let lineOffset = max(lineStart - dropped, 0)
    return TextPosition(
      line: line, column: droppedColumns + characters(from: lineOffset, to: index) + 1)
  }
}
