import DecodeCheck
import Foundation
import GitHubWebhookModels
import Testing

/// `decode-check --audit` on the real GitHub webhook payloads with the full models: what each
/// field of each event does with a value GitHub has never sent, stored in
/// `Tests/GitHubWebhookAudit/audit.expected` and compared line by line.
///
/// After a deliberate change to the models or the audit, rerun with
/// `CODABLE_RESILIENCE_RECORD=all` to write the file again, and review its diff.
@Suite(
  "Auditing the real GitHub webhook payloads",
  .enabled(if: Corpus.isConfigured, Corpus.skipReason))
struct CorpusAuditTests {
  /// Where the result is stored.
  static let expectedFile = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("GitHubWebhookAudit/audit.expected")

  @Test func theAuditOfEveryEventIsAsStored() throws {
    let lines = try auditLines()
    let text = lines.joined(separator: "\n") + "\n"
    let record = ProcessInfo.processInfo.environment["CODABLE_RESILIENCE_RECORD"]
    if record == "all"
      || (record != "never" && !FileManager.default.fileExists(atPath: Self.expectedFile.path))
    {
      try Data(text.utf8).write(to: Self.expectedFile, options: .atomic)
      Issue.record("recorded \(Self.expectedFile.path); review it, then run the test again")
      return
    }
    let stored = try String(contentsOf: Self.expectedFile, encoding: .utf8)
    let expected = stored.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
      String.init)
    #expect(expected.count == lines.count)
    for (old, new) in zip(expected, lines) where old != new {
      Issue.record("- \(old)\n+ \(new)")
    }
  }

  /// The corpus vocabulary models a few enums with `NilWhenUnknownEnum` (`@DecodeUnknownAsNil`
  /// underneath) and the rest with `WebhookEnum` (`UnknownDecodable`): no field is brittle,
  /// and every enum field is resilient with its tool named.
  @Test func noFieldIsBrittleAndEveryEnumNamesItsTool() throws {
    let audits = try audit()
    #expect(audits.allSatisfy { $0.audit.brittle.isEmpty })
    let resilient = audits.flatMap { $0.audit.fields(.resilient) }
    #expect(!resilient.isEmpty)
    #expect(resilient.allSatisfy { $0.tool != nil }, "\(resilient.filter { $0.tool == nil })")
    #expect(audits.allSatisfy { $0.audit.notAuditedCount == 0 })
  }

  /// Each event's folder audited with its model, two payloads at a time; once for the suite.
  private static let audits: [(event: String, audit: AuditReport?)] = {
    var checker = PayloadChecker()
    checker.audit = .standard
    return ModelledEvent.all(CorpusVocabulary.self).map { event in
      guard let folder = Corpus.eventFolder(event.folder) else { return (event.folder, nil) }
      let report = checker.check(
        paths: [folder.path], in: ModelRegistry(), as: event.registered, maximumConcurrency: 2)
      return (event.folder, AuditReport(report))
    }
  }()

  private func audit() throws -> [(event: String, audit: AuditReport)] {
    try Self.audits.map { ($0.event, try #require($0.audit, "\($0.event) was not audited")) }
  }

  /// One line per field: event, path, verdict, named type and tool, whether it is required,
  /// and how many payloads and places showed it.
  private func auditLines() throws -> [String] {
    var lines: [String] = []
    for (event, audit) in try audit() {
      lines.append("\(event): \(audit.payloadCount) payloads, \(audit.variantCount) variants")
      for field in audit.fields {
        var named = field.namedType ?? "-"
        if let tool = field.tool { named += " (\(tool))" }
        let verdict = field.verdict?.rawValue ?? "-"
        let required = field.isRequired ? "required" : "optional"
        // The other JSON type and `null` (issue 43) are fields of their own beside the path's
        // new value.
        let question =
          switch field.question {
          case .otherType: " (other type)"
          case .null: " (null)"
          default: ""
          }
        lines.append(
          "  \(field.path)\(question) \(verdict) \(named) \(required) "
            + "\(field.payloadCount)/\(field.placeCount)")
      }
    }
    return lines
  }
}
