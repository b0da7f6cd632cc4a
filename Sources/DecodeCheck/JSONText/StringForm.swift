/// What a string value is as a whole: the form a variant of it keeps.
///
/// A string has a form only when all of it has that form, so text that merely starts like a
/// date (`2026-12-24 remind Ines`) or a URL (`https://x.example is Ines's`) is text. Recording
/// relies on this: a stand-in that keeps a form keeps nothing else of the string.
///
/// ```swift
/// StringForm("2026-12-24T10:00:00Z")   // .date
/// StringForm("2026-12-24 remind Ines") // .text
/// StringForm("Ines")                   // .word
/// ```
enum StringForm: Hashable, Sendable {
  /// An RFC 3339 / ISO 8601 date, or date and time: `2026-12-24`, `2026-12-24T10:00:00.120+01:00`.
  case date
  /// Eight, four, four, four and twelve hex digits, joined by dashes.
  case uuid
  /// `scheme://…` with no white space or control character anywhere.
  case url
  /// `local@domain.tld`, one `@`, no white space.
  case email
  /// A number as JSON writes it: `7`, `-12.50`, `1e3`.
  case number
  /// `true` or `false`.
  case boolean
  /// One word of any other kind: no white space.
  case word
  /// Anything else: free text.
  case text

  init(_ text: String) {
    let bytes = Array(text.utf8)
    if Self.isDate(bytes) {
      self = .date
    } else if Self.isUUID(bytes) {
      self = .uuid
    } else if !Self.isOneWord(text) {
      self = .text
    } else if Self.schemeLength(of: text) != nil, Self.isURLText(bytes) {
      self = .url
    } else if Self.isEmail(text) {
      self = .email
    } else if Self.isNumber(bytes) {
      self = .number
    } else if text == "true" || text == "false" {
      self = .boolean
    } else {
      self = .word
    }
  }

  /// The length of `scheme://` at the start of `text`, or `nil` when it does not start so.
  static func schemeLength(of text: String) -> Int? {
    var length = 0
    for byte in text.utf8 {
      if byte == UInt8(ascii: ":") { break }
      let isSchemeByte =
        length == 0
        ? ASCII.isLetter(byte)
        : ASCII.isLetter(byte) || ASCII.isDigit(byte) || byte == UInt8(ascii: "+")
          || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
      guard isSchemeByte else { return nil }
      length += 1
    }
    guard length > 0, text.utf8.dropFirst(length).starts(with: "://".utf8) else { return nil }
    // The scheme is ASCII, so its bytes are its characters.
    return length + 3
  }

