/// `--disable`: a report without the classes of check a team turned off.
extension CheckReport {
  /// The report as if the checks of the classes in `disabled` had not run: their findings
  /// are not reported, counted, recorded in a baseline or failing, and each input's outcome
  /// follows the findings it keeps. Findings about types (alias conflicts) are turned off by
  /// their class too, a type left with none no longer listed.
  ///
  /// ```swift
  /// let quieter = report.disabling([.dateFormatEdge])
  /// ```
  func disabling(_ disabled: Set<CheckClass>) -> CheckReport {
    guard !disabled.isEmpty else { return self }
    var report = self
    let isOff = { (finding: Finding) in disabled.contains(CheckClass(of: finding)) }
    for index in report.files.indices {
      let file = report.files[index]
      // What a baseline accepted of those classes is not counted either: the findings it
      // took out, and those about a model it left listed as accepted.
      report.baseline?.accepted -=
        file.acceptedFindings.count(where: isOff)
        + file.findings.count { isOff($0) && $0.field?.isBaselined == true }
      report.files[index].replaceFindings(
        with: file.findings.filter { !isOff($0) },
        accepted: file.acceptedFindings.filter { !isOff($0) })
    }
    report.typeReports = report.typeReports.compactMap { type in
      var type = type
      type.findings.removeAll(where: isOff)
      return type.findings.isEmpty ? nil : type
    }
    return report
  }
}
