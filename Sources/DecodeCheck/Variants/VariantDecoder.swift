import CodableResilience
import Foundation

/// Decodes payloads as a registered model, the way the app decodes it, and says what
/// happened: decoded silently, decoded with reports, or failed at a place.
///
/// Decoding is the model's: its registered decoder's key, date, data and float strategies and
/// its `userInfo` apply. Unknown values go to a collecting handler of the checker's own,
/// never to the app's (a `.strict` app handler would end the decode at the first one). A
/// payload is located in its text only when there is something to locate.
///
/// ```swift
/// let decoder = VariantDecoder(RegisteredModel(ListingPage.self))
/// let outcomes = decoder.outcomes(of: variants, maximumConcurrency: 2)
/// ```
struct VariantDecoder: Sendable {
  /// The model payloads are decoded as.
  let model: RegisteredModel

  init(_ model: RegisteredModel) {
    self.model = model
  }

  /// The outcome of each variant, in order, decoding up to `maximumConcurrency` at once.
  func outcomes(of variants: [PayloadVariant], maximumConcurrency: Int) -> [VariantOutcome] {
    concurrentMap(count: variants.count, maximumConcurrency: maximumConcurrency) {
      outcome(of: variants[$0].payload)
    }
  }

  /// Decodes one payload, which the caller has found to be JSON (a trailing comma aside).
  func outcome(of payload: Data) -> VariantOutcome {
    let collector = UnknownValueCollector()
    var error: (any Error)?
    do {
      try model.decode(payload, .collect(into: collector))
    } catch let thrown {
      error = thrown
    }
    let unknownValues = collector.values
    if error == nil, unknownValues.isEmpty { return .decodedSilently }
    return payload.withUnsafeBytes { bytes in
      locate(error, unknownValues: unknownValues, in: JSONScanner(bytes))
    }
  }

  /// The reports and the failure, each found in the text with the payload's own keys.
  private func locate(
    _ error: (any Error)?, unknownValues: [UnknownValue], in scanner: JSONScanner
  ) -> VariantOutcome {
    // Paths name the payload's own keys, which the app's decoder may have converted.
    let options = DecodingOptions(model.makeDecoder())
    let explanation = error.map {
      FailureExplanation($0, scanner: scanner, model: model, options: options)
    }
    let failurePaths = explanation?.searchPaths ?? []
    let located = scanner.locate(
      unknownValues.map(\.codingPath) + failurePaths, keys: options.keys)
    let reports = zip(unknownValues, located).map { value, found in
      VariantReport(
        unknownValue: value, path: found?.path ?? value.codingPath, offset: found?.offset)
    }
    guard let explanation else { return .decodedWithReports(reports) }
    let (finding, offset, path) = explanation.finding(
      found: Array(located.suffix(failurePaths.count)))
    return .failed(
      VariantFailure(
        finding: finding, path: path, offset: offset, typeName: explanation.typeName,
        reportsBefore: reports))
  }
}
