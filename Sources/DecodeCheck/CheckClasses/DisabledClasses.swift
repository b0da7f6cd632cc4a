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
      // What a baseline accepted of those classes is not counted either.
      let file = report.files[index]
      let kept = file.findings.filter { !disabled.contains(CheckClass(of: $0)) }
      let accepted = file.acceptedFindings.filter { !disabled.contains(CheckClass(of: $0)) }
      // A finding about a model that a baseline accepted stays among the findings.
      let isAccepted = { (finding: Finding) in finding.field?.isBaselined == true }
      report.baseline?.accepted -=
        file.acceptedFindings.count - accepted.count
        + file.findings.count(where: isAccepted) - kept.count(where: isAccepted)
      report.files[index].replaceFindings(with: kept, accepted: accepted)
    }
    if disabled.contains(.aliasConflict) { report.aliasConflicts = [] }
    return report
  }
}
