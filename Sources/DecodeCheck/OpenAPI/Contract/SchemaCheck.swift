import CodableResilience
import Foundation

/// Checks one registered type against its schema: the spec's examples as they are, then one
/// payload with every member (the types-and-formats check), then every variant of it, each
/// made, decoded and answered by the ``ProbeEngine`` as the app decodes it. The contract's
/// way of making variants; its words for the answers are ``ContractWording``'s.
///
/// The variants are only meaningful against a payload the model decodes: each differs from it
/// in one place, so whatever goes wrong is that place's doing. So the full payload is decoded
/// first and, while it fails, repaired the way the spec allows: the next `enum` value or
/// branch, or the member left out (or `null`) where it is optional. Each failure on the way
/// is a finding; a payload that cannot be repaired stops the variants, and says so. Examples,
/// repairs and variants all spend one ``VariantBudget``.
///
/// ```swift
/// var check = SchemaCheck(match: match, root: root, graph: graph, examples: examples,
///                         wording: ContractWording(typeName: "Quote", isStrict: false),
///                         payloadLimit: 2_000)
/// check.run(decodingAtOnce: 2)
/// check.findings  // what the examples, the repairs and the variants found
/// ```
struct SchemaCheck {
  let model: RegisteredModel
  let root: SchemaID
  let examples: [SpecExample]
  private let wording: ContractWording
  private let attribution: SpecAttribution
  private let decoder: VariantDecoder
  private var generator: PayloadGenerator
  private(set) var findings: [ContractFinding] = []
  private var seen: Set<FindingIdentity> = []
  /// What the examples, the repairs and the variants spend, and how many it left out.
  private var budget: VariantBudget
  /// Whether no payload of the schema could be generated at all.
  private(set) var isNotChecked = false

  init(
    model: RegisteredModel, root: SchemaID, graph: SchemaGraph, examples: [SpecExample],
    wording: ContractWording, payloadLimit: Int
  ) {
    self.model = model
    self.root = root
    self.examples = examples
    self.wording = wording
    budget = VariantBudget(limit: payloadLimit)
    decoder = VariantDecoder(model)
    generator = PayloadGenerator(graph: graph)
    attribution = SpecAttribution(wording: wording, graph: graph, limits: generator.limits)
  }

  private var graph: SchemaGraph { generator.graph }
  private var tree: JSONDocument { graph.document.tree }
  /// How many payloads were decoded.
  var payloadCount: Int { budget.spent }

  /// Runs every check, decoding up to `decodingAtOnce` variants at once.
  mutating func run(decodingAtOnce: Int) {
    checkExamples(decodingAtOnce: decodingAtOnce)
    let rootSite = graph[root].site
    switch generator.value(of: root) {
    case .cut(let cut):
      isNotChecked = true
      add(
        wording.notGenerated(
          "no payload of `\(wording.typeName)` can be generated: \(attribution.words(for: cut))",
          site: rootSite, isError: true))
      addNotes(generator.notes)
    case .value(var base):
      guard let baseReports = repair(&base) else {
        let reason =
          budget.hasRoom
          ? "it cannot decode any payload tried from the spec (see the errors above)"
          : "the budget of \(budget.limit) payloads per schema ran out before one decoded; "
            + "raise it with --max-payloads"
        add(
          wording.notGenerated(
            "the enum values, optional members, formats and variants of `\(wording.typeName)` "
              + "were not checked: " + reason, site: rootSite, isError: false))
        addNotes(generator.notes)
        return
      }
      // The examples and the full payload spent part of the budget (all the examples fit, or
      // no payload could have been tried).
      var plan = VariantPlan(generator: generator, budget: budget, root: root)
      plan.add(variantsOf: base)
      budget = plan.budget
      let engine = ProbeEngine(decoder, base: baseReports, maximumConcurrency: decodingAtOnce)
      let attribution = attribution
      let probes = plan.variants.map { variant in
        Probe(purpose: variant) { variant.make().json() }
      }
      for finding in engine.answers(probes, { attribution.findings(for: $1, of: $0) }).joined() {
        add(finding)
      }
      // Payloads of nested schemas past the budget go unsaid: each is its own schema's to
      // check. The notice is for a schema whose own members were not all probed.
      if plan.ownMembersLeftOut > 0 {
        add(wording.leftOut(budget.leftOut, budget: budget.limit, site: rootSite))
      }
      addNotes(plan.notes)
    }
  }

  private mutating func add(_ finding: ContractFinding) {
    if seen.insert(finding.identity).inserted { findings.append(finding) }
  }

  private mutating func addNotes(_ notes: [PayloadGenerator.Note]) {
    for finding in attribution.notes(notes) { add(finding) }
  }
}

// MARK: - Examples

