import Foundation
import Testing

@testable import DecodeCheck

@Suite struct GitHubLimitsTests {
  /// `count` bookings with two unknown values each and `failures` that do not decode.
  private func manyFindings(unknown count: Int, failures: Int) throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    for index in 0..<count {
      try folder.write(
        Payloads.bookingWithUnknownValues, to: "Booking/u\(String(format: "%02d", index)).json")
    }
    for index in 0..<failures {
      try folder.write(
        Payloads.bookingMissingGuestName, to: "Booking/f\(String(format: "%02d", index)).json")
    }
    return folder
  }

  @Test func atMostTenAnnotationsPerLevelThenANoticeCountingTheRest() throws {
    let folder = try manyFindings(unknown: 8, failures: 12)
    let run = runCommand(["--format", "github", folder.path])
    #expect(run.status == 1)
    let lines = run.outputLines
    #expect(lines.count(where: { $0.hasPrefix("::error ") }) == 10)
    #expect(lines.count(where: { $0.hasPrefix("::warning ") }) == 10)
    // The first findings of each level are annotated: files sort f00…f11 before u00…u07.
    let errors = lines.filter { $0.hasPrefix("::error ") }
    #expect(errors.first?.contains("Booking/f00.json") == true)
    #expect(errors.last?.contains("Booking/f09.json") == true)
    // The rest stay in the log as plain lines, and nothing is lost.
    #expect(lines.count(where: { $0.contains("/Booking/f1") && $0.contains(": error: ") }) == 2)
    #expect(lines.count(where: { $0.contains(": warning: ") }) == 6)
    #expect(
      lines.dropLast().last
        == "::notice title=decode-check%3A more findings::2 errors and 6 warnings more than GitHub "
        + "shows as annotations (10 per level) are listed in the lines above")
    #expect(
      lines.last
        == "20 files checked: 0 decoded cleanly, 8 with unknown values (16 values), 12 failed")

    let withSummary = runCommand(
      ["--format", "github", folder.path],
      environment: ["GITHUB_STEP_SUMMARY": folder.path + "/step.md"])
    #expect(
      withSummary.outputLines.dropLast().last?.hasSuffix(
        "are listed in the summary and the lines above") == true)
  }

  @Test func noNoticeWhenEverythingFits() throws {
    let folder = try manyFindings(unknown: 5, failures: 10)
    let run = runCommand(["--format", "github", folder.path])
    #expect(run.outputLines.count(where: { $0.hasPrefix("::") }) == 20)
    #expect(!run.output.contains("::notice"))
  }

  @Test func quietCountsOnlyTheErrorsItShows() throws {
    let folder = try manyFindings(unknown: 8, failures: 11)
    let run = runCommand(["--format", "github", "--quiet", folder.path])
    #expect(!run.output.contains("warning"))
    #expect(run.outputLines.dropLast().last?.contains("::1 error more than GitHub") == true)
  }
}
