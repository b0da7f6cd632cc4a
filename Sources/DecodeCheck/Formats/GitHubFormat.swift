/// GitHub Actions workflow commands, which the runner turns into annotations on the files:
/// `::warning file=Fixtures/Booking/v2.json,line=3,col=12,title=…::$.state: unknown …`.
///
/// Escaping follows the runner's rules: in the message `%`, CR and LF; in property values
/// also `:` and `,`, which would otherwise end the value.
///
/// GitHub shows at most 10 annotations of each level (`warning`, `error`) per step, so only
/// the first 10 of each become annotations; the rest are printed as plain lines in the log,
/// and a closing `::notice` says how many there are and where they are listed.
enum GitHubFormat {
  /// How many annotations of one level GitHub shows per step.
  static let annotationsPerLevel = 10

  /// The report as workflow commands; `annotations` holds what the lines already written for
  /// the report's inputs (``FindingWriter``) used of each level's room.
  static func render(
    _ report: CheckReport, context: RenderContext, annotations: Annotations = Annotations()
  ) -> String {
    var annotations = annotations
    var text = ""
    // Old spellings are notes, plain lines; alias conflicts errors about a type, in no file.
    for (finding, file) in report.findings(aboutModels: false) {
      text += annotations.add(finding, in: file, context: context)
    }
    if let baseline = report.baseline {
      for entry in baseline.fixed {
        let line = TextFormat.line(forFixed: entry, failing: baseline.fixedEntriesFail)
        if baseline.fixedEntriesFail {
          text += annotations.add(
            .error, annotation: { command(forFixed: entry, toolName: context.toolName) },
            line: { line })
        } else if !context.quiet {
          text += line + "\n"
        }
      }
    }
    // Findings about a model's fields: brittle ones share the annotations, one per field so
    // each sits on its file; the notes are the text format's lines, grouped by type, with
    // open fields only under `-v`.
    let aboutModels = report.findings(aboutModels: true)
    for (finding, file) in aboutModels where finding.severity != .note {
      text += annotations.add(finding, in: file, context: context)
    }
    let notes = aboutModels.filter { $0.finding.severity == .note }
    for line in AuditText.lines(notes, quiet: context.quiet, verbose: context.verbose) {
      text += line + "\n"
    }
    for line in report.viewLines {
      text += line + "\n"
    }
    return text + annotations.closingNotice(context: context) + report.summary.description + "\n"
  }

  /// How many findings of each level became annotations, and how many did not for want of
  /// room.
  struct Annotations {
    private var annotated: [Finding.Severity: Int] = [:]
    private var notAnnotated: [Finding.Severity: Int] = [:]

    /// A finding as an annotation while its level has room, else as a plain line.
    mutating func add(
      _ severity: Finding.Severity, annotation: () -> String, line: () -> String
    ) -> String {
      if annotated[severity, default: 0] < annotationsPerLevel {
        annotated[severity, default: 0] += 1
        return annotation() + "\n"
      }
      notAnnotated[severity, default: 0] += 1
      return line() + "\n"
    }

    /// A note as a plain line, anything else as an annotation while its level has room;
    /// nothing for a finding `--quiet` leaves out.
    mutating func add(_ finding: Finding, in file: FileReport, context: RenderContext)
      -> String
    {
      guard finding.isShown(quiet: context.quiet) else { return "" }
      let line = TextFormat.line(for: finding, in: file)
      guard finding.severity != .note else { return line + "\n" }
      return add(
        finding.severity,
        annotation: { command(for: finding, in: file, toolName: context.toolName) },
        line: { line })
    }

    /// The `::notice` that counts the findings past the room, and says where they are
    /// listed; empty when every one was an annotation.
    func closingNotice(context: RenderContext) -> String {
      let errors = notAnnotated[.error, default: 0]
      let warnings = notAnnotated[.warning, default: 0]
      guard errors + warnings > 0 else { return "" }
      var parts: [String] = []
      if errors > 0 { parts.append(counted(errors, "error")) }
      if warnings > 0 { parts.append(counted(warnings, "warning")) }
      let place =
        context.writesSummary ? "the summary and the lines above" : "the lines above"
      return "::notice title=" + escapeProperty(context.toolName + ": more findings") + "::"
        + escapeData(
          "\(parts.joined(separator: " and ")) more than GitHub shows as annotations "
            + "(\(annotationsPerLevel) per level) are listed in \(place)") + "\n"
    }
  }

  static func command(
    for finding: Finding,
    in file: FileReport,
    toolName: String = "decode-check"
  ) -> String {
    var properties: [String] = []
    if file.isAboutAType {
      // About a type, in no file: the message names the type.
      let title = "title=" + escapeProperty("\(toolName): " + finding.kind.details.title)
      return "::\(finding.severity.rawValue) \(title)::"
        + escapeData("\(file.path): \(finding.message)")
    }
    if let request = file.request {
      // The annotation goes on the archive; the body's line is not the archive's, so the
      // message names the request and the place in the body.
      properties.append("file=" + escapeProperty(request.archive))
    } else {
      if file.path != "-" {
        properties.append("file=" + escapeProperty(file.path))
      }
      if let position = finding.position {
        properties.append("line=\(position.line)")
        properties.append("col=\(position.column)")
      }
    }
    properties.append("title=" + escapeProperty("\(toolName): " + finding.kind.details.title))
    var message = finding.subjectAndMessage
    if let request = file.request {
      message = TextFormat.requestPlace(of: finding, in: request) + ": " + message
    }
    return "::\(finding.severity.rawValue) \(properties.joined(separator: ","))::"
      + escapeData(message)
  }

  /// An error annotation for a baseline entry that no longer occurs (`--strict-baseline`).
  private static func command(forFixed entry: BaselineEntry, toolName: String) -> String {
    var properties: [String] = []
    if let file = entry.file, file != "-" {
      properties.append("file=" + escapeProperty(file))
    }
    properties.append("title=" + escapeProperty("\(toolName): baseline entry no longer found"))
    return "::error \(properties.joined(separator: ","))::" + escapeData(entry.fixedDescription)
  }

  /// Escapes a message. It works on Unicode scalars, since `"\r\n"` is a single `Character`.
  static func escapeData(_ text: String) -> String {
    escape(text, alsoEscaping: [])
  }

  /// Escapes a property value, which also ends at `:` or `,`.
  static func escapeProperty(_ text: String) -> String {
    escape(text, alsoEscaping: [":", ","])
  }

  private static func escape(_ text: String, alsoEscaping extra: Set<Unicode.Scalar>) -> String {
    replacingScalars(in: text) { scalar in
      switch scalar {
      case "%": "%25"
      case "\r": "%0D"
      case "\n": "%0A"
      case ":" where extra.contains(scalar): "%3A"
      case "," where extra.contains(scalar): "%2C"
      default: nil
      }
    }
  }
}
