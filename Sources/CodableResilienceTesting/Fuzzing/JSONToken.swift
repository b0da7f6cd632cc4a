/// A token of a (possibly broken) JSON text, found by a forgiving scan.
struct JSONToken: Sendable {
  enum Kind {
    /// A string followed by a colon.
    case key
    /// Any other string.
    case string
    case number
    /// `null`, `true` or `false`.
    case literal
  }

  var kind: Kind
  /// The token's bytes, quotes included.
  var range: Range<Int>

  var lowerBound: Int { range.lowerBound }
  var upperBound: Int { range.upperBound }

  /// JSON's whitespace bytes.
  static let whitespace: Set<UInt8> = [0x20, 0x0A, 0x0D, 0x09]

  /// The end of the value starting at `start`: past its closing bracket for an object or
  /// array (strings inside skipped), past its closing quote for a string, and before the
  /// next `,`, `}`, `]` or whitespace otherwise. The end of the input when it is cut short.
  static func valueEnd(in bytes: [UInt8], from start: Int) -> Int {
    let opening: Set<UInt8> = [UInt8(ascii: "{"), UInt8(ascii: "[")]
    let closing: Set<UInt8> = [UInt8(ascii: "}"), UInt8(ascii: "]")]
    if bytes[start] == UInt8(ascii: "\"") {
      return (closingQuote(in: bytes, after: start) ?? bytes.count - 1) + 1
    }
    guard opening.contains(bytes[start]) else {
      return bytes[start...].firstIndex {
        $0 == UInt8(ascii: ",") || closing.contains($0) || whitespace.contains($0)
      } ?? bytes.count
    }
    var depth = 0
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index = (closingQuote(in: bytes, after: index) ?? bytes.count - 1) + 1
        continue
      }
      if opening.contains(byte) { depth += 1 }
      if closing.contains(byte) {
        depth -= 1
        if depth == 0 { return index + 1 }
      }
      index += 1
    }
    return bytes.count
  }

  /// The tokens of `bytes`, skipping whatever is not one.
  static func tokens(in bytes: [UInt8]) -> [JSONToken] {
    let numberBytes = Set("-+.0123456789eE".utf8)
    var tokens: [JSONToken] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let end = closingQuote(in: bytes, after: index) ?? bytes.count - 1
        let next = bytes[(end + 1)...].first { !whitespace.contains($0) }
        tokens.append(
          JSONToken(kind: next == UInt8(ascii: ":") ? .key : .string, range: index..<end + 1))
        index = end + 1
      } else if numberBytes.contains(byte) {
        let end = bytes[index...].firstIndex { !numberBytes.contains($0) } ?? bytes.count
        tokens.append(JSONToken(kind: .number, range: index..<end))
        index = end
      } else if let literal = ["null", "true", "false"].first(where: {
        bytes[index...].starts(with: $0.utf8)
      }) {
        tokens.append(JSONToken(kind: .literal, range: index..<index + literal.utf8.count))
        index += literal.utf8.count
      } else {
        index += 1
      }
    }
    return tokens
  }

  /// The index of the quote closing the string opened at `index`, skipping escaped quotes.
  private static func closingQuote(in bytes: [UInt8], after index: Int) -> Int? {
    var position = index + 1
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: "\\"): position += 2
      case UInt8(ascii: "\""): return position
      default: position += 1
      }
    }
    return nil
  }
}
