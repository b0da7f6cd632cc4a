import CodableResilience

/// The report for people reading a CI run's page (`--summary FILE`, GitHub's step summary):
/// the counts, the alias conflicts, every distinct unknown value grouped by type with how many
/// payloads hold it and where it was first seen, then the other findings grouped by kind
/// (elements left out among them), then the old spellings still sent, grouped by type with
/// their counts.
///
/// ```markdown
/// ## decode-check
///
/// 3 files checked: 1 decoded cleanly, 1 with unknown values (2 values), 1 failed
///
/// ### Unknown values
///
/// #### BookingState
///
/// | Raw value | Payloads | First seen |
/// |---|---:|---|
/// | `"checked_in"` | 1 | `Booking/v2.json:4:12` `$.state` |
/// ```
enum MarkdownSummary {
  /// The most findings of one kind the summary lists; GitHub keeps a step summary under 1 MiB.
  static let listedFindingsPerKind = 500

  static func render(_ report: CheckReport, context: RenderContext) -> String {
    let summary = report.summary
    var text = "## \(context.toolName)\n\n" + summary.description + "\n\n"
    text += countsTable(summary, hasBaseline: report.baseline != nil)
    text += aliasConflicts(report)
    text += unknownValues(report, context: context)
    // Unknown values, old spellings and alias conflicts have sections of their own, and
    // findings about a model's fields the section of their view, the audit's.
    let grouped: Set<Finding.Kind> = [.unknownValue, .renamedValue, .aliasConflict]
    for kind in Finding.Kind.allCases
    where !grouped.contains(kind) && !kind.details.isAboutTheModel {
      text += findings(of: kind, in: report, context: context)
    }
    text += oldSpellings(report, context: context)
    if let audit = AuditReport(report) {
      text += auditSection(audit, context: context)
    }
    if let baseline = report.baseline, !baseline.fixed.isEmpty {
      text += "\n### Baseline entries no longer found (\(baseline.fixed.count))\n\n"
      text += baseline.fixedEntriesFail ? "These fail the check (--strict-baseline). " : ""
      text += "Remove them from the baseline, or write it again with --write-baseline.\n\n"
      text += "| File | Path | Kind | Value |\n|---|---|---|---|\n"
      for entry in baseline.fixed {
        text += "| \(code(entry.place)) | \(entry.subject.map(code) ?? "") | "
        text += "\(entry.kind.details.title) | \(code(jsonQuoted(entry.value))) |\n"
      }
    }
    return text
  }

  private static func countsTable(_ summary: CheckSummary, hasBaseline: Bool) -> String {
    let checked =
      summary.schemaReports > 0
        && summary.schemaReports == summary.filesChecked + summary.notChecked
      ? "Schemas checked" : "Files checked"
    var rows: [(String, Int)] = [
      (checked, summary.filesChecked),
      ("Decoded cleanly", summary.decodedCleanly),
      ("With unknown values", summary.withUnknownValues),
    ]
    let leftOut = summary.withElementsLeftOut + summary.elementsLeftOut > 0
    if leftOut { rows.append(("With elements left out", summary.withElementsLeftOut)) }
    rows.append(("Failed", summary.failed))
    if hasBaseline { rows.append(("With only baselined findings", summary.baselined)) }
    rows += [
      ("Could not be checked", summary.notChecked),
      ("Payloads", summary.payloads),
      ("Unknown values", summary.unknownValues),
    ]
    if leftOut { rows.append(("Elements left out", summary.elementsLeftOut)) }
    if summary.renamedValues > 0 {
      rows.append(("Values sent in an old spelling", summary.renamedValues))
    }
    if summary.aliasConflicts > 0 { rows.append(("Alias conflicts", summary.aliasConflicts)) }
    let traffic = summary.traffic
    if traffic.entries > 0 {
      rows += [
        ("HAR entries", traffic.entries),
        ("HAR entries checked", traffic.checked),
        ("HAR entries without a body", traffic.withoutBody),
        ("HAR entries not JSON", traffic.notJSON),
        ("HAR entries with an error status", traffic.errorStatus),
        ("HAR entries with no route", traffic.withoutRoute),
      ]
    }
    if hasBaseline {
      rows.append(("Findings the baseline accepted", summary.baselinedFindings))
      rows.append(("Baseline entries no longer found", summary.fixedBaselineEntries))
    }
    var text = "| | Count |\n|---|---:|\n"
    for (name, count) in rows {
      text += "| \(name) | \(count) |\n"
    }
    return text
  }

