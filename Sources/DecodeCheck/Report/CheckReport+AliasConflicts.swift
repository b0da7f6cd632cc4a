import CodableResilience

extension CheckReport {
  /// Finds the alias conflicts of `registered`'s types and of every type the findings'
  /// reports name, each type once.
  mutating func findAliasConflicts(registered: [RegisteredModel]) {
    var conflicts = registered.flatMap { $0.aliasConflicts() }
    var seen = Set(registered.map(\.qualifiedName))
    for file in files {
      for finding in file.findings {
        guard let type = finding.unknownValue?.reportingType,
          seen.insert(String(reflecting: type)).inserted
        else { continue }
        conflicts += AliasConflict.all(of: type)
      }
    }
    aliasConflicts = conflicts.sorted { ($0.typeName, $0.message) < ($1.typeName, $1.message) }
  }
}

extension AliasConflict {
  /// The type as an input report, for the formats that place findings in files: its path is
  /// the type's name, which names no file.
  var place: FileReport {
    FileReport(
      path: typeName, typeName: typeName, outcome: .failed, findings: [finding], payloadCount: 0)
  }
}
