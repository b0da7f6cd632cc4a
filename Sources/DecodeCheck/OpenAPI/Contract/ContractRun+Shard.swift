/// Which shard of `--openapi --shard i/n` reports a finding about the spec.
///
/// The shards split the schemas, but a member of the spec can be reached from schemas of
/// several shards (`ListingKind` through `Listing` and through `ListingPage`). The whole run
/// reports it once, by one type (``CheckReport/reportSpecFindingsOnce(schemas:)``); a shard
/// reports it only when that type is its own, so the member is found by exactly one shard.
/// Each shard works it out alone, from the types whose schemas reach the member: the one whose
/// own schema holds it (the longest), else the first in the report's order (by type name).
///
/// ```swift
/// let reach = SpecReach(document, matches: matches)
/// reach.owner(of: "#/components/schemas/ListingKind/enum/3", foundBy: 0)  // Listing's, not ListingPage's
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

  /// The index of the match that reports a finding at `pointer`, found through the match at
  /// `finder`: of the matches reaching it, the one whose own schema holds it (the longest such
  /// schema), else the first by type name, as the whole run's report orders its types.
  func owner(of pointer: String, foundBy finder: Int) -> Int {
    func holds(_ outer: String) -> Bool { pointer == outer || pointer.hasPrefix(outer + "/") }
    let reaching = reached.indices.filter { $0 == finder || reached[$0].contains(where: holds) }
    return reaching.max { first, second in
      let (a, b) = (
        holds(ownSchemas[first]) ? ownSchemas[first].count : -1,
        holds(ownSchemas[second]) ? ownSchemas[second].count : -1
      )
      return a != b ? a < b : typeNames[first] > typeNames[second]
    } ?? finder
  }
}

extension CheckReport {
  /// Leaves out of a shard's report the spec findings another shard reports: those whose
  /// owning type (``SpecReach``) is not among `kept`.
  mutating func keepSpecFindingsOwned(
    by kept: [SchemaMatch], of matches: [SchemaMatch], reach: SpecReach
  ) {
    let index = Dictionary(
      matches.enumerated().map { ($1.model.qualifiedName, $0) }, uniquingKeysWith: { a, _ in a })
    let keptTypes = Set(kept.map(\.model.qualifiedName))
    for fileIndex in files.indices {
      guard let type = files[fileIndex].typeName, let finder = index[type] else { continue }
      let findings = files[fileIndex].findings
      let owned = findings.filter { finding in
        guard let pointer = finding.contract?.pointer.description else { return true }
        let owner = reach.owner(of: pointer, foundBy: finder)
        return keptTypes.contains(matches[owner].model.qualifiedName)
      }
      if owned.count != findings.count { files[fileIndex].replaceFindings(with: owned) }
    }
  }
}
