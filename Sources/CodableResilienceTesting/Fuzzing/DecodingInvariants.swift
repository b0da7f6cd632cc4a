import CodableResilience
import Foundation

// Shared by `PayloadFuzzer` and the libFuzzer harness (`.ci/fuzz` compiles this file into
// it), so both check the same rules. It must not import Testing or use the rest of the module.

/// The rules every input must satisfy, whatever its bytes, when decoded as one type with each
/// handler (`.ignore`, a collector, `.strict`).
///
/// - Each decode returns a value or throws a `DecodingError`; nothing else.
/// - `.ignore` and a collector agree: both decode to the same value, or both fail alike
///   (see `isSameFailure` for the one way two failures of the same input may differ).
/// - `.strict` decodes exactly when nothing was reported, to the same value; otherwise it
///   fails at the first report: an unknown value with an `UnknownValueError` underneath, an
///   element `@SkipInvalidElements` left out with the element's own error. (Renamed values
///   reach neither handler: they are not problems.)
/// - A decoded value re-encodes, and the encoding decodes with the same handler to an equal
///   value that encodes to the same bytes (so nothing, not even absent versus `null`, drifts).
///
/// "The same value" is `==` for `Equatable` types, and the same encoding for all.
/// `decoder` and `encoder` are the app's. Their settings are used through copies that hold the
/// rules' handlers and sorted keys: other threads may be using them meanwhile (Swift Testing
/// runs tests in parallel), so they are never changed, and their own handler is never called.
///
/// Returns a description of each rule broken; empty when all hold.
func decodingInvariantViolations<T: Codable>(
  decoding input: Data,
  as _: T.Type,
  decoder: JSONDecoder = JSONDecoder(),
  encoder: JSONEncoder = JSONEncoder()
) -> [String] {
  // Foundation stops the process on input that ends with the 513th `[`; see the function.
  let input = withoutTrailingOpenBracket(input)
  // Sorted keys, so two encodings of one value are the same bytes.
  let encoder = copy(of: encoder, adding: .sortedKeys)
  var violations: [String] = []
  let collector = UnknownValueCollector()
  let handlers: [(name: String, handler: UnknownValueHandler)] = [
    ("ignore", .ignore), ("collector", .collect(into: collector)), ("strict", .strict),
  ]
  var results: [Result<T, any Error>] = []
  for (name, handler) in handlers {
    // `PayloadFuzzer` refuses a subclass, whose own `decode(_:from:)` a copy would not run.
    let decoder = decoder.configuredCopy(handler: handler)
    let result = Result { try decoder.decode(T.self, from: input) }
    results.append(result)
    switch result {
    case .success(let value):
      violations += roundTripViolations(of: value, decoder: decoder, encoder: encoder).map {
        "\(name): \($0)"
      }
    case .failure(let error) where !(error is DecodingError):
      violations.append("\(name) threw \(type(of: error)), not a DecodingError: \(error)")
    case .failure:
      break
    }
  }
  // Whether the handlers agree is moot once one threw something else than a DecodingError.
  if !violations.isEmpty,
    results.contains(where: { ($0.failure).map { !($0 is DecodingError) } ?? false })
  {
    return violations
  }
  let isSame = { (lhs: T, rhs: T) in isSameValue(lhs, rhs, encoder: encoder) }
  let (ignored, collected, strict) = (results[0], results[1], results[2])
  let firstReported = collector.values.first

  switch (ignored, collected) {
  case (.success(let lhs), .success(let rhs)) where !isSame(lhs, rhs):
    violations.append("ignore and collector decoded different values")
  case (.failure(let lhs), .failure(let rhs)) where !isSameFailure(lhs, rhs):
    violations.append("ignore and collector failed differently: \(lhs) / \(rhs)")
  case (.success, .failure), (.failure, .success):
    violations.append("ignore and collector disagree: \(ignored) / \(collected)")
  default:
    break
  }

  switch strict {
  case .success(let value):
    if let firstReported {
      violations.append("strict decoded although \(firstReported) was reported")
    }
    if case .success(let lenient) = ignored, !isSame(lenient, value) {
      violations.append("strict and ignore decoded different values")
    }
    if case .failure(let error) = ignored {
      violations.append("strict decoded but ignore failed: \(error)")
    }
  case .failure(DecodingError.dataCorrupted(let context))
  where context.underlyingError is UnknownValueError:
    let rejected = (context.underlyingError as? UnknownValueError)?.unknownValue
    if rejected != firstReported {
      violations.append(
        "strict rejected \(rejected.map(String.init(describing:)) ?? "nil"), "
          + "but the first value reported was \(firstReported.map(String.init(describing:)) ?? "none")"
      )
    }
  case .failure(let error):
    if let firstReported, case .invalidElement(let element) = firstReported.kind {
      // An element left out first: strict throws its own error, as a plain array would, and
      // stops there, before any failure lenient decoding meets further on.
      if !isSameFailure(element.error, error) {
        violations.append(
          "strict failed with \(error), not with the error of the element left out first, "
            + "\(firstReported)")
      }
      break
    }
    if let firstReported, firstReported.kind.failsStrictAsAPlainProperty {
      // A default or a conversion first: strict throws what a plain property throws there,
      // at its path.
      let path = errorPath(error)
      if path != firstReported.path {
        violations.append(
          "strict failed with \(error) at \(path ?? "?"), not at the default used or value "
            + "converted first, \(firstReported)")
      }
      break
    }
    if let firstReported {
      violations.append("strict failed with \(error), not at the reported \(firstReported)")
    }
    if case .failure(let lenient) = ignored, !isSameFailure(lenient, error) {
      violations.append("strict and ignore failed differently: \(error) / \(lenient)")
    }
    if case .success = ignored {
      violations.append("strict failed although ignore decoded and nothing was reported: \(error)")
    }
  }
  return violations
}

