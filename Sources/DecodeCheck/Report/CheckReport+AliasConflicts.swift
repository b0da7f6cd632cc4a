import CodableResilience

extension CheckReport {
  /// Finds the alias conflicts of `registered`'s types and of every type the findings'
  /// reports name (those of the inputs already written out too), each type once: findings of
  /// one report per type (``typeReports``).
  mutating func findAliasConflicts(registered: [RegisteredModel]) {
    var conflicts = registered.flatMap { $0.aliasConflicts() }
    var seen = Set(registered.map(\.qualifiedName))
    // The inputs already written out found theirs as they went.
    conflicts += written.aliasConflicts.filter { !seen.contains($0.typeName) }
    seen.formUnion(written.typesSeen)
    for file in files {
      for finding in file.findings {
        guard let type = finding.unknownValue?.reportingType,
          seen.insert(String(reflecting: type)).inserted
        else { continue }
        conflicts += AliasConflict.all(of: type)
      }
    }
    let sorted = conflicts.sorted { ($0.typeName, $0.message) < ($1.typeName, $1.message) }
    typeReports = Dictionary(grouping: sorted, by: \.typeName).sorted { $0.key < $1.key }.map {
      var report = FileReport(
        path: $0.key, typeName: $0.key, outcome: .failed, findings: $0.value.map(\.finding),
        payloadCount: 0)
      report.isAboutAType = true
      return report
    }
  }
}
