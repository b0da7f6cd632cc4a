import Foundation
import Testing

@testable import DecodeCheck

/// A schema several types include, with one thing wrong with it for all of them.
private let sharedSpec = Specs.document(
  schemas: #"""
    "Stamp": {"type": "object", "required": ["at"],
              "properties": {"at": {"type": "string", "format": "date-time"}}},
    "Entry": {"type": "object", "required": ["stamp"],
              "properties": {"stamp": {"$ref": "#/components/schemas/Stamp"}}},
    "Journal": {"type": "object", "required": ["entries"],
                "properties": {"entries": {"type": "array", "items": {"$ref": "#/components/schemas/Entry"}}}}
    """#)

/// Models of the shared spec, each reading the stamp with the default date strategy, which
/// reads a number where the spec sends text.
struct JournalEntry: Decodable, Sendable {
  var stamp: Stamp
}

struct Journal: Decodable, Sendable {
  var entries: [JournalEntry]
}

/// A finding about a schema several mapped types include is reported once, at its place in
/// the spec, not once per type that reaches it.
@Suite struct SpecFindingsOnceTests {
  /// `ListingKind`'s new "boat" is reached from `Listing` and from `ListingPage`: one warning,
  /// under the first, naming the other.
  @Test func theSampleContractsNewKindIsReportedOnce() {
    let run = runCommand(["--openapi", hearthDocument])
    #expect(run.status == 1)
    let boat = run.outputLines.filter { $0.contains("#/components/schemas/ListingKind/enum/3") }
    #expect(boat.count == 1, "\(run.output)")
    #expect(boat.first?.contains("warning: Listing $.kind: ") == true)
    #expect(boat.first?.contains("; also found through `ListingPage`") == true)
    // The example of a response is another place in the spec: it stays.
    #expect(run.output.contains("the spec's example \"canal\""))
  }

  /// The type whose own schema holds the member keeps the finding; every other type that
  /// includes it gives it up, and its outcome follows.
  @Test func theTypeOfTheSchemaKeepsItsFinding() throws {
    var registry = ModelRegistry(registering: Journal.self, Stamp.self)
    registry.register(JournalEntry.self, schema: "Entry")
    let report = try Specs.check(sharedSpec, registry: registry)
    let failures = report.files.flatMap { file in
      file.findings.filter { $0.kind == .decodingFailure }.map { (file.schema ?? "", $0) }
    }
    #expect(failures.count == 1, "\(failures.map(\.1.message))")
    #expect(failures.first?.0 == "Stamp")
    #expect(
      failures.first?.1.message.hasSuffix("; also found through `Journal` and `JournalEntry`")
        == true)
    #expect(report.files.map(\.failed) == [false, false, true])
    #expect(report.exitStatus == 1)
    #expect(report.summary.failed == 1)
    // The other types are a field of the finding too (issue 41), in every format with
    // structure: the finding's contract, and the SARIF result's properties.
    #expect(failures.first?.1.contract?.alsoFoundThrough == ["Journal", "JournalEntry"])
    let json = try JSONSerialization.jsonObject(with: Data(ReportFormat.json.render(report).utf8))
    let contracts = ((json as? [String: Any])?["files"] as? [[String: Any]] ?? [])
      .flatMap { $0["findings"] as? [[String: Any]] ?? [] }
      .compactMap { $0["contract"] as? [String: Any] }
    #expect(
      contracts.compactMap { $0["alsoFoundThrough"] as? [String] } == [["Journal", "JournalEntry"]])
    let sarif = ReportFormat.sarif.render(report)
    #expect(sarif.contains(#""alsoFoundThrough" : ["#))
  }
}

/// Two comment types, as octokit.swift has (`Issue.Comment`, `PullRequest.Comment`).
enum IssueThread {
  struct Comment: Decodable, Sendable { var body: String }
}

enum Review {
  struct Comment: Decodable, Sendable { var body: String }
}

@Suite struct SharedShortNameTests {
  /// A short name two checked types share names neither of them: each is printed by its
  /// qualified name, in the subject and the message (issue 41).
  @Test func aSharedShortNameIsPrintedQualified() throws {
    let spec = Specs.document(
      schemas: #"""
        "ThreadComment": {"type": "object", "properties": {"body": {"type": "string"}}},
        "ReviewComment": {"type": "object", "properties": {"body": {"type": "string"}}}
        """#)
    var registry = ModelRegistry()
    registry.register(IssueThread.Comment.self, schema: "ThreadComment")
    registry.register(Review.Comment.self, schema: "ReviewComment")
    let report = try Specs.check(spec, registry: registry)
    let names = report.allFindings.compactMap(\.contract?.typeName)
    #expect(
      Set(names) == [
        String(reflecting: IssueThread.Comment.self), String(reflecting: Review.Comment.self),
      ])
    #expect(report.allFindings.allSatisfy { !$0.message.contains("; Comment ") })
    // One of them alone keeps its short name.
    var alone = ModelRegistry()
    alone.register(IssueThread.Comment.self, schema: "ThreadComment")
    let single = try Specs.check(spec, registry: alone)
    #expect(Set(single.allFindings.compactMap(\.contract?.typeName)) == ["Comment"])
  }
}
