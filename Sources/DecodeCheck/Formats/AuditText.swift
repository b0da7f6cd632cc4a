/// The audit's fields as the text format prints them: a user counts causes, not fields.
///
/// A brittle field is one finding with one baseline entry, but the cause a team fixes is the
/// type that cannot read a new value: one closed `Openness` enum that nine models include is
/// one line naming the nine fields, at the example of the first one that fails the check. A
/// type that breaks one field keeps the field's own line. Open fields (a new value decodes and
/// nothing is reported) are the bulk of any audit and say nothing to act on: the text lists
/// them only when asked (`-v`); the other formats hold every field.
///
/// ```
/// Issue.json:4:12: warning: Openness: brittle: a new value fails decoding in 2 fields
///   (Issue $.state, Milestone $.state): unknown Openness value …; 9 places [brittle-field]
/// ```
enum AuditText {
  /// The lines of the audit's findings, `findings` in the report's order (by model and path),
  /// shown as `quiet` and `verbose` say.
  static func lines(
    _ findings: [(finding: Finding, file: FileReport)], quiet: Bool, verbose: Bool
  ) -> [String] {
    let shown = findings.filter { finding, _ in
      verbose
        || finding.field?.verdict != FieldAudit.Verdict.open.rawValue
          && (!isAboutTheType(finding) || finding.severity != .note)
    }
    var groups: [String: [Int]] = [:]
    var order: [String] = []
    for (index, entry) in shown.enumerated() {
      let key = groupKey(entry.finding) ?? "#\(index)"
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(index)
    }
    let names = ModelNames(shown.compactMap(\.finding.field?.typeName))
    return order.compactMap { key in
      let members = (groups[key] ?? []).map { shown[$0] }
      guard members.count > 1 else {
        let (finding, file) = members[0]
        return finding.isShown(quiet: quiet) ? TextFormat.line(for: finding, in: file) : nil
      }
      let (finding, file) = representative(of: members)
      guard finding.isShown(quiet: quiet) else { return nil }
      return TextFormat.place(of: finding, in: file) + ": \(finding.severity.rawValue): "
        + singleLine(groupMessage(members.map(\.finding), names: names))
        + " [\(CheckClass(of: finding).rawValue)]"
    }
  }

  /// What brittle fields share a line: the type a new value (or a new variant) fails in, and
  /// the question; `nil` for a field that has a line of its own.
  private static func groupKey(_ finding: Finding) -> String? {
    guard let field = finding.field, field.verdict == FieldAudit.Verdict.brittle.rawValue,
      let namedType = field.namedType, !isAboutTheType(finding)
    else { return nil }
    return "\(namedType) \(field.question ?? "")"
  }

  /// Whether the finding answers a type's change (the other JSON type, `null`): a note a
  /// plain model has at almost every field, listed only with `-v` unless `--strict-classes`
  /// makes it fail; the summary's line per model counts them.
  private static func isAboutTheType(_ finding: Finding) -> Bool {
    guard let question = finding.field?.question else { return false }
    return FieldAudit.Question(rawValue: question)?.isAboutTheType == true
  }

  /// The member whose place the line takes: the first of the worst severity (a field no
  /// baseline accepted before one it did).
  private static func representative(of members: [(finding: Finding, file: FileReport)])
    -> (finding: Finding, file: FileReport)
  {
    let rank: [Finding.Severity: Int] = [.error: 2, .warning: 1, .note: 0]
    let worst = members.map { rank[$0.finding.severity] ?? 0 }.max() ?? 0
    return members.first { rank[$0.finding.severity] == worst } ?? members[0]
  }

  /// `Openness: brittle: a new value fails decoding in 2 fields (Issue $.state; accepted by
  /// the baseline: Milestone $.state): unknown Openness value …; 9 places`.
  private static func groupMessage(_ findings: [Finding], names: ModelNames) -> String {
    let fields = findings.compactMap(\.field)
    let first = fields[0]
    let named = { (field: AuditedField) in "\(names.shown(field.typeName)) \(field.path)" }
    let accepted = fields.filter(\.isBaselined).map(named)
    let failing = fields.filter { !$0.isBaselined }.map(named)
    var list = failing.joined(separator: ", ")
    if !failing.isEmpty, !accepted.isEmpty {
      list += "; accepted by the baseline: " + accepted.joined(separator: ", ")
    } else if failing.isEmpty {
      list = accepted.joined(separator: ", ")
    }
    let what = first.question == FieldAudit.Question.newVariant.rawValue ? "variant" : "value"
    var text = "\(first.namedType ?? ""): brittle: a new \(what) fails decoding in "
    text += "\(fields.count) fields (\(list)): \(first.detail ?? "")"
    text += "; " + counted(fields.reduce(0) { $0 + $1.placeCount }, "place")
    if failing.isEmpty { text += "; accepted by the baseline" }
    return text
  }
}
