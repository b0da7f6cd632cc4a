import Foundation
import Testing

@testable import DecodeCheck

/// A timestamp in RFC 3339, which the spec lets carry fractional seconds and an offset.
private let stampSpec = Specs.document(
  schemas: #"""
    "Stamp": {"type": "object", "required": ["at"],
              "properties": {"at": {"type": "string", "format": "date-time"}}}
    """#)

/// `Stamp` decoded with a formatter of whole seconds, as many apps do (Apple's `.iso8601`
/// strategy refuses fractional seconds too).
private let iso8601Registry = ModelRegistry(
  decoder: wholeSecondsDecoder, registering: Stamp.self)

/// Classes of check: a short, stable name beside every finding, and `--disable` to turn one
/// off by it, as SwiftLint does with its rules.
@Suite struct CheckClassTests {
  @Test func everyClassHasAShortStableKebabCaseName() {
    for checkClass in CheckClass.allCases {
      #expect(checkClass.rawValue.wholeMatch(of: /[a-z]+(-[a-z]+)*/) != nil, "\(checkClass)")
      #expect(CheckClass(named: checkClass.rawValue) == checkClass)
    }
    #expect(
      Set(Finding.Kind.allCases.map(CheckClass.init(kind:))).count == Finding.Kind.allCases.count)
    #expect(CheckClass(named: "dateFormatEdge") == nil)
  }

  /// The help lists every class by name, and says how to turn one off.
  @Test func theHelpNamesEveryClass() {
    let help = runCommand(["--help"]).output
    #expect(help.contains("--disable <classes>"))
    for checkClass in CheckClass.allCases {
      #expect(help.contains(checkClass.rawValue), "\(checkClass.rawValue)")
    }
  }

  /// The RFC 3339 edges are a class of their own, shown beside the finding in text, GitHub
  /// annotations, JSON and SARIF.
  @Test func dateFormatEdgesAreAClassOfTheirOwnInEveryFormat() throws {
    let folder = try TemporaryFolder()
    let spec = try folder.write(stampSpec, to: "api.json")
    let text = runCommand(["--openapi", spec], registry: iso8601Registry)
    #expect(text.status == 1)
    let edges = text.outputLines.filter { $0.contains("fractional seconds") }
    #expect(edges.count == 1)
    #expect(edges.first?.hasSuffix(" [date-format-edge]") == true, "\(text.output)")
    let github = runCommand(["--openapi", spec, "--format", "github"], registry: iso8601Registry)
    #expect(
      github.outputLines.contains { $0.hasPrefix("::error") && $0.hasSuffix(" [date-format-edge]") }
    )
    let json = try JSONSerialization.jsonObject(
      with: Data(
        runCommand(["--openapi", spec, "--format", "json"], registry: iso8601Registry).output.utf8))
    let files = (json as? [String: Any])?["files"] as? [[String: Any]] ?? []
    let classes = files.flatMap { ($0["findings"] as? [[String: Any]]) ?? [] }.map {
      $0["class"] as? String
    }
    #expect(classes == ["date-format-edge"])
    let sarif = try JSONSerialization.jsonObject(
      with: Data(
        runCommand(["--openapi", spec, "--format", "sarif"], registry: iso8601Registry).output.utf8)
    )
    let run = ((sarif as? [String: Any])?["runs"] as? [[String: Any]])?.first
    let results = run?["results"] as? [[String: Any]] ?? []
    #expect(results.map { $0["ruleId"] as? String } == ["date-format-edge"])
    let rules =
      ((run?["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]]
    #expect(rules?.map { $0["id"] as? String } == CheckClass.allCases.map(\.rawValue))
  }

  /// Turned off, the class's findings are gone from the report, the counts and the exit
  /// status, as if the check had not run.
  @Test(arguments: ["date-format-edge", "type-format,date-format-edge"])
  func aDisabledClassIsNotReportedCountedOrFailing(_ names: String) throws {
    let folder = try TemporaryFolder()
    let spec = try folder.write(stampSpec, to: "api.json")
    let run = runCommand(["--openapi", spec, "--disable", names], registry: iso8601Registry)
    #expect(run.status == 0, "\(run.output)\(run.errors)")
    #expect(
      run.outputLines == [
        "1 schema checked (3 payloads): 1 decoded cleanly, 0 with unknown values (0 values), 0 failed"
      ])
    // Repeated, the flag adds up.
    let twice = runCommand(
      ["--openapi", spec, "--disable", "old-spelling", "--disable=" + names],
      registry: iso8601Registry)
    #expect(twice.status == 0)
  }

  /// Another class leaves the date edges alone.
  @Test func anotherClassLeavesTheFindingsAlone() throws {
    let folder = try TemporaryFolder()
    let spec = try folder.write(stampSpec, to: "api.json")
    let run = runCommand(["--openapi", spec, "--disable", "enum-value"], registry: iso8601Registry)
    #expect(run.status == 1)
    #expect(run.output.contains("[date-format-edge]"))
  }

  @Test(arguments: [
    (["--disable", "date-format-edges"], "no class of check is named `date-format-edges`"),
    (["--disable", "dateFormatEdge"], "no class of check is named `dateFormatEdge`"),
    (["--disable", "input-error"], "`input-error` cannot be turned off"),
    (["--disable", ""], "`--disable` needs class names"),
    (["--disable", "enum-value,"], "`--disable` needs class names"),
    (["--disable"], "`--disable` needs a value"),
  ])
  func anUnknownClassIsAUsageErrorThatListsTheClasses(_ arguments: [String], _ message: String) {
    let run = runCommand(["Fixtures"] + arguments)
    #expect(run.status == 2)
    #expect(run.output.isEmpty)
    #expect(run.errors.contains(message), "\(run.errors)")
    if arguments.count > 1 {
      #expect(run.errors.contains("the classes are unknown-value, "), "\(run.errors)")
      #expect(run.errors.contains("date-format-edge"))
      #expect(!run.errors.contains("input-error, "))
    }
  }

  /// A payload's failure, turned off, no longer fails the file; its unknown values still
  /// count, and JSON names each finding's class.
  @Test func aDisabledDecodingFailureNoLongerFailsTheFile() throws {
    let folder = try TemporaryFolder()
    try folder.write(Payloads.bookingMissingGuestName, to: "Booking/broken.json")
    try folder.write(Payloads.bookingWithUnknownValues, to: "Booking/new.json")
    let full = runCommand(["--format", "json", folder.path])
    #expect(full.status == 1)
    #expect(full.output.contains(#""class" : "decoding-failure""#))
    #expect(full.output.contains(#""class" : "unknown-value""#))
    let run = runCommand(["--disable", "decoding-failure", folder.path])
    #expect(run.status == 0, "\(run.output)")
    #expect(!run.output.contains(": error: "))
    #expect(run.output.contains("unknown BookingState value"))
    #expect(run.outputLines.last?.hasSuffix(", 0 failed") == true, "\(run.output)")
    let both = runCommand(["--disable", "unknown-value,decoding-failure", folder.path])
    #expect(!both.output.contains("unknown BookingState value"))
    #expect(both.outputLines.last?.contains("0 with unknown values (0 values)") == true)
  }

  /// What a baseline accepted of a class turned off is not counted either: not as accepted,
  /// and its file is not one "with only baselined findings". Its entries are not reported as
  /// no longer found.
  @Test func aDisabledClassCountsNoFindingABaselineAccepted() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(Payloads.bookingWithUnknownValues, to: "Booking/new.json")
    let baseline = folder.path + "/baseline.json"
    #expect(runCommand(["--write-baseline", baseline, path]).status == 0)
    let accepted = runCommand(["--baseline", baseline, path])
    #expect(
      accepted.outputLines.last?.hasSuffix(
        "1 with only baselined findings; baseline: 2 findings accepted, 0 entries no longer found"
      ) == true, "\(accepted.output)")
    let run = runCommand(["--disable", "unknown-value", "--baseline", baseline, path])
    #expect(run.status == 0)
    #expect(
      run.outputLines == [
        "1 file checked: 1 decoded cleanly, 0 with unknown values (0 values), 0 failed"
      ])
    let json = runCommand(
      ["--format", "json", "--disable", "unknown-value", "--baseline", baseline, path])
    let document = try jsonObject(json.output)
    #expect((document["baseline"] as? [String: Any])?["accepted"] as? Int == 0)
    #expect((document["summary"] as? [String: Int])?["baselinedFindings"] == 0)
  }
}
