/// What `decode-check --audit` found, field by field, over every payload that decoded: a view
/// over the report's findings of the audit's fields (kinds ``Finding/Kind/brittleField`` and
/// ``Finding/Kind/auditedField``), with the counts of payloads and variants.
///
/// ```swift
/// var checker = PayloadChecker()
/// checker.audit = .standard
/// let report = checker.check(paths: ["Fixtures"], in: registry)
/// if let audit = AuditReport(report) {
///   print(audit)  // audit: 41 payloads, 2,350 variants: 0 brittle fields, 14 resilient, …
///   for field in audit.brittle { print(field) }
/// }
/// ```
public struct AuditReport: Sendable, Hashable, CustomStringConvertible {
  /// Every field with something to say, by model and then by path.
  public internal(set) var fields: [FieldAudit]

  /// How many payloads were audited: those that decoded.
  package internal(set) var payloadCount: Int

  /// How many payloads were checked but not audited: they did not decode, or are not JSON.
  package internal(set) var notAuditedCount: Int

  /// How many variants were decoded.
  package internal(set) var variantCount: Int

  /// How many variants the budget per payload (``AuditBudget/placesPerFile``) had no room
  /// for.
  var leftOutCount = 0

  /// The classes of a type's change that fail the check (`--strict-classes`).
  var strictClasses: Set<CheckClass> = []

  /// The brittle fields no baseline accepted.
  ///
  /// ```swift
  /// #expect(AuditReport(report)?.brittle.isEmpty == true)
  /// ```
  public var brittle: [FieldAudit] {
    fields.filter(\.isBrittle)
  }

  /// The fields of one verdict.
  ///
  /// ```swift
  /// audit.fields(.resilient).map(\.path)
  /// ```
  public func fields(_ verdict: FieldAudit.Verdict) -> [FieldAudit] {
    fields.filter { $0.verdict == verdict && $0.question?.isAboutTheType != true }
  }

  /// How many of a model's fields survived one question (resilient or open), of those asked.
  struct Survival: Sendable, Hashable, Encodable {
    var survived = 0
    var asked = 0
  }

  /// How many of each model's fields survive each question, by model (its name as the text
  /// shows it, ``ModelNames``) and question: a new value (or variant), the other JSON type, `null`.
  var survival: [(model: String, counts: [FieldAudit.Question: Survival])] {
    var byModel: [String: [FieldAudit.Question: Survival]] = [:]
    for field in fields {
      guard let verdict = field.verdict, let question = field.question else { continue }
      let key: FieldAudit.Question = question == .newVariant ? .newValue : question
      var count = byModel[field.typeName, default: [:]][key] ?? Survival()
      count.asked += 1
      if verdict != .brittle { count.survived += 1 }
      byModel[field.typeName, default: [:]][key] = count
    }
    let names = ModelNames(Array(byModel.keys))
    return byModel.keys.map { (names.shown($0), byModel[$0] ?? [:]) }.sorted { $0.0 < $1.0 }
  }

  /// ``survival`` in words, one line a model: `HostPayout: new value 6/7, other type 3/4,
  /// null 1/7`.
  var survivalLines: [String] {
    survival.map { model, counts in
      let parts: [(FieldAudit.Question, String)] = [
        (.newValue, "new value"), (.otherType, "other type"), (.null, "null"),
      ]
      return "\(model): "
        + parts.compactMap { question, words in
          counts[question].map { "\(words) \($0.survived)/\($0.asked)" }
        }.joined(separator: ", ")
    }
  }

  /// The fields whose member, left out, fails decoding: `fields.filter(\.isRequired)`.
  var required: [FieldAudit] {
    fields.filter(\.isRequired)
  }

  /// One line: `audit: 41 payloads, 2,350 variants: 1 brittle field, 14 resilient, 30 open,
  /// 25 required; 20 payloads not audited (they do not decode)`.
  public var description: String {
    var text = "audit: \(counted(payloadCount, "payload")), \(counted(variantCount, "variant")): "
    text += counted(fields(.brittle).count, "brittle field")
    let accepted = fields(.brittle).count - brittle.count
    if accepted > 0 { text += " (\(accepted) accepted by the baseline)" }
    text += ", \(fields(.resilient).count) resilient, \(fields(.open).count) open, "
    text += "\(required.count) required"
    if notAuditedCount > 0 {
      text += "; \(counted(notAuditedCount, "payload")) not audited (they do not decode)"
    }
    if leftOutCount > 0 {
      text += "; \(counted(leftOutCount, "variant")) left out by the budget per payload "
      text += "(raise it with --places-per-file)"
    }
    return text
  }
}

extension AuditReport {
  /// The audit of `report`: its findings of the audit's fields, by model and then by path,
  /// and the counts of the payloads its inputs held; `nil` when the run did not audit.
  ///
  /// ```swift
  /// let brittle = AuditReport(report)?.brittle ?? []
  /// ```
  public init?(_ report: CheckReport) {
    guard report.scope.audits else { return nil }
    var fields: [FieldAudit] = []
    var payloads = 0
    var variants = 0
    var leftOut = 0
    var notAudited = 0
    for file in report.files {
      for finding in file.findings {
        if let field = finding.field {
          fields.append(FieldAudit(field, in: file, at: finding.position))
        }
      }
      guard file.outcome != .notChecked else { continue }
      notAudited += max(0, file.payloadCount - file.audits.count)
      guard file.typeName != nil else { continue }
      payloads += file.audits.count
      variants += file.audits.reduce(0) { $0 + $1.variantCount }
      leftOut += file.audits.reduce(0) { $0 + $1.leftOutCount }
    }
    self.init(
      fields: fields.sorted { ($0.typeName, $0.path) < ($1.typeName, $1.path) },
      payloadCount: payloads, notAuditedCount: notAudited, variantCount: variants,
      leftOutCount: leftOut, strictClasses: report.scope.strictClasses)
  }

