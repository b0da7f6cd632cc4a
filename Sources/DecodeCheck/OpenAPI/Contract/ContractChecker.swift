/// Checks registered models against the schemas of an OpenAPI document: generates payloads
/// the spec allows (its examples, every `enum` value, optional members left out and nullable
/// ones `null`, each type and format, each `oneOf` branch and discriminator value) and decodes
/// each with the mapped model as the app does (`decode-check --openapi`).
///
/// A value the model reads as unknown is a warning (an error when strict); a payload it cannot
/// decode is an error. Each finding names the type, the path in the generated payload, the
/// place in the document (the report's file, line and column) and its JSON pointer.
///
/// ```swift
/// let document = try OpenAPIDocument(contentsOfFile: "api.json")
/// let matches = try SchemaMatch.all(in: registry, document: document)
/// let report = ContractChecker().check(document, matches: matches)
/// print(ReportFormat.text.render(report), terminator: "")
/// // api.json:41:17: warning: Filter $.filter_action: the spec allows "blur" here; …
/// ```
///
/// Every report of the result is one mapped type: its ``FileReport/path`` is the document's,
/// its ``FileReport/schema`` the schema, and its payload count the payloads generated.
public struct ContractChecker: Sendable {
  /// Whether values read as unknown, and parts of the spec no payload was generated from,
  /// are errors rather than warnings (`--strict`).
  ///
  /// ```swift
  /// var checker = ContractChecker()
  /// checker.isStrict = true
  /// ```
  var isStrict: Bool

  /// The most payloads decoded for one schema, its examples included (`--max-payloads`);
  /// past it the rest are counted, and the count reported.
  ///
  /// ```swift
  /// checker.maximumPayloadsPerSchema = 500
  /// ```
  var maximumPayloadsPerSchema: Int

  /// How many payloads a schema gets unless told otherwise.
  ///
  /// ```swift
  /// ContractChecker.defaultMaximumPayloadsPerSchema  // 2000
  /// ```
  public static let defaultMaximumPayloadsPerSchema = 2_000

  /// Creates a checker.
  ///
  /// ```swift
  /// let checker = ContractChecker(strict: true, maximumPayloadsPerSchema: 500)
  /// ```
  public init(
    strict: Bool = false,
    maximumPayloadsPerSchema: Int = ContractChecker.defaultMaximumPayloadsPerSchema
  ) {
    isStrict = strict
    self.maximumPayloadsPerSchema = maximumPayloadsPerSchema
  }

  /// Checks each matched type against its schema, several types at once.
  ///
  /// ```swift
  /// let report = ContractChecker().check(document, matches: matches, maximumConcurrency: 2)
  /// report.exitStatus  // 1 when a payload the spec allows does not decode
  /// ```
  public func check(
    _ document: OpenAPIDocument,
    matches: [SchemaMatch],
    maximumConcurrency: Int = PayloadChecker.defaultConcurrency
  ) -> CheckReport {
    // Every schema a match reaches is read once, before the types are checked in parallel.
    var reading = SchemaGraph(document)
    let roots = matches.map { reading.schema(at: $0.pointer) }
    let graph = reading
    let responseExamples = document.responseExamplesBySchema()
    // A short name two checked types share names neither: those are shown qualified.
    let shortNames = Dictionary(grouping: matches.map(\.model), by: \.name)
    let shownNames = matches.map { match in
      Set(shortNames[match.model.name]?.map(\.qualifiedName) ?? []).count > 1
        ? match.model.qualifiedName : match.model.name
    }
    // Types are checked several at once; with fewer types than threads, each type's variants
    // are decoded several at once instead.
    let split = ConcurrencySplit(items: matches.count, threads: maximumConcurrency)
    let checked = concurrentMap(count: matches.count, maximumConcurrency: split.itemsAtOnce) {
      index -> (findings: [ContractFinding], payloads: Int, notChecked: Bool) in
      let match = matches[index]
      guard let root = roots[index] else {
        // `SchemaMatch.all` matches schema objects only; a wrong match is reported, not trapped.
        let finding = ContractWording(typeName: shownNames[index], isStrict: isStrict)
          .notGenerated(
            "`\(match.schema)` is not a schema object",
            site: SpecSite(pointer: match.pointer, offset: 0), isError: true)
        return ([finding], 0, true)
      }
      let schemaExamples = MergedSchema(graph, root).examples.enumerated().map { number, value in
        SpecExample(name: number == 0 ? "example" : "example \(number + 1)", value: value)
      }
      var check = SchemaCheck(
        model: match.model, root: root, graph: graph,
        examples: schemaExamples + (responseExamples[match.pointer] ?? []),
        wording: ContractWording(typeName: shownNames[index], isStrict: isStrict),
        payloadLimit: maximumPayloadsPerSchema)
      check.run(decodingAtOnce: split.variantsAtOnce)
      return (check.findings, check.payloadCount, check.isNotChecked)
    }
    let positions = document.tree.positions(of: checked.flatMap { $0.findings.map(\.offset) })
    var files: [FileReport] = []
    for (match, result) in zip(matches, checked) {
      let findings = sortedByPosition(
        result.findings.map { contractFinding in
          var finding = contractFinding.finding
          finding.position = positions[contractFinding.offset]
          return finding
        })
      let outcome =
        result.notChecked ? .notChecked : FileReport.Outcome(decoded: true, findings: findings)
      var file = FileReport(
        path: document.path, typeName: match.model.qualifiedName, outcome: outcome,
        findings: findings, payloadCount: result.payloads)
      file.schema = match.schema
      files.append(file)
    }
    var report = CheckReport(files: files, isStrict: isStrict)
    report.scope.inputs = [document.path]
    report.scope.contractTypes = Set(
      zip(matches, checked).filter { !$1.notChecked }.map(\.0.model.qualifiedName))
    report.reportSpecFindingsOnce(schemas: matches)
    report.findAliasConflicts(registered: matches.map(\.model))
    return report
  }
}
