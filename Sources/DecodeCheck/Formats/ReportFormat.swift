/// How a report is written out: for people, for tools, for GitHub Actions or for JUnit
/// readers.
///
/// ```swift
/// let report = PayloadChecker().check(paths: ["Fixtures"], in: registry)
/// print(ReportFormat.github.render(report), terminator: "")
/// ```
public enum ReportFormat: String, Sendable, Hashable, CaseIterable {
  /// One line per finding, `file:line:column: severity: $.path: message`, then the summary.
  case text
  /// One JSON document holding every file, finding and count.
  case json
  /// GitHub Actions workflow commands (`::warning file=…,line=…,col=…::…`), then the summary.
  case github
  /// JUnit XML: one test case per file, failed by its errors.
  case junit

  /// The report as text, ending in a line break.
  ///
  /// With `quiet`, the text and github formats leave out warnings; json and junit always
  /// hold everything.
  ///
  /// ```swift
  /// let text = ReportFormat.text.render(report, quiet: true)
  /// ```
  public func render(_ report: CheckReport, quiet: Bool = false) -> String {
    switch self {
    case .text: TextFormat.render(report, quiet: quiet)
    case .json: JSONFormat.render(report)
    case .github: GitHubFormat.render(report, quiet: quiet)
    case .junit: JUnitFormat.render(report)
    }
  }
}
