import Foundation

extension CommandOptions {
  /// `--no-redact` needs `--record`, which writes fixtures rather than a report, so takes
  /// no option about the report.
  func checkRecordOptions() throws(UsageError) {
    guard recordPath != nil else {
      if keepsCapturedValues {
        throw UsageError(
          message: "`--no-redact` keeps captured values in what --record FOLDER writes")
      }
      if !keptPatterns.isEmpty {
        throw UsageError(message: "`--keep` names values that --record FOLDER keeps as captured")
      }
      if maximumProbes != nil {
        throw UsageError(message: "`--max-probes` limits what --record FOLDER asks of a payload")
      }
      return
    }
    let reportOptions = [
      ("--openapi", openAPIPath != nil), ("--audit", audits), ("--lines", readsLines),
      ("--baseline", !baselinePaths.isEmpty), ("--write-baseline", writtenBaselinePath != nil),
      ("--summary", summaryPath != nil), ("--format", format != .text),
      ("--disable", !disabledClasses.isEmpty), ("--list-types", listsTypes),
      ("--strict", isStrict),
    ]
    if let (option, _) = reportOptions.first(where: \.1) {
      throw UsageError(message: "`\(option)` cannot be used with --record, which writes fixtures")
    }
  }

  /// Why recording into `recordPath` from `paths` cannot start, naming the path at fault and
  /// the system's reason; `nil` when it can. Asked before any input is read, and nothing is
  /// written before it is asked.
  func recordingProblem() -> String? {
    guard let recordPath else { return nil }
    let output = FixtureFolder(path: recordPath)
    guard !recordPath.isEmpty else { return output.problem() }
    let files = FileManager.default
    let resolvedOutput = Self.resolved(recordPath)
    var isFolder: ObjCBool = false
    for path in paths where path != "-" {
      guard files.fileExists(atPath: path, isDirectory: &isFolder) else {
        return "no such file or folder: `\(path)`"
      }
      let input = Self.resolved(path)
      if isFolder.boolValue, resolvedOutput == input || resolvedOutput.hasPrefix(input + "/") {
        return "the output folder `\(recordPath)` is inside the input folder `\(path)`: "
          + "a second run would read its fixtures as captures; write them somewhere else"
      }
    }
    return output.problem()
  }

  /// The absolute path with links resolved, as far as the path exists.
  private static func resolved(_ path: String) -> String {
    var existing = URL(fileURLWithPath: path).standardizedFileURL
    var rest: [String] = []
    while !FileManager.default.fileExists(atPath: existing.path), existing.path != "/" {
      rest.insert(existing.lastPathComponent, at: 0)
      existing.deleteLastPathComponent()
    }
    let base = existing.resolvingSymlinksInPath().path
    return rest.reduce(base) { ($0 as NSString).appendingPathComponent($1) }
  }
}
