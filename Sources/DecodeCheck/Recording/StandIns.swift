import CodableResilience
import Foundation

/// The neutral values a recorded fixture holds where the capture held a string, a key or a
/// number the models do not depend on: values of the same form (a date stays a date, a URL a
/// URL, a UUID a UUID), none of them from the capture.
///
/// A string keeps its form only when the whole string has it (``StringForm``): text that
/// merely starts like a date or a URL is free text, and is replaced whole. Each string has a
/// short list of stand-ins, most neutral first; the recorder keeps the first that leaves the
/// payload's outcome as it was, which only decoding can tell.
///
/// | the capture holds, all of it | first stand-in | then |
/// |---|---|---|
/// | a date, `2025-05-02T09:14:45.120+02:00` | `2000-01-01T00:00:00.000+00:00` | its mask |
/// | a UUID | `00000000-0000-0000-0000-000000000000` | its mask |
/// | a URL, `https://cdn.example.net/u/ines.jpg` | `https://example.com/redacted` | its mask |
/// | an e-mail address | `redacted@example.com` | its mask |
/// | a number as text, `"4312"`, `"12.50"` | `"1"`, `"0.5"` (as numbers below) | its mask |
/// | `"true"`, `"false"` | itself | |
/// | one word, `Ines` | `redacted` | its mask, `Xxxx` |
/// | free text, `Ines Moreau`, `2026-12-24 call Ines` | `redacted` | |
/// | an integer, `20311`, `-4` | `1`, `-1` (`0` stays `0`) | one of its size, `99999` |
/// | any other number, `412.5` | `0.5`, `-0.5` | one of its size, `999.5` |
///
/// The mask keeps a word's length and nothing else of it: every letter `x` (`X` in upper
/// case), every digit `1` (so `31/12/1999` becomes `11/11/1111`, still a date), everything
/// else as it was. It stands in only for a string of one word: of free text it would keep the
/// word breaks, the punctuation and the letter case. A URL keeps its scheme only when it is a
/// common one (`https`, `wss`, …).
///
/// ```swift
/// StandIns.string("ines@example.org").map(\.json)  // ["\"redacted@example.com\"", …]
/// StandIns.numbers("-12")                            // ["-1", "-99"]
/// ```
enum StandIns {
  /// One stand-in for a string: its JSON text, and the form it keeps, which a fixture's
  /// shape names instead of the value.
  struct StandIn: Sendable, Hashable {
    var json: String
    var form: String
  }

  /// The schemes a URL's stand-in keeps; any other becomes `https`.
  private static let commonSchemes: Set<String> = [
    "http", "https", "ws", "wss", "ftp", "sftp", "file", "ssh", "git", "s3", "gs",
  ]

  /// The stand-ins for a string value, most neutral first, each made when it is asked for.
  static func string(_ text: String) -> StringStandIns {
    StringStandIns(text)
  }

  /// The stand-ins of one string, most neutral first: the one of its form, then, for a string
  /// of one word, its mask. Made when asked for, since most strings take a field's decision.
  struct StringStandIns: RandomAccessCollection, Sendable {
    let text: String
    let form: StringForm
    private let isOneWord: Bool

    init(_ text: String) {
      self.text = text
      form = StringForm(text)
      isOneWord = form != .boolean && StringForm.isOneWord(text)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { isOneWord ? 2 : 1 }

    /// The form the first stand-in keeps, which names the field's decision.
    var firstForm: String {
      switch form {
      case .date: "date"
      case .uuid: "uuid"
      case .url: "url"
      case .email: "email"
      case .number: "number"
      case .boolean: "boolean"
      case .word, .text: "text"
      }
    }

    subscript(index: Int) -> StandIn {
      guard index == 0 else { return StandIn(json: jsonQuoted(masked(text)), form: "mask") }
      let json: String
      switch form {
      case .date: json = jsonQuoted(date(text))
      case .uuid: json = jsonQuoted("00000000-0000-0000-0000-000000000000")
      case .url:
        let scheme = text.prefix { $0 != ":" }.lowercased()
        json = jsonQuoted(
          (commonSchemes.contains(scheme) ? scheme : "https") + "://example.com/redacted")
      case .email: json = jsonQuoted("redacted@example.com")
      case .number: json = jsonQuoted(numbers(text)[0])
      // One bit, and the form itself: what a model that converts it reads.
      case .boolean: json = jsonQuoted(text)
      case .word, .text: json = jsonQuoted("redacted")
      }
      return StandIn(json: json, form: firstForm)
    }
  }

  /// The stand-ins for the key of a map's entry, the `ordinal`th (from 1) of its object, so
  /// that no two keys of one object become one.
  static func key(_ text: String, ordinal: Int) -> String {
    switch StringForm(text) {
    case .uuid: String(format: "00000000-0000-0000-0000-%012d", ordinal)
    case .email: "redacted\(ordinal)@example.com"
    default: "key-\(ordinal)"
    }
  }

  /// Numbers of the same kind as `text`, as JSON writes them, most neutral first: an integer
  /// or not, its sign, then one of its size (its digits all `9`), which fails where a number
  /// too large for its type does.
  ///
  /// ```swift
  /// StandIns.numbers("300")     // ["1", "999"]
  /// StandIns.numbers("-412.5")  // ["-0.5", "-999.5"]
  /// ```
  static func numbers(_ text: String) -> [String] {
    let neutral = neutralNumber(text)
    let digits = text.hasPrefix("-") ? text.dropFirst() : text[...]
    let whole = digits.prefix { $0.isASCII && $0.isNumber }.count
    guard whole > 1, neutral != "0", neutral != "0.0" else { return [neutral] }
    let large = (text.hasPrefix("-") ? "-" : "") + String(repeating: "9", count: whole)
    return [neutral, neutral.hasSuffix(".5") ? large + ".5" : large]
  }

  /// The first of ``numbers(_:)``: `1`, `-1`, `0`, `0.5`, `-0.5` or `0.0`, by the kind of
  /// number `text` is.
  static func neutralNumber(_ text: String) -> String {
    let isNegative = text.hasPrefix("-")
    let sign = isNegative ? "-" : ""
    let digits = isNegative ? text.dropFirst() : text[...]
    let isInteger = !digits.isEmpty && digits.utf8.allSatisfy(ASCII.isDigit)
    let isZero = digits.utf8.allSatisfy { $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: ".") }
    switch (isInteger, isZero) {
    case (true, true): return "0"
    case (true, false): return sign + "1"
    case (false, true): return "0.0"
    case (false, false): return sign + "0.5"
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

  /// The date `2000-01-01` at midnight, written as `text`, a whole ``StringForm/date``, writes
  /// its date: every digit after the day becomes a zero, so fractions and offsets keep their
  /// length.
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
}
