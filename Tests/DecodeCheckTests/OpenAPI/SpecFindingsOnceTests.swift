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
  }
}