/// The JSONPath a `DecodingError` names; for `keyNotFound`, the missing key's own path. Kept
/// here, not borrowed from the `.expected` types, because the fuzz harness compiles this file
/// on its own (`.ci/fuzz`).
func errorPath(_ error: any Error) -> String? {
  guard let error = error as? DecodingError else { return nil }
  switch error {
  case .keyNotFound(let key, let context):
    return UnknownValue.PathComponent.jsonPath(context.codingPath + [key])
  case .valueNotFound(_, let context), .typeMismatch(_, let context),
    .dataCorrupted(let context):
    return UnknownValue.PathComponent.jsonPath(context.codingPath)
  @unknown default:
    return nil
  }
}

/// A `JSONEncoder` with `encoder`'s strategies, output formatting and `userInfo`, and
/// `formatting` added to its output formatting.
func copy(of encoder: JSONEncoder, adding formatting: JSONEncoder.OutputFormatting)
  -> JSONEncoder
{
  let copy = JSONEncoder()
  copy.outputFormatting = encoder.outputFormatting.union(formatting)
  copy.dateEncodingStrategy = encoder.dateEncodingStrategy
  copy.dataEncodingStrategy = encoder.dataEncodingStrategy
  copy.nonConformingFloatEncodingStrategy = encoder.nonConformingFloatEncodingStrategy
  copy.keyEncodingStrategy = encoder.keyEncodingStrategy
  copy.userInfo = encoder.userInfo
  return copy
}

/// Whether two decodes of one input failed alike: the same `DecodingError` at the same path,
/// or at or below two entries of one dictionary, or Foundation's invalid-number error at the
/// root against a failure at a key (see `isInvalidJSONAtRoot`). Nothing else counts as the
/// same: not a root `dataCorrupted` of another origin, not failures at two array elements.
///
/// Foundation decodes a dictionary's entries in the order of a Swift `Dictionary`, which is
/// not fixed (hashing is seeded per process, and the order can change between instances), so
/// when several entries are broken two decodes of the same input can stop at different ones:
/// `cleaning_fees.tier` in one, `cleaning_fees.languages` in the next, or, inside an object a
/// `JSONValue` keeps (an unknown variant), `payout.at` in one and `payout.amount.value` in the
/// next. The two paths then part at a key of one object. And a number it cannot convert
/// (`0605`, `1e400`) is found only when decoded and reported without its path, as invalid JSON
/// at `$`, so such an entry can also stand for the other. The inputs in
/// `Tests/Fuzz/Regressions/dictionary-with-*` are such cases.
func isSameFailure(_ lhs: any Error, _ rhs: any Error) -> Bool {
  guard let lhs = lhs as? DecodingError, let rhs = rhs as? DecodingError else { return false }
  if "\(lhs)" == "\(rhs)" { return true }
  let (lhsPath, rhsPath) = (failurePath(lhs), failurePath(rhs))
  // Foundation's invalid number, met first in one decode's order, against an entry the other
  // decode's order met first: an entry of a dictionary, so a key below the root.
  if isInvalidJSONAtRoot(lhs), rhsPath.last?.isKey == true { return true }
  if isInvalidJSONAtRoot(rhs), lhsPath.last?.isKey == true { return true }
  // Where the two paths part, both name a key of the same object.
  let common = zip(lhsPath, rhsPath).prefix { $0 == $1 }.count
  guard common < lhsPath.count, common < rhsPath.count else { return false }
  return lhsPath[common].isKey && rhsPath[common].isKey
}

