import CodableResilience
import Foundation

/// Decodes payloads as a registered model, the way the app decodes it, and says what
/// happened: decoded silently, decoded with reports, or failed at a place.
///
/// Decoding is the model's: its registered decoder's key, date, data and float strategies and
/// its `userInfo` apply. Every report (unknown values, elements left out, renamed values) goes
/// to a collecting handler of the checker's own, never to the app's (a `.strict` app handler would end the decode at the first one). A
/// payload is located in its text only when there is something to locate.
///
/// ```swift
/// let decoder = VariantDecoder(RegisteredModel(ListingPage.self))
/// let outcome = decoder.outcome(of: data)  // ProbeEngine decodes many variants with it
/// ```
struct VariantDecoder: Sendable {
  /// The model payloads are decoded as.
  let model: RegisteredModel

  init(_ model: RegisteredModel) {
    self.model = model
  }

  /// Decodes one payload, which the caller has found to be JSON (a trailing comma aside).
  ///
  /// The handler receives renamed values and unknown fields too (`receivingRenamedValues()`,
  /// `receivingUnknownFields()`): neither is a problem, but a check lists them.
  func outcome(of payload: Data) -> VariantOutcome {
    let collector = UnknownValueCollector()
    var error: (any Error)?
    do {
      try model.decode(
        payload,
        UnknownValueHandler.collect(into: collector).receivingRenamedValues()
          .receivingUnknownFields())
    } catch let thrown {
      error = thrown
    }
    let reports = collector.values
    if error == nil, reports.isEmpty { return .decodedSilently }
    return payload.withUnsafeBytes { bytes in
      locate(error, reports: reports, in: JSONScanner(bytes))
    }
  }

  /// The reports and the failure, each found in the text with the payload's own keys; the
  /// error of each element left out is explained and found as a failure of its own.
  private func locate(
    _ error: (any Error)?, reports: [UnknownValue], in scanner: JSONScanner
  ) -> VariantOutcome {
    // Paths name the payload's own keys, which the app's decoder may have converted.
    let options = DecodingOptions(model.makeDecoder())
    let explain = { (error: any Error) in
      FailureExplanation(error, scanner: scanner, model: model, options: options)
    }
    let elementErrors = reports.map { report -> FailureExplanation? in
      guard case .invalidElement(let failure) = report.kind else { return nil }
      return explain(failure.error)
    }
    let explanation = error.map(explain)
    // Every path is found in one pass: the reports', each element's error's, the failure's.
    // A key read as its default because it is missing has no value in the text: its report
    // is placed on the object it is missing from, as a plain model's `keyNotFound` is.
    var paths = reports.map { isMissingKey($0) ? Array($0.codingPath.dropLast()) : $0.codingPath }
    for elementError in elementErrors {
      paths += elementError?.searchPaths ?? []
    }
    paths += explanation?.searchPaths ?? []
    var located = scanner.locate(paths, keys: options.keys)[...]
    func take(_ count: Int) -> [JSONScanner.LocatedValue?] {
      defer { located = located.dropFirst(count) }
      return Array(located.prefix(count))
    }
    let found = take(reports.count)
    var variantReports: [VariantReport] = []
    for (index, value) in reports.enumerated() {
      let path = isMissingKey(value) ? nil : found[index]?.path
      var report = VariantReport(
        unknownValue: value, path: path ?? value.codingPath, offset: found[index]?.offset)
      if let elementError = elementErrors[index] {
        let (finding, offset, path) = elementError.finding(
          found: take(elementError.searchPaths.count))
        report.elementFailure = VariantFailure(
          finding: finding, path: path, offset: offset, typeName: elementError.typeName,
          reportsBefore: [])
      }
      variantReports.append(report)
    }
    guard let explanation else { return .decodedWithReports(variantReports) }
    let (finding, offset, path) = explanation.finding(found: take(explanation.searchPaths.count))
    return .failed(
      VariantFailure(
        finding: finding, path: path, offset: offset, typeName: explanation.typeName,
        reportsBefore: variantReports))
  }
}

/// Whether `report` is a default read for a key the payload leaves out.
private func isMissingKey(_ report: UnknownValue) -> Bool {
  if case .defaultUsed(.missingKey) = report.kind { return true }
  return false
}
