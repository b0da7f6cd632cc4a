import Foundation

/// One payload of a newline-delimited JSON input (`--lines`): where it is in the input's
/// bytes and its line number.
///
/// ```swift
/// PayloadLine.lines(in: Data("{}\n\n[1]\r\n".utf8))
/// // [PayloadLine(range: 0..<2, number: 1), PayloadLine(range: 4..<7, number: 3)]
/// ```
struct PayloadLine: Equatable {
  /// The line's bytes, as offsets from the input's first byte, without its line break
  /// (`\n` or `\r\n`).
  var range: Range<Int>
  /// The line's number, from 1, counting blank lines.
  var number: Int

  /// The input's non-blank lines; a line of spaces, tabs and carriage returns is blank.
  static func lines(in data: Data) -> [PayloadLine] {
    data.withUnsafeBytes { bytes in
      var lines: [PayloadLine] = []
      var lineStart = 0
      var number = 1
      for index in 0...bytes.count where index == bytes.count || bytes[index] == 0x0A {
        var end = index
        if end > lineStart, bytes[end - 1] == 0x0D { end -= 1 }
        let isBlank = bytes[lineStart..<end].allSatisfy {
          $0 == 0x20 || $0 == 0x09 || $0 == 0x0D
        }
        if !isBlank { lines.append(PayloadLine(range: lineStart..<end, number: number)) }
        lineStart = index + 1
        number += 1
      }
      return lines
    }
  }
}
