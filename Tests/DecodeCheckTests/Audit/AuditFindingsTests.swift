import Foundation
import SampleAPI
import Testing

@testable import DecodeCheck

/// A parcel whose `size` is a plain enum (brittle) and whose `state` tolerates new values.
private struct Parcel: Decodable {
  var id: Int
  var size: ParcelSize
  var state: BookingState
  var note: String?
}

private enum ParcelSize: String, Decodable {
  case small, large
}

/// `id` at 2:9, `size` at 3:11, `state` at 4:12, `note` at 5:11.
private let parcel = """
  {
    "id": 41,
    "size": "small",
    "state": "confirmed",
    "note": "fragile"
  }
  """

/// The audit's fields travel as findings of the report's stream (issue 30): the file of each
/// field's example holds it, the one severity rule rates it, and the baseline, `--disable`,
/// the formats and the exit status read it as they read any finding; ``AuditReport`` is a
/// view over those findings.
@Suite struct AuditFindingsTests {
  private func audit(strict: Bool) throws -> (report: CheckReport, file: String) {
    let folder = try TemporaryFolder()
    let file = try folder.write(parcel, to: "Parcel/p1.json")
    var checker = PayloadChecker(strict: strict)
    checker.audit = .standard
    let report = checker.check(
      paths: [folder.path], in: ModelRegistry(registering: Parcel.self), maximumConcurrency: 1)
    return (report, file)
  }

