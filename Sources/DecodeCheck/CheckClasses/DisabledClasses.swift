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
