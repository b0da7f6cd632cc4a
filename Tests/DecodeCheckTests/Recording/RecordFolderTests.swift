import Foundation
import Testing

@testable import DecodeCheck

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--record`'s output folder (issue 40): checked before any input is read, written into
/// atomically and never over a file, and what a rerun finds there named.
@Suite struct RecordFolderTests {
  private func writeCapture(in folder: TemporaryFolder) throws -> (archive: String, routes: String)
  {
    (
      try folder.write(try Archives.archive(RecordingCapture.entries), to: "capture/capture.har"),
      try folder.write(RecordingCapture.routes, to: "routes.json")
    )
  }

  private func record(_ arguments: [String]) -> CommandRun {
    runCommand(["--record"] + arguments, registry: RecordingCapture.registry)
  }

  /// An unset `$OUT` in CI once wrote every fixture into the current folder.
  @Test func anEmptyFolderNameIsAUsageError() throws {
    let options = try CommandOptions(parsing: ["--record", "", "capture.har"])
    #expect(
      options.recordingProblem()
        == "`--record` needs a folder to write fixtures to, not an empty name")
    let folder = try TemporaryFolder()
    let (archive, routes) = try writeCapture(in: folder)
    // Given an input that exists, it is refused before it is read.
    let run = record(["", "--routes", routes, archive])
    #expect(run.status == 2)
    #expect(run.output.isEmpty)
    #expect(run.errors.hasPrefix("decode-check: `--record` needs a folder to write fixtures to"))
  }

  @Test func aFolderBelowAFileIsAUsageErrorNamingIt() throws {
    let folder = try TemporaryFolder()
    let (archive, routes) = try writeCapture(in: folder)
    let file = try folder.write("not a folder", to: "taken")
    let run = record([file + "/Recorded", "--routes", routes, archive])
    #expect(run.status == 2)
    #expect(run.output.isEmpty)
    #expect(
      run.errors.hasPrefix(
        "decode-check: cannot create the output folder `\(file)/Recorded`: `\(file)` is a file"))
  }

  #if os(Linux)
    /// A folder the system will not let anyone write, root included, is found before the
    /// inputs are read, with the system's reason.
    @Test func aFolderThatCannotBeWrittenIsAUsageErrorWithTheReason() throws {
      let folder = try TemporaryFolder()
      let (archive, routes) = try writeCapture(in: folder)
      let run = record(["/sys/decode-check-recorded", "--routes", routes, archive])
      #expect(run.status == 2)
      #expect(run.output.isEmpty)
      #expect(
        run.errors.hasPrefix(
          "decode-check: cannot create the output folder `/sys/decode-check-recorded` in "
            + "`/sys`: permission denied\n"))
    }
  #endif

  @Test func strictAndHelpGoWithRecordAsWithACheck() throws {
    let strict = record(["out", "--strict", "capture.har"])
    #expect(strict.status == 2)
    #expect(
      strict.errors.hasPrefix(
        "decode-check: `--strict` cannot be used with --record, which writes fixtures"))
    // `--help` is not taken as the folder.
    let help = record(["--help"])
    #expect(help.status == 0)
    #expect(help.output.hasPrefix("USAGE: decode-check"))
    #expect(runCommand(["--type", "-h"]).output.hasPrefix("USAGE: decode-check"))
    #expect(
      RecordingProgress.line(name: "d", recorded: 1, elapsed: 1_000_000_000)
        == "d: recorded 1 payload (1 payload/s)")
  }

  @Test func requireRoutesListsWhatNoRouteTyped() throws {
    let folder = try TemporaryFolder()
    let entries =
      RecordingCapture.entries + [
        RecordingCapture.entry("/api/messages/4312?token=SECRET-QUERY-TOKEN", text: #"{"a": 1}"#)
      ]
    let archive = try folder.write(try Archives.archive(entries), to: "capture/capture.har")
    let routes = try folder.write(RecordingCapture.routes, to: "routes.json")
    let lenient = record([folder.path + "/A", "--routes", routes, archive])
    #expect(lenient.status == 0)
    let strict = record([folder.path + "/B", "--routes", routes, "--require-routes", archive])
    #expect(strict.status == 1)
    #expect(
      strict.outputLines.contains(
        "not written: \(archive)#6 GET /api/messages/*: no route gives this response a type "
          + "(--require-routes)"))
    #expect(!strict.output.contains("SECRET") && !strict.output.contains("4312"))
  }

  /// What a write that stopped partway leaves is a temporary file no check reads, which the
  /// next run removes; a truncated fixture from before is named, left, and fails the run.
  @Test func aRerunRemovesStaleWritesAndNamesBrokenFixtures() throws {
    let folder = try TemporaryFolder()
    let (archive, routes) = try writeCapture(in: folder)
    let output = folder.path + "/Recorded"
    #expect(record([output, "--routes", routes, archive]).status == 0)
    let names = FixtureFolder(path: output).fixtureNames()
    #expect(names.count == 3)
    // A write killed partway by an older decode-check: a truncated file under its name.
    let broken = try #require(names.first)
    let text = try String(contentsOfFile: output + "/" + broken, encoding: .utf8)
    try folder.write(String(text.prefix(40)), to: "Recorded/" + broken)
    // And one killed partway by this one: a temporary file, of a process that is gone.
    let stale = try folder.write(text, to: "Recorded/Booking/.x.json.999999999.partial")
    let live = try folder.write(text, to: "Recorded/Booking/.y.json.\(getpid()).partial")
    let again = record([output, "--routes", routes, archive])
    #expect(again.status == 1)
    #expect(
      again.outputLines.contains {
        $0.hasPrefix("not written: \(output)/\(broken): already there and not valid JSON at ")
      })
    #expect(
      try String(contentsOfFile: output + "/" + broken, encoding: .utf8) == String(text.prefix(40)))
    #expect(!FileManager.default.fileExists(atPath: stale))
    #expect(FileManager.default.fileExists(atPath: live))
    // No check reads the temporary file of a live run.
    let check = runCommand([output], registry: RecordingCapture.registry)
    #expect(!check.output.contains(".partial"))
  }

  @Test func aWriteNeverReplacesAFile() throws {
    let folder = try TemporaryFolder()
    let output = FixtureFolder(path: folder.path + "/Recorded")
    #expect(try output.write(Data("{}\n".utf8), to: "Booking/a.json") == .written)
    #expect(try output.write(Data("[]\n".utf8), to: "Booking/a.json") == .alreadyThere)
    #expect(
      try String(contentsOfFile: folder.path + "/Recorded/Booking/a.json", encoding: .utf8)
        == "{}\n")
    // Nothing but the fixture is left in the folder.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path + "/Recorded/Booking") == [
        "a.json"
      ])
  }

  /// Names move when shapes change (and did in issue 40): a rerun lists the fixtures it would
  /// not write, so the team can prune them. A shard does not: the others may be another's.
  @Test func aRerunListsTheFixturesItWouldNotWrite() throws {
    let folder = try TemporaryFolder()
    let (archive, routes) = try writeCapture(in: folder)
    let output = folder.path + "/Recorded"
    try folder.write(
      RecordingCapture.booking, to: "Recorded/Booking/api-bookings-x-000000000000.json")
    let run = record([output, "--routes", routes, archive])
    #expect(run.status == 0)
    #expect(run.outputLines.first?.hasSuffix("; 1 in the folder not from this run") == true)
    #expect(run.outputLines.last == "not from this run: Booking/api-bookings-x-000000000000.json")
    let shard = record([output, "--shard", "1/2", "--routes", routes, archive])
    #expect(!shard.output.contains("not from this run"))
  }
}
