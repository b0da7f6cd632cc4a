/// Which shard of `--openapi --shard i/n` reports a finding about the spec.
///
/// The shards split the schemas, but a member of the spec can be reached from schemas of
/// several shards (`ListingKind` through `Listing` and through `ListingPage`). The whole run
/// reports it once, through one of the types that find it
/// (``CheckReport/reportSpecFindingsOnce(schemas:)``): the one whose own schema holds it (the
/// longest), else the first in the report's order (by type name). Whether a type finds it
/// depends on its model, not on the document, so a shard also checks its *rivals*: the types
/// of other shards whose schemas reach the member and that would be preferred to its own. A
/// rival that finds it takes it; one that does not leaves it here.
///
/// ```swift
/// let reach = SpecReach(document, matches: matches)
/// reach.rivals(of: "#/components/schemas/ListingKind/enum/3", foundBy: page)  // [listing]
/// ```
struct SpecReach {
  /// For each match, the pointers of the schemas and examples its payloads are made from.
  private let reached: [[String]]
  private let ownSchemas: [String]
  /// The types' qualified names, which order the whole run's report.
  private let typeNames: [String]

  init(_ document: OpenAPIDocument, matches: [SchemaMatch]) {
    var graph = SchemaGraph(document)
    let examples = document.responseExamplesBySchema()
    reached = matches.map { match in
      var pointers = (examples[match.pointer] ?? []).map(\.value.site.pointer.description)
      guard let root = graph.schema(at: match.pointer) else { return pointers }
      var seen: Set<SchemaID> = [root]
      var unvisited = [root]
      while let id = unvisited.popLast() {
        let schema = graph[id]
        pointers.append(schema.site.pointer.description)
        var next = schema.properties.map(\.schema) + schema.allOf + schema.oneOf + schema.anyOf
        if let items = schema.items { next.append(items) }
        if case .schema(let values) = schema.additionalProperties { next.append(values) }
        let targets = [schema.reference] + (schema.discriminator?.mapping.map(\.target) ?? [])
        for case .local(let target)? in targets { next.append(target) }
        for id in next where seen.insert(id).inserted { unvisited.append(id) }
      }
      return pointers
    }
    ownSchemas = matches.map(\.pointer.description)
    typeNames = matches.map(\.model.qualifiedName)
  }

  /// The matches the whole run would report a finding at `pointer` through rather than the
  /// match at `finder`, among those reaching it: the ones whose own schema holds it more closely
  /// (the longer schema), or as closely and earlier in the report's order (by type name).
  func rivals(of pointer: String, foundBy finder: Int) -> [Int] {
    reached.indices.filter { candidate in
      candidate != finder
        && reached[candidate].contains { CheckReport.closeness(of: $0, to: pointer) >= 0 }
        && outranks(candidate, finder, at: pointer)
    }
  }

  /// Whether the whole run reports a finding at `pointer` through the match at `first` rather
  /// than the one at `second`, when both find it (``CheckReport/reportSpecFindingsOnce(schemas:)``).
  func outranks(_ first: Int, _ second: Int, at pointer: String) -> Bool {
    let (a, b) = (
      CheckReport.closeness(of: ownSchemas[first], to: pointer),
      CheckReport.closeness(of: ownSchemas[second], to: pointer)
    )
    return a != b ? a > b : typeNames[first] < typeNames[second]
  }
}

extension CheckReport {
  /// The matches of other shards (not in `kept`) that could take a spec finding of this report
  /// from the type that found it here: ``SpecReach/rivals(of:foundBy:)`` of each.
  func specRivals(outside kept: [SchemaMatch], of matches: [SchemaMatch], reach: SpecReach)
    -> [SchemaMatch]
  {
    let keptTypes = Set(kept.map(\.model.qualifiedName))
    var rivals = Set<Int>()
    forEachSpecFinding(of: matches) { finding, finder in
      guard let pointer = finding.contract?.pointer.description else { return }
      rivals.formUnion(
        reach.rivals(of: pointer, foundBy: finder).filter {
          !keptTypes.contains(matches[$0].model.qualifiedName)
        })
    }
    return rivals.sorted().map { matches[$0] }
  }

  /// Leaves out of a shard's report the spec findings another shard reports: those that a
  /// rival of another shard, checked in `rivalReport`, finds too and outranks the type that
  /// found them here. A rival that does not find the member takes nothing, so no finding is
  /// lost; a rival the document does not show reaching it is not asked, and the finding is
  /// kept (reported by two shards, never by none).
  mutating func keepSpecFindingsOwned(
    of matches: [SchemaMatch], reach: SpecReach, rivalReport: CheckReport?
  ) {
    let index = Self.matchIndex(matches)
    // Each spec place the rivals found, with the rival reporting it.
    var rivalFinder: [FindingIdentity: Int] = [:]
    rivalReport?.forEachSpecFinding(of: matches) { finding, finder in
      if let place = Self.specPlace(of: finding) { rivalFinder[place] = finder }
    }
    for fileIndex in files.indices {
      guard let type = files[fileIndex].typeName, let finder = index[type] else { continue }
      let findings = files[fileIndex].findings
      let owned = findings.filter { finding in
        guard let place = Self.specPlace(of: finding), let rival = rivalFinder[place],
          let pointer = finding.contract?.pointer.description
        else { return true }
        return !reach.outranks(rival, finder, at: pointer)
      }
      if owned.count != findings.count { files[fileIndex].replaceFindings(with: owned) }
    }
  }

  /// Calls `body` with each finding and the index of the match whose file reports it.
  private func forEachSpecFinding(of matches: [SchemaMatch], _ body: (Finding, Int) -> Void) {
    let index = Self.matchIndex(matches)
    for file in files {
      guard let finder = file.typeName.flatMap({ index[$0] }) else { continue }
      for finding in file.findings { body(finding, finder) }
    }
  }

  private static func matchIndex(_ matches: [SchemaMatch]) -> [String: Int] {
    Dictionary(
      matches.enumerated().map { ($1.model.qualifiedName, $0) }, uniquingKeysWith: { a, _ in a })
  }
}
