import Foundation

/// A JSON value to write into a generated payload. Objects keep their keys in the order
/// written, so payloads are byte-for-byte the same on every run.
enum JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  case string(String)
  case int(Int)
  case double(Double)
  case bool(Bool)
  case null
  /// A key left out of its object, as servers leave out optional fields.
  case absent
  case array([JSONValue])
  case object([(key: String, value: JSONValue)])

  init(stringLiteral value: String) {
    self = .string(value)
  }

  init(integerLiteral value: Int) {
    self = .int(value)
  }

  init(arrayLiteral elements: JSONValue...) {
    self = .array(elements)
  }

  init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(elements.map { (key: $0.0, value: $0.1) })
  }
}

/// Writes JSON values compactly into one buffer.
struct JSONText {
  private(set) var bytes: [UInt8] = []

  var data: Data { Data(bytes) }

  /// Writes `[` each element `]`, producing one element at a time so a 100k-record payload
  /// never exists as a tree.
  mutating func writeArray(count: Int, element: (Int) -> JSONValue) {
    bytes.append(UInt8(ascii: "["))
    for index in 0..<count {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      write(element(index))
    }
    bytes.append(UInt8(ascii: "]"))
  }

  /// Writes JSON punctuation or other text exactly as given.
  mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  mutating func write(_ value: JSONValue) {
    switch value {
    case .string(let string): writeString(string)
    case .int(let int): bytes.append(contentsOf: String(int).utf8)
    case .double(let double): bytes.append(contentsOf: String(double).utf8)
    case .bool(let bool): bytes.append(contentsOf: (bool ? "true" : "false").utf8)
    case .null, .absent: bytes.append(contentsOf: "null".utf8)
    case .array(let elements):
      bytes.append(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        write(element)
      }
      bytes.append(UInt8(ascii: "]"))
    case .object(let members):
      bytes.append(UInt8(ascii: "{"))
      var first = true
      for (key, value) in members {
        if case .absent = value { continue }
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        writeString(key)
        bytes.append(UInt8(ascii: ":"))
        write(value)
      }
      bytes.append(UInt8(ascii: "}"))
    }
  }

  private mutating func writeString(_ string: String) {
    bytes.append(UInt8(ascii: "\""))
    for byte in string.utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"):
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(byte)
      case ..<0x20:
        bytes.append(contentsOf: "\\u00".utf8)
        bytes.append(contentsOf: String(byte, radix: 16).leftPadded(to: 2).utf8)
      default:
        bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
