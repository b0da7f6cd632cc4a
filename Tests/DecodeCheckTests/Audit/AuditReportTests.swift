import Foundation
import Testing

@testable import DecodeCheck

/// How the places of every payload are gathered into fields.
@Suite struct AuditReportTests {
  /// A file report of one payload audited at `places`.
  private func file(_ path: String, _ places: [PlaceAudit]) -> FileReport {
    var report = FileReport(
      path: path, typeName: "App.Feed", outcome: .decoded, findings: [], payloadCount: 1)
    report.audits = [PayloadAudit(places: places, variantCount: places.count)]
    return report
  }

  /// The audit of `files`: a view over the findings the report gathers from them.
  private func audit(_ files: [FileReport]) throws -> AuditReport {
    var report = CheckReport(files: files, isStrict: false)
    report.addAuditFindings()
    return try #require(AuditReport(report))
  }

  private func place(
    _ path: String, _ question: PlaceAudit.Question, _ answer: PlaceAudit.Answer, line: Int
  ) -> PlaceAudit {
    PlaceAudit(
      pattern: "$.items[*].kind", path: path, question: question, answer: answer,
      position: TextPosition(line: line, column: 5))
  }

  /// One payload where a new value is reported, another where it fails: the field is
  /// brittle, counted and exemplified by the places that failed only.
  @Test func theWorstAnswerDecidesAndItsPlacesAreCounted() throws {
    let resilient = PlaceAudit.Answer.resilient(typeName: "Kind", tool: "UnknownDecodable")
    let brittle = PlaceAudit.Answer.brittle(
      typeName: "LegacyKind", message: "unknown LegacyKind value")
    let report = try audit([
      file(
        "a.json",
        [
          place("$.items[0].kind", .newValue, resilient, line: 2),
          place("$.items[1].kind", .newValue, resilient, line: 3),
          place("$.items[0].kind", .missingKey, .optional, line: 2),
        ]),
      file(
        "b.json",
        [
          place("$.items[4].kind", .newValue, brittle, line: 9),
          place(
            "$.items[4].kind", .missingKey, .required(message: "missing required key `kind`"),
            line: 9),
        ]),
    ])
    #expect(report.fields.count == 1)
    let field = report.fields[0]
    #expect(field.verdict == .brittle)
    #expect(field.namedType == "LegacyKind")
    #expect(field.detail == "unknown LegacyKind value")
    #expect(field.isRequired)
    #expect(field.payloadCount == 1 && field.placeCount == 1)
    #expect(
      field.example
        == FieldAudit.Place(
          file: "b.json", request: nil, position: TextPosition(line: 9, column: 5),
          path: "$.items[4].kind"))
    #expect(report.payloadCount == 2 && report.variantCount == 5)
    #expect(report.brittle.map(\.path) == ["$.items[*].kind"])
  }

  /// A field only left out, and never required, has nothing to say and is not listed.
  @Test func anOptionalFieldWithNoVerdictIsNotListed() throws {
    let report = try audit([
      file("a.json", [place("$.items[0].kind", .missingKey, .optional, line: 2)])
    ])
    #expect(report.fields.isEmpty)
    #expect(
      report.description
        == "audit: 1 payload, 1 variant: 0 brittle fields, 0 resilient, 0 open, 0 required")
  }
}
