import CodableResilience
import Foundation

/// A payload's decoding failure in plain words, located in the text where it can be.
///
/// `DecodingError` says what Swift expected and where on the coding path; the text says what
/// is actually there. The explanation looks up the value on the path and combines the two:
/// "expected a string, found a number: 42".
struct FailureExplanation {
  private enum Cause {
    /// The bytes are not valid JSON.
    case syntax(JSONScanner.SyntaxError)
    /// `JSONDecoder` called well-formed JSON invalid, without a path.
    case rejectedWellFormedJSON
    case missingKey(String)
    case missingValue(expected: Any.Type)
    case typeMismatch(expected: Any.Type, decoderMessage: String)
    case unknownValue(UnknownValue)
    case invalidRawValue(typeName: String, rawValue: String)
    case other(String)
    /// An error that is not a `DecodingError`, so it carries no coding path.
    case foreign(String)
  }

  private let cause: Cause

  /// The coding path the failure is about.
  private var codingPath: [UnknownValue.PathComponent]

  /// How the app's decoder converts the payload's keys.
  private let keys: KeyConversion

  /// Reads `error`, thrown by decoding the payload `scanner` reads as `model` with a decoder
  /// set up as `options` say.
  init(
    _ error: any Error, scanner: JSONScanner, model: RegisteredModel, options: DecodingOptions
  ) {
    keys = options.keys
    guard let error = error as? DecodingError else {
      cause = .foreign("the model threw an error: \(error)")
      codingPath = []
      return
    }
    switch error {
    case .keyNotFound(let key, let context):
      cause = .missingKey(key.stringValue)
      codingPath = context.codingPath.map(UnknownValue.PathComponent.init)
    case .valueNotFound(let type, let context):
      cause = .missingValue(expected: type)
      codingPath = context.codingPath.map(UnknownValue.PathComponent.init)
    case .typeMismatch(let type, let context):
      cause = .typeMismatch(expected: type, decoderMessage: context.debugDescription)
      codingPath = context.codingPath.map(UnknownValue.PathComponent.init)
    case .dataCorrupted(let context):
      codingPath = context.codingPath.map(UnknownValue.PathComponent.init)
      if let rejected = context.underlyingError as? UnknownValueError {
        cause = .unknownValue(rejected.unknownValue)
      } else if context.codingPath.isEmpty,
        let syntaxError = scanner.syntaxCheck(allowingTrailingCommas: true).error
      {
        cause = .syntax(syntaxError)
      } else if context.codingPath.isEmpty,
        let located = Self.locate(with: model, options: options, scanner),
        case .dataCorrupted(let locatedContext) = located, !locatedContext.codingPath.isEmpty
      {
        // Well-formed JSON that `JSONDecoder` still calls invalid: a number that does not fit
        // its type. The second decode names the number; its wording is already plain.
        cause = .other(locatedContext.debugDescription)
        codingPath = locatedContext.codingPath.map(UnknownValue.PathComponent.init)
      } else if FoundationMessages.isNotValidJSON(context) {
        // The text is JSON (checked above), so this is JSONDecoder's wording for a number
        // that does not fit, when the second decode did not find it.
        cause = .rejectedWellFormedJSON
      } else if let invalid = FoundationMessages.invalidRawValue(context.debugDescription) {
        let rawValue = invalid.rawType == "String" ? jsonQuoted(invalid.rawValue) : invalid.rawValue
        cause = .invalidRawValue(typeName: invalid.typeName, rawValue: rawValue)
      } else {
        cause = .other(context.debugDescription)
      }
    @unknown default:
      cause = .other(String(describing: error))
      codingPath = []
    }
  }

  /// The error ``LocatingDecoder`` meets decoding the payload as `model`, if any.
  private static func locate(
    with model: RegisteredModel, options: DecodingOptions, _ scanner: JSONScanner
  ) -> DecodingError? {
    guard let tree = scanner.tree() else { return nil }
    do {
      try model.decodeLocating(tree, options)
      return nil
    } catch {
      return error as? DecodingError
    }
  }

  /// The paths to look up in the text, best first: the value itself and, for an array too
  /// short to hold it, the array.
  var searchPaths: [[UnknownValue.PathComponent]] {
    switch cause {
    case .syntax, .rejectedWellFormedJSON, .foreign:
      return []
    case .missingValue:
      guard case .index = codingPath.last else { return [codingPath] }
      return [codingPath, Array(codingPath.dropLast())]
    default:
      return [codingPath]
    }
  }

  /// The type the failure names: the enum that cannot read a value, the type whose handler
  /// rejected one, or the Swift type a value was expected to be. `nil` when it names none.
  var typeName: String? {
    switch cause {
    case .missingValue(let expected), .typeMismatch(let expected, _):
      String(describing: expected)
    case .unknownValue(let value):
      value.typeName
    case .invalidRawValue(let typeName, _):
      typeName
    case .syntax, .rejectedWellFormedJSON, .missingKey, .other, .foreign:
      nil
    }
  }

