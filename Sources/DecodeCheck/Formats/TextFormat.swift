/// The report for people: `file:line:column: severity: $.path: message`, the layout compilers
/// use, so editors and terminals link each line to its place.
enum TextFormat {
  static func render(_ report: CheckReport, quiet: Bool) -> String {
    var text = ""
    for file in report.files {
      for finding in file.findings where !quiet || finding.severity == .error {
        text += line(for: finding, in: file) + "\n"
      }
    }
    if let baseline = report.baseline, !quiet || baseline.fixedEntriesFail {
      for entry in baseline.fixed {
        text += line(forFixed: entry, failing: baseline.fixedEntriesFail) + "\n"
      }
    }
    return text + report.summary.description + "\n"
  }

  /// A baseline entry that no longer occurs, as a note (an error under `--strict-baseline`):
  /// `Fixtures/Booking/v2.json: note: $.state: no longer found; remove it from the baseline: …`.
  static func line(forFixed entry: BaselineEntry, failing: Bool) -> String {
    var line = entry.file + ": " + (failing ? "error" : "note") + ": "
    if let path = entry.path {
      line += "\(path): "
    }
    return line + singleLine(entry.fixedMessage)
  }

  /// One finding on one line: `Fixtures/Booking/v2.json:3:12: warning: $.state: unknown …`.
  static func line(for finding: Finding, in file: FileReport) -> String {
    var line = file.path
    if let position = finding.position {
      line += ":\(position.line):\(position.column)"
    }
    line += ": \(finding.severity.rawValue): "
    if let path = finding.path {
      line += "\(path): "
    }
    return line + singleLine(finding.message)
  }
}

/// Text with its line breaks turned into spaces, so one finding stays on one line.
func singleLine(_ text: String) -> String {
  guard text.contains(where: \.isNewline) else { return text }
  return text.split(whereSeparator: \.isNewline).joined(separator: " ")
}
