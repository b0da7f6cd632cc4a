import CodableResilience
import Foundation

/// A `DecodingError` as the conversion tests compare it with a plain model's: its case, its
/// path and its description.
func describe(_ error: any Error) -> String {
  guard let error = error as? DecodingError else { return "not a DecodingError: \(error)" }
  switch error {
  case .typeMismatch(let type, let context):
    return "typeMismatch \(type) \(UnknownValue.PathComponent.jsonPath(context.codingPath)) "
      + context.debugDescription
  case .valueNotFound(let type, let context):
    return "valueNotFound \(type) \(UnknownValue.PathComponent.jsonPath(context.codingPath)) "
      + context.debugDescription
  case .keyNotFound(let key, let context):
    return "keyNotFound \(key.stringValue) \(context.debugDescription)"
  case .dataCorrupted(let context):
    return "dataCorrupted \(UnknownValue.PathComponent.jsonPath(context.codingPath)) "
      + context.debugDescription
  @unknown default:
    return "\(error)"
  }
}
