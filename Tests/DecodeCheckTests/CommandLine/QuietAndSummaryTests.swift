import Foundation
import Testing

@testable import DecodeCheck

/// The package's `Fixtures/` folder.
private let fixtures = packageFixtures

/// Two promises every run keeps, whatever it checks: `--quiet` leaves out notes and
/// warnings, never an error or a brittle field; and the summary line says the run fails
/// exactly when the exit status does (1: something failed; 2: something could not be
/// checked).
@Suite struct QuietAndSummaryTests {
  /// The runs: each a way of using the command that reports errors, brittle fields or
  /// failures of its own kind, in a folder of its own.
  enum Scenario: String, CaseIterable, CustomTestStringConvertible {
    case fixtures, evolvingPayloads, contract, audit, strictBaseline, missingPath
    var testDescription: String { rawValue }
  }

  private struct Setup {
    var arguments: [String]
    var registry: ModelRegistry
    var folder: TemporaryFolder
  }

  private func setUp(_ scenario: Scenario) throws -> Setup {
    let folder = try TemporaryFolder()
    switch scenario {
    case .fixtures:
      return Setup(arguments: [fixtures], registry: sampleRegistry, folder: folder)
    case .evolvingPayloads:
      return Setup(
        arguments: [EvolvingFixtures.root], registry: evolvingRegistry, folder: folder)
    case .contract:
      return Setup(
        arguments: ["--openapi", fixtures + "/OpenAPI/openapi.json"], registry: sampleRegistry,
        folder: folder)
    case .audit:
      return Setup(
        arguments: ["--audit", "--type", "BrittleListingPage", fixtures + "/ListingPage"],
        registry: ModelRegistry(registering: BrittleListingPage.self, BrittleBooking.self),
        folder: folder)
    case .strictBaseline:
      // A baseline recorded from a payload whose unknown value is then gone.
      let payload = try folder.write(Payloads.bookingWithUnknownValues, to: "Booking/v2.json")
      let baseline = folder.path + "/baseline.json"
      _ = runCommand(["--write-baseline", baseline, payload], workingDirectory: folder.path)
      try folder.write(
        Payloads.bookingWithUnknownValues.replacing("\"CHF\"", with: "\"EUR\""),
        to: "Booking/v2.json")
      return Setup(
        arguments: ["--baseline", baseline, "--strict-baseline", payload],
        registry: sampleRegistry, folder: folder)
    case .missingPath:
      return Setup(
        arguments: [fixtures + "/Booking", folder.path + "/gone.json"], registry: sampleRegistry,
        folder: folder)
    }
  }

  /// What a line of text or GitHub output says, without its place and level: the message of
  /// an annotation (`::error file=…::MESSAGE`) or of a plain line (`FILE:1:2: error: MESSAGE`).
  private func message(of line: String) -> String {
    if line.hasPrefix("::"), let end = line.range(of: "::", options: .backwards) {
      return String(line[end.upperBound...])
    }
    if let level = line.firstRange(of: #/: (error|warning|note): /#) {
      return String(line[level.upperBound...])
    }
    return line
  }

  /// Whether the summary line says the run fails: a failed input, an alias conflict, a
  /// brittle field or a baseline entry that fails the check.
  private func saysItFails(_ summary: String) -> Bool {
    summary.contains(/, [1-9][0-9]* failed/) || summary.contains("alias conflict")
      || summary.contains("fail the check") || summary.contains("fails the check")
  }

  @Test(arguments: Scenario.allCases, [false, true])
  func quietKeepsEveryErrorAndBrittleField(_ scenario: Scenario, strict: Bool) throws {
    let setup = try setUp(scenario)
    let options = strict ? ["--strict"] : []
    func run(_ extra: [String]) -> CommandRun {
      runCommand(
        options + extra + setup.arguments, registry: setup.registry,
        workingDirectory: setup.folder.path)
    }
    for format in ["text", "github"] {
      let full = run(["--format", format])
      let quiet = run(["--format", format, "--quiet"])
      #expect(quiet.status == full.status, "\(format)")
      let kept = full.outputLines.filter { line in
        line.contains(": error: ") || line.hasPrefix("::error") || line.contains("brittle: ")
      }
      // GitHub shows ten annotations per level: a finding that was a plain line may be an
      // annotation once --quiet leaves fewer, so findings are compared by their message.
      let quietMessages = Set(quiet.outputLines.map(message(of:)))
      for line in kept {
        #expect(quietMessages.contains(message(of: line)), "\(format) --quiet hides: \(line)")
      }
    }
  }

  @Test(arguments: Scenario.allCases, [false, true])
  func theSummaryAgreesWithTheExitStatus(_ scenario: Scenario, strict: Bool) throws {
    let setup = try setUp(scenario)
    let run = runCommand(
      (strict ? ["--strict"] : []) + setup.arguments, registry: setup.registry,
      workingDirectory: setup.folder.path)
    let summary = try #require(run.outputLines.last)
    switch run.status {
    case 2: #expect(summary.contains("could not be checked"), "exit 2: \(summary)")
    case 1: #expect(saysItFails(summary), "exit 1: \(summary)")
    default:
      #expect(!saysItFails(summary), "exit \(run.status): \(summary)")
      #expect(!summary.contains("could not be checked"), "exit \(run.status): \(summary)")
    }
  }
}
