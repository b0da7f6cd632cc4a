import CodableResilience
import Foundation
import Testing

/// The case of a `DecodingError`, so a test can state which one it expects as data.
enum DecodingErrorKind: String, Sendable {
  case typeMismatch
  case valueNotFound
  case keyNotFound
  case dataCorrupted
  case other
}

extension DecodingError {
  /// Which case this error is.
  var kind: DecodingErrorKind {
    switch self {
    case .typeMismatch: .typeMismatch
    case .valueNotFound: .valueNotFound
    case .keyNotFound: .keyNotFound
    case .dataCorrupted: .dataCorrupted
    @unknown default: .other
    }
  }

  /// The error's context, whichever case it is.
  var context: Context? {
    switch self {
    case .typeMismatch(_, let context), .valueNotFound(_, let context),
      .keyNotFound(_, let context), .dataCorrupted(let context):
      context
    @unknown default: nil
    }
  }

  /// The JSONPath-style text of where the error happened; for `keyNotFound`, the missing
  /// key is appended to the path of the object that lacks it.
  var path: String? {
    guard let context else { return nil }
    if case .keyNotFound(let key, _) = self {
      return UnknownValue.PathComponent.jsonPath(context.codingPath + [key])
    }
    return UnknownValue.PathComponent.jsonPath(context.codingPath)
  }
}

/// Expects `body` to throw a `DecodingError` of the case `kind` at `path` (as
/// ``Swift/DecodingError/path`` writes it), and returns it for further checks.
@discardableResult
func expectDecodingError<Result>(
  _ kind: DecodingErrorKind,
  at path: String,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () throws -> Result
) -> DecodingError? {
  let error = #expect(throws: DecodingError.self, sourceLocation: sourceLocation) {
    _ = try body()
  }
  #expect(error?.kind == kind, "\(String(describing: error))", sourceLocation: sourceLocation)
  #expect(error?.path == path, "\(String(describing: error))", sourceLocation: sourceLocation)
  return error
}

/// What a decode gave, as text that is equal when the outcomes are: the value `body` describes,
/// or the error's case, path and message (and the missing key's type, for `keyNotFound`).
func outcomeText(_ body: () throws -> String) -> String {
  do {
    return try body()
  } catch let error as DecodingError {
    var key = ""
    if case .keyNotFound(let missing, _) = error {
      key = " key \(missing)"
    }
    return "\(error.kind) at \(error.path ?? "?")\(key): \(error.context?.debugDescription ?? "")"
  } catch {
    return "\(error)"
  }
}
