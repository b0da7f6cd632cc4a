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

  /// Reads the document at `path` and matches the registry's types (or `--type`'s) to it.
  init(options: CommandOptions, path: String, registry: ModelRegistry)
    throws(CommandOptions.UsageError)
  {
    maximumPayloads = options.maximumPayloads ?? ContractChecker.defaultMaximumPayloadsPerSchema
    var map: [String: String] = [:]
    do {
      map = try options.schemaMapPath.map(SchemaMatch.map(contentsOfFile:)) ?? [:]
    } catch {
      throw CommandOptions.UsageError(message: error.message)
    }
    let document: OpenAPIDocument
    do {
      document = try OpenAPIDocument(contentsOfFile: path)
    } catch {
      self.document = .failure(error)
      matches = []
      notes = []
      return
    }
    self.document = .success(document)
    var matches: [SchemaMatch]
    do {
      matches = try SchemaMatch.all(in: registry, document: document, map: map)
    } catch {
      throw CommandOptions.UsageError(message: error.message)
    }
    let nearMisses = SchemaMatch.nearMisses(in: registry, document: document, map: map)
    if let typeName = options.typeName {
      let model: RegisteredModel
      do {
        model = try registry.model(named: typeName)
      } catch {
        throw CommandOptions.UsageError(message: error.description)
      }
      matches = matches.filter { $0.model == model }
      guard !matches.isEmpty else {
        let close = nearMisses.first { $0.type == model.name }.map { "; `\($0.schema)` is close" }
        throw CommandOptions.UsageError(
          message: "`\(model.name)` has no schema of its name in \(path)\(close ?? ""): map it "
            + "with --schemas FILE")
      }
    } else if matches.isEmpty {
      let close = nearMisses.first.map { " (`\($0.type)` is close to `\($0.schema)`)" } ?? ""
      throw CommandOptions.UsageError(
        message: "no registered type has a schema of its name under #/components/schemas in "
          + "\(path)\(close): map types to schemas with --schemas FILE")
    }
    self.matches = matches
    notes =
      options.typeName != nil
      ? []
      : nearMisses.map {
        "`\($0.type)` is not checked: \(path) has no schema `\($0.type)`, but `\($0.schema)` "
          + "is close; map it with --schemas FILE if it is the same"
      }
  }

  /// Checks the matched types (only `model`'s, when given).
  func check(strict: Bool, only model: RegisteredModel?, maximumConcurrency: Int) -> CheckReport {
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
      return checker.check(document, matches: matches, maximumConcurrency: maximumConcurrency)
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