  /// Every distinct unknown value, grouped by type (sorted by name), in order of first sight.
  private static func unknownValues(_ report: CheckReport, context: RenderContext) -> String {
    struct Value {
      var rawValue: String
      var payloads: Set<String> = []
      var firstSeen: String
    }
    var valuesByType: [String: [Value]] = [:]
    var indices: [String: [String: Int]] = [:]
    for file in report.files where file.unknownValueCount > 0 {
      let name = shownName(of: file, context: context)
      for finding in file.findings where finding.kind == .unknownValue {
        guard let value = finding.unknownValue else { continue }
        // One payload per file, or per line with `--lines`; a type checked against an OpenAPI
        // document counts once, however many of its payloads hold the value.
        let payload =
          file.payloadCount > 1 && file.schema == nil
          ? "\(name):\(finding.position?.line ?? 0)" : name
        if let index = indices[value.typeName]?[value.rawValue] {
          valuesByType[value.typeName]?[index].payloads.insert(payload)
        } else {
          indices[value.typeName, default: [:]][value.rawValue] =
            valuesByType[value.typeName, default: []].count
          valuesByType[value.typeName, default: []].append(
            Value(
              rawValue: value.rawValue, payloads: [payload],
              firstSeen: place(finding, in: file, context: context)))
        }
      }
    }
    guard !valuesByType.isEmpty else { return "" }
    var text = "\n### \(Finding.Kind.unknownValue.details.heading)\n"
    for type in valuesByType.keys.sorted() {
      text += "\n#### \(cell(type))\n\n| Raw value | Payloads | First seen |\n|---|---:|---|\n"
      for value in valuesByType[type] ?? [] {
        text += "| \(code(jsonQuoted(value.rawValue))) | \(value.payloads.count) "
        text += "| \(value.firstSeen) |\n"
      }
    }
    return text
  }

  /// Every old spelling, grouped by type (sorted by name), in order of first sight: the
  /// spelling sent, the value it was read as, and how often.
  private static func oldSpellings(_ report: CheckReport, context: RenderContext) -> String {
    // By type, and within a type in the order first seen.
    let spellings = report.oldSpellings.enumerated().sorted {
      ($0.element.typeName, $0.offset) < ($1.element.typeName, $1.offset)
    }.map(\.element)
    guard !spellings.isEmpty else { return "" }
    var text = "\n### \(Finding.Kind.renamedValue.details.heading)\n\n"
    text += "Values read through an alias or by their letter case: not problems, and not "
    text += "recorded in baselines. An alias can go once its old spelling is no longer sent.\n"
    var type: String?
    for spelling in spellings {
      if spelling.typeName != type {
        type = spelling.typeName
        text += "\n#### \(cell(spelling.typeName))\n\n"
        text += "| Sent | Read as | Payloads | Places | First seen |\n|---|---|---:|---:|---|\n"
      }
      text += "| \(code(jsonQuoted(spelling.received))) | \(code(jsonQuoted(spelling.canonical))) "
      text += "| \(spelling.payloads.count) | \(spelling.placeCount) "
      text += "| \(place(spelling.first, in: spelling.firstFile, context: context)) |\n"
    }
    return text
  }

  /// The alias conflicts, by type: each fails the check.
  private static func aliasConflicts(_ report: CheckReport) -> String {
    // Findings about a type, from the one stream.
    let conflicts = report.findings(aboutModels: false).filter(\.file.isAboutAType)
    guard !conflicts.isEmpty else { return "" }
    var text = "\n### \(Finding.Kind.aliasConflict.details.heading) (\(conflicts.count))\n\n"
    text += "| Type | Conflict |\n|---|---|\n"
    for (finding, type) in conflicts {
      text += "| \(code(type.path)) | \(cell(finding.message)) |\n"
    }
    return text
  }

