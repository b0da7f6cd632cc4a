import CodableResilience

extension CheckReport {
  /// Finds the alias conflicts of `registered`'s types and of every type the findings'
  /// reports name (those of the inputs already written out too), each type once: findings of
  /// one report per type (``typeReports``).
  mutating func findAliasConflicts(registered: [RegisteredModel]) {
    let registeredNames = Set(registered.map(\.qualifiedName))
    var reported = written.reportedTypes
    for file in files {
      reported.add(file)
    }
    let conflicts =
      registered.flatMap { $0.aliasConflicts() }
      + reported.conflicts.filter { !registeredNames.contains($0.typeName) }
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

/// The types the findings' reports name, each once, and their alias conflicts, as inputs are
/// added one after another.
struct ReportedTypes: Sendable, Hashable {
  private var names: Set<String> = []
  /// The conflicts of the types added, in the order first seen.
  private(set) var conflicts: [AliasConflict] = []

  /// Adds the types the findings of `file` name.
  mutating func add(_ file: FileReport) {
    for finding in file.findings {
      guard let type = finding.unknownValue?.reportingType,
        names.insert(String(reflecting: type)).inserted
      else { continue }
      conflicts += AliasConflict.all(of: type)
    }
  }
}
