/// Everything one run found, input by input, sorted by path.
///
/// ```swift
/// let report = PayloadChecker().check(paths: ["Fixtures"], in: registry)
/// print(report.summary)  // 12 files checked: 9 decoded cleanly, 2 with unknown values (3 values), 1 failed
/// exit(report.exitStatus)
/// ```
public struct CheckReport: Sendable, Hashable {
  /// One report per input, sorted by path.
  public var files: [FileReport]

  /// Whether unknown values failed the check (`--strict`).
  public var isStrict: Bool

  /// Creates a report, sorting the inputs by path so the order never depends on scheduling.
  ///
  /// ```swift
  /// let report = CheckReport(files: fileReports, isStrict: false)
  /// ```
  public init(files: [FileReport], isStrict: Bool) {
    self.files = files.sorted { $0.path < $1.path }
    self.isStrict = isStrict
  }

  /// The counts the last line of every format shows.
  public var summary: CheckSummary {
    var summary = CheckSummary()
    for file in files {
      switch file.outcome {
      case .decoded: summary.decodedCleanly += 1
      case .decodedWithUnknownValues: summary.withUnknownValues += 1
      case .failed: summary.failed += 1
      case .notChecked: summary.notChecked += 1
      }
      summary.unknownValues += file.unknownValueCount
      summary.payloads += file.payloadCount
    }
    return summary
  }

  /// The command's exit status: 2 when an input could not be checked, 1 when a payload failed
  /// (or, under `--strict`, held unknown values), 0 otherwise.
  public var exitStatus: Int32 {
    if files.contains(where: { $0.outcome == .notChecked }) { return 2 }
    if files.contains(where: \.hasErrors) { return 1 }
    return 0
  }
}

/// How many inputs came out of a run which way.
///
/// ```swift
/// print(report.summary)
/// // 12 files checked: 9 decoded cleanly, 2 with unknown values (3 values), 1 failed
/// ```
public struct CheckSummary: Sendable, Hashable, Codable, CustomStringConvertible {
  /// Files whose payloads all decoded with only known values.
  public var decodedCleanly = 0
  /// Files whose payloads all decoded, some with unknown values.
  public var withUnknownValues = 0
  /// The number of unknown values, over all files (including failed ones).
  public var unknownValues = 0
  /// Files with a payload that failed to decode or is not valid JSON.
  public var failed = 0
  /// Paths that could not be checked: missing, unreadable, empty folders, no type.
  public var notChecked = 0
  /// Payloads checked: one per file, or one per non-blank line with `--lines`.
  public var payloads = 0

  /// Creates a summary with every count at zero.
  public init() {}

  /// The files that were checked, whatever came of them.
  public var filesChecked: Int {
    decodedCleanly + withUnknownValues + failed
  }

  /// One line: `12 files checked: 9 decoded cleanly, 2 with unknown values (3 values), 1 failed`,
  /// with the paths that could not be checked added when there are some.
  public var description: String {
    var text = counted(filesChecked, "file") + " checked"
    if payloads != filesChecked {
      text += " (\(counted(payloads, "payload")))"
    }
    text += ": \(decodedCleanly) decoded cleanly, \(withUnknownValues) with unknown values"
    text += " (\(counted(unknownValues, "value"))), \(failed) failed"
    if notChecked > 0 {
      text += "; \(counted(notChecked, "path")) could not be checked"
    }
    return text
  }
}

/// `1 file`, `2 files`.
func counted(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}
