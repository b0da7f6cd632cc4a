import Foundation
import Testing

@testable import DecodeCheck

/// A folder of bookings with one finding of every kind a baseline holds: two unknown values,
/// a decoding failure and a payload that is not JSON.
private func bookingsWithEveryKindOfFinding() throws -> TemporaryFolder {
  let folder = try TemporaryFolder()
  try folder.write(Payloads.bookingWithUnknownValues, to: "Booking/v2.json")
  try folder.write(Payloads.bookingMissingGuestName, to: "Booking/v3.json")
  try folder.write("{", to: "Booking/truncated.json")
  try folder.write(Payloads.cleanBooking, to: "Booking/v1.json")
  return folder
}

@Suite struct BaselineTests {
  @Test func theBaselineFileIsSortedReadableAndRelativeToTheWorkingFolder() throws {
    let folder = try bookingsWithEveryKindOfFinding()
    let baseline = folder.path + "/baseline.json"
    let run = runCommand(
      ["--write-baseline", baseline, folder.path + "/Booking"], workingDirectory: folder.path)
    #expect(run.status == 1)
    #expect(run.errors.isEmpty)
    let written = try String(contentsOfFile: baseline, encoding: .utf8)
    #expect(
      written == """
        {
          "entries" : [
            {
              "file" : "Booking/truncated.json",
              "kind" : "invalidJSON",
              "value" : "not valid JSON: the payload ends early; expected a key in double quotes or `}`"
            },
            {
              "file" : "Booking/v2.json",
              "kind" : "unknownValue",
              "path" : "$.state",
              "value" : "checked_in"
            },
            {
              "file" : "Booking/v2.json",
              "kind" : "unknownValue",
              "path" : "$.total.currency",
              "value" : "CHF"
            },
            {
              "file" : "Booking/v3.json",
              "kind" : "decodingFailure",
              "path" : "$.guests[1]",
              "value" : "missing required key `name`"
            }
          ],
          "version" : 1
        }

        """)
    // Stable across runs: one thread or many, the same bytes.
    let again = folder.path + "/again.json"
    _ = runCommand(
      ["--jobs", "1", "--write-baseline", again, folder.path + "/Booking"],
      workingDirectory: folder.path)
    #expect(try String(contentsOfFile: again, encoding: .utf8) == written)
  }

  @Test func aBaselineRoundTripReportsOnlyWhatIsNewAndListsWhatIsFixed() throws {
    let folder = try bookingsWithEveryKindOfFinding()
    let baseline = folder.path + "/baseline.json"
    let bookings = folder.path + "/Booking"
    let write = runCommand(
      ["--strict", "--write-baseline", baseline, bookings], workingDirectory: folder.path)
    #expect(write.status == 1)

    func checkStrictly() -> CommandRun {
      runCommand(["--strict", "--baseline", baseline, bookings], workingDirectory: folder.path)
    }
    // The same folder against its own baseline: nothing to report, even under --strict.
    let clean = checkStrictly()
    #expect(clean.status == 0)
    #expect(
      clean.outputLines == [
        "4 files checked: 1 decoded cleanly, 0 with unknown values (0 values), 0 failed, "
          + "3 with only baselined findings; baseline: 4 findings accepted, 0 entries no longer found"
      ])

    // Entries never depend on lines: moving every value down keeps them all.
    try folder.write("\n\n\n" + Payloads.bookingWithUnknownValues, to: "Booking/v2.json")
    #expect(checkStrictly().status == 0)

    // A new unknown value is the only thing reported.
    let added = try folder.write(
      Payloads.bookingWithUnknownValues.replacing("\"checked_in\"", with: "\"no_show\""),
      to: "Booking/v4.json")
    let new = checkStrictly()
    #expect(new.status == 1)
    #expect(
      new.outputLines == [
        "\(added):4:12: error: $.state: unknown BookingState value \"no_show\"; known: requested, "
          + "confirmed, cancelled, completed [unknown-value]",
        "\(added):7:41: error: $.total.currency: unknown Currency value \"CHF\"; known: USD, EUR, GBP [unknown-value]",
        "5 files checked: 1 decoded cleanly, 0 with unknown values (2 values), 1 failed, "
          + "3 with only baselined findings; baseline: 4 findings accepted, 0 entries no longer found",
      ])
    try FileManager.default.removeItem(atPath: added)

    // A value that is gone is listed as fixed: a note, or an error under --strict-baseline.
    try folder.write(
      Payloads.bookingWithUnknownValues.replacing("\"CHF\"", with: "\"EUR\""), to: "Booking/v2.json"
    )
    let fixed = runCommand(["--baseline", baseline, bookings], workingDirectory: folder.path)
    #expect(fixed.status == 0)
    let note =
      "Booking/v2.json: note: $.total.currency: no longer found; remove it from the baseline: "
      + "unknown value \"CHF\""
    #expect(fixed.outputLines.first == note)
    #expect(
      fixed.outputLines.last?.hasSuffix(
        "baseline: 3 findings accepted, 1 entry no longer found") == true)
    let strict = runCommand(
      ["--baseline", baseline, "--strict-baseline", bookings], workingDirectory: folder.path)
    #expect(strict.status == 1)
    #expect(strict.outputLines.first == note.replacing(": note: ", with: ": error: "))
    // --quiet keeps errors only: the note goes, the strict error stays.
    let quiet = runCommand(
      ["--quiet", "--baseline", baseline, bookings], workingDirectory: folder.path)
    #expect(quiet.outputLines.count == 1)
  }

  @Test func aDeletedFileFixesItsEntriesAndAFileNotCheckedKeepsThem() throws {
    let folder = try bookingsWithEveryKindOfFinding()
    let baseline = folder.path + "/baseline.json"
    _ = runCommand(
      ["--write-baseline", baseline, folder.path + "/Booking"], workingDirectory: folder.path)
    // Checking one file leaves the other files' entries alone.
    let one = runCommand(
      ["--baseline", baseline, folder.path + "/Booking/v3.json"], workingDirectory: folder.path)
    #expect(one.status == 0)
    #expect(one.outputLines.count == 1)
    // A deleted file's entries no longer occur, for a run that searched its folder; a run
    // given another file alone did not look for it (issue 21, item 5).
    try FileManager.default.removeItem(atPath: folder.path + "/Booking/truncated.json")
    let other = runCommand(
      ["--baseline", baseline, "--strict-baseline", folder.path + "/Booking/v3.json"],
      workingDirectory: folder.path)
    #expect(other.status == 0)
    let deleted = runCommand(
      ["--baseline", baseline, "--format", "json", folder.path + "/Booking"],
      workingDirectory: folder.path)
    let document = try jsonObject(deleted.output)
    let comparison = try #require(document["baseline"] as? [String: Any])
    #expect(comparison["accepted"] as? Int == 3)
    let fixed = try #require(comparison["fixed"] as? [[String: Any]])
    #expect(fixed.map { $0["file"] as? String } == ["Booking/truncated.json"])
    #expect(fixed.first?["kind"] as? String == "invalidJSON")
  }

  @Test func writingAndReadingABaselineInOneRunComparesWithTheOldAndRecordsEverything() throws {
    let folder = try bookingsWithEveryKindOfFinding()
    let old = folder.path + "/old.json"
    try Baseline(entries: []).write(toFile: old)
    let new = folder.path + "/new.json"
    let run = runCommand(
      ["--baseline", old, "--write-baseline", new, folder.path + "/Booking"],
      workingDirectory: folder.path)
    #expect(run.status == 1)
    #expect(try Baseline(contentsOfFile: new).entries.count == 4)
  }

  @Test func inputErrorsAreNeverBaselined() throws {
    let folder = try TemporaryFolder()
    try folder.write(Payloads.cleanBooking, to: "loose/booking.json")
    let baseline = folder.path + "/baseline.json"
    let run = runCommand(
      ["--write-baseline", baseline, folder.path + "/loose"], workingDirectory: folder.path)
    #expect(run.status == 2)
    #expect(try Baseline(contentsOfFile: baseline).entries.isEmpty)
    // Nor are the audit's notes, old spellings and unknown fields, which never fail a check,
    // nor alias conflicts, which are mistakes in a type to correct.
    #expect(
      Finding.Kind.allCases.filter { !$0.details.isBaselinable } == [
        .inputError, .auditedField, .renamedValue, .aliasConflict, .unknownField,
      ])
  }

  struct BadBaseline: CustomTestStringConvertible, Sendable {
    var name: String
    var contents: String?
    var message: String
    var testDescription: String { name }
  }

  @Test(arguments: [
    BadBaseline(
      name: "missing", contents: nil,
      message: "cannot read the baseline `BASELINE`: no such file or directory"),
    BadBaseline(
      name: "not JSON", contents: "entries: []",
      message: "the baseline `BASELINE` is not valid JSON"),
    BadBaseline(
      name: "another version", contents: #"{"version": 2, "entries": []}"#,
      message: "the baseline `BASELINE` is of version 2; this checker reads version 1: write it "
        + "again with --write-baseline"),
    BadBaseline(
      name: "no version", contents: #"{"entries": []}"#,
      message: "the baseline `BASELINE` is not a baseline: it has no `version` number"),
    BadBaseline(
      name: "an array", contents: "[]",
      message: "the baseline `BASELINE` is not a baseline: expected a JSON object"),
    BadBaseline(
      name: "an entry without a kind",
      contents: #"{"version": 1, "entries": [{"file": "a.json", "value": "x"}]}"#,
      message: "the baseline `BASELINE` is not a baseline: $.entries[0] has no `kind`"),
  ])
  func aBaselineThatCannotBeUsedIsOneLineAndExitTwo(_ bad: BadBaseline) throws {
    let folder = try TemporaryFolder()
    let payload = try folder.write(Payloads.cleanBooking, to: "Booking/v1.json")
    let baseline = folder.path + "/baseline.json"
    if let contents = bad.contents { try folder.write(contents, to: "baseline.json") }
    let run = runCommand(["--baseline", baseline, payload])
    #expect(run.status == 2)
    #expect(run.output.isEmpty)
    #expect(run.errors == "decode-check: \(bad.message.replacing("BASELINE", with: baseline))\n")
  }

  @Test func strictBaselineNeedsABaseline() {
    let run = runCommand(["--strict-baseline", "x.json"])
    #expect(run.status == 2)
    #expect(
      run.errors == "decode-check: `--strict-baseline` needs a baseline: pass --baseline FILE\n"
        + "Run `decode-check --help` for usage.\n")
  }

  @Test func theLibraryAppliesABaselineToAReport() throws {
    let folder = try bookingsWithEveryKindOfFinding()
    let report = PayloadChecker().check(
      paths: [folder.path + "/Booking"], in: sampleRegistry, maximumConcurrency: 1)
    let baseline = Baseline(recording: report, workingDirectory: folder.path)
    #expect(baseline.entries.map(\.file).allSatisfy { $0?.hasPrefix("Booking/") == true })
    let applied = baseline.apply(to: report, workingDirectory: folder.path)
    #expect(applied.exitStatus == 0)
    #expect(applied.files.allSatisfy { $0.findings.isEmpty })
    #expect(applied.baseline == BaselineComparison(accepted: 4, fixed: [], fixedEntriesFail: false))
    // Each entry accepts one finding: twice the findings, half of them new.
    let doubled = CheckReport(files: report.files + report.files, isStrict: false)
    #expect(baseline.apply(to: doubled, workingDirectory: folder.path).summary.failed == 2)
  }
}
