import CodableResilience

/// One thing a check found in a payload: an unknown value, an element left out, an old
/// spelling, a decoding failure, JSON that does not parse, or an input that could not be read.
///
/// ```swift
/// for finding in report.files.flatMap(\.findings) {
///   print(finding.position ?? "-", finding.path ?? "", finding.message)
///   // 12:15 $.listings[1].kind unknown ListingKind value "castle"; known: house, flat, cabin
/// }
/// ```
public struct Finding: Sendable, Hashable {
  /// How much a finding matters.
  public enum Severity: String, Sendable, Hashable, Codable {
    /// For information only: what the audit found at a field a new value does not break, or a
    /// value read in an old spelling.
    case note
    /// Worth knowing, but the payload decoded: an unknown value or an element left out,
    /// outside `--strict`.
    case warning
    /// The check fails because of it.
    case error

    /// The severity of something the models do not take, in every mode: an unknown value, an
    /// element left out, a brittle field, a part of a contract not checked; a warning, an
    /// error under `--strict`.
    static func problem(isStrict: Bool) -> Severity {
      isStrict ? .error : .warning
    }
  }

  /// Whether it fails the check.
  public internal(set) var severity: Severity

  /// What kind of finding it is.
  public internal(set) var kind: Kind

  /// The finding in plain words, such as "missing required key `status`".
  public internal(set) var message: String

  /// The JSONPath-style path of the value it is about, such as `$.listings[1].kind`; for a
  /// missing key, the object that lacks it. `nil` when it concerns the whole input.
  public internal(set) var path: String?

  /// Where it is in the file, when the text could be searched: for invalid JSON where reading
  /// stopped, otherwise where the value at ``path`` starts.
  public internal(set) var position: TextPosition?

  /// The report itself, for a finding of kind ``Kind/unknownValue``,
  /// ``Kind/invalidElement`` (its `kind` holds the element's error) or
  /// ``Kind/renamedValue`` (its `kind` holds the canonical value).
  public internal(set) var unknownValue: UnknownValue?

  /// For a finding of `--openapi`, the check and the spec member it comes from; then
  /// ``position`` is in the OpenAPI document and ``path`` in the payload generated from it.
  public internal(set) var contract: ContractSource?

  /// For a finding of `--audit` (kinds ``Kind/brittleField`` and ``Kind/auditedField``), the
  /// field of the model it is about; ``path`` is then the field's pattern and ``position`` is
  /// at its example place, in the input whose report holds the finding.
  var field: AuditedField?

  /// Creates a finding.
  ///
  /// ```swift
  /// let finding = Finding(
  ///   severity: .error, kind: .decodingFailure, message: "missing required key `status`",
  ///   path: "$.listings[0]", position: TextPosition(line: 3, column: 5))
  /// ```
  init(
    severity: Severity,
    kind: Kind,
    message: String,
    path: String? = nil,
    position: TextPosition? = nil,
    unknownValue: UnknownValue? = nil,
    contract: ContractSource? = nil
  ) {
    self.severity = severity
    self.kind = kind
    self.message = message
    self.path = path
    self.position = position
    self.unknownValue = unknownValue
    self.contract = contract
  }

  /// Whether the text and github formats show it under `--quiet`: an error, or a warning
  /// about a model rather than a payload (a brittle field), which is what the run was asked
  /// to find.
  func isShown(quiet: Bool) -> Bool {
    !quiet || severity == .error || (severity == .warning && kind.details.isAboutTheModel)
  }

  /// The finding once a baseline accepted it, for a finding about a model that stays listed
  /// (``Kind/Details/isAboutTheModel``): a note that says so.
  mutating func accept() {
    severity = .note
    message += "; accepted by the baseline"
    field?.isBaselined = true
  }
}
