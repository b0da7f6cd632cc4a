// In the command line, not beside the run: it reads the command's options and words what cannot
// be matched as a usage error.
extension ContractRun {
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
    } else if matches.isEmpty, !options.listsTypes {
      // --list-types shows the near misses of a run no type matches: it is how to find them.
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
}
