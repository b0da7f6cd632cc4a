/// The report as JUnit XML, which most CI systems show as a test run: one test case per file,
/// named by its path and classed by its type. Errors fail the case (`<failure>`), inputs that
/// could not be checked are `<error>`s, and warnings go to the case's `<system-out>`.
///
/// Each type whose aliases conflict is a failed case named `aliases`; old spellings are listed
/// in the suite's `<system-out>` before the summary.
///
/// With a baseline whose entries no longer all occur, one more case, named `baseline`, lists
/// them: in its `<system-out>`, or as its `<failure>` under `--strict-baseline`. Findings
/// about a model's fields rather than a payload (`--audit`'s) are one case per model, named
/// `audit`: its errors its `<failure>`, the others in its `<system-out>`.
enum JUnitFormat {
  static func render(_ report: CheckReport, toolName: String = "decode-check") -> String {
    let fixed = report.baseline?.fixed ?? []
    let fixedFail = report.baseline?.fixedEntriesFail == true
    let audited = auditCases(report)
    // Findings about a type (its alias conflicts), from the one stream: a case per type.
    let conflicted = Dictionary(
      grouping: report.findings(aboutModels: false).filter(\.file.isAboutAType),
      by: \.file.path)
    let failures =
      report.files.count(where: \.failed) + (fixedFail && !fixed.isEmpty ? 1 : 0)
      + audited.count(where: \.fails) + conflicted.count
    let errors = report.files.count { $0.outcome == .notChecked }
    let tests = report.files.count + (fixed.isEmpty ? 0 : 1) + audited.count + conflicted.count
    let counts = #"tests="\#(tests)" failures="\#(failures)" errors="\#(errors)""#
    let name = escape(toolName)
    var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
    xml += #"<testsuites name="\#(name)" \#(counts)>"# + "\n"
    xml += #"  <testsuite name="\#(name)" \#(counts) skipped="0">"# + "\n"
    for file in report.files {
      let className = file.typeName.map(escape) ?? name
      xml += #"    <testcase classname="\#(className)" name="\#(escape(file.path))""#
      let payloadFindings = file.findings.filter { !$0.kind.details.isAboutTheModel }
      let errors = payloadFindings.filter { $0.severity == .error }
      let warnings = payloadFindings.filter { $0.severity == .warning }
      if errors.isEmpty, warnings.isEmpty {
        xml += "/>\n"
        continue
      }
      xml += ">\n"
      if let first = errors.first {
        let element = file.outcome == .notChecked ? "error" : "failure"
        let lines = errors.map { TextFormat.line(for: $0, in: file) }.joined(separator: "\n")
        xml += #"      <\#(element) type="\#(first.kind.rawValue)" "#
        xml += #"message="\#(escape(singleLine(first.message)))">"#
        xml += escape(lines) + "</\(element)>\n"
      }
      if !warnings.isEmpty {
        let lines = warnings.map { TextFormat.line(for: $0, in: file) }.joined(separator: "\n")
        xml += "      <system-out>" + escape(lines) + "</system-out>\n"
      }
      xml += "    </testcase>\n"
    }
    if !fixed.isEmpty {
      let lines = fixed.map { TextFormat.line(forFixed: $0, failing: fixedFail) }
      xml += #"    <testcase classname="\#(name)" name="baseline">"# + "\n"
      if fixedFail {
        let message =
          counted(fixed.count, "baseline entry", plural: "baseline entries")
          + " no longer found"
        xml += #"      <failure type="baseline" message="\#(escape(message))">"#
        xml += escape(lines.joined(separator: "\n")) + "</failure>\n"
      } else {
        xml += "      <system-out>" + escape(lines.joined(separator: "\n")) + "</system-out>\n"
      }
      xml += "    </testcase>\n"
    }
    for (typeName, conflicts) in conflicted.sorted(by: { $0.key < $1.key }) {
      let lines = conflicts.map { TextFormat.line(for: $0.finding, in: $0.file) }
      let message = counted(conflicts.count, "alias conflict")
      xml += #"    <testcase classname="\#(escape(typeName))" name="aliases">"# + "\n"
      xml += #"      <failure type="aliasConflict" message="\#(escape(message))">"#
      xml += escape(lines.joined(separator: "\n")) + "</failure>\n"
      xml += "    </testcase>\n"
    }
    for audit in audited {
      xml += #"    <testcase classname="\#(escape(audit.typeName))" name="audit">"# + "\n"
      if let first = audit.firstError {
        let message =
          counted(audit.errors.count, first.details.title) + (report.isStrict ? " (--strict)" : "")
        xml += #"      <failure type="\#(first.rawValue)" message="\#(escape(message))">"#
        xml += escape(audit.errors.joined(separator: "\n")) + "</failure>\n"
      }
      if !audit.others.isEmpty {
        xml +=
          "      <system-out>" + escape(audit.others.joined(separator: "\n")) + "</system-out>\n"
      }
      xml += "    </testcase>\n"
    }
    var summary = (report.viewLines + [report.summary.description]).joined(separator: "\n")
    let spellings = report.oldSpellings.map {
      TextFormat.line(for: $0.finding, in: $0.firstFile) + "\n"
    }
    summary = spellings.joined() + summary
    xml += "    <system-out>" + escape(summary) + "</system-out>\n"
    xml += "  </testsuite>\n</testsuites>\n"
    return xml
  }

  /// One test case per model with findings about its fields: its errors (brittle fields
  /// under `--strict`) fail it; its other findings are listed in its output.
  private struct AuditCase {
    var typeName: String
    var firstError: Finding.Kind?
    var errors: [String] = []
    var others: [String] = []
    var fails: Bool { !errors.isEmpty }
  }

  private static func auditCases(_ report: CheckReport) -> [AuditCase] {
    var cases: [AuditCase] = []
    for (finding, file) in report.findings(aboutModels: true) {
      let typeName = file.typeName ?? ""
      if cases.last?.typeName != typeName {
        cases.append(AuditCase(typeName: typeName))
      }
      let line = TextFormat.line(for: finding, in: file)
      if finding.severity == .error {
        cases[cases.count - 1].firstError = cases[cases.count - 1].firstError ?? finding.kind
        cases[cases.count - 1].errors.append(line)
      } else {
        cases[cases.count - 1].others.append(line)
      }
    }
    return cases
  }

  /// Escapes text for XML content and attribute values. Characters XML 1.0 cannot hold at
  /// all (most control characters) become U+FFFD; line breaks in attributes are written as
  /// references, so parsers keep them.
  static func escape(_ text: String) -> String {
    replacingScalars(in: text) { scalar in
      switch scalar {
      case "&": "&amp;"
      case "<": "&lt;"
      case ">": "&gt;"
      case "\"": "&quot;"
      case "'": "&apos;"
      case "\n": "&#10;"
      case "\r": "&#13;"
      case "\t": "&#9;"
      case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): "\u{FFFD}"
      default: nil
      }
    }
  }
}
