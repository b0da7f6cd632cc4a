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
  /// SARIF 2.1.0, for GitHub code scanning: one rule per kind of finding, one result per
  /// finding with its file and line.
  case sarif

  /// The report as text, ending in a line break.
  ///
  /// With `quiet`, the text and github formats leave out warnings and notes, but never a
  /// brittle field of an audit; json and junit always hold everything.
  ///
  /// ```swift
  /// let text = ReportFormat.text.render(report, quiet: true)
  /// ```
  public func render(_ report: CheckReport, quiet: Bool = false) -> String {
    render(report, context: RenderContext(quiet: quiet))
  }

  func render(_ report: CheckReport, context: RenderContext) -> String {
    switch self {
    case .text: TextFormat.render(report, quiet: context.quiet, verbose: context.verbose)
    case .json: JSONFormat.render(report)
    case .github: GitHubFormat.render(report, context: context)
    case .junit: JUnitFormat.render(report, toolName: context.toolName)
    case .sarif: SARIFFormat.render(report, context: context)
    }
  }

  /// What `--help` says the format writes, in lines of at most 52 characters after its name.
  ///
  /// A `switch` over every case, so a new format cannot be added without its help.
  var helpLines: [String] {
    switch self {
    case .text: ["file:line:column: severity: $.path: message (default)"]
    case .json: ["one JSON document with every file, finding and count"]
    case .github:
      [
        "GitHub Actions annotations (::warning / ::error), the",
        "first 10 of each level, then a ::notice counting the",
        "rest, which are printed as plain lines",
      ]
    case .junit: ["JUnit XML, one test case per file"]
    case .sarif:
      [
        "SARIF 2.1.0 for GitHub code scanning: one rule per",
        "kind of finding, files relative to the current folder",
      ]
    }
  }

  /// The `--format` entry of `--help`: every format, each with its ``helpLines``, indented to
  /// sit under the option's description column (`indent` spaces).
  static func helpText(indent: Int) -> String {
    // Names sit in a column at least two spaces wider than the longest, 9 wide as before.
    let column = max(9, (allCases.map(\.rawValue.count).max() ?? 0) + 2)
    var lines: [String] = []
    for format in allCases {
      for (index, line) in format.helpLines.enumerated() {
        let name = index == 0 ? format.rawValue : ""
        let padded = name + String(repeating: " ", count: column - name.count)
        lines.append(String(repeating: " ", count: indent) + padded + line)
      }
    }
    return lines.joined(separator: "\n")
  }

  /// The formats' names as a usage message lists them: "text, json, github, junit or sarif".
  static var names: String {
    let names = allCases.map(\.rawValue)
    return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
  }
}

/// What a format needs to know beyond the report.
struct RenderContext {
  /// The version of the `DecodeCheck` library, which SARIF names and `--version` prints.
  static let toolVersion = "0.1.0"

  /// The checker's name, as the formats that name a tool show it.
  var toolName = "decode-check"
  /// Whether warnings are left out (text and github).
  var quiet = false
  /// Whether the text format also lists the audit's open fields (`-v`).
  var verbose = false
  /// The folder SARIF and the summary name files relative to.
  var workingDirectory = WorkingDirectory.current
  /// Whether the Markdown summary is written somewhere, so GitHub annotations past the limit
  /// can point to it.
  var writesSummary = false
}

/// `text` with every Unicode scalar for which `replacement` gives text replaced by it, and
/// the others kept: the escaping of the formats that write text for other tools.
///
/// ```swift
/// replacingScalars(in: "a<b") { $0 == "<" ? "&lt;" : nil }  // "a&lt;b"
/// ```
func replacingScalars(in text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
  var result = ""
  for scalar in text.unicodeScalars {
    if let replaced = replacement(scalar) {
      result += replaced
    } else {
      result.unicodeScalars.append(scalar)
    }
  }
  return result
}