  /// Gathers the places each payload of `files` was asked about into fields, by model and
  /// path pattern, each with the index in `files` of the input its example is in.
  static func fields(in files: [FileReport]) -> [(field: FieldAudit, file: Int)] {
    struct Seen {
      var place: FieldAudit.Place
      var file: Int
      var payload: Int
      var answer: PlaceAudit.Answer
      var question: PlaceAudit.Question
    }
    var byField: [String: [String: [Seen]]] = [:]
    var payload = 0
    for (index, file) in files.enumerated() where file.outcome != .notChecked {
      guard let typeName = file.typeName else { continue }
      for audit in file.audits {
        payload += 1
        for place in audit.places {
          let seen = Seen(
            place: FieldAudit.Place(
              file: file.path, request: file.request, position: place.position,
              path: place.path),
            file: index, payload: payload, answer: place.answer, question: place.question)
          // A change of type and `null` are fields of their own beside the pattern's new
          // value: each question has its verdict, its class and its baseline entry.
          let field =
            switch place.question {
            case .otherType: place.pattern + FieldAudit.Question.otherType.fieldSuffix
            case .null: place.pattern + FieldAudit.Question.null.fieldSuffix
            default: place.pattern
            }
          byField[typeName, default: [:]][field, default: []].append(seen)
        }
      }
    }
    var fields: [(field: FieldAudit, file: Int)] = []
    for typeName in byField.keys.sorted() {
      for (field, seen) in byField[typeName, default: [:]].sorted(by: { $0.key < $1.key }) {
        let pattern = FieldAudit.Question.pattern(ofField: field)
        if let (field, example) = Self.field(
          typeName, pattern, seen.map { ($0.place, $0.file, $0.payload, $0.answer, $0.question) })
        {
          fields.append((field, example))
        }
      }
    }
    return fields
  }

  /// The field one model's places at one pattern make, or `nil` when there is nothing to
  /// say of it (an optional object, array, boolean or decimal).
  private static func field(
    _ typeName: String, _ pattern: String,
    _ seen: [(
      place: FieldAudit.Place, file: Int, payload: Int, answer: PlaceAudit.Answer,
      question: PlaceAudit.Question
    )]
  ) -> (FieldAudit, example: Int)? {
    let required = seen.filter {
      if case .required = $0.answer { return true }
      return false
    }
    let asked = seen.filter { $0.question != .missingKey }
    // The verdict the worst answer gives, and the places that gave it.
    let verdicts: [(FieldAudit.Verdict, (PlaceAudit.Answer) -> Bool)] = [
      (.brittle, { if case .brittle = $0 { true } else { false } }),
      (.resilient, { if case .resilient = $0 { true } else { false } }),
      (.open, { $0 == .open }),
    ]
    var verdict: FieldAudit.Verdict?
    var deciding = required
    for (candidate, matches) in verdicts {
      let places = asked.filter { matches($0.answer) }
      if !places.isEmpty {
        verdict = candidate
        deciding = places
        break
      }
    }
    guard let first = deciding.first else { return nil }
    var namedType: String?
    var tool: String?
    var detail: String?
    switch first.answer {
    case .brittle(let typeName, let message):
      namedType = typeName
      detail = message
    case .resilient(let typeName, let reportingTool, let leftOut):
      namedType = typeName
      tool = reportingTool
      detail =
        (leftOut ? "left out with its \(typeName) element" : "reported as unknown by \(typeName)")
        + (reportingTool.map { " (\($0))" } ?? "")
    case .required(let message):
      detail = message
    case .open, .optional:
      break
    }
    let question: FieldAudit.Question? =
      switch first.question {
      case _ where verdict == nil: nil
      case .newVariant: .newVariant
      case .otherType: .otherType
      case .null: .null
      case .newValue, .missingKey: .newValue
      }
    let field = FieldAudit(
      typeName: typeName, path: pattern, verdict: verdict, question: question,
      isRequired: !required.isEmpty, namedType: namedType, tool: tool, detail: detail,
      payloadCount: Set(deciding.map(\.payload)).count, placeCount: deciding.count,
      example: first.place)
    return (field, first.file)
  }
}

extension CheckReport {
  /// The lines of the views over the findings that the text formats print before the summary:
  /// the audit's (`audit: 41 payloads, 2,350 variants: 0 brittle fields, …`).
  var viewLines: [String] {
    AuditReport(self).map { $0.survivalLines.map { "audit: " + $0 } + [$0.description] } ?? []
  }

  /// Adds what the audit found to the stream of findings: each field a finding, in the report
  /// of the input its example is in, with the one severity rule (a brittle field is a
  /// problem: a warning, an error under `--strict`; the other fields are notes).
  mutating func addAuditFindings() {
    scope.audits = true
    for (field, index) in AuditReport.fields(in: files) {
      files[index].findings.append(
        field.finding(strict: isStrict, strictClasses: scope.strictClasses))
    }
    scope.auditedTypes = Set(files.filter { !$0.audits.isEmpty }.compactMap(\.typeName))
  }
}
