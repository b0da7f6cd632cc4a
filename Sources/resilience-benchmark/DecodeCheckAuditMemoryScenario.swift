import DecodeCheck
import Foundation
import SampleAPI

// Issue 30: the audit makes and decodes its variants as a stream (make one, decode it, drop
// it), so its memory is a small multiple of the payload, not of the budget. Before, every
// variant of a payload was built before any was decoded: a 1.3 MB page peaked at 326 MB.

extension Scenario {
  /// The audit of a 1.3 MB `ListingPage` with the standard budget on two threads, once per
  /// process, before the timed runs: the process's peak memory after it must stay under
  /// 128 MB when the peak before it was (run the row alone, `--filter
  /// decode-check-audit-memory`, for a figure no other row has raised). The timed sides are
  /// the same page audited with 8 variants against 8 plain decodes, a reference: with so few
  /// variants, checking the page and reading its outline (every value's path and pattern)
  /// cost more than the variants; `decode-check-audit` is the row for the cost per variant.
  static let decodeCheckAuditMemory = Scenario(
    name: "decode-check-audit-memory",
    candidate: "audit of a 1.3 MB ListingPage, 8 variants (peak of a standard audit ≤ 128 MB)",
    baseline: "bare JSONDecoder, the payload once per variant",
    target: nil
  ) { _ in
    let (peakBefore, peak) = AuditMemory.peaks
    guard peakBefore >= AuditMemory.bound || peak < AuditMemory.bound else {
      throw ComparisonError(
        description: "the audit of a 1.3 MB page peaked at \(peak / 1_000_000) MB, over "
          + "\(AuditMemory.bound / 1_000_000) MB")
    }
    var checker = PayloadChecker()
    checker.audit = AuditBudget(placesPerField: 1, placesPerFile: 8)
    var comparison = try Comparison.audit(AuditMemory.payload, with: checker, times: 1)
    comparison.candidatePeakMemoryBytes = peak
    return comparison
  }
}

/// The 1.3 MB page and the peaks its standard audit leaves, made once per process.
private enum AuditMemory {
  /// The most the audit of the page may peak at.
  static let bound = 128_000_000

  /// The sample API's listings repeated to 1.3 MB.
  static let payload: Data = {
    let perHundred = Payloads.listingPage(count: 100).data.count
    return Payloads.listingPage(count: 1_300_000 * 100 / perHundred + 1).data
  }()

  /// The process's peak memory before and after the standard audit of ``payload``.
  static let peaks: (before: Int, after: Int) = {
    let data = payload
    let before = peakResidentBytes()
    let report = PayloadChecker().audit(
      data, as: RegisteredModel(ListingPage.self), maximumConcurrency: 2)
    precondition(AuditReport(report)?.variantCount ?? 0 > 0, "the audit decoded no variant")
    return (before, peakResidentBytes())
  }()
}
