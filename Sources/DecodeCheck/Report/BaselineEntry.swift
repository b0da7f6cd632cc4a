import CodableResilience

/// One accepted finding in a ``Baseline``: where it is and what it is, without its line or
/// column, so editing a payload around it keeps the entry valid.
///
/// ```json
/// { "file" : "Fixtures/Booking/v2.json", "kind" : "unknownValue",
///   "path" : "$.state", "value" : "checked_in" }
/// ```
///
/// A finding in a response captured in a HAR archive is keyed by the archive and the request's
/// method and URL path, without the entry's number or the query, so a capture exported again
/// (other entries around it, other query strings) keeps its entries:
///
/// ```json
/// { "file" : "Fixtures/Traffic/hearth.har", "request" : "GET /api/v2/listings",
///   "kind" : "unknownValue", "path" : "$.listings[1].kind", "value" : "castle" }
/// ```
///
/// A brittle field the audit found (`--audit`) is keyed by the model and the field's path
/// pattern, with no file, so it stays accepted whichever payloads showed it:
///
/// ```json
/// { "kind" : "brittleField", "path" : "$.listings[*].heating",
///   "type" : "MyModels.ListingPage", "value" : "a new value fails decoding" }
/// ```
///
/// A finding of `--openapi` is recorded by the document, the type, the JSON pointer of the
/// spec member and the value, so regenerating the document (which moves every line) keeps it:
///
/// ```json
/// { "file" : "api.json", "kind" : "unknownValue", "type" : "MyModels.Filter",
///   "pointer" : "#/components/schemas/FilterAction/enum/3", "value" : "blur" }
/// ```
public struct BaselineEntry: Sendable, Hashable, Codable, Comparable {
  /// The file, relative to the working folder the check ran in (an absolute path when the file
  /// is outside it; `-` for standard input); for a captured response, the HAR archive. `nil`
  /// for a brittle field, which ``type`` names.
  public internal(set) var file: String?

  /// For a response captured in a HAR archive, the request's method and URL path without its
  /// query: `GET /api/v2/listings`. `nil` for a payload file.
  public internal(set) var request: String?

  /// The kind of finding.
  public internal(set) var kind: Finding.Kind

  /// The JSONPath-style path of the value, such as `$.state`; `nil` when the finding concerns
  /// the whole payload.
  public internal(set) var path: String?

  /// The unknown value's raw value, or, for other kinds, the finding's message (for an element
  /// left out, the error it fails with); for a finding of `--openapi`, the spec's value it is
  /// about (an `enum` element), or else the message.
  public internal(set) var value: String

  /// For a brittle field the audit found, or a finding of `--openapi`, the qualified name of
  /// the model; `nil` for a finding in a payload.
  public internal(set) var type: String?

  /// For a finding of `--openapi`, the JSON pointer of the spec member it comes from; `nil`
  /// otherwise.
  public internal(set) var pointer: String?

  /// Creates an entry.
  ///
  /// ```swift
  /// let entry = BaselineEntry(
  ///   file: "Fixtures/Booking/v2.json", kind: .unknownValue, path: "$.state",
  ///   value: "checked_in")
  /// let captured = BaselineEntry(
  ///   file: "Fixtures/Traffic/hearth.har", request: "GET /api/v2/listings",
  ///   kind: .unknownValue, path: "$.listings[1].kind", value: "castle")
  /// let contract = BaselineEntry(
  ///   file: "api.json", kind: .unknownValue, path: nil, value: "blur",
  ///   type: "MyModels.Filter", pointer: "#/components/schemas/FilterAction/enum/3")
  /// ```
  init(
    file: String?, request: String? = nil, kind: Finding.Kind, path: String?, value: String,
    type: String? = nil, pointer: String? = nil
  ) {
    self.file = file
    self.request = request
    self.kind = kind
    self.path = path
    self.value = value
    self.type = type
    self.pointer = pointer
  }

  /// The entry that records `finding` of `report`, its files named relative to `folder`: the
  /// finding's ``Finding/identity`` and where it was found.
  init(_ finding: Finding, of report: FileReport, relativeTo folder: WorkingDirectory) {
    let identity = finding.identity
    if let field = finding.field {
      // A field of a model, accepted whichever payloads show it.
      self.init(
        file: nil, kind: identity.kind, path: identity.path, value: identity.value ?? "",
        type: field.typeName)
      return
    }
    let file = folder.relative(report.request?.archive ?? report.path)
    if identity.pointer != nil {
      self.init(
        file: file, kind: identity.kind, path: nil, value: identity.value ?? finding.message,
        type: report.typeName, pointer: identity.pointer)
    } else {
      self.init(
        file: file, request: report.request?.methodAndPath, kind: identity.kind,
        path: identity.path, value: identity.value ?? finding.message)
    }
  }

  /// What the entry is about, as the reports name it before their message: the path, or for
  /// a finding of `--openapi` the type and the spec's pointer.
  var subject: String? {
    guard let pointer else { return path }
    return (type.map { "\($0) " } ?? "") + pointer
  }

  /// The entry that records a brittle field of the audit.
  init(_ field: AuditedField) {
    self.init(
      file: nil, kind: .brittleField, path: field.path, value: field.baselineValue,
      type: field.typeName)
  }

  /// Where the entry is, as the reports name it: the file, and for a captured response the
  /// request, `Fixtures/Traffic/hearth.har GET /api/v2/listings`; for a brittle field, the
  /// model.
  var place: String {
    guard let file else { return type ?? "" }
    return request.map { "\(file) \($0)" } ?? file
  }

  /// What the formats that place it on the file say of an entry that no longer occurs: the
  /// request, if any, the path, then ``fixedMessage``.
  var fixedDescription: String {
    let model = file == nil ? type.map { "\($0) " } ?? "" : ""
    return model + (request.map { "\($0): " } ?? "") + (subject.map { "\($0): " } ?? "")
      + fixedMessage
  }

  /// What the reports say of an entry that no longer occurs.
  var fixedMessage: String {
    "no longer found; remove it from the baseline: \(kind.details.title) \(jsonQuoted(value))"
  }

  /// Orders by file, model and request, then pointer, path, kind and value, so a baseline
  /// file reads like the report.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.sortKey.lexicographicallyPrecedes(rhs.sortKey)
  }

  private var sortKey: [String] {
    [file ?? "", type ?? "", request ?? "", pointer ?? "", path ?? "", kind.rawValue, value]
  }

  /// The entry without its request: what an entry of an older baseline, which named the
  /// request by its concrete path, shares with the entry a finding makes now.
  var withoutRequest: Self {
    var entry = self
    entry.request = nil
    return entry
  }
}

/// What a ``Baseline`` did to a report: how many findings it accepted, and which of its
/// entries no longer occur.
///
/// ```swift
/// let report = baseline.apply(to: PayloadChecker().check(paths: ["Fixtures"], in: registry))
/// for entry in report.baseline?.fixed ?? [] { print("fixed:", entry.file, entry.value) }
/// ```
public struct BaselineComparison: Sendable, Hashable {
  /// How many findings matched an entry and were taken out of the report, and brittle
  /// fields it accepted.
  public internal(set) var accepted: Int

  /// The entries no finding matched, for inputs this run checked: files and archives it read,
  /// files gone from the folders it searched, and brittle fields of the models it audited.
  public internal(set) var fixed: [BaselineEntry]

  /// Whether entries that no longer occur fail the check (`--strict-baseline`).
  public internal(set) var fixedEntriesFail: Bool
}
