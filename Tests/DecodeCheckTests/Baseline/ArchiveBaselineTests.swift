import Foundation
import Testing

@testable import DecodeCheck

/// Issue 21, item 5: findings in HAR archives are baselined by the archive and the request's
/// method and URL path, and "no longer found" judges only what the run checked.
@Suite struct ArchiveBaselineTests {
  private let host = Archives.host

  /// A folder of bookings with findings, and an archive beside them holding a booking with
  /// unknown values (entry 2, with a query) and one that fails (entry 3).
  private func folderWithAnArchive() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write(Payloads.bookingWithUnknownValues, to: "Booking/v2.json")
    try folder.write(Payloads.cleanBooking, to: "Booking/v1.json")
    try folder.write(try capture(), to: "Traffic/capture.har")
    try folder.write(Archives.routes, to: "Traffic/routes.json")
    return folder
  }

  /// Writes a baseline of `folder` (or of its subfolder `checking`) with the routes, as a run
  /// in `folder` names it; returns its path.
  private func writeBaseline(in folder: TemporaryFolder, checking subfolder: String? = nil) throws
    -> String
  {
    let baseline = folder.path + "/baseline.json"
    let run = runCommand(
      [
        "--routes", routes(folder), "--write-baseline", baseline,
        folder.path + (subfolder.map { "/" + $0 } ?? ""),
      ], workingDirectory: folder.path)
    #expect(run.errors.isEmpty)
    return baseline
  }

  /// The routes file of ``folderWithAnArchive()``.
  private func routes(_ folder: TemporaryFolder) -> String {
    folder.path + "/Traffic/routes.json"
  }

  /// The capture, or with `reexported` the same requests exported again: other entries
  /// before them, other query strings.
  private func capture(reexported: Bool = false) throws -> Data {
    let query = reexported ? "?expand=guests&v=9" : "?v=1"
    var entries = [
      Archives.entry(host + "/api/listings", text: Payloads.cleanListingPage),
      Archives.entry(host + "/api/bookings/b-2" + query, text: Payloads.bookingWithUnknownValues),
      Archives.entry(host + "/api/bookings/b-3", text: Payloads.bookingMissingGuestName),
    ]
    if reexported {
      entries.insert(Archives.entry(host + "/logo.png", mimeType: "image/png", text: "PNG"), at: 0)
      entries.insert(Archives.entry(host + "/api/listings", text: Payloads.cleanListingPage), at: 0)
      entries.swapAt(3, 4)
    }
    return try Archives.archive(entries)
  }

  @Test func archiveEntriesAreKeyedByArchiveMethodAndPath() throws {
    let folder = try folderWithAnArchive()
    let baseline = try writeBaseline(in: folder)
    let written = try Baseline(contentsOfFile: baseline)
    let archived = written.entries.filter { $0.request != nil }
    #expect(
      archived.map { "\($0.file ?? "") \($0.request ?? "") \($0.path ?? "") \($0.value)" } == [
        "Traffic/capture.har GET */api/bookings/* $.guests[1] missing required key `name`",
        "Traffic/capture.har GET */api/bookings/* $.state checked_in",
        "Traffic/capture.har GET */api/bookings/* $.total.currency CHF",
      ])
  }

  /// Before issue 40 a baseline named a request by its concrete path (`GET /api/bookings/b-2`),
  /// which carries ids and user names; it now names the route's pattern. A baseline written
  /// the old way still accepts every finding, and one that is gone is still listed.
  @Test func aBaselineNamingConcretePathsStillAccepts() throws {
    let folder = try folderWithAnArchive()
    let baseline = try writeBaseline(in: folder, checking: "Traffic")
    var text = try String(contentsOfFile: baseline, encoding: .utf8)
    let written = text
    for (value, path) in [
      ("checked_in", "b-2"), ("CHF", "b-2"), ("missing required key `name`", "b-3"),
    ] {
      // Each entry's request, as decode-check wrote it before.
      let entry = try #require(text.range(of: "\"value\" : \"\(value)\""))
      let request = try #require(
        text.range(
          of: "\"GET */api/bookings/*\"", options: .backwards,
          range: text.startIndex..<entry.lowerBound))
      text.replaceSubrange(request, with: "\"GET /api/bookings/\(path)\"")
    }
    #expect(text != written)
    #expect(!text.contains("*/api/bookings"))
    try text.write(toFile: baseline, atomically: true, encoding: .utf8)
    let run = runCommand(
      [
        "--routes", routes(folder), "--baseline", baseline, "--strict-baseline",
        folder.path + "/Traffic",
      ],
      workingDirectory: folder.path)
    #expect(run.status == 0, "\(run.output)")
    #expect(
      run.outputLines.last?.hasSuffix("3 findings accepted, 0 entries no longer found") == true)
    // A finding gone from its request is listed, as before.
    let fixedBooking = Payloads.bookingWithUnknownValues.replacing("\"CHF\"", with: "\"EUR\"")
    try folder.write(
      try Archives.archive([
        Archives.entry(host + "/api/bookings/b-2", text: fixedBooking),
        Archives.entry(host + "/api/bookings/b-3", text: Payloads.bookingMissingGuestName),
      ]),
      to: "Traffic/capture.har")
    let fixed = runCommand(
      ["--routes", routes(folder), "--baseline", baseline, folder.path + "/Traffic"],
      workingDirectory: folder.path)
    #expect(
      fixed.outputLines.first
        == "Traffic/capture.har GET /api/bookings/b-2: note: $.total.currency: no longer found; "
        + "remove it from the baseline: unknown value \"CHF\"")
  }

  /// On `main` before the fix, every archive entry was "no longer found" here, and the run
  /// failed under `--strict-baseline`.
  @Test func aRunWithoutTheArchiveLeavesItsEntriesAlone() throws {
    let folder = try folderWithAnArchive()
    let baseline = try writeBaseline(in: folder)
    let run = runCommand(
      ["--baseline", baseline, "--strict-baseline", folder.path + "/Booking"],
      workingDirectory: folder.path)
    #expect(run.status == 0)
    #expect(
      run.outputLines == [
        "2 files checked: 1 decoded cleanly, 0 with unknown values (0 values), 0 failed, "
          + "1 with only baselined findings; baseline: 2 findings accepted, 0 entries no longer found"
      ])
  }

  /// On `main` before the fix, the entry numbers and query strings made every finding new.
  @Test func aCaptureExportedAgainKeepsItsEntries() throws {
    let folder = try folderWithAnArchive()
    let baseline = try writeBaseline(in: folder, checking: "Traffic")
    try folder.write(try capture(reexported: true), to: "Traffic/capture.har")
    let run = runCommand(
      [
        "--routes", routes(folder), "--baseline", baseline, "--strict-baseline",
        folder.path + "/Traffic",
      ],
      workingDirectory: folder.path)
    #expect(run.status == 0, "\(run.output)")
    #expect(
      run.outputLines.last?.hasSuffix("3 findings accepted, 0 entries no longer found") == true)
  }

  /// A finding that is gone from a request the run did check is listed, naming the archive
  /// and the request.
  @Test func aFindingGoneFromACheckedArchiveIsListedWithItsRequest() throws {
    let folder = try folderWithAnArchive()
    let baseline = try writeBaseline(in: folder, checking: "Traffic")
    let fixedBooking = Payloads.bookingWithUnknownValues.replacing("\"CHF\"", with: "\"EUR\"")
    try folder.write(
      try Archives.archive([Archives.entry(host + "/api/bookings/b-2", text: fixedBooking)]),
      to: "Traffic/capture.har")
    let run = runCommand(
      ["--routes", routes(folder), "--baseline", baseline, folder.path + "/Traffic"],
      workingDirectory: folder.path)
    #expect(
      run.outputLines.dropLast() == [
        "Traffic/capture.har GET */api/bookings/*: note: $.guests[1]: no longer found; "
          + "remove it from the baseline: decoding failure \"missing required key `name`\"",
        "Traffic/capture.har GET */api/bookings/*: note: $.total.currency: no longer found; "
          + "remove it from the baseline: unknown value \"CHF\"",
      ])
    let github = runCommand(
      [
        "--routes", routes(folder), "--baseline", baseline, "--strict-baseline",
        "--format", "github", folder.path + "/Traffic",
      ], workingDirectory: folder.path)
    #expect(github.status == 1)
    #expect(
      github.outputLines.first
        == "::error file=Traffic/capture.har,title=decode-check%3A baseline entry no longer "
        + "found::GET */api/bookings/*: $.guests[1]: no longer found; remove it from the "
        + "baseline: decoding failure \"missing required key `name`\"")
  }

  /// A file gone from a folder the run searched is judged; one gone from a folder the run
  /// did not search is not.
  @Test func aDeletedFileIsJudgedOnlyByARunThatSearchedItsFolder() throws {
    let folder = try folderWithAnArchive()
    try folder.write(Payloads.bookingMissingGuestName, to: "Other/Booking/v3.json")
    let baseline = try writeBaseline(in: folder)
    try FileManager.default.removeItem(atPath: folder.path + "/Other/Booking/v3.json")
    try FileManager.default.removeItem(atPath: folder.path + "/Traffic/capture.har")
    let elsewhere = runCommand(
      ["--baseline", baseline, "--strict-baseline", folder.path + "/Booking"],
      workingDirectory: folder.path)
    #expect(elsewhere.status == 0)
    let searched = runCommand(
      ["--baseline", baseline, "--format", "json", folder.path], workingDirectory: folder.path)
    let document = try jsonObject(searched.output)
    let comparison = try #require(document["baseline"] as? [String: Any])
    let fixed = try #require(comparison["fixed"] as? [[String: Any]])
    #expect(
      fixed.map { "\($0["file"] as? String ?? "") \($0["request"] as? String ?? "-")" } == [
        "Other/Booking/v3.json -",
        "Traffic/capture.har GET */api/bookings/*",
        "Traffic/capture.har GET */api/bookings/*",
        "Traffic/capture.har GET */api/bookings/*",
      ])
  }
}
