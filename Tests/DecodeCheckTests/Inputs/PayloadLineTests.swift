import Foundation
import Testing

@testable import DecodeCheck

@Suite struct PayloadLineTests {
  /// Lines end at `\n` or `\r\n`, neither part of the payload; blank lines (spaces, tabs,
  /// carriage returns) are skipped and still counted.
  @Test func linesLeaveOutTheirBreaksAndBlankLines() {
    let data = Data("{}\r\n\n \t\r\n[1]\n{\"a\": 1}".utf8)
    #expect(
      PayloadLine.lines(in: data) == [
        PayloadLine(range: 0..<2, number: 1),
        PayloadLine(range: 9..<12, number: 4),
        PayloadLine(range: 13..<21, number: 5),
      ])
    #expect(PayloadLine.lines(in: Data()) == [])
    #expect(PayloadLine.lines(in: Data("\n\r\n".utf8)) == [])
  }
}