extension UnknownValue.PathComponent {
  /// Whether this is a key of an object rather than an array index.
  fileprivate var isKey: Bool {
    if case .key = self { return true }
    return false
  }
}

/// Whether the error is Foundation's own "not valid JSON" at the root, the way it reports a
/// number it cannot convert (`0605`, `1e400`) wherever it sits: at an empty path, with no
/// underlying error and this exact text (swift-foundation, Swift 6.3; a test in
/// `PayloadFuzzerTests` fails if it changes). Any other root `dataCorrupted` (the strict
/// handler rejecting a top-level value, a type's own `init(from:)`) is a failure like any other.
///
/// Foundation reports a syntax error the same way, but finds it while scanning, before any
/// decoding, so every decode of the input reports it alike and the two failures are equal.
private func isInvalidJSONAtRoot(_ error: DecodingError) -> Bool {
  guard case .dataCorrupted(let context) = error else { return false }
  return context.codingPath.isEmpty && context.underlyingError == nil
    && context.debugDescription == foundationInvalidJSONMessage
}

/// `JSONDecoder`'s description of input it cannot read (swift-foundation, Swift 6.3).
let foundationInvalidJSONMessage = "The given data was not valid JSON."

/// The path of a decoding failure, ending with the missing key for `keyNotFound`.
private func failurePath(_ error: DecodingError) -> [UnknownValue.PathComponent] {
  let path: [any CodingKey]
  switch error {
  case .keyNotFound(let key, let context): path = context.codingPath + [key]
  case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
    path = context.codingPath
  @unknown default: return []
  }
  return path.map(UnknownValue.PathComponent.init)
}

/// Encodes `value`, decodes the encoding with `decoder`, and checks that the result is the
/// same value and encodes to the same bytes.
private func roundTripViolations<T: Codable>(
  of value: T,
  decoder: JSONDecoder,
  encoder: JSONEncoder
) -> [String] {
  do {
    let encoded = try encoder.encode(value)
    let decoded = try decoder.decode(T.self, from: encoded)
    if let value = value as? any Equatable, !isEqual(value, decoded) {
      return ["re-decoding the re-encoded value gave a different value"]
    }
    let reencoded = try encoder.encode(decoded)
    if reencoded != encoded {
      return [
        "encoding drifted: \(String(decoding: encoded, as: UTF8.self)) became "
          + String(decoding: reencoded, as: UTF8.self)
      ]
    }
    return []
  } catch {
    return ["the decoded value did not re-encode and re-decode: \(error)"]
  }
}

/// Whether two decoded values are the same: equal when `Equatable`, and encoded alike.
private func isSameValue<T: Encodable>(_ lhs: T, _ rhs: T, encoder: JSONEncoder) -> Bool {
  if let lhs = lhs as? any Equatable, !isEqual(lhs, rhs) { return false }
  return (try? encoder.encode(lhs)) == (try? encoder.encode(rhs))
}

extension Result {
  /// The error of a failure; `nil` for a success.
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}

extension UnknownValue.Kind {
  /// Whether `.strict` throws what a plain property throws for the report, rather than an
  /// error carrying it: a default used, a value converted from another JSON type.
  fileprivate var failsStrictAsAPlainProperty: Bool {
    switch self {
    case .defaultUsed, .convertedType: true
    default: false
    }
  }
}