  @Test func eachFieldIsAFindingOfItsExamplesFileRatedByTheOneSeverityRule() throws {
    for strict in [false, true] {
      let (report, file) = try audit(strict: strict)
      #expect(report.files.map(\.path) == [file])
      let findings = report.files[0].findings
      #expect(
        findings.map { "\($0.kind) \($0.path ?? "-") \($0.severity)" } == [
          // The other JSON type and `null` (issue 43) are fields of their own, notes even
          // under --strict: a plain model is brittle to them almost everywhere.
          "auditedField $.id note", "brittleToNull $.id note", "brittleToType $.id note",
          "auditedField $.note note", "auditedField $.note note",
          "brittleField $.size \(strict ? "error" : "warning")", "brittleToNull $.size note",
          "auditedField $.state note", "brittleToNull $.state note",
        ])
      let brittle = try #require(findings.first { $0.kind == .brittleField })
      #expect(brittle.position == TextPosition(line: 3, column: 11))
      #expect(CheckClass(of: brittle) == .brittleField)
      // The payload decoded: the field fails the run under --strict, not the file.
      #expect(report.files[0].outcome == .decoded)
      #expect(!report.files[0].failed)
      #expect(report.exitStatus == (strict ? 1 : 0))
      // The audit is a view over those findings, with the counts.
      let view = try #require(AuditReport(report))
      #expect(view.fields.map(\.path) == findings.compactMap(\.path))
      #expect(view.brittle.map(\.path) == ["$.size"])
      #expect(view.payloadCount == 1)
    }
  }

  @Test func aBaselineAcceptsTheBrittleFieldAsItAcceptsAnyFinding() throws {
    let (report, _) = try audit(strict: true)
    let baseline = Baseline(recording: report)
    #expect(
      baseline.entries == [
        BaselineEntry(
          file: nil, kind: .brittleField, path: "$.size", value: "a new value fails decoding",
          type: String(reflecting: Parcel.self))
      ])
    let accepted = baseline.apply(to: report)
    #expect(accepted.exitStatus == 0)
    #expect(accepted.baseline?.accepted == 1)
    // A finding about a model stays listed, as a note saying it was accepted.
    let brittle = try #require(accepted.files[0].findings.first { $0.kind == .brittleField })
    #expect(brittle.severity == .note)
    #expect(brittle.message.hasSuffix("; accepted by the baseline"))
    #expect(accepted.files[0].baselinedFindingCount == 0)
    let view = try #require(AuditReport(accepted))
    #expect(view.brittle.isEmpty)
    #expect(view.description.contains("1 brittle field (1 accepted by the baseline)"))
    // The summary counts it among what the baseline accepted, as the comparison does.
    #expect(accepted.summary.baselinedFindings == 1)
    #expect(accepted.summary.description.contains("baseline: 1 finding accepted"))
    // In `--format json` the file's finding says so in a field too, as the audit's field does
    // (issue 41); a finding no baseline accepted has no such field.
    func jsonFindings(_ report: CheckReport) throws -> [[String: Any]] {
      let document = try JSONSerialization.jsonObject(
        with: Data(ReportFormat.json.render(report).utf8))
      let files = (document as? [String: Any])?["files"] as? [[String: Any]] ?? []
      return files.flatMap { $0["findings"] as? [[String: Any]] ?? [] }
    }
    let listed = try jsonFindings(accepted).filter { $0["kind"] as? String == "brittleField" }
    #expect(listed.count == 1)
    #expect(listed.first?["baselined"] as? Bool == true)
    #expect(try jsonFindings(report).allSatisfy { $0["baselined"] == nil })
  }

  /// A second baseline (a team's, then one's own) does not accept what the first accepted.
  @Test func aFieldAcceptedOnceIsNotAcceptedAgain() throws {
    let (report, _) = try audit(strict: true)
    let baseline = Baseline(recording: report)
    let twice = baseline.apply(to: baseline.apply(to: report))
    #expect(twice.baseline?.accepted == 0)
    let brittle = try #require(twice.files[0].findings.first { $0.kind == .brittleField })
    #expect(brittle.message.hasSuffix("1 payload, 1 place; accepted by the baseline"))
    #expect(twice.summary.baselinedFindings == 1)
  }

  /// Under --strict a brittle field fails the run though no file failed: the JSON summary
  /// says how many, so it explains the exit status.
  @Test func theJSONSummaryCountsTheBrittleFieldsThatFail() throws {
    let (report, _) = try audit(strict: true)
    #expect(report.exitStatus == 1)
    #expect(report.summary.failed == 0)
    let document = try JSONSerialization.jsonObject(
      with: Data(ReportFormat.json.render(report).utf8))
    let summary = (document as? [String: Any])?["summary"] as? [String: Int]
    #expect(summary?["failingBrittleFields"] == 1)
  }

  @Test func disablingTheClassTakesTheFindingsOutOfTheViewToo() throws {
    let (report, _) = try audit(strict: true)
    let quieter = report.disabling([.brittleField])
    #expect(!quieter.files.flatMap(\.findings).contains { $0.kind == .brittleField })
    #expect(quieter.exitStatus == 0)
    #expect(AuditReport(quieter)?.fields(.brittle).isEmpty == true)
    // Three fields of a new value, five of the other JSON type or `null` (issue 43).
    #expect(AuditReport(quieter)?.fields.count == 8)
    #expect(AuditReport(quieter)?.fields.filter { $0.question?.isAboutTheType != true }.count == 3)
  }

  /// A report whose stream holds the finding prints it like any other, whatever made it.
  @Test func theFormatsPrintTheFindingFromTheStream() throws {
    let (report, file) = try audit(strict: true)
    var files = report.files
    files[0].findings.removeAll { $0.kind == .auditedField }
    let stream = CheckReport(files: files, isStrict: true)
    let lines = ReportFormat.text.render(stream, quiet: true).split(separator: "\n").map(
      String.init)
    #expect(lines.count == 2)
    #expect(
      lines.first?.hasPrefix("\(file):3:11: error: $.size: brittle: a new value fails") == true)
    #expect(
      lines.last
        == "1 file checked: 1 decoded cleanly, 0 with unknown values (0 values), 0 failed; "
        + "1 brittle field fails the check (--strict)")
    #expect(stream.exitStatus == 1)
    // Without the audit's counts, the stream has no view of an audit.
    #expect(AuditReport(stream) == nil)
  }

  /// JSON lists each field as a finding of its example's file, beside the `audit` view.
  @Test func jsonListsTheFieldsAsFindingsOfTheirExamplesFile() throws {
    let (report, _) = try audit(strict: false)
    let document = try jsonObject(ReportFormat.json.render(report))
    let files = try #require(document["files"] as? [[String: Any]])
    let findings = try #require(files.first?["findings"] as? [[String: Any]])
    #expect(
      findings.map { "\($0["class"] ?? "") \($0["path"] ?? "") \($0["severity"] ?? "")" } == [
        "audited-field $.id note", "brittle-to-null $.id note", "brittle-to-type $.id note",
        "audited-field $.note note", "audited-field $.note note", "brittle-field $.size warning",
        "brittle-to-null $.size note", "audited-field $.state note", "brittle-to-null $.state note",
      ])
    #expect((document["audit"] as? [String: Any])?["brittle"] as? Int == 1)
  }
}
