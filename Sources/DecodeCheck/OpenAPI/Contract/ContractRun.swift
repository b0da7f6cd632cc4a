/// What `--openapi` checks: the document, read before the run starts, and the registered types
/// matched to its schemas.
///
/// A document that cannot be read (YAML, not JSON, not OpenAPI) is reported as an input that
/// could not be checked, at its line and column, through every format. A match that cannot be
/// made (a `--schemas` entry naming a type or schema that does not exist, no type matching
/// any schema) is a usage error.
struct ContractRun {
  /// The document, or why it cannot be read.
  let document: Result<OpenAPIDocument, OpenAPIDocumentError>
  /// The types to check and their schemas.
  let matches: [SchemaMatch]
  /// The types left out because no schema has their name though one is close, in words.
  let notes: [String]
  let maximumPayloads: Int

  /// Checks the matched types (only `model`'s, when given; with `shard`, only the schemas
  /// whose names are in it).
  func check(
    strict: Bool, only model: RegisteredModel?, shard: Shard? = nil, maximumConcurrency: Int
  ) -> CheckReport {
    switch document {
    case .failure(let error):
      let finding = Finding(
        severity: .error, kind: error.kind, message: error.message, position: error.position)
      let file = FileReport(
        path: error.path, typeName: model?.qualifiedName, outcome: .notChecked,
        findings: [finding], payloadCount: 0)
      return CheckReport(files: [file], isStrict: strict)
    case .success(let document):
      let checker = ContractChecker(strict: strict, maximumPayloadsPerSchema: maximumPayloads)
      guard let shard else {
        return checker.check(document, matches: matches, maximumConcurrency: maximumConcurrency)
      }
      let kept = matches.filter { shard.contains($0.schema) }
      var report = checker.check(document, matches: kept, maximumConcurrency: maximumConcurrency)
      // A spec member other shards' types reach is reported by one shard: the rivals that
      // could take a finding are checked too, and take it only when they find it.
      let reach = SpecReach(document, matches: matches)
      let rivals = report.specRivals(outside: kept, of: matches, reach: reach)
      let rivalReport =
        rivals.isEmpty
        ? nil : checker.check(document, matches: rivals, maximumConcurrency: maximumConcurrency)
      report.keepSpecFindingsOwned(of: matches, reach: reach, rivalReport: rivalReport)
      report.shard = ShardSelection(
        shard: shard, kept: kept.count, planned: matches.count, archives: 0, countsSchemas: true)
      return report
    }
  }

  /// How `--list-types` shows the schema a type is checked against.
  func schemaDescription(of model: RegisteredModel) -> String {
    if let match = matches.first(where: { $0.model == model }) {
      return "schema: \(match.schema)"
    }
    guard case .success(let document) = document else { return "" }
    let close = SchemaMatch.closestName(to: model.name, among: document.schemaNames)
    return "no schema" + (close.map { " (`\($0)` is close)" } ?? "")
  }
}
