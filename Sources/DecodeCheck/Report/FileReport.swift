/// What checking one input found: a file, standard input, or a path that could not be checked.
///
/// ```swift
/// let report = PayloadChecker().check(paths: ["Fixtures"], in: registry)
/// for file in report.files where file.outcome == .failed {
///   print(file.path, file.findings.map(\.message))
/// }
/// ```
public struct FileReport: Sendable, Hashable {
  /// How an input came out of the check.
  public enum Outcome: String, Sendable, Hashable, Codable {
    /// Every payload decoded and held only known values.
    case decoded
    /// Every payload decoded, and some held values the models do not know (and none had an
    /// element left out).
    case decodedWithUnknownValues
    /// Every payload decoded, and `@SkipInvalidElements` left out an element of some that
    /// fails to decode (they may hold unknown values too).
    case decodedWithElementsLeftOut
    /// A payload could not be decoded, or is not valid JSON.
    case failed
    /// The input could not be checked: it is missing, unreadable or has no type.
    case notChecked
  }

  /// The path as given on the command line, joined with the path inside a folder;
  /// `-` for standard input.
  public internal(set) var path: String

  /// The qualified name of the type the input was decoded as; `nil` when none was found.
  public internal(set) var typeName: String?

  /// How the input came out of the check.
  public internal(set) var outcome: Outcome

  /// What was found, in the order it appears in the file.
  public internal(set) var findings: [Finding]

  /// How many payloads the input held: 1 for a JSON file, one per non-blank line with `--lines`.
  public internal(set) var payloadCount: Int

  /// How many of the input's findings a baseline accepted and took out of ``findings``.
  var baselinedFindingCount: Int { acceptedFindings.count }

  /// The findings a baseline accepted and took out of ``findings``, kept so that turning a
  /// class of check off (`--disable`) takes its accepted findings out of the counts too.
  var acceptedFindings: [Finding] = []

  /// The request whose response this is, for a payload read from a HAR archive; then
  /// ``path`` names the archive and the request (`capture.har#12 GET /api/v2/listings`) and
  /// positions are in the response body.
  public internal(set) var request: CapturedRequest?

  /// For a type checked against an OpenAPI document (`--openapi`), the schema it was checked
  /// against, as matched: `Filter` or `#/components/schemas/Filter`. Then ``path`` is the
  /// document, positions are in it, and ``payloadCount`` counts the payloads generated.
  public internal(set) var schema: String?

  /// What auditing each payload that decoded found (`--audit`): gathered by field into
  /// findings of the inputs their examples are in, and counted by ``AuditReport``.
  var audits: [PayloadAudit] = []

  /// Whether the report is about a type rather than an input (its alias conflicts): then
  /// ``path`` is the type's qualified name, which names no file.
  var isAboutAType = false

  /// A report of one input.
  init(
    path: String,
    typeName: String?,
    outcome: Outcome,
    findings: [Finding],
    payloadCount: Int
  ) {
    self.path = path
    self.typeName = typeName
    self.outcome = outcome
    self.findings = findings
    self.payloadCount = payloadCount
  }

  /// Whether any finding fails the check.
  var hasErrors: Bool {
    findings.contains { $0.severity == .error }
  }

  /// Whether the input was checked and failed: it holds an error that no baseline accepted.
  ///
  /// This is the one meaning of "failed" that every format counts and the exit status follows:
  /// a payload that did not decode or is not valid JSON, or under `--strict` one that holds an
  /// unknown value or had an element left out. (A brittle field of `--audit`, about a model and
  /// not a payload, fails the run under `--strict` without failing its example's file.)
  ///
  /// ```swift
  /// let failed = report.files.filter(\.failed).map(\.path)
  /// ```
  public var failed: Bool {
    outcome != .notChecked && hasPayloadErrors
  }

  /// Which count of ``CheckSummary`` the input adds one to: every checked input adds to
  /// exactly one of `decodedCleanly`, `withUnknownValues`, `withElementsLeftOut`, `failed`
  /// and `baselined`. Old spellings are not problems: they leave an input decoded cleanly.
  var group: WritableKeyPath<CheckSummary, Int> {
    if outcome == .notChecked { return \.notChecked }
    if hasPayloadErrors { return \.failed }
    if findings.contains(where: { $0.kind == .invalidElement }) { return \.withElementsLeftOut }
    if findings.contains(where: { $0.kind == .unknownValue }) { return \.withUnknownValues }
    if baselinedFindingCount > 0 { return \.baselined }
    switch outcome {
    case .decodedWithElementsLeftOut: return \.withElementsLeftOut
    case .decodedWithUnknownValues: return \.withUnknownValues
    default: return \.decodedCleanly
    }
  }

  /// Whether any finding about the input's payloads fails the check. A finding about a
  /// model's field (a brittle field under `--strict`) fails the run, not the input that is
  /// its example.
  var hasPayloadErrors: Bool {
    findings.contains { $0.severity == .error && !$0.kind.details.isAboutTheModel }
  }

  /// How many unknown values the input held.
  var unknownValueCount: Int {
    findings.count { $0.kind == .unknownValue }
  }

  /// How many elements `@SkipInvalidElements` left out of the input's payloads.
  var leftOutElementCount: Int {
    findings.count { $0.kind == .invalidElement }
  }

  /// How many values the input's payloads sent in an old spelling (an alias or another
  /// letter case).
  var renamedValueCount: Int {
    findings.count { $0.kind == .renamedValue }
  }
}

extension FileReport.Outcome {
  /// The one roll-up of what checking found, for a payload, the lines of a file or the
  /// payloads generated from a schema: failed when it did not decode or a finding is a
  /// decoding failure; otherwise by the findings of elements left out, then of unknown values.
  init(decoded: Bool, findings: [Finding]) {
    let kinds = Set(findings.map(\.kind))
    self =
      if !decoded || kinds.contains(.decodingFailure) {
        .failed
      } else if kinds.contains(.invalidElement) {
        .decodedWithElementsLeftOut
      } else if kinds.contains(.unknownValue) {
        .decodedWithUnknownValues
      } else {
        .decoded
      }
  }
}

extension FileReport {
  /// Keeps only `kept` of the findings; when some were taken out, the outcome follows what
  /// is left, by the one roll-up of findings into an outcome: a failure that is gone no
  /// longer fails the input, unknown values that are gone no longer mark it. An input that
  /// could not be checked stays so, and one that failed for a reason still kept (invalid JSON,
  /// no route, a decoding failure) stays failed.
  ///
  /// `accepted`, when given, replaces the findings a baseline accepted the same way; those
  /// count toward the outcome as they did before the baseline took them out.
  mutating func replaceFindings(with kept: [Finding], accepted: [Finding]? = nil) {
    let accepted = accepted ?? acceptedFindings
    guard kept.count != findings.count || accepted.count != acceptedFindings.count else { return }
    findings = kept
    acceptedFindings = accepted
    guard outcome != .notChecked else { return }
    let failing: Set<Finding.Kind> = [.decodingFailure, .invalidJSON, .noRoute]
    let all = kept + accepted
    let stillFails = all.contains { failing.contains($0.kind) && $0.severity == .error }
    guard outcome != .failed || !stillFails else { return }
    outcome = Outcome(decoded: true, findings: all)
  }
}
