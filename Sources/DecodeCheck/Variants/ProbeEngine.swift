import CodableResilience
import Foundation

// The probe engine: variants with a purpose go in, classified answers come out. A variant is
// a payload the server might send (a captured payload with one value changed, or a payload
// generated from an API's contract); the engine makes it, decodes it as the app does
// (`VariantDecoder`), takes away what the payload it was made from reports already, and says
// what is left (`ProbeAnswer`). `decode-check --audit` and `decode-check --openapi` are two
// ways of making variants and two wordings of the answers; recording fixtures would be a third
// way of making them, not a third engine.
//
// ```swift
// let payload = JSONDocument(data)!
// let engine = ProbeEngine(VariantDecoder(model), base: decoder.outcome(of: data).reports,
//                          maximumConcurrency: 2)
// let probes = payload.nodes.indices.filter { payload.nodes[$0].kind == .string }.map { node in
//   Probe(purpose: node) { payload.variant(replacing: node, with: #""never-sent""#) }
// }
// let verdicts = engine.answers(probes) { node, answer in (node, answer.verdict) }
// ```
//
// Variants are made and decoded as a stream: each is made on the thread that decodes it and
// dropped once answered, so no more than `maximumConcurrency` variants are alive at a time,
// whatever the budget.

/// A variant still to be made, and what it asks.
///
/// ```swift
/// Probe(purpose: PlaceAudit.Question.missingKey) { payload.variant(removing: node) }
/// ```
struct Probe<Purpose: Sendable>: Sendable {
  /// What the variant asks, in the words of the mode that made it.
  var purpose: Purpose
  /// Makes the variant's bytes, UTF-8 JSON; called once, when its turn comes.
  var make: @Sendable () -> Data
}

/// What decoding a variant came to beyond what the payload it was made from does.
///
/// ```swift
/// answer.verdict   // .resilient
/// answer.reports   // the reports the payload itself did not make
/// ```
struct ProbeAnswer: Sendable {
  /// Why the variant did not decode; `nil` when it decoded.
  var failure: VariantFailure?
  /// The reports beyond those of the payload it was made from, in the order they were made
  /// (before the failure, when it failed).
  var reports: [VariantReport]
}

/// Makes, decodes and classifies variants of one payload (or of one schema's payloads) for
/// one model, several at once.
struct ProbeEngine: Sendable {
  let decoder: VariantDecoder
  private let base: ReportTally
  /// How many variants are made and decoded at once.
  let maximumConcurrency: Int

  /// An engine for variants of a payload that reported `base` as it was.
  init(_ decoder: VariantDecoder, base: [VariantReport], maximumConcurrency: Int) {
    self.decoder = decoder
    self.base = ReportTally(base)
    self.maximumConcurrency = maximumConcurrency
  }

  /// Each probe made, decoded and answered, then kept as `keep` says, in the probes' order.
  /// A variant lives only while it is decoded: what is kept is `keep`'s.
  func answers<Purpose: Sendable, Kept: Sendable>(
    _ probes: [Probe<Purpose>], _ keep: @Sendable (Purpose, ProbeAnswer) -> Kept
  ) -> [Kept] {
    concurrentMap(count: probes.count, maximumConcurrency: maximumConcurrency) { index in
      let probe = probes[index]
      return keep(probe.purpose, answer(probe.make()))
    }
  }

  /// What one variant's bytes come to, decoded on the calling thread.
  func answer(_ payload: Data) -> ProbeAnswer {
    let outcome = decoder.outcome(of: payload)
    var failure: VariantFailure?
    if case .failed(let failed) = outcome { failure = failed }
    return ProbeAnswer(failure: failure, reports: base.new(in: outcome.reports))
  }
}

/// How a run's threads are shared between its items (input files, schemas) and the variants
/// of each: items several at once, and the threads they leave to each item's variants.
///
/// ```swift
/// ConcurrencySplit(items: 1, threads: 4)  // items 1 at once, variants 4 at once
/// ConcurrencySplit(items: 9, threads: 4)  // items 4 at once, variants 1 at once
/// ```
struct ConcurrencySplit: Sendable, Hashable {
  /// How many items are worked on at once.
  var itemsAtOnce: Int
  /// How many variants of one item are decoded at once.
  var variantsAtOnce: Int

  init(items: Int, threads: Int) {
    let threads = max(1, threads)
    itemsAtOnce = min(threads, max(1, items))
    variantsAtOnce = max(1, threads / itemsAtOnce)
  }
}

/// How many variants a check may make, and how many it left out: a budget of n makes at
/// most n, and counts the rest.
///
/// ```swift
/// var budget = VariantBudget(limit: 2)
/// budget.take(); budget.take(); budget.take()  // true, true, false
/// budget.leftOut                               // 1
/// ```
struct VariantBudget: Sendable, Hashable {
  /// The most variants made.
  let limit: Int
  /// How many were made.
  private(set) var spent = 0
  /// How many the budget had no room for.
  private(set) var leftOut = 0

  init(limit: Int) {
    self.limit = max(0, limit)
  }

  /// Whether there is room for one more.
  var hasRoom: Bool { spent < limit }

  /// How many more it has room for.
  var remaining: Int { limit - spent }

  /// Takes room for one variant; when there is none, counts it as left out.
  @discardableResult
  mutating func take() -> Bool {
    guard hasRoom else {
      leftOut += 1
      return false
    }
    spent += 1
    return true
  }

  /// Counts `count` variants the budget had no room for.
  mutating func leaveOut(_ count: Int) {
    leftOut += max(0, count)
  }
}

/// The reports a payload made as it was, to tell a variant's new reports from them.
struct ReportTally: Sendable {
  private var counts: [String: Int] = [:]

  init(_ reports: [VariantReport]) {
    for report in reports { counts[Self.key(report), default: 0] += 1 }
  }

  /// The reports of `reports` beyond those the payload made as it was.
  func new(in reports: [VariantReport]) -> [VariantReport] {
    guard !counts.isEmpty else { return reports }
    var left = counts
    return reports.filter { report in
      let key = Self.key(report)
      guard let count = left[key], count > 0 else { return true }
      left[key] = count - 1
      return false
    }
  }

  /// The path, the type and the raw value; for an element left out or a field kept unknown,
  /// not its JSON, which a change inside it changes, though the element was left out (the
  /// field kept) all the same.
  private static func key(_ report: VariantReport) -> String {
    let value = report.unknownValue
    let what: String
    switch value.kind {
    case .invalidElement: what = "left out"
    case .unknownField: what = "unknown field"
    // The JSON type it arrived as, not the value, which a variant or a stand-in replaces.
    case .convertedType(let received): what = "converted from " + received.rawValue
    default: what = "value " + value.rawValue
    }
    return "\(report.jsonPath) \(value.typeName) \(what)"
  }
}