  /// The audit: its counts, the brittle fields, then every field in a table per verdict,
  /// each up to ``listedFindingsPerKind`` rows.
  private static func auditSection(_ audit: AuditReport, context: RenderContext) -> String {
    var text = "\n### Audit\n\n" + cell(audit.description) + "\n"
    let groups: [(String, [FieldAudit])] = [
      ("Brittle fields: a value never sent breaks decoding", audit.fields(.brittle)),
      ("Resilient fields: a value never sent is reported", audit.fields(.resilient)),
      ("Open fields: a value never sent decodes unreported", audit.fields(.open)),
      ("Required fields", audit.fields.filter { $0.verdict == nil }),
    ]
    for (heading, fields) in groups where !fields.isEmpty {
      text += "\n#### \(heading) (\(fields.count))\n\n"
      text += "| Model | Field | Type | Required | Payloads | Places | Example |\n"
      text += "|---|---|---|---|---:|---:|---|\n"
      for field in fields.prefix(listedFindingsPerKind) {
        var type = field.namedType.map(code) ?? ""
        if let tool = field.tool { type += " (\(cell(tool)))" }
        if field.isBaselined { type += " accepted by the baseline" }
        let example = field.example
        let shown = context.workingDirectory.relative(example.request?.archive ?? example.file)
        let finding = field.finding(strict: false)
        let place =
          shown
          + (example.request.map { TextFormat.requestPlace(of: finding, in: $0) }
            ?? example.position.map { ":\($0.line):\($0.column)" } ?? "")
        text += "| \(code(field.typeName)) | \(code(field.path)) | \(type) "
        text += "| \(field.isRequired ? "yes" : "") | \(field.payloadCount) | \(field.placeCount) "
        text += "| \(code(place)) |\n"
      }
      if fields.count > listedFindingsPerKind {
        text += "\n… and \(fields.count - listedFindingsPerKind) more, in the full report.\n"
      }
    }
    return text
  }

  /// The findings of one kind, in report order, up to ``listedFindingsPerKind``.
  private static func findings(
    of kind: Finding.Kind,
    in report: CheckReport,
    context: RenderContext
  ) -> String {
    var rows: [String] = []
    var total = 0
    for file in report.files where file.findings.contains(where: { $0.kind == kind }) {
      for finding in file.findings where finding.kind == kind {
        total += 1
        guard rows.count < listedFindingsPerKind else { continue }
        let place = place(finding, in: file, context: context)
        rows.append("| \(place) | \(cell(singleLine(finding.fullMessage))) |")
      }
    }
    guard total > 0 else { return "" }
    var text = "\n### \(kind.details.heading) (\(total))\n\n| Where | Problem |\n|---|---|\n"
    text += rows.joined(separator: "\n") + "\n"
    if total > rows.count {
      text += "\n… and \(total - rows.count) more, in the full report.\n"
    }
    return text
  }

  /// The file relative to the working folder; for a captured response, the archive's
  /// relative path and the request; for a type checked against an OpenAPI document, the
  /// document and the type.
  private static func shownName(of file: FileReport, context: RenderContext) -> String {
    if file.schema != nil, let type = file.typeName {
      // Every type checked against an OpenAPI document shares its file.
      return context.workingDirectory.relative(file.path) + " (\(type))"
    }
    guard let request = file.request else { return context.workingDirectory.relative(file.path) }
    return context.workingDirectory.relative(request.archive) + request.label
  }

  /// `file:line:column` (or the request and the place in its body) and the JSON path, as code.
  private static func place(_ finding: Finding, in file: FileReport, context: RenderContext)
    -> String
  {
    let shown = context.workingDirectory.relative(file.request?.archive ?? file.path)
    var text = code(TextFormat.place(of: finding, in: file, shown: shown))
    if let subject = finding.subject {
      text += " " + code(subject)
    }
    return text
  }

  /// Text as inline code in a table cell: fenced with more backticks than it holds in a row,
  /// and with `|` escaped, which would otherwise end the cell even inside code.
  static func code(_ text: String) -> String {
    let line = singleLine(text)
    var longestRun = 0
    var run = 0
    for character in line {
      run = character == "`" ? run + 1 : 0
      longestRun = max(longestRun, run)
    }
    let fence = String(repeating: "`", count: longestRun + 1)
    let padding = line.hasPrefix("`") || line.hasSuffix("`") ? " " : ""
    return fence + padding + line.replacing("|", with: "\\|") + padding + fence
  }

  /// Plain text in a table cell: `|` escaped, `<` as a reference so it never reads as HTML,
  /// line breaks as spaces.
  static func cell(_ text: String) -> String {
    singleLine(text).replacing("|", with: "\\|").replacing("<", with: "&lt;")
  }
}