  /// The finding, the byte offset its position is at and its path with the payload's own
  /// keys, given what was found at each of ``searchPaths`` (in the same order).
  func finding(found: [JSONScanner.LocatedValue?]) -> (
    finding: Finding, offset: Int?, path: [UnknownValue.PathComponent]?
  ) {
    let value = found.first ?? nil
    // The path with the payload's own keys where the text holds it.
    let located = value?.path ?? codingPath
    func failure(
      _ message: String, path: [UnknownValue.PathComponent]? = located,
      offset: Int? = value?.offset
    ) -> (Finding, Int?, [UnknownValue.PathComponent]?) {
      let finding = Finding(
        severity: .error, kind: .decodingFailure, message: message,
        path: path.map(UnknownValue.PathComponent.jsonPath))
      return (finding, offset, path)
    }
    switch cause {
    case .syntax(let error):
      return (error.finding, error.offset, error.path.isEmpty ? nil : error.path)
    case .rejectedWellFormedJSON:
      return failure(
        "JSONDecoder rejected this well-formed JSON without saying where; the usual cause is "
          + "a number that does not fit its Swift type (2.5 or 1e400 for an Int, -1 for a UInt)",
        path: nil, offset: nil)
    case .missingKey(let key):
      guard let payloadKey = keys.payloadKey(for: key, at: codingPath), payloadKey != key else {
        return failure("missing required key `\(key)`")
      }
      return failure("missing required key `\(payloadKey)` (`\(key)` in the model)")
    case .missingValue(let expected):
      if value?.kind == .null {
        return failure("`null` where a value is required (expected \(words(for: expected)))")
      }
      if value == nil, case .index(let index) = codingPath.last, let array = found.last ?? nil {
        return failure(
          "the array has no element [\(index)] (expected \(words(for: expected)))",
          path: array.path, offset: array.offset)
      }
      return failure("no value where \(words(for: expected)) is required")
    case .typeMismatch(let expected, let decoderMessage):
      let expectedWords = words(for: expected)
      guard let value else {
        return failure("expected \(expectedWords): \(decoderMessage)")
      }
      guard value.kind.words != expectedWords else {
        return failure("\(decoderMessage) (found \(describe(value)))")
      }
      return failure("expected \(expectedWords), found \(describe(value))")
    case .unknownValue(let unknownValue):
      return failure(
        "unknown \(unknownValue.typeName) value \(jsonQuoted(unknownValue.rawValue)), rejected "
          + "by the decoder's unknown-value handler")
    case .invalidRawValue(let typeName, let rawValue):
      return failure(
        "unknown \(typeName) value \(rawValue), and \(typeName) cannot decode values it does "
          + "not know (no `unknown` case)")
    case .other(let message):
      return failure(message)
    case .foreign(let message):
      return failure(message, path: nil, offset: nil)
    }
  }

  /// The JSON kind a Swift type is decoded from: "a string", "a number", "an object".
  private func words(for type: Any.Type) -> String {
    switch type {
    case is String.Type, is Character.Type, is Substring.Type:
      return "a string"
    case is any BinaryInteger.Type, is any BinaryFloatingPoint.Type, is Decimal.Type:
      return "a number"
    case is Bool.Type:
      return "a boolean"
    default:
      let name = String(describing: type)
      if name.hasPrefix("Dictionary<") { return "an object" }
      if name.hasPrefix("Array<") { return "an array" }
      return "a value of type \(name)"
    }
  }

  /// What was found: "a number: 42", "an object".
  private func describe(_ value: JSONScanner.LocatedValue) -> String {
    guard let text = value.text, value.kind != .null else { return value.kind.words }
    return "\(value.kind.words): \(text)"
  }
}

extension FailureExplanation {
  /// The key a "missing required key `…`" failure names, as the payload spells it.
  static func missingKey(in message: String) -> String? {
    let prefix = "missing required key `"
    guard message.hasPrefix(prefix) else { return nil }
    return message.dropFirst(prefix.count).split(separator: "`").first.map(String.init)
  }
}

extension JSONScanner.SyntaxError {
  /// The finding for it: an error, or a warning for a trailing comma `JSONDecoder` reads.
  var finding: Finding {
    Finding(
      severity: isReadByJSONDecoder ? .warning : .error, kind: .invalidJSON, message: message,
      path: path.isEmpty ? nil : abbreviatedPath(path))
  }
}

/// The JSONPath of a coding path, with the middle left out when it is very deep, so a payload
/// nested 600 levels does not print 600 `[0]`s: `$.a[0][0][0][0]…[0][0] (600 levels)`.
private func abbreviatedPath(_ path: [UnknownValue.PathComponent]) -> String {
  guard path.count > 12 else { return UnknownValue.PathComponent.jsonPath(path) }
  let head = UnknownValue.PathComponent.jsonPath(Array(path.prefix(4)))
  let tail = path.suffix(2).map(\.description).joined()
  return "\(head)…\(tail) (\(path.count) levels)"
}
