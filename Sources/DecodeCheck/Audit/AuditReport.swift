/// What `decode-check --audit` found, field by field, over every payload that decoded.
///
/// ```swift
/// var checker = PayloadChecker()
/// checker.audit = .standard
/// let report = checker.check(paths: ["Fixtures"], in: registry)
/// if let audit = report.audit {
///   print(audit)  // audit: 41 payloads, 2,350 variants: 0 brittle fields, 14 resilient, …
///   for field in audit.brittle { print(field) }
/// }
/// ```
public struct AuditReport: Sendable, Hashable, CustomStringConvertible {
  /// Every field with something to say, by model and then by path.
  public internal(set) var fields: [FieldAudit]

  /// How many payloads were audited: those that decoded.
  public internal(set) var payloadCount: Int

  /// How many payloads were checked but not audited: they did not decode, or are not JSON.
  public internal(set) var notAuditedCount: Int

  /// How many variants were decoded.
  public internal(set) var variantCount: Int

  /// How many variants the budget per payload (``AuditBudget/placesPerFile``) had no room
  /// for.
  var leftOutCount = 0

  /// The brittle fields no baseline accepted.
  ///
  /// ```swift
  /// #expect(report.audit?.brittle.isEmpty == true)
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
    fields.filter { $0.verdict == verdict }
  }

  /// The fields whose member, left out, fails decoding.
  public var required: [FieldAudit] {
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
  /// Gathers the places each payload of `files` was asked about into fields, by model and
  /// path pattern.
  init(files: [FileReport]) {
    struct Seen {
      var place: FieldAudit.Place
      var payload: Int
      var answer: PlaceAudit.Answer
      var question: PlaceAudit.Question
    }
    var byField: [String: [String: [Seen]]] = [:]
    var payload = 0
    var variants = 0
    var leftOut = 0
    var notAudited = 0
    for file in files where file.outcome != .notChecked {
      notAudited += max(0, file.payloadCount - file.audits.count)
      guard let typeName = file.typeName else { continue }
      for audit in file.audits {
        payload += 1
        variants += audit.variantCount
        leftOut += audit.leftOutCount
        for place in audit.places {
          let seen = Seen(
            place: FieldAudit.Place(
              file: file.path, request: file.request, position: place.position,
              path: place.path),
            payload: payload, answer: place.answer, question: place.question)
          byField[typeName, default: [:]][place.pattern, default: []].append(seen)
        }
      }
    }
    var fields: [FieldAudit] = []
    for typeName in byField.keys.sorted() {
      for (pattern, seen) in byField[typeName, default: [:]].sorted(by: { $0.key < $1.key }) {
        if let field = Self.field(
          typeName, pattern, seen.map { ($0.place, $0.payload, $0.answer, $0.question) })
        {
          fields.append(field)
        }
      }
    }
    self.init(
      fields: fields, payloadCount: payload, notAuditedCount: notAudited,
      variantCount: variants, leftOutCount: leftOut)
  }

  /// The field one model's places at one pattern make, or `nil` when there is nothing to
  /// say of it (an optional object, array, boolean or decimal).
  private static func field(
    _ typeName: String, _ pattern: String,
    _ seen: [(
      place: FieldAudit.Place, payload: Int, answer: PlaceAudit.Answer,
      question: PlaceAudit.Question
    )]
  ) -> FieldAudit? {
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
    return FieldAudit(
      typeName: typeName, path: pattern, verdict: verdict,
      question: verdict == nil ? nil : first.question == .newVariant ? .newVariant : .newValue,
      isRequired: !required.isEmpty, namedType: namedType, tool: tool, detail: detail,
      payloadCount: Set(deciding.map(\.payload)).count, placeCount: deciding.count,
      example: first.place)
  }
}