extension SchemaCheck {
  /// Decodes each example as the document writes it; findings point into the example.
  private mutating func checkExamples(decodingAtOnce: Int) {
    // The examples spend the budget first: they are what the server is documented to send.
    let checked = examples.filter { _ in budget.take() }
    let engine = ProbeEngine(decoder, base: [], maximumConcurrency: decodingAtOnce)
    let wording = wording
    let tree = tree
    let probes = checked.map { example in
      let node = tree.nodes[example.value.node]
      return Probe(purpose: example) { Data(tree.bytes[node.offset..<node.end]) }
    }
    let found = engine.answers(probes) { example, answer in
      let offset = tree.nodes[example.value.node].offset
      let reason = "the spec's \(example.name)"
      var findings = answer.reports.map { report in
        let raw = report.unknownValue.rawValue
        // An element left out is named by its path and error, not by its JSON.
        let holds = report.isElementLeftOut ? "" : " holds \(jsonQuoted(raw))"
        var finding = wording.finding(
          for: report, because: reason + holds, check: .examples, site: example.value.site,
          value: report.isElementLeftOut ? example.name : raw)
        finding.offset = offset + (report.offset ?? 0)
        return finding
      }
      if let failure = answer.failure {
        var finding = wording.failure(
          failure, because: reason, consequence: "\(wording.typeName) cannot decode it",
          check: .examples, site: example.value.site, value: example.name)
        finding.offset = offset + (failure.offset ?? 0)
        findings.append(finding)
      }
      return findings
    }
    for finding in found.joined() { add(finding) }
  }
}

// MARK: - The full payload

extension SchemaCheck {
  /// Decodes `base` until it decodes, reporting each failure and repairing the value it is
  /// at, while the budget lasts; the reports of the payload that decodes in the end, `nil`
  /// when none does.
  private mutating func repair(_ base: inout GeneratedValue) -> [VariantReport]? {
    var tried: Set<SpecSite> = []
    let engine = ProbeEngine(decoder, base: [], maximumConcurrency: 1)
    while budget.take() {
      let answer = engine.answer(base.json())
      for report in answer.reports {
        add(attribution.attribution(report, in: base))
      }
      guard let failure = answer.failure else { return answer.reports }
      let failed = base.deepestPath(along: failure.path ?? [])
      add(attribution.failure(failure, at: failed, in: base))
      guard repairValue(at: failed, in: &base, tried: &tried) else { return nil }
    }
    return nil
  }

  /// Changes the value at `path`, or the nearest value above it that can change, to another
  /// the spec allows: the next `enum` value or branch, nothing (an optional member, an
  /// array's elements) or `null`. Whether anything changed.
  private mutating func repairValue(
    at failed: [UnknownValue.PathComponent], in base: inout GeneratedValue,
    tried: inout Set<SpecSite>
  ) -> Bool {
    var path = failed
    while let node = base.value(at: path) {
      tried.insert(node.origin.site)
      if node.origin.reason == .enumValue {
        let merged = MergedSchema(graph, node.origin.schema)
        if let next = merged.enumValues.first(where: { !tried.contains($0.site) }) {
          base.replace(
            at: path,
            with: generator.literal(next, reason: .enumValue, schema: node.origin.schema))
          return true
        }
      }
      if let (owner, index) = node.origin.branch,
        let next = nextBranch(of: owner, after: index, depth: path.count, tried: &tried)
      {
        base.replace(at: path, with: next)
        return true
      }
      if let last = path.last, let parent = base.value(at: path.dropLast()) {
        switch (last, parent.content) {
        case (.key(let key), .object(let members))
        where members.first(where: { $0.key == key })?.isRequired == false:
          base.replace(at: path, with: nil)
          return true
        case (.index, .array) where (MergedSchema(graph, parent.origin.schema).minItems ?? 0) == 0:
          var empty = parent
          empty.content = .array([])
          base.replace(at: path.dropLast(), with: empty)
          return true
        default:
          break
        }
      }
      if case .null = node.content {
      } else if MergedSchema(graph, node.origin.placeSchema).isNullable {
        var null = node
        null.content = .null
        base.replace(at: path, with: null)
        return true
      }
      guard !path.isEmpty else { return false }
      path.removeLast()
    }
    return false
  }

  /// The first branch of `owner` after `index` that can be generated and was not tried.
  private mutating func nextBranch(
    of owner: SchemaID, after index: Int, depth: Int, tried: inout Set<SpecSite>
  ) -> GeneratedValue? {
    let merged = MergedSchema(graph, owner)
    for next in merged.branches.indices where next > index {
      let site = graph[merged.branches[next]].site
      guard tried.insert(site).inserted,
        case .value(let value) = generator.value(
          of: owner, branch: next, discriminatorValue: nil, depth: depth)
      else { continue }
      return value
    }
    return nil
  }
}
