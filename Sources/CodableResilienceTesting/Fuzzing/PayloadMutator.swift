import Foundation

/// Makes reproducible broken variants of payloads: each seed gives the same bytes on every
/// run, built by one to three mutations of one payload.
struct PayloadMutator: Sendable {
  /// A way of breaking a payload.
  enum Mutation: String, CaseIterable, Sendable {
    case flipBit
    case replaceByte
    case truncate
    case insertToken
    case deleteRange
    case duplicateRange
    case splice
    case deepNesting
    case hugeNumber
    case replaceNumber
    case invalidUTF8
    case swapEnumValue
    case inventEnumValue
    case swapValueType
    case removeKey
    case nullKey
    /// A number or boolean quoted, or a quoted one unquoted: `7` ↔ `"7"`, the same value in
    /// another JSON type.
    case convertValueType
    /// An array replaced by its first element: one value where a list was sent.
    case oneForMany
  }

  /// A mutated payload and how it was made.
  struct Mutant: Sendable {
    var bytes: [UInt8]
    /// The fixture it started from and each mutation applied, for the failure message.
    var steps: [String]
  }

  /// The payloads mutations start from.
  var payloads: [(name: String, bytes: [UInt8])]

  /// Every string and whole number the payloads hold as a value (not as a key): the raw
  /// values the models know, to swap into other places.
  var knownRawValues: [String]

  /// A mutator starting from `payloads`, which must not be empty.
  init(payloads: [(name: String, bytes: [UInt8])]) {
    self.payloads = payloads
    var values: Set<String> = []
    for payload in payloads {
      for token in JSONToken.tokens(in: payload.bytes) where token.kind != .key {
        if token.kind == .string || token.kind == .number, token.range.count <= 64 {
          values.insert(String(decoding: payload.bytes[token.range], as: UTF8.self))
        }
      }
    }
    knownRawValues = values.sorted()
  }

  /// Raw values no enum knows, including awkward ones: empty, case and Unicode variants,
  /// escapes.
  static let newRawValues: [String] = [
    "castle", "under_review", "geothermal", "apple_pay", "CHF", "platinum", "checked_in",
    "", " ", "House", "HOUSE", "unknown ", "caf\u{E9}", "cafe\u{301}", "\u{1F3E0}",
    #"\u0000"#, #"\ud83c\udfe0"#, #"\ud800"#, #"wi\"fi"#, #"\\"#,
  ]

  /// Whole numbers an `Int` enum or a checked field may not expect: small raw values,
  /// limits people write checks against, and the edges of the integer types.
  static let integerRawValues: [String] = [
    "0", "1", "2", "3", "4", "5", "6", "-1", "-2", "1.0", "1e0", "-0", "10", "100", "1000",
    "1001", "-1000", "65536", "1000000", "2147483648", "9223372036854775807",
    "-9223372036854775808",
  ]

  /// Numbers no `Int` or `Double` can hold, and edge cases of both.
  static let hugeNumbers: [String] = [
    "1e400", "-1e400", "1e-400", "99999999999999999999", "-99999999999999999999",
    "9223372036854775808", "-9223372036854775809", "1.7976931348623157e308",
    "4.9e-324", "123456789012345678901234567890.5", "0.0000000000000000000000001", "1E+2",
    "00", "-", "1.", ".5", "+1", "0x10", "NaN", "Infinity",
  ]

  /// Byte sequences that are not UTF-8: lone continuation bytes, truncated sequences, an
  /// overlong encoding, an encoded surrogate, a code point above U+10FFFF.
  static let invalidUTF8: [[UInt8]] = [
    [0xFF], [0x80], [0xC3], [0xC3, 0x28], [0xE2, 0x82], [0xC0, 0xAF], [0xED, 0xA0, 0x80],
    [0xF4, 0x90, 0x80, 0x80], [0xFE, 0xFF], [0xE9],
  ]

  /// Pieces of JSON syntax to insert.
  static let tokens: [String] = [
    "{", "}", "[", "]", ",", ":", "\"", "null", "true", "false", "0", "-", "\\", "\\u",
    "\\ud800", "{}", "[]", "\"\":", ",,", "\n", "\u{0}", "/*", "\u{FEFF}",
  ]

  /// The mutant for `seed`.
  func mutant(seed: UInt64) -> Mutant {
    var random = SplitMix64(seed: seed)
    let start = random.element(of: payloads)
    var mutant = Mutant(bytes: start.bytes, steps: [start.name])
    for _ in 0..<random.int(in: 1...3) {
      let mutation = random.element(of: Mutation.allCases)
      let detail = apply(mutation, to: &mutant.bytes, using: &random)
      mutant.steps.append("\(mutation.rawValue)(\(detail))")
    }
    return mutant
  }

