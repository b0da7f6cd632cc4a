import CodableResilience
import Foundation

/// What a question about one place is asked of: the payload with each of its arrays down to
/// one element (the one on the way to the place, or the first), when that payload decodes as
/// the whole one does, so a variant costs the decode of one element of each array, not of
/// the whole payload.
///
/// An audit asks about a few places of each field; decoding the whole payload for each made
/// its cost grow with the payload's places (an array of 1,000 events: 1,000 decodes of all of
/// them). A payload reduced so is decoded once, as it is, before any question is asked of it:
/// only when it decodes with the reports the whole payload makes in what it keeps (element
/// indices counted anew) is it used. Otherwise only the arrays on the way to the place are
/// reduced, and when that does not decode alike either, the whole payload is asked, as
/// before. A model that reads arrays as tuples (`[lat, lon]`), or checks a count against
/// its array, is asked so.
///
/// ```swift
/// let reductions = PayloadReductions(outline, paths: paths, base: base, decoder: decoder)
/// let reduced = reductions.reduced(towards: node)
/// let answer = reduced.engine.answer(outline.applying(reduced.edits + variantEdits))
/// ```
struct PayloadReductions: Sendable {
  /// A payload to ask questions of: the edits that make it, and the engine that tells what
  /// a variant of it reports beyond what it reports itself.
  struct Reduced: Sendable {
    var edits: [JSONDocument.TextEdit]
    var engine: ProbeEngine
  }

  private let outline: JSONDocument
  private let paths: [[UnknownValue.PathComponent]]
  private let base: VariantOutcome
  private let decoder: VariantDecoder
  private let maximumConcurrency: Int
  /// Whether anything is reduced; without it, every question is asked of the whole payload.
  private let isEnabled: Bool

  init(
    _ outline: JSONDocument, paths: [[UnknownValue.PathComponent]], base: VariantOutcome,
    decoder: VariantDecoder, maximumConcurrency: Int, isEnabled: Bool = true
  ) {
    self.isEnabled = isEnabled
    self.outline = outline
    self.paths = paths
    self.base = base
    self.decoder = decoder
    self.maximumConcurrency = maximumConcurrency
  }

  /// The payload to ask each of `nodes` about, in their order; each reduction decoded once.
  func reduced(towards nodes: [Int]) -> [Reduced] {
    var chains: [[Int]: Int] = [:]
    var order: [[Int]] = []
    let keys = nodes.map { node in
      let chain = self.chain(of: node)
      if chains[chain] == nil {
        chains[chain] = order.count
        order.append(chain)
      }
      return chains[chain]!
    }
    let distinct = order
    let reduced = concurrentMap(count: distinct.count, maximumConcurrency: maximumConcurrency) {
      reduction(keeping: distinct[$0])
    }
    return keys.map { reduced[$0] }
  }

  /// The arrays on the way to `node` that hold more than one element, each with the element
  /// on the way: `[array, element, array, element, …]`, outermost first.
  private func chain(of node: Int) -> [Int] {
    var chain: [Int] = []
    var current = node
    while let parent = outline.nodes[current].parent {
      if outline.nodes[parent].kind == .array, outline.nodes[parent].members.count > 1 {
        chain += [current, parent]
      }
      current = parent
    }
    return chain.reversed()
  }

  /// The most reduced payload that keeps the elements `chain` names and decodes alike: every
  /// array down to one element, or only those of `chain`, or the whole payload.
  private func reduction(keeping chain: [Int]) -> Reduced {
    var kept: [Int: Int] = [:]
    for pair in stride(from: 0, to: chain.count, by: 2) { kept[chain[pair]] = chain[pair + 1] }
    for everyArray in isEnabled ? [true, false] : [] {
      let reduced = reducedArrays(keeping: kept, everyArray: everyArray)
      guard !reduced.isEmpty else { break }
      let edits = reduced.flatMap { outline.keepingOnly($0.value, of: $0.key) }
      let outcome = decoder.outcome(of: outline.applying(edits))
      if decodesAlike(outcome, keeping: reduced) {
        return Reduced(
          edits: edits,
          engine: ProbeEngine(decoder, base: outcome.reports, maximumConcurrency: 1))
      }
    }
    return Reduced(
      edits: [], engine: ProbeEngine(decoder, base: base.reports, maximumConcurrency: 1))
  }

  /// The arrays reduced, each with the element it keeps: those of `kept`, and with
  /// `everyArray` every other array of more than one element in what is kept, with its first.
  private func reducedArrays(keeping kept: [Int: Int], everyArray: Bool) -> [Int: Int] {
    guard everyArray else { return kept }
    var reduced: [Int: Int] = [:]
    var pending = [JSONDocument.root]
    while let node = pending.popLast() {
      let children = outline.children(of: node)
      if outline.nodes[node].kind == .array, children.count > 1 {
        let element = kept[node] ?? children[0]
        reduced[node] = element
        pending.append(element)
      } else {
        pending += children
      }
    }
    return reduced
  }

  /// Whether the reduced payload decoded as the whole one did: it decoded, with the whole
  /// payload's reports in the elements it keeps, at their new indices, and no others.
  private func decodesAlike(_ outcome: VariantOutcome, keeping reduced: [Int: Int]) -> Bool {
    guard outcome.decoded else { return false }
    var keptIndex: [[UnknownValue.PathComponent]: Int] = [:]
    for (array, element) in reduced {
      keptIndex[paths[array]] = outline.nodes[element].member.map {
        $0 - outline.nodes[array].members.lowerBound
      }
    }
    var expected: [VariantReport] = []
    for var report in base.reports {
      guard let path = Self.path(report.path, keeping: keptIndex) else { continue }
      report.path = path
      expected.append(report)
    }
    let reports = outcome.reports
    return reports.count == expected.count && ReportTally(expected).new(in: reports).isEmpty
  }

  /// `path` in the reduced payload: each index into a reduced array 0, or `nil` when the
  /// element it names was left out.
  private static func path(
    _ path: [UnknownValue.PathComponent], keeping keptIndex: [[UnknownValue.PathComponent]: Int]
  ) -> [UnknownValue.PathComponent]? {
    var result: [UnknownValue.PathComponent] = []
    for (position, component) in path.enumerated() {
      if case .index(let index) = component, let kept = keptIndex[Array(path[..<position])] {
        guard index == kept else { return nil }
        result.append(.index(0))
      } else {
        result.append(component)
      }
    }
    return result
  }
}
