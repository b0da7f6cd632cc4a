import CodableResilience

/// The values the audit puts where a payload holds a string or an integer: values of the same
/// form that the server has never sent there.
///
/// A new value must not collide with a real one, or a field would look open because the
/// model happened to know it. It keeps the value's form, so a field that reads a date, a UUID
/// or a URL is asked about a new date, UUID or URL (which the server sends all the time), not
/// about text it never could send there:
///
/// | the payload holds | the audit sends |
/// |---|---|
/// | a date, `2025-05-02T09:14:00Z` | the same 28 years later (the calendar repeats): `2053-05-02T09:14:00Z` |
/// | a UUID | each hex digit one up, in the same case |
/// | a URL, `https://api.github.com/…` | another host: `https://audit-api.github.com/…` |
/// | digits, `"12"`, or a decimal, `"4.50"` | one digit more: `"127"`, `"4.507"` |
/// | any other string | `"decodecheckAuditNewValue"` (also valid Base64, 24 letters) |
/// | integers, the largest `12` | the first of 97, 997, 9997, … above every integer there: `97` |
///
/// 97 fits every integer type, and numbers like it are rarely an enum's raw value.
enum NewValues {
  /// The token that replaces a string of no recognised form.
  static let token = "decodecheckAuditNewValue"

  /// The JSON text of a string never sent, of the same form as `text`.
  static func string(replacing text: String) -> String {
    jsonQuoted(newString(replacing: text))
  }

  /// The JSON text of an integer larger than every integer in `seen`: the first of 97, 997,
  /// 9997, … above them.
  static func integer(above seen: [String]) -> String {
    // Integers without a sign, as JSON writes them (no leading zeros): a longer one is
    // larger, and of the same length they compare as text. A negative one is below 97.
    let positive = seen.filter { !$0.hasPrefix("-") }
    // 10^n - 3 is above every integer of fewer than n digits, and of n digits above all but
    // 10^n - 3 itself and the two after it.
    var digits = max(2, positive.map(\.count).max() ?? 0)
    if positive.contains(where: { $0.count == digits && $0 >= candidate(digits) }) {
      digits += 1
    }
    return candidate(digits)
  }

  /// 10^digits - 3: `97`, `997`, `9997`.
  private static func candidate(_ digits: Int) -> String {
    String(repeating: "9", count: digits - 1) + "7"
  }

  private static func newString(replacing text: String) -> String {
    let bytes = Array(text.utf8)
    if isDate(bytes), let year = Int(text.prefix(4)) {
      let shifted = year <= 9971 ? year + 28 : year - 28
      return String(shifted) + text.dropFirst(4)
    }
    if StringForm.isUUID(bytes) {
      let isUppercase = text.contains { "ABCDEF".contains($0) }
      return String(text.map { nextHexDigit($0, uppercase: isUppercase) })
    }
    if let scheme = text.range(of: "://"), !text[..<scheme.lowerBound].isEmpty,
      text[..<scheme.lowerBound].allSatisfy({ $0.isASCII && $0.isLetter })
    {
      return text[..<scheme.upperBound] + "audit-" + text[scheme.upperBound...]
    }
    if isDecimal(bytes) {
      return text + "7"
    }
    return token
  }

  /// `2025-05-02`, with or without a time after it.
  private static func isDate(_ bytes: [UInt8]) -> Bool {
    guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else {
      return false
    }
    return [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy { ASCII.isDigit(bytes[$0]) }
  }

  /// Digits, with a minus before them or a point between them.
  private static func isDecimal(_ bytes: [UInt8]) -> Bool {
    var digits = bytes.first == UInt8(ascii: "-") ? bytes.dropFirst() : bytes[...]
    guard let first = digits.first, ASCII.isDigit(first) else { return false }
    if let point = digits.firstIndex(of: UInt8(ascii: ".")) {
      guard point + 1 < digits.endIndex else { return false }
      digits.remove(at: point)
    }
    return digits.allSatisfy(ASCII.isDigit)
  }

  /// The hex digit after `character` (`f` wraps to `0`), letters in the UUID's case; a
  /// dash stays.
  private static func nextHexDigit(_ character: Character, uppercase: Bool) -> Character {
    let digits = Array(uppercase ? "0123456789ABCDEF" : "0123456789abcdef")
    guard let index = digits.firstIndex(of: character) else { return character }
    return digits[(index + 1) % digits.count]
  }

  /// `literal`, a scalar of `kind` as written, as the other JSON type it converts from or
  /// to with its value kept: a number or a boolean quoted, a string that is a JSON number or
  /// `true`/`false` unquoted; `nil` for any other string, which has no other type.
  ///
  /// ```swift
  /// NewValues.otherType(of: "7", kind: .number)     // "\"7\""
  /// NewValues.otherType(of: "\"7\"", kind: .string) // "7"
  /// ```
  static func otherType(of literal: String, kind: JSONValueKind) -> String? {
    guard kind == .string else { return jsonQuoted(literal) }
    let text = literal.dropFirst().dropLast()
    let bytes = Array(text.utf8)
    guard text == "true" || text == "false" || StringForm.isNumber(bytes) else { return nil }
    return String(text)
  }
}