  /// Applies one mutation and describes what it did.
  func apply(
    _ mutation: Mutation,
    to bytes: inout [UInt8],
    using random: inout SplitMix64
  ) -> String {
    let position = random.int(in: 0...bytes.count)
    switch mutation {
    case .flipBit:
      guard !bytes.isEmpty else { return "empty" }
      let index = random.int(below: bytes.count)
      let bit = random.int(below: 8)
      bytes[index] ^= 1 << bit
      return "byte \(index), bit \(bit)"
    case .replaceByte:
      guard !bytes.isEmpty else { return "empty" }
      let index = random.int(below: bytes.count)
      bytes[index] = UInt8(truncatingIfNeeded: random.next())
      return "byte \(index)"
    case .truncate:
      bytes.removeSubrange(position...)
      return "to \(position) bytes"
    case .insertToken:
      let token = random.element(of: Self.tokens)
      bytes.insert(contentsOf: Array(token.utf8), at: position)
      return "\(token.debugDescription) at \(position)"
    case .deleteRange:
      let count = min(random.int(in: 1...64), bytes.count - position)
      bytes.removeSubrange(position..<position + count)
      return "\(count) bytes at \(position)"
    case .duplicateRange:
      let count = min(random.int(in: 1...256), bytes.count - position)
      bytes.insert(contentsOf: bytes[position..<position + count], at: position)
      return "\(count) bytes at \(position)"
    case .splice:
      let other = random.element(of: payloads)
      let cut = random.int(in: 0...other.bytes.count)
      bytes = Array(bytes[..<position] + other.bytes[cut...])
      return "at \(position) with \(other.name) from \(cut)"
    case .deepNesting:
      return nest(&bytes, at: position, using: &random)
    case .hugeNumber:
      let number = random.element(of: Self.hugeNumbers)
      return replaceToken(in: &bytes, of: [.number], with: number, using: &random)
    case .replaceNumber:
      let number = random.element(of: Self.integerRawValues)
      return replaceToken(in: &bytes, of: [.number], with: number, using: &random)
    case .invalidUTF8:
      // Inside a string when there is one, where a decoder is most likely to look at it.
      let sequence = random.element(of: Self.invalidUTF8)
      let quotes = bytes.indices.filter { bytes[$0] == UInt8(ascii: "\"") }
      let index = quotes.isEmpty ? position : random.element(of: quotes) + 1
      bytes.insert(contentsOf: sequence, at: index)
      return "\(sequence) at \(index)"
    case .swapEnumValue:
      // A value from elsewhere in the payloads, in place of a string or number.
      guard !knownRawValues.isEmpty else { return "no values" }
      let value = random.element(of: knownRawValues)
      return replaceToken(in: &bytes, of: [.string, .number], with: value, using: &random)
    case .inventEnumValue:
      if random.chance(50) {
        let value = random.element(of: Self.newRawValues)
        return replaceToken(in: &bytes, of: [.string], with: "\"\(value)\"", using: &random)
      }
      let value = random.element(of: Self.integerRawValues)
      return replaceToken(in: &bytes, of: [.number], with: value, using: &random)
    case .removeKey, .nullKey:
      return editMember(of: &bytes, removing: mutation == .removeKey, using: &random)
    case .convertValueType:
      return convertValueType(in: &bytes, using: &random)
    case .oneForMany:
      return replaceArrayByItsFirstElement(in: &bytes, using: &random)
    case .swapValueType:
      let value = random.element(of: [
        "null", "true", "0", "\"\"", "[]", "{}", "[null]", "{\"\":0}",
      ])
      return replaceToken(
        in: &bytes, of: [.string, .number, .literal], with: value, using: &random)
    }
  }

  /// Removes one object member (key, colon, value and a comma), or sets its value to `null`.
  private func editMember(
    of bytes: inout [UInt8],
    removing: Bool,
    using random: inout SplitMix64
  ) -> String {
    let keys = JSONToken.tokens(in: bytes).filter { $0.kind == .key }
    guard !keys.isEmpty else { return "no keys" }
    let key = random.element(of: keys)
    guard let colon = bytes[key.upperBound...].firstIndex(of: UInt8(ascii: ":")) else {
      return "no value"
    }
    let valueStart = bytes[(colon + 1)...].firstIndex { !JSONToken.whitespace.contains($0) }
    let valueEnd = valueStart.map { JSONToken.valueEnd(in: bytes, from: $0) } ?? bytes.count
    let name = String(decoding: bytes[key.range], as: UTF8.self)
    if !removing {
      bytes.replaceSubrange((colon + 1)..<valueEnd, with: Array(" null".utf8))
      return "\(name) at \(key.lowerBound)"
    }
    var range = key.lowerBound..<valueEnd
    if let comma = bytes[valueEnd...].firstIndex(where: { !JSONToken.whitespace.contains($0) }),
      bytes[comma] == UInt8(ascii: ",")
    {
      range = key.lowerBound..<comma + 1
    } else if let comma = bytes[..<key.lowerBound].lastIndex(where: {
      !JSONToken.whitespace.contains($0)
    }), bytes[comma] == UInt8(ascii: ",") {
      range = comma..<valueEnd
    }
    bytes.removeSubrange(range)
    return "\(name) at \(key.lowerBound)"
  }

