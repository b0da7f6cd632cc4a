/// What the audit found at one field of a model: whether a value the server has never sent
/// there breaks decoding, and whether leaving the field out does.
///
/// A field is a JSON path pattern below the model audited, every array index written `[*]`:
/// `$.listings[*].kind`. Its ``verdict`` answers "a new value" for strings and integers, and
/// "a new variant" for an array's elements (pattern ending in `[*]`) that carry a tag:
///
/// - ``Verdict/brittle``: decoding fails, so the first such value the server sends breaks the
///   whole payload (a plain `enum`). A warning, an error under `--strict`.
/// - ``Verdict/resilient``: decoding reports the value as unknown and goes on
///   (`UnknownDecodable`, `@DecodeUnknownAsNil`, `ExtensibleEnum`, `OpenEnum`, `TaggedUnion`),
///   or the element holding it fails to decode and `@SkipInvalidElements` leaves it out,
///   reported; ``namedType`` names the type that reported it (the element's type).
/// - ``Verdict/open``: decoding goes on with nothing reported: a free-form string, an ID, a
///   date, or an enum-like string the model reads as `String`.
///
/// ``isRequired`` says whether leaving the member out fails decoding, for a team to review:
/// many fields are meant to be required.
///
/// ```swift
/// let report = checker.check(paths: ["Fixtures"], in: registry)
/// for field in AuditReport(report)?.brittle ?? [] {
///   print(field.path, field.namedType ?? "", field.example.file)
///   // $.listings[*].heating Heating Fixtures/ListingPage/v1-all-known.json
/// }
/// ```
public struct FieldAudit: Sendable, Hashable, CustomStringConvertible {
  /// What a value or variant never sent does at a field.
  public enum Verdict: String, Sendable, Hashable, Codable, CaseIterable {
    /// Decoding fails.
    case brittle
    /// Decoding reports it as unknown and goes on.
    case resilient
    /// Decoding goes on and reports nothing.
    case open
  }

  /// What the audit asked at a field: a field of the other JSON type or of `null` is one of
  /// its own beside the same pattern's new value.
  ///
  /// ```swift
  /// audit.fields.filter { $0.question == .null && $0.verdict == .brittle }
  /// ```
  public enum Question: String, Sendable, Hashable, Codable {
    /// A string or an integer never sent.
    case newValue
    /// An array element with a tag never sent, carrying only what every element carries.
    case newVariant
    /// A scalar sent as the other JSON type it converts from or to: `7` as `"7"`.
    case otherType
    /// A scalar sent as `null`.
    case null

    /// Whether the question is one of a type's change, whose verdicts are notes unless
    /// `--strict-classes` names their class: a plain model is brittle to them almost
    /// everywhere.
    var isAboutTheType: Bool { self == .otherType || self == .null }

    /// What the field of a type question is called beside its pattern while places are
    /// gathered, so that each question's answers make a field of their own.
    var fieldSuffix: String { "\u{0}" + rawValue }

    /// The pattern of a field gathered under ``fieldSuffix``.
    static func pattern(ofField field: String) -> String {
      String(field.prefix { $0 != "\u{0}" })
    }

    /// How the question is named in words: `a new value`, `another JSON type`, `null`.
    var words: String {
      switch self {
      case .newValue: "a new value"
      case .newVariant: "a new variant"
      case .otherType: "the value as another JSON type"
      case .null: "null"
      }
    }
  }

  /// One place the field was asked about: the file (for a HAR entry, the archive and the
  /// request), the position of the value, and its path.
  public struct Place: Sendable, Hashable {
    /// The file, as the report shows it.
    public internal(set) var file: String
    /// For a response in a HAR archive, the request; positions are in its body.
    var request: CapturedRequest?
    /// The line and column of the value.
    public internal(set) var position: TextPosition?
    /// The value's own path, `$.listings[3].kind`.
    public internal(set) var path: String
  }

  /// The qualified name of the model audited, `SampleAPI.ListingPage`.
  public internal(set) var typeName: String

  /// The field's JSON path pattern, `$.listings[*].kind`, with the payload's own keys.
  public internal(set) var path: String

  /// What a value (or, for an array's element, a variant) never sent does; `nil` for a field
  /// only left out (an object, an array, a boolean, a decimal number, `null`).
  public internal(set) var verdict: Verdict?

  /// What ``verdict`` answers; `nil` when it is `nil`.
  public internal(set) var question: Question?

  /// Whether leaving the member out, in some payload, fails decoding.
  public internal(set) var isRequired: Bool

  /// The type the deciding outcome names: the enum that could not read the value
  /// (``Verdict/brittle``), or the type that reported it (``Verdict/resilient``).
  public internal(set) var namedType: String?

  /// For a ``Verdict/resilient`` field, the toolkit's tool that caught the value:
  /// `UnknownDecodable`, `@DecodeUnknownAsNil`, `ExtensibleEnum`, `OpenEnum`, `TaggedUnion`,
  /// `@SkipUnknownElements`, `@SkipUnknownKeys`, or `@SkipInvalidElements` when the value
  /// makes its element fail and the element is left out. `nil` when it cannot be told: a
  /// type's own `init(from:)` that reports by hand.
  public internal(set) var tool: String?

