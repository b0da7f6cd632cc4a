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
