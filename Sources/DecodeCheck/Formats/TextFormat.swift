/// The report for people: `file:line:column: severity: $.path: message`, the layout compilers
/// use, so editors and terminals link each line to its place.
///
/// Old spellings are one note per type and spelling, at the first place it was seen, with its
/// counts; an alias conflict is an error placed on its type: `MyModels.PaymentMethod: error:
/// alias "sepa" names …`. Findings about a model's fields (the audit's) follow everything
/// about payloads, by model and path, as ``AuditText`` groups them (open fields only with
/// `verbose`, `-v`), and the lines of the views over the findings close the report before the
/// summary.
enum TextFormat {
  static func render(_ report: CheckReport, quiet: Bool, verbose: Bool = false) -> String {
    var text = lines(for: report.findings(aboutModels: false), quiet: quiet)
    if let baseline = report.baseline, !quiet || baseline.fixedEntriesFail {
      for entry in baseline.fixed {
        text += line(forFixed: entry, failing: baseline.fixedEntriesFail) + "\n"
      }
    }
    for line in AuditText.lines(
      report.findings(aboutModels: true), quiet: quiet, verbose: verbose)
    {
      text += line + "\n"
    }
    for line in report.viewLines {
      text += line + "\n"
    }
    return text + report.summary.description + "\n"
  }

  /// The findings' lines, but those `quiet` leaves out.
  static func lines(for findings: [(finding: Finding, file: FileReport)], quiet: Bool) -> String {
    var text = ""
    for (finding, file) in findings where finding.isShown(quiet: quiet) {
      text += line(for: finding, in: file) + "\n"
    }
    return text
  }

  /// A baseline entry that no longer occurs, as a note (an error under `--strict-baseline`):
  /// `Fixtures/Booking/v2.json: note: $.state: no longer found; remove it from the baseline: …`.
  static func line(forFixed entry: BaselineEntry, failing: Bool) -> String {
    var line = entry.place + ": " + (failing ? "error" : "note") + ": "
    if let path = entry.subject {
      line += "\(path): "
    }
    return line + singleLine(entry.fixedMessage)
  }

  /// One finding on one line: `Fixtures/Booking/v2.json:3:12: warning: $.state: unknown …`.
  static func line(for finding: Finding, in file: FileReport) -> String {
    place(of: finding, in: file) + ": \(finding.severity.rawValue): "
      + singleLine(finding.subjectAndMessage)
  }
}

extension TextFormat {
  /// Where a finding is: `Fixtures/Booking/v2.json:3:12`, or in a response captured in a HAR
  /// archive the request and the place in the response's body, not in the archive:
  /// `capture.har#12 GET /api/v2/listings?page=2 (body 3:12)`. `shown` replaces the file's
  /// path (for an archive, the archive's).
  static func place(of finding: Finding, in file: FileReport, shown: String? = nil) -> String {
    guard let request = file.request else {
      let position = finding.position.map { ":\($0.line):\($0.column)" } ?? ""
      return (shown ?? file.path) + position
    }
    return (shown ?? request.archive) + requestPlace(of: finding, in: request)
  }

  /// `#12 GET /api/v2/listings?page=2 (body 3:12)`: the request, and the finding's line and
  /// column in the response body when it has one.
  static func requestPlace(of finding: Finding, in request: CapturedRequest) -> String {
    request.label + (finding.position.map { " (body \($0.line):\($0.column))" } ?? "")
  }
}

/// Text with its line breaks turned into spaces, so one finding stays on one line.
func singleLine(_ text: String) -> String {
  guard text.contains(where: \.isNewline) else { return text }
  return text.split(whereSeparator: \.isNewline).joined(separator: " ")
}