  /// The deciding outcome in words: the failure, `reported as unknown by ListingKind
  /// (UnknownDecodable)`, `left out with its Notice element (@SkipInvalidElements)`, or for a
  /// field that is only required, the failure leaving it out causes.
  var detail: String?

  /// How many payloads showed the verdict (or, without one, the failure leaving it out).
  public internal(set) var payloadCount: Int

  /// How many places showed it.
  public internal(set) var placeCount: Int

  /// The first place that showed it.
  public internal(set) var example: Place

  /// Whether a baseline accepted this brittle field, so it no longer fails the check.
  var isBaselined = false

  /// One line: `$.listings[*].heating: brittle: a new value fails decoding: …; 3 payloads,
  /// 5 places`.
  public var description: String {
    path + ": " + message
  }

  /// What the reports say after the path.
  var message: String {
    var parts: [String] = []
    switch (verdict, question) {
    case (.brittle?, let question?) where question.isAboutTheType:
      parts.append(
        "brittle to \(question == .null ? "null" : "another type"): "
          + "\(question.words) fails decoding: \(detail ?? "")")
    case (.resilient?, let question?) where question.isAboutTheType:
      parts.append(
        "resilient to \(question == .null ? "null" : "another type"): "
          + "\(question.words) is read and reported by \(namedType ?? "the model")"
          + (tool.map { " (\($0))" } ?? ""))
    case (.open?, let question?) where question.isAboutTheType:
      parts.append(
        "open to \(question == .null ? "null" : "another type"): "
          + "\(question.words) decodes, and nothing is reported")
    case (.brittle?, let question):
      parts.append(
        "brittle: \(question == .newVariant ? "a new variant" : "a new value") fails decoding: \(detail ?? "")"
      )
    case (.resilient?, let question):
      let what = question == .newVariant ? "a new variant" : "a new value"
      parts.append("resilient: \(what) is \(detail ?? "reported as unknown")")
    case (.open?, _):
      parts.append("open: a new value decodes, and nothing is reported")
    case (nil, _):
      parts.append("required: leaving it out fails decoding: \(detail ?? "")")
    }
    if verdict != nil, isRequired {
      parts.append("required")
    }
    parts.append(counted(payloadCount, "payload") + ", " + counted(placeCount, "place"))
    if isBaselined { parts.append("accepted by the baseline") }
    return parts.joined(separator: "; ")
  }

  /// Whether the field is brittle to a new value or variant and no baseline accepted it.
  var isBrittle: Bool {
    verdict == .brittle && !isBaselined && question?.isAboutTheType != true
  }

  /// The field's kind of finding: brittle to a new value, to another type, to `null`, or
  /// any other verdict.
  var kind: Finding.Kind {
    guard verdict == .brittle else { return .auditedField }
    switch question {
    case .otherType: return .brittleToType
    case .null: return .brittleToNull
    default: return .brittleField
    }
  }

  /// The field as a finding at its example place, of the audit's kinds: a brittle field a
  /// problem (``Finding/Severity/problem(isStrict:)``), any other field a note. A field
  /// brittle to another type or to `null` is a note unless `strictClasses` names its class,
  /// and then a problem.
  func finding(strict: Bool, strictClasses: Set<CheckClass> = []) -> Finding {
    let kind = self.kind
    let isNamed =
      kind != .brittleField && kind != .auditedField && !isBaselined
      && strictClasses.contains(CheckClass(kind: kind))
    var finding = Finding(
      severity: isBrittle ? .problem(isStrict: strict) : isNamed ? .error : .note,
      kind: kind, message: message, path: path, position: example.position)
    finding.field = AuditedField(
      typeName: typeName, path: path, verdict: verdict?.rawValue, question: question?.rawValue,
      isRequired: isRequired, namedType: namedType, tool: tool, detail: detail,
      payloadCount: payloadCount, placeCount: placeCount, examplePath: example.path,
      isBaselined: isBaselined)
    return finding
  }
}

extension FieldAudit {
  /// The field a finding of the audit carries, in the input report `file` that holds the
  /// finding, its example at `position`.
  init(_ field: AuditedField, in file: FileReport, at position: TextPosition?) {
    self.init(
      typeName: field.typeName, path: field.path,
      verdict: field.verdict.flatMap(Verdict.init(rawValue:)),
      question: field.question.flatMap(Question.init(rawValue:)), isRequired: field.isRequired,
      namedType: field.namedType, tool: field.tool, detail: field.detail,
      payloadCount: field.payloadCount, placeCount: field.placeCount,
      example: Place(
        file: file.path, request: file.request, position: position, path: field.examplePath),
      isBaselined: field.isBaselined)
  }
}

extension ProbeAnswer {
  /// The answer as the audit's verdict: it fails (brittle), it is reported (resilient, a new
  /// unknown value or element left out; a renamed value is not new), or nothing is said
  /// (open). In the audit's folder, so the engine below it knows nothing of the audit.
  var verdict: FieldAudit.Verdict {
    if failure != nil { return .brittle }
    return reports.contains(where: \.isProblem) ? .resilient : .open
  }
}
