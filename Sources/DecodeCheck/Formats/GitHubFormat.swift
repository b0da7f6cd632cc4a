/// GitHub Actions workflow commands, which the runner turns into annotations on the files:
/// `::warning file=Fixtures/Booking/v2.json,line=3,col=12,title=…::$.state: unknown …`.
///
/// Escaping follows the runner's rules: in the message `%`, CR and LF; in property values
/// also `:` and `,`, which would otherwise end the value.
enum GitHubFormat {
  static func render(_ report: CheckReport, quiet: Bool) -> String {
    var text = ""
    for file in report.files {
      for finding in file.findings where !quiet || finding.severity == .error {
        text += command(for: finding, in: file) + "\n"
      }
    }
    return text + report.summary.description + "\n"
  }

  static func command(for finding: Finding, in file: FileReport) -> String {
    var properties: [String] = []
    if file.path != "-" {
      properties.append("file=" + escapeProperty(file.path))
    }
    if let position = finding.position {
      properties.append("line=\(position.line)")
      properties.append("col=\(position.column)")
    }
    properties.append("title=" + escapeProperty("decode-check: " + title(of: finding.kind)))
    var message = finding.message
    if let path = finding.path {
      message = "\(path): \(message)"
    }
    return "::\(finding.severity.rawValue) \(properties.joined(separator: ","))::"
      + escapeData(message)
  }

  private static func title(of kind: Finding.Kind) -> String {
    switch kind {
    case .unknownValue: "unknown value"
    case .decodingFailure: "decoding failure"
    case .invalidJSON: "invalid JSON"
    case .inputError: "input error"
    }
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
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "%": result += "%25"
      case "\r": result += "%0D"
      case "\n": result += "%0A"
      case ":" where extra.contains(scalar): result += "%3A"
      case "," where extra.contains(scalar): result += "%2C"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
