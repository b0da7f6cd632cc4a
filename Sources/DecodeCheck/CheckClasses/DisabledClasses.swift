/// `--disable`: a report without the classes of check a team turned off.
extension CheckReport {
  /// The report as if the checks of the classes in `disabled` had not run: their findings
  /// are not reported, counted, recorded in a baseline or failing, and each input's outcome
  /// follows the findings it keeps. Alias conflicts are turned off by their class too.
  ///
  /// ```swift
  /// let quieter = report.disabling([.dateFormatEdge])
  /// ```
  func disabling(_ disabled: Set<CheckClass>) -> CheckReport {
    guard !disabled.isEmpty else { return self }
    var report = self
    for index in report.files.indices {
      let kept = report.files[index].findings.filter { !disabled.contains(CheckClass(of: $0)) }
      report.files[index].replaceFindings(with: kept)
    }
    if disabled.contains(.aliasConflict) { report.aliasConflicts = [] }
    return report
  }
}

extension FileReport {
  /// Keeps only `kept` of the findings; when some were taken out, the outcome follows what
  /// is left: a failure that is gone no longer fails the input, unknown values that are gone
  /// no longer mark it. An input that could not be checked stays so.
  mutating func replaceFindings(with kept: [Finding]) {
    guard kept.count != findings.count else { return }
    findings = kept
    guard outcome != .notChecked else { return }
    let failing: Set<Finding.Kind> = [.decodingFailure, .invalidJSON, .noRoute]
    if outcome == .failed,
      kept.contains(where: { failing.contains($0.kind) && $0.severity == .error })
    {
      return
    }
    if kept.contains(where: { $0.kind == .invalidElement }) {
      outcome = .decodedWithElementsLeftOut
    } else if kept.contains(where: { $0.kind == .unknownValue }) {
      outcome = .decodedWithUnknownValues
    } else {
      outcome = .decoded
    }
  }
}
