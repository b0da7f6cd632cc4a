// Text the toolkit writes for JSON: a string quoted as JSON quotes it, and the one order keys
// and spellings are sorted in.

/// A string in double quotes, with quotes, backslashes and control characters escaped as
/// JSON escapes them, so the text can be pasted into a JSONPath or a JSON string.
package func jsonQuoted(_ text: String) -> String {
  var bytes: [UInt8] = []
  bytes.reserveCapacity(text.utf8.count + 2)
  appendJSONQuoted(text, to: &bytes)
  return String(decoding: bytes, as: UTF8.self)
}

/// Whether `lhs` comes before `rhs` in the order of their UTF-8 bytes: the order the toolkit
/// sorts keys and spellings in wherever the result must be the same on every run.
///
/// Not `<`: Swift 6.3 compares some strings that differ in how an accent is written as
/// neither less nor greater than each other (`"e\u{301}"` and `"\u{e9}\""`), so a sort by `<`
/// can put them in either order.
@usableFromInline
func isInUTF8Order(_ lhs: String, _ rhs: String) -> Bool {
  lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
}

/// Appends `text` in double quotes to `bytes`, escaped as ``jsonQuoted(_:)`` escapes it: the
/// runs between the bytes to escape are copied whole.
func appendJSONQuoted(_ text: String, to bytes: inout [UInt8]) {
  bytes.append(UInt8(ascii: "\""))
  var text = text
  text.withUTF8 { utf8 in
    var start = 0
    for index in utf8.indices {
      let byte = utf8[index]
      guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 else {
        continue
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
      start = index + 1
      bytes.append(UInt8(ascii: "\\"))
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
      case UInt8(ascii: "\n"): bytes.append(UInt8(ascii: "n"))
      case UInt8(ascii: "\r"): bytes.append(UInt8(ascii: "r"))
      case UInt8(ascii: "\t"): bytes.append(UInt8(ascii: "t"))
      default:
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(contentsOf: [
          UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)],
          hex[Int(byte & 0xF)],
        ])
      }
    }
    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
  }
  bytes.append(UInt8(ascii: "\""))
}
