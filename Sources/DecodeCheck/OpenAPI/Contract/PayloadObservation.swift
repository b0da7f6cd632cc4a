import Foundation

/// What decoding one generated payload as a model did, in the checker's words: the unknown
/// values it reported and the failure, each with its path in the payload.
///
/// This is the seam between the generator and the decoding: a payload goes in as bytes and
/// comes out as findings, decoded exactly as a captured payload is (the model's registered
/// decoder and strategies, every unknown value collected by the checker's own handler).
struct PayloadObservation: Sendable {
  /// The unknown values, in the order the payload holds them.
  var unknownValues: [Finding] = []
  /// Why the payload did not decode, if it did not.
  var failure: Finding?

  /// Decodes `payload` as `model`.
  init(_ payload: Data, as model: RegisteredModel) {
    for finding in PayloadChecker().checkPayloads(payload, as: model).findings {
      if finding.kind == .unknownValue {
        unknownValues.append(finding)
      } else if finding.severity == .error, failure == nil {
        failure = finding
      }
    }
  }
}
