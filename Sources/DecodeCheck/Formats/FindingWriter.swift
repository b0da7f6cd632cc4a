/// Writes a plain check's findings as its inputs complete, for the formats that are lines
/// (text and github), so a run holds one batch of findings rather than all of them.
///
/// The lines of the inputs come in the order the inputs were checked: folders' files as
/// they are listed, an archive's entries in the archive's order. What needs the whole run
/// follows at the end, from ``finish(_:)``: old spellings, alias conflicts and the summary.
/// A run that also needs the whole report (another format, a baseline, `--write-baseline`,
/// `--summary`, `--audit`, `--openapi`) holds it and writes it once.
struct FindingWriter {
  var format: ReportFormat
  var context: RenderContext
  private var annotations = GitHubFormat.Annotations()

  /// A writer for `format`, or `nil` for a format that is one document.
  init?(format: ReportFormat, context: RenderContext) {
    guard format == .text || format == .github else { return nil }
    self.format = format
    self.context = context
  }

  /// The lines of the findings of `files`, their payloads' findings but old spellings.
  mutating func lines(for files: [FileReport]) -> String {
    let findings = CheckReport(files: files, isStrict: false).payloadFindings
    guard format == .github else { return TextFormat.lines(for: findings, quiet: context.quiet) }
    return findings.reduce(into: "") { text, found in
      text += annotations.add(found.finding, in: found.file, context: context)
    }
  }

  /// What follows the inputs' lines: the rest of the report, whose inputs were written.
  func finish(_ report: CheckReport) -> String {
    switch format {
    case .github: GitHubFormat.render(report, context: context, annotations: annotations)
    default: format.render(report, context: context)
    }
  }
}
