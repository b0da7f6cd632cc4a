import CodableResilience
import Foundation

/// The neutral values a recorded fixture holds where the capture held a string, a key or a
/// number the models do not depend on: values of the same form (a date stays a date, a URL a
/// URL, a UUID a UUID), none of them from the capture.
///
/// Each string has a short list of stand-ins, most neutral first; the recorder keeps the first
/// that leaves the payload's outcome as it was, which only decoding can tell.
///
/// | the capture holds | first stand-in | then |
/// |---|---|---|
/// | a date, `2025-05-02T09:14:45.120+02:00` | `2000-01-01T00:00:00.000+00:00` | its mask |
/// | a UUID | `00000000-0000-0000-0000-000000000000` | its mask |
/// | a URL, `https://cdn.example.net/u/ines.jpg` | `https://example.com/redacted` | its mask |
/// | an e-mail address | `redacted@example.com` | its mask |
/// | any other string, `Ines` | `redacted` | its mask, `Xxxx` |
/// | an integer, `20311`, `-4` | `1`, `-1` (`0` stays `0`) | |
/// | any other number, `412.5` | `0.5`, `-0.5` | |
///
/// The mask keeps the string's form and length and nothing else: every letter `x` (`X` in
/// upper case), every digit `1` (so `31/12/1999` becomes `11/11/1111`, still a date), everything
/// else as it was.
///
/// ```swift
/// StandIns.string("ines@example.org").map(\.json)  // ["\"redacted@example.com\"", …]
/// StandIns.number("-12")                             // "-1"
/// ```
enum StandIns {
  /// One stand-in for a string: its JSON text, and the form it keeps, which a fixture's
  /// shape names instead of the value.
  struct StandIn: Sendable, Hashable {
    var json: String
    var form: String
  }

  /// The stand-ins for a string value, most neutral first.
  static func string(_ text: String) -> [StandIn] {
    let mask = StandIn(json: jsonQuoted(masked(text)), form: "mask")
    let bytes = Array(text.utf8)
    if isDate(bytes) { return [StandIn(json: jsonQuoted(date(text)), form: "date"), mask] }
    if isUUID(bytes) {
      return [
        StandIn(json: jsonQuoted("00000000-0000-0000-0000-000000000000"), form: "uuid"), mask,
      ]
    }
    if let scheme = URLGlob.schemeLength(of: text) {
      let url = String(text.prefix(scheme)) + "example.com/redacted"
      return [StandIn(json: jsonQuoted(url), form: "url"), mask]
    }
    if let at = text.firstIndex(of: "@"), text[at...].contains("."), !text.contains(" ") {
      return [StandIn(json: jsonQuoted("redacted@example.com"), form: "email"), mask]
    }
    return [StandIn(json: jsonQuoted("redacted"), form: "text"), mask]
  }

  /// The stand-ins for the key of a map's entry, the `ordinal`th (from 1) of its object, so
  /// that no two keys of one object become one.
  static func key(_ text: String, ordinal: Int) -> String {
    let bytes = Array(text.utf8)
    if isUUID(bytes) {
      return String(format: "00000000-0000-0000-0000-%012d", ordinal)
    }
    if let at = text.firstIndex(of: "@"), text[at...].contains(".") {
      return "redacted\(ordinal)@example.com"
    }
    return "key-\(ordinal)"
  }

  /// A number of the same kind as `text`, as JSON writes it: an integer or not, its sign.
  static func number(_ text: String) -> String {
    let isNegative = text.hasPrefix("-")
    let digits = isNegative ? text.dropFirst() : text[...]
    let isInteger = !digits.isEmpty && digits.utf8.allSatisfy(ASCII.isDigit)
    let isZero = digits.utf8.allSatisfy { $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: ".") }
    switch (isInteger, isZero) {
    case (true, true): return "0"
    case (true, false): return isNegative ? "-1" : "1"
    case (false, true): return "0.0"
    case (false, false): return isNegative ? "-0.5" : "0.5"
    }
  }

  /// Every letter `x` or `X`, every digit `1`, everything else as it was.
  static func masked(_ text: String) -> String {
    String(
      text.map { character -> Character in
        if character.isNumber { return "1" }
        if character.isLetter { return character.isUppercase ? "X" : "x" }
        return character
      })
  }

  /// The date `2000-01-01` at midnight, written as `text` writes its date: every digit after
  /// the day becomes a zero, so fractions and offsets keep their length.
  static func date(_ text: String) -> String {
    var result = ""
    for character in text {
      result.append(character.isASCII && character.isNumber ? "0" : character)
    }
    // The year and the first of month and day: 2000-01-01.
    var characters = Array(result)
    characters.replaceSubrange(0..<4, with: "2000")
    characters[6] = "1"
    characters[9] = "1"
    return String(characters)
  }

  /// `2025-05-02`, with or without a time after it.
  static func isDate(_ bytes: [UInt8]) -> Bool {
    guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else {
      return false
    }
    return [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy { ASCII.isDigit(bytes[$0]) }
  }

  /// Eight, four, four, four and twelve hex digits, joined by dashes.
  static func isUUID(_ bytes: [UInt8]) -> Bool {
    guard bytes.count == 36 else { return false }
    return bytes.indices.allSatisfy { index in
      [8, 13, 18, 23].contains(index)
        ? bytes[index] == UInt8(ascii: "-") : ASCII.hexDigitValue(bytes[index]) != nil
    }
  }
}
