import Foundation
import SampleAPI
import Testing

@testable import DecodeCheck

/// A team's own checker: its own name and its own types.
private let teamRegistry = ModelRegistry(registering: Planner.Event.self, Booking.self)

@Suite struct CheckerNameTests {
  @Test func aNamedCheckerUsesItsNameInUsageErrorsVersionAndReports() throws {
    let name = "check-payloads"
    let usage = runCommand(["--nope"], registry: teamRegistry, name: name)
    #expect(
      usage.errors
        == "check-payloads: unknown option `--nope`\nRun `check-payloads --help` for usage.\n")
    let version = runCommand(["--version"], registry: teamRegistry, name: name)
    #expect(version.output == "check-payloads (DecodeCheck \(DecodeCheckCommand.version))\n")
    let baseline = runCommand(
      ["--baseline", "/nonexistent/baseline.json", "x.json"], registry: teamRegistry, name: name)
    #expect(baseline.errors.hasPrefix("check-payloads: cannot read the baseline"))

    let folder = try TemporaryFolder()
    try folder.write(Payloads.bookingMissingGuestName, to: "Booking/v3.json")
    let summary = folder.path + "/summary.md"
    let github = runCommand(
      ["--format", "github", "--summary", summary, folder.path], registry: teamRegistry, name: name)
    #expect(github.outputLines.first?.contains("title=check-payloads%3A decoding failure") == true)
    #expect(try String(contentsOfFile: summary, encoding: .utf8).hasPrefix("## check-payloads\n"))
    let junit = runCommand(["--format", "junit", folder.path], registry: teamRegistry, name: name)
    #expect(junit.output.contains(#"<testsuites name="check-payloads""#))
    let sarif = try jsonObject(
      runCommand(["--format", "sarif", folder.path], registry: teamRegistry, name: name).output)
    let driver = (sarif["runs"] as? [[String: Any]])?.first?["tool"] as? [String: Any]
    #expect((driver?["driver"] as? [String: Any])?["name"] as? String == "check-payloads")
    for output in [usage.errors, version.output, github.output, junit.output] {
      #expect(!output.contains("decode-check"), "\(output)")
    }
  }

  @Test func withoutANameTheCheckerIsNamedAfterTheRunningExecutable() {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).lastPathComponent
    let run = runCommand(["--version"], name: nil)
    #expect(run.output == "\(executable) (DecodeCheck \(DecodeCheckCommand.version))\n")
    #expect(DecodeCheckCommand.executableName == executable)
  }

  @Test func helpUsesTheNameAndTheRegistrysOwnTypes() {
    let help = runCommand(["--help"], registry: teamRegistry, name: "check-payloads").output
    #expect(help.hasPrefix("USAGE: check-payloads [options] <path> ...\n"))
    #expect(help.contains("--type Event\n"))
    #expect(help.contains("--type DecodeCheckTests.Planner.Event\n"))
    #expect(help.contains("Fixtures/Event/v2.json is decoded as Event"))
    #expect(help.contains("Fixtures/Booking/v1.json is decoded as Booking"))
    for sampleType in ["ListingPage", "SampleAPI", "decode-check"] {
      #expect(!help.contains(sampleType), "\(sampleType)")
    }
  }

  /// On a terminal the progress line names the checker, counts files and is erased at the
  /// end, whatever the format; it stays off standard output, and --quiet silences it.
  @Test(arguments: [ReportFormat.text, .sarif])
  func progressIsDrawnOnATerminalAndErased(format: ReportFormat) throws {
    let folder = try TemporaryFolder()
    for index in 0..<3 {
      try folder.write(Payloads.cleanBooking, to: "Booking/\(index).json")
    }
    let arguments = ["--jobs", "1", "--format", format.rawValue, folder.path]
    let run = runCommand(
      arguments, registry: teamRegistry, name: "check-payloads", errorIsTerminal: true,
      progressSilence: 0)
    #expect(run.status == 0)
    #expect(run.errors.hasPrefix("\r\u{1B}[2Kcheck-payloads: checked 1 of 3 files ("))
    #expect(run.errors.contains(" files/s)"))
    #expect(run.errors.hasSuffix("\r\u{1B}[2K"))
    #expect(!run.output.contains("checked 1 of 3"))
    let quiet = runCommand(
      ["--quiet"] + arguments, registry: teamRegistry, errorIsTerminal: true, progressSilence: 0)
    #expect(quiet.errors.isEmpty)
    let notATerminal = runCommand(arguments, registry: teamRegistry, progressSilence: 0)
    #expect(notATerminal.errors.isEmpty)
  }

  @Test func progressNamesTheCheckerAndTheRate() {
    let line = ProgressLine.line(
      name: "check-payloads", finished: 1200, total: 5000, elapsed: 2_000_000_000)
    #expect(line == "check-payloads: checked 1200 of 5000 files (600 files/s)")
  }
}