  /// Whether `text` looks like the name of a field (or of a path's segment) rather than data:
  /// ASCII letters, digits, `_` and `-` (and `.` inside), 1 to 48 of them, starting with a
  /// small letter or `_` (so not a number, a date, or a capitalised word such as a person's
  /// name: `Ines`), with no run of five digits or more (a postal code, a phone number, an
  /// id), and not a UUID, a run of 16 or more hex digits, or a run of 16 or more characters
  /// without a separator that holds digits as Base64 and keys do (`AKIAIOSFODNN7EXAMPLE`).
  /// An e-mail address or a URL holds characters no name does.
  ///
  /// ```swift
  /// StringForm.looksLikeName("media_attachments")  // true
  /// StringForm.looksLikeName("1098")               // false
  /// StringForm.looksLikeName("2026-12-24")         // false
  /// StringForm.looksLikeName("ghp_R3aLt0k3nV4lu3") // false
  /// ```
  static func looksLikeName(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard (1...48).contains(bytes.count), let first = bytes.first, first != UInt8(ascii: "."),
      bytes.last != UInt8(ascii: "."),
      bytes.allSatisfy({
        ASCII.isLetter($0) || ASCII.isDigit($0) || $0 == UInt8(ascii: "_")
          || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
      }),
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) || first == UInt8(ascii: "_"),
      !isUUID(bytes)
    else { return false }
    var digits = 0
    for byte in bytes {
      digits = ASCII.isDigit(byte) ? digits + 1 : 0
      if digits >= 5 { return false }
    }
    if bytes.count >= 16 {
      if bytes.allSatisfy({ ASCII.hexDigitValue($0) != nil }) { return false }
      let separated = bytes.contains { $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
      let capitals = bytes.count { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
      let digits = bytes.count(where: ASCII.isDigit)
      // camelCase has a capital a word; a token has digits among runs of capitals.
      if !separated, digits >= 2 || (digits >= 1 && capitals * 3 >= bytes.count) { return false }
    }
    // A token behind a prefix (`sk_liveAB12CD34EF56GH`): one long part mixes capitals and digits.
    let parts = bytes.split { $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    return !parts.contains { part in
      part.count >= 12 && part.count(where: ASCII.isDigit) >= 2
        && part.count { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) } >= 2
    }
  }

  /// Whether the string holds no white space (every form but ``text``, and a date with a
  /// space before its time).
  static func isOneWord(_ text: String) -> Bool {
    guard !text.isEmpty else { return false }
    let utf8 = text.utf8
    if utf8.allSatisfy({ $0 < 0x80 }) {
      return !utf8.contains { $0 == 0x20 || (0x09...0x0D).contains($0) }
    }
    return !text.unicodeScalars.contains { $0.properties.isWhitespace }
  }

  /// A date, then optionally a time (`T`, `t` or a space before it), seconds, a fraction and
  /// an offset (`Z` or `±hh:mm`), and nothing else.
  static func isDate(_ bytes: [UInt8]) -> Bool {
    var reader = FormReader(bytes: bytes)
    guard reader.digits(4), reader.byte("-"), reader.digits(2), reader.byte("-"),
      reader.digits(2)
    else { return false }
    if reader.isAtEnd { return true }
    guard reader.byte("T") || reader.byte("t") || reader.byte(" "), reader.digits(2),
      reader.byte(":"), reader.digits(2)
    else { return false }
    if reader.byte(":") {
      guard reader.digits(2) else { return false }
      if reader.byte(".") || reader.byte(",") {
        guard reader.digits(1) else { return false }
        while reader.digits(1) {}
      }
    }
    if reader.byte("Z") || reader.byte("z") { return reader.isAtEnd }
    if reader.byte("+") || reader.byte("-") {
      guard reader.digits(2) else { return false }
      _ = reader.byte(":")
      guard reader.digits(2) else { return false }
    }
    return reader.isAtEnd
  }

  /// Eight, four, four, four and twelve hex digits, joined by dashes.
  static func isUUID(_ bytes: [UInt8]) -> Bool {
    guard bytes.count == 36 else { return false }
    return bytes.indices.allSatisfy { index in
      [8, 13, 18, 23].contains(index)
        ? bytes[index] == UInt8(ascii: "-") : ASCII.hexDigitValue(bytes[index]) != nil
    }
  }

  /// No control character and no byte a URL never holds unescaped.
  private static func isURLText(_ bytes: [UInt8]) -> Bool {
    bytes.allSatisfy { $0 > 0x20 && $0 != 0x7F && $0 != UInt8(ascii: "\"") }
  }

  /// One `@` between a local part and a domain of two or more dot-separated labels.
  private static func isEmail(_ text: String) -> Bool {
    let parts = text.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty else { return false }
    let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
    return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
      && !text.contains { "/\\<>()[],;:\"".contains($0) }
  }

  /// RFC 8259's number: `-`, digits without a leading zero, a fraction, an exponent.
  static func isNumber(_ bytes: [UInt8]) -> Bool {
    var reader = FormReader(bytes: bytes)
    _ = reader.byte("-")
    if reader.byte("0") {
      if reader.digits(1) { return false }
    } else {
      guard reader.digits(1) else { return false }
      while reader.digits(1) {}
    }
    if reader.byte(".") {
      guard reader.digits(1) else { return false }
      while reader.digits(1) {}
    }
    if reader.byte("e") || reader.byte("E") {
      _ = reader.byte("+") || reader.byte("-")
      guard reader.digits(1) else { return false }
      while reader.digits(1) {}
    }
    return reader.isAtEnd
  }
}

/// Reads a string's bytes against a small grammar, one piece at a time.
private struct FormReader {
  let bytes: [UInt8]
  var index = 0

  var isAtEnd: Bool { index == bytes.count }

  /// Takes `character` when it comes next.
  mutating func byte(_ character: Unicode.Scalar) -> Bool {
    guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
    index += 1
    return true
  }

  /// Takes `count` ASCII digits when they come next.
  mutating func digits(_ count: Int) -> Bool {
    guard index + count <= bytes.count,
      bytes[index..<index + count].allSatisfy(ASCII.isDigit)
    else { return false }
    index += count
    return true
  }
}
