import Foundation

/// The error messages of Foundation's `JSONDecoder` and of the standard library that
/// DecodeCheck recognises by their text, kept in this one place.
///
/// Matching text is a last resort, used where the error carries nothing else that tells
/// the cases apart: both are `DecodingError.dataCorrupted` with no underlying error. Each
/// pattern names the toolchain it was seen in. `FoundationMessagesTests` makes each real
/// error with the toolchain the tests run on and fails, naming the pattern and quoting the
/// text printed now, when a new Foundation or standard library words it differently; then
/// update the pattern here and the version beside it.
///
/// ```swift
/// FoundationMessages.isNotValidJSON(context)  // JSONDecoder's root "not valid JSON"
/// FoundationMessages.invalidRawValue("Cannot initialize Heating from invalid String value x")
/// // (typeName: "Heating", rawType: "String", rawValue: "x")
/// ```
enum FoundationMessages {
  /// `JSONDecoder`'s description of `dataCorrupted` at the root for anything it cannot
  /// read: text that is not JSON, and well-formed JSON with a number that does not fit its
  /// Swift type (`2.5` or `1e400` for an `Int`, `-1` for a `UInt`), with no underlying error.
  ///
  /// Seen in Swift 6.3.1 (swift-foundation's `JSONDecoder`) on Linux.
  static let notValidJSON = "The given data was not valid JSON."

  /// Whether `context` is `JSONDecoder`'s root "not valid JSON" (``notValidJSON``).
  static func isNotValidJSON(_ context: DecodingError.Context) -> Bool {
    context.codingPath.isEmpty && context.underlyingError == nil
      && context.debugDescription == notValidJSON
  }

  /// The pattern of the standard library's `RawRepresentable.init(from:)` failure for a raw
  /// value the enum has no case for: `Cannot initialize <Type> from invalid <RawType> value
  /// <raw value>`, where the raw value is printed without quotes.
  ///
  /// Seen in Swift 6.3.1 (the standard library's `Codable.swift`) on Linux.
  static let invalidRawValuePattern =
    "Cannot initialize <Type> from invalid <RawType> value <value>"

  /// The type, raw type and raw value of a message of ``invalidRawValuePattern``'s form, or
  /// `nil` for any other message.
  static func invalidRawValue(_ message: String)
    -> (typeName: String, rawType: String, rawValue: String)?
  {
    let prefix = "Cannot initialize "
    guard message.hasPrefix(prefix),
      let from = message.range(of: " from invalid "),
      let valueWord = message.range(of: " value ", range: from.upperBound..<message.endIndex)
    else { return nil }
    let typeName = String(
      message[message.index(message.startIndex, offsetBy: prefix.count)..<from.lowerBound])
    let rawType = String(message[from.upperBound..<valueWord.lowerBound])
    return (typeName, rawType, String(message[valueWord.upperBound...]))
  }
}
