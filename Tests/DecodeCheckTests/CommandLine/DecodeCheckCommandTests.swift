import Foundation
import SampleAPI
import Testing

@testable import DecodeCheck

@Suite struct DecodeCheckCommandTests {
  // MARK: - Findings and exit status

  @Test func aCleanPayloadPrintsOnlyTheSummary() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(Payloads.cleanBooking, to: "Booking/v1.json")
    let run = runCommand([path])
    #expect(run.status == 0)
    #expect(
      run.output
        == "1 file checked: 1 decoded cleanly, 0 with unknown values (0 values), 0 failed\n")
    #expect(run.errors.isEmpty)
  }

  @Test func findingsNameFileLineColumnAndPath() throws {
    let folder = try TemporaryFolder()
    let unknown = try folder.write(Payloads.bookingWithUnknownValues, to: "Booking/v2.json")
    let missing = try folder.write(Payloads.bookingMissingGuestName, to: "Booking/v3.json")
    let run = runCommand([folder.path + "/Booking"])
    #expect(run.status == 1)
    #expect(
      run.outputLines == [
        "\(unknown):4:12: warning: $.state: unknown BookingState value \"checked_in\"; known: "
          + "requested, confirmed, cancelled, completed [unknown-value]",
        "\(unknown):7:41: warning: $.total.currency: unknown Currency value \"CHF\"; known: USD, EUR, GBP [unknown-value]",
        "\(missing):6:49: error: $.guests[1]: missing required key `name` [decoding-failure]",
        "2 files checked: 0 decoded cleanly, 1 with unknown values (2 values), 1 failed",
      ])
  }

  @Test func unknownValuesAreWarningsUnlessStrict() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(Payloads.bookingWithUnknownValues, to: "Booking/v2.json")
    let lenient = runCommand([path])
    #expect(lenient.status == 0)
    #expect(lenient.outputLines.filter { $0.contains(": warning: ") }.count == 2)

    let strict = runCommand(["--strict", path])
    #expect(strict.status == 1)
    #expect(strict.outputLines.filter { $0.contains(": error: ") }.count == 2)
    #expect(!strict.output.contains(": warning: "))
    // Under --strict the file fails, and the summary says so: it agrees with the exit status.
    #expect(
      strict.outputLines.last
        == "1 file checked: 0 decoded cleanly, 0 with unknown values (2 values), 1 failed")
  }

  @Test func quietPrintsOnlyErrorsAndTheSummary() throws {
    let folder = try TemporaryFolder()
    try folder.write(Payloads.bookingWithUnknownValues, to: "Booking/v2.json")
    let missing = try folder.write(Payloads.bookingMissingGuestName, to: "Booking/v3.json")
    for format in ["text", "github"] {
      let run = runCommand(["--quiet", "--format", format, folder.path])
      #expect(run.status == 1)
      #expect(run.outputLines.count == 2, "\(format)")
      #expect(run.outputLines.first?.contains(missing) == true)
      #expect(!run.output.contains("warning"))
      #expect(run.outputLines.last?.hasPrefix("2 files checked") == true)
    }
  }

  // MARK: - Usage errors

  struct UsageCase: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  @Test(arguments: [
    UsageCase(arguments: ["--nope", "x.json"], message: "unknown option `--nope`"),
    UsageCase(arguments: ["-x"], message: "unknown option `-x`"),
    UsageCase(
      arguments: ["--type", "Nope", "x.json"],
      message: "unknown type `Nope`; registered types: Booking, Listing, ListingPage"),
    UsageCase(
      arguments: ["--type"],
      message: "`--type` needs a value: a registered type's name (see --list-types)"),
    UsageCase(
      arguments: ["--format", "xml", "x.json"],
      message: "unknown format `xml`; use text, json, github, junit or sarif"),
    UsageCase(
      arguments: ["--jobs", "0", "x.json"],
      message: "`--jobs` needs a whole number of at least 1, not `0`"),
    UsageCase(arguments: ["--strict=yes", "x.json"], message: "`--strict` takes no value"),
    UsageCase(
      arguments: ["-t", "Booking", "--type=Listing", "x.json"], message: "`--type` is given twice"),
    UsageCase(
      arguments: [], message: "no paths given: name JSON files, folders, or - for standard input"),
  ])
  func usageErrorsGoToStandardErrorWithStatusTwo(_ usage: UsageCase) {
    let run = runCommand(usage.arguments)
    #expect(run.status == 2)
    #expect(run.output.isEmpty)
    #expect(run.errors == "decode-check: \(usage.message)\nRun `decode-check --help` for usage.\n")
  }

  // MARK: - Order and progress

  @Test func outputIsSortedByPathWhateverTheScheduling() throws {
    let folder = try TemporaryFolder()
    var expectedPaths: [String] = []
    for index in (0..<40).shuffled() {
      let type = index.isMultiple(of: 2) ? "Booking" : "ListingPage"
      let payload =
        index.isMultiple(of: 3)
        ? "{" : (type == "Booking" ? Payloads.cleanBooking : Payloads.cleanListingPage)
      let path = try folder.write(
        payload, to: "\(type)/payload-\(String(format: "%02d", index)).json")
      if index.isMultiple(of: 3) { expectedPaths.append(path) }
    }
    let first = runCommand(["--jobs", "8", folder.path])
    #expect(first.status == 1)
    let reported = first.outputLines.dropLast().map { String($0.prefix { $0 != ":" }) }
    #expect(reported == expectedPaths.sorted())
    for _ in 0..<4 {
      #expect(runCommand(["--jobs", "8", folder.path]).output == first.output)
    }
    #expect(runCommand(["--jobs", "1", folder.path]).output == first.output)
  }

  @Test func writesNothingToStandardErrorWhenItIsNotATerminal() throws {
    let folder = try TemporaryFolder()
    for index in 0..<20 {
      try folder.write(Payloads.cleanBooking, to: "Booking/\(index).json")
    }
    let run = runCommand([folder.path], errorIsTerminal: false)
    #expect(run.status == 0)
    #expect(run.errors.isEmpty)
  }

  // MARK: - Help, version, types

  @Test func helpDocumentsEveryOptionAndTheExitStatus() {
    let run = runCommand(["--help"])
    #expect(run.status == 0)
    for option in [
      "--type", "--list-types", "--strict", "--lines", "--format", "text", "json", "github",
      "junit",
      "--quiet", "--jobs", "--version", "--help", "EXIT STATUS", "standard input", "folder",
      "sarif", "--summary", "GITHUB_STEP_SUMMARY", "--baseline", "--write-baseline",
      "--strict-baseline", "left out", "old spelling", "alias conflict",
    ] {
      #expect(run.output.contains(option), "\(option)")
    }
    #expect(runCommand(["-h"]).output == run.output)
  }

  /// `--help` lists every format with its description, one entry per `ReportFormat` case,
  /// so a format added to the enum shows up in the help without editing it.
  @Test(arguments: ReportFormat.allCases)
  func helpDescribesEveryFormat(_ format: ReportFormat) throws {
    let help = runCommand(["--help"]).output.split(separator: "\n").map(String.init)
    let first = try #require(
      help.firstIndex { $0.hasPrefix(String(repeating: " ", count: 26) + format.rawValue + " ") })
    for (offset, line) in format.helpLines.enumerated() {
      #expect(help[first + offset].hasSuffix(line), "\(format): \(help[first + offset])")
      #expect(help[first + offset].count - line.count == 35, "\(format): the column moved")
    }
    #expect(help.contains { $0.hasSuffix("One of \(ReportFormat.names):") })
  }

  @Test func versionAndTypeList() {
    #expect(
      runCommand(["--version"]).output
        == "decode-check (DecodeCheck \(DecodeCheckCommand.version))\n")
    let types = runCommand(["--list-types"])
    #expect(types.status == 0)
    #expect(
      types.output
        == "Booking      SampleAPI.Booking\nListing      SampleAPI.Listing\nListingPage  SampleAPI.ListingPage\n"
    )
    let ambiguous = runCommand(
      ["--list-types"],
      registry: ModelRegistry(registering: Tracking.Event.self, Planner.Event.self))
    #expect(
      ambiguous.output
        == "Event  DecodeCheckTests.Planner.Event  (short name shared: use the qualified name)\n"
        + "Event  DecodeCheckTests.Tracking.Event  (short name shared: use the qualified name)\n")
  }
}

/// Parses the command's JSON output.
func jsonObject(_ text: String) throws -> [String: Any] {
  try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}