  /// Quotes a number or a boolean, or unquotes a string that holds one: the value kept, its
  /// JSON type changed.
  private func convertValueType(in bytes: inout [UInt8], using random: inout SplitMix64)
    -> String
  {
    let candidates = JSONToken.tokens(in: bytes).filter { token in
      switch token.kind {
      case .number: return true
      case .literal: return bytes[token.range.lowerBound] != UInt8(ascii: "n")
      case .string:
        guard token.range.count >= 2 else { return false }
        let inner = bytes[(token.range.lowerBound + 1)..<(token.range.upperBound - 1)]
        let text = String(decoding: inner, as: UTF8.self)
        return text == "true" || text == "false" || Double(text) != nil && !text.contains(" ")
      case .key: return false
      }
    }
    guard !candidates.isEmpty else { return "no scalar" }
    let token = random.element(of: candidates)
    let text = Array(bytes[token.range])
    let quote = UInt8(ascii: "\"")
    let converted =
      token.kind == .string ? Array(text.dropFirst().dropLast()) : [quote] + text + [quote]
    bytes.replaceSubrange(token.range, with: converted)
    return "\(String(decoding: converted, as: UTF8.self)) at \(token.range.lowerBound)"
  }

  /// Replaces one array (not empty) with its first element.
  private func replaceArrayByItsFirstElement(
    in bytes: inout [UInt8], using random: inout SplitMix64
  ) -> String {
    var inString = [Bool](repeating: false, count: bytes.count)
    for token in JSONToken.tokens(in: bytes) where token.kind == .string || token.kind == .key {
      for index in token.range where index < inString.count { inString[index] = true }
    }
    let arrays = bytes.indices.filter { bytes[$0] == UInt8(ascii: "[") && !inString[$0] }
    guard !arrays.isEmpty else { return "no array" }
    let open = random.element(of: arrays)
    let end = JSONToken.valueEnd(in: bytes, from: open)
    guard end > open + 1,
      let first = bytes[(open + 1)..<end].firstIndex(where: { !JSONToken.whitespace.contains($0) }),
      bytes[first] != UInt8(ascii: "]")
    else { return "empty array at \(open)" }
    let element = Array(bytes[first..<JSONToken.valueEnd(in: bytes, from: first)])
    bytes.replaceSubrange(open..<end, with: element)
    return "array at \(open) as its first element"
  }

  /// Wraps the payload in, or inserts at `position`, thousands of open arrays or objects.
  private func nest(_ bytes: inout [UInt8], at position: Int, using random: inout SplitMix64)
    -> String
  {
    let depth = random.element(of: [100, 511, 512, 513, 10_000])
    let (open, close) = random.chance(50) ? ("[", "]") : (#"{"a":"#, "}")
    let opening = Array(String(repeating: open, count: depth).utf8)
    let closing = Array(String(repeating: close, count: depth).utf8)
    if random.chance(50) {
      bytes = opening + bytes + (random.chance(50) ? closing : [])
      return "wrapped in \(depth) × \(open)"
    }
    bytes.insert(contentsOf: opening + (random.chance(50) ? closing : []), at: position)
    return "\(depth) × \(open) at \(position)"
  }

  /// Replaces one token of one of `kinds` with `replacement`; inserts it at a random place
  /// when the payload has no such token.
  private func replaceToken(
    in bytes: inout [UInt8],
    of kinds: Set<JSONToken.Kind>,
    with replacement: String,
    using random: inout SplitMix64
  ) -> String {
    let tokens = JSONToken.tokens(in: bytes).filter { kinds.contains($0.kind) }
    guard !tokens.isEmpty else {
      let position = random.int(in: 0...bytes.count)
      bytes.insert(contentsOf: Array(replacement.utf8), at: position)
      return "\(replacement) inserted at \(position)"
    }
    let token = random.element(of: tokens)
    bytes.replaceSubrange(token.range, with: Array(replacement.utf8))
    return "\(replacement) at \(token.range.lowerBound)"
  }
}
