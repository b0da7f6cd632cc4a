import Foundation
import SampleAPI
import Testing

@testable import DecodeCheck

/// `decode-check` on HAR archives, through the command and `PayloadChecker`, as users run it.
@Suite struct HARArchiveTests {
  private let host = Archives.host

  /// Writes an archive and the sample routes; returns their paths.
  private func write(_ entries: [[String: Any]], in folder: TemporaryFolder) throws
    -> (archive: String, routes: String)
  {
    (
      try folder.write(try Archives.archive(entries), to: "capture.har"),
      try folder.write(Archives.routes, to: "routes.json")
    )
  }

  /// The line the same body gets when it is checked as a file, with the file's name replaced
  /// by the request: positions are the body's own, not the archive's.
  private func expectedLine(
    _ body: String, as type: any Decodable.Type, request: String
  ) throws -> String {
    let folder = try TemporaryFolder()
    let file = try folder.write(body, to: "body.json")
    let run = runCommand(["--type", "\(type)", file])
    let line = try #require(run.outputLines.first)
    let position = try #require(line.firstMatch(of: #/^.*body\.json:(\d+):(\d+): /#))
    return request + " (body \(position.output.1):\(position.output.2)): "
      + line.dropFirst(position.output.0.count)
  }

  @Test func findingsNameTheRequestAndThePlaceInTheBody() throws {
    let folder = try TemporaryFolder()
    let (archive, routes) = try write(
      [
        Archives.entry(host + "/api/listings?page=1", text: Payloads.cleanListingPage),
        Archives.entry(host + "/api/bookings/b-2", text: Payloads.bookingWithUnknownValues),
        Archives.entry(host + "/api/bookings/b-3", text: Payloads.bookingMissingGuestName),
      ], in: folder)
    let run = runCommand(["--routes", routes, archive])
    #expect(run.status == 1)
    let unknown = try expectedLine(
      Payloads.bookingWithUnknownValues, as: Booking.self,
      request: archive + "#2 GET */api/bookings/*")
    let missing = try expectedLine(
      Payloads.bookingMissingGuestName, as: Booking.self,
      request: archive + "#3 GET */api/bookings/*")
    #expect(run.outputLines.first == unknown)
    #expect(unknown.contains("(body 4:12): warning: $.state: unknown BookingState"))
    #expect(run.outputLines.contains(missing))
    #expect(missing.contains("(body 6:49): error: $.guests[1]: missing required key `name`"))
    #expect(
      run.outputLines.last
        == "3 files checked: 1 decoded cleanly, 1 with unknown values (2 values), 1 failed; "
        + "3 HAR entries: 3 checked")
  }

  @Test func base64BodiesAreDecoded() throws {
    let folder = try TemporaryFolder()
    let body = Data(Payloads.bookingWithUnknownValues.utf8).base64EncodedString()
    let (archive, routes) = try write(
      [Archives.entry(host + "/api/bookings/b-2", text: body, encoding: "base64")], in: folder)
    let run = runCommand(["--routes", routes, archive])
    #expect(run.status == 0)
    #expect(
      run.outputLines.first
        == (try expectedLine(
          Payloads.bookingWithUnknownValues, as: Booking.self,
          request: archive + "#1 GET */api/bookings/*")))
  }

  /// No body, not JSON and error statuses are counted and skipped; a JSON type is known by
  /// its MIME type (`+json` too) or, without one, by its first character.
  @Test func skippedEntriesAreCounted() throws {
    let folder = try TemporaryFolder()
    let problem = #"{"title": "Not Found"}"#
    let (archive, routes) = try write(
      [
        Archives.entry(host + "/api/bookings/b-1", mimeType: nil, text: Payloads.cleanBooking),
        Archives.entry(
          host + "/api/bookings/b-2", mimeType: "application/vnd.hearth+json; charset=utf-8",
          text: Payloads.cleanBooking),
        Archives.entry(host + "/api/bookings/b-3", status: 204, mimeType: nil),
        Archives.entry(host + "/api/bookings/b-4", mimeType: "application/json", text: ""),
        Archives.entry(
          host + "/logo.png", mimeType: "image/png", text: "iVBORw0KGgo=", encoding: "base64"),
        Archives.entry(host + "/api/bookings/b-5", mimeType: nil, text: "plain words"),
        Archives.entry(
          host + "/api/bookings/b-6", mimeType: "text/html", text: Payloads.cleanBooking),
        Archives.entry(host + "/api/bookings/b-7", status: 404, text: problem),
        Archives.entry(host + "/api/unrouted", text: "{}"),
      ], in: folder)
    let run = runCommand(["--routes", routes, archive])
    #expect(run.status == 0)
    #expect(
      run.output
        == "2 files checked: 2 decoded cleanly, 0 with unknown values (0 values), 0 failed; "
        + "9 HAR entries: 2 checked, 2 no body, 3 not JSON, 1 error status, 1 no route\n")

    // With --include-errors the 404 is checked as its route's type, and fails.
    let errors = runCommand(["--routes", routes, "--include-errors", archive])
    #expect(errors.status == 1)
    #expect(
      errors.outputLines.first
        == archive
        + "#8 GET */api/bookings/* (body 1:1): error: $: missing required key `id` [decoding-failure]"
    )
    #expect(
      errors.outputLines.last?.hasSuffix(
        "9 HAR entries: 3 checked, 2 no body, 3 not JSON, 1 no route") == true)
  }

  @Test func requireRoutesFailsUnroutedResponses() throws {
    let folder = try TemporaryFolder()
    let (archive, routes) = try write(
      [
        Archives.entry(host + "/api/unrouted?x=1", method: "POST", text: "{}"),
        Archives.entry(host + "/logo.png", mimeType: "image/png", text: "iVBORw0KGgo="),
      ], in: folder)
    let lenient = runCommand(["--routes", routes, archive])
    #expect(lenient.status == 0)
    let strict = runCommand(["--routes", routes, "--require-routes", archive])
    #expect(strict.status == 1)
    #expect(
      strict.outputLines == [
        archive + "#1 POST /api/unrouted: error: no route gives this response a type "
          + "(--require-routes); add one for `/api/unrouted` to the routes file [no-route]",
        "1 file checked (0 payloads): 0 decoded cleanly, 0 with unknown values (0 values), "
          + "1 failed; 2 HAR entries: 0 checked, 1 not JSON, 1 no route",
      ])
  }

  /// Without routes, `--type` gives every JSON response its type.
  @Test func typeAppliesToEveryResponseWithoutRoutes() throws {
    let folder = try TemporaryFolder()
    let archive = try folder.write(
      try Archives.archive([Archives.entry(host + "/x", text: Payloads.bookingWithUnknownValues)]),
      to: "capture.har")
    let run = runCommand(["--type", "Booking", archive])
    #expect(run.outputLines.first?.hasPrefix(archive + "#1 GET /x (body 4:12): warning:") == true)
  }

  @Test func invalidBase64FailsItsEntryAndTheRestIsChecked() throws {
    let folder = try TemporaryFolder()
    let (archive, routes) = try write(
      [
        Archives.entry(host + "/api/bookings/b-1", text: "not base64 at all!", encoding: "base64"),
        Archives.entry(host + "/api/bookings/b-2", text: Payloads.bookingWithUnknownValues),
      ], in: folder)
    let run = runCommand(["--routes", routes, archive])
    #expect(run.status == 1)
    #expect(
      run.outputLines.first
        == archive + "#1 GET */api/bookings/*: error: the response body is marked base64 but "
        + "is not valid base64 [invalid-json]")
    #expect(
      run.outputLines[1].hasPrefix(archive + "#2 GET */api/bookings/* (body 4:12): warning:"))
  }

  /// Bad archives: one clear line each, exit 1; a missing one stays exit 2.
  @Test(arguments: [
    (
      "<!doctype html><p>Bad gateway</p>",
      ":1:1: error: not valid JSON: a HAR archive starts with `{`, not `<` [invalid-json]"
    ),
    (
      #"{"log": {"pages": []}}"#,
      ": error: not a HAR archive: no `log.entries` array [invalid-json]"
    ),
    (
      "[]",
      ":1:1: error: not a HAR archive: it is a JSON array, not an object holding `log.entries` [invalid-json]"
    ),
  ])
  func badArchivesGetOneLine(_ text: String, _ line: String) throws {
    let folder = try TemporaryFolder()
    let archive = try folder.write(text, to: "capture.har")
    let routes = try folder.write(Archives.routes, to: "routes.json")
    let run = runCommand(["--routes", routes, archive])
    #expect(run.status == 1)
    #expect(run.outputLines.first == archive + line)
    #expect(run.outputLines.count == 2)
  }

  /// `"status": 0200` is not a number JSON allows: the archive fails at the status's line and
  /// column, and the body is not checked as a response of status 200.
  @Test func aStatusWithALeadingZeroFailsTheArchiveAtItsPlace() throws {
    let folder = try TemporaryFolder()
    let whole = try Archives.archive([
      Archives.entry(host + "/api/bookings/b-2", text: Payloads.bookingWithUnknownValues)
    ])
    let text = String(decoding: whole, as: UTF8.self).replacing(/"status" ?: ?200/) {
      $0.output.replacing("200", with: "0200")
    }
    let position = try #require(Specs.position(of: "0200", in: text))
    let archive = try folder.write(text, to: "capture.har")
    let routes = try folder.write(Archives.routes, to: "routes.json")
    let run = runCommand(["--routes", routes, archive])
    #expect(run.status == 1)
    #expect(
      run.outputLines.first
        == "\(archive):\(position): error: not valid JSON: `0200` is not a number (no leading "
        + "zeros) [invalid-json]")
    #expect(!run.output.contains("warning:"))
  }

  @Test func aTruncatedArchiveReportsTheCutAndChecksWhatCameBefore() throws {
    let folder = try TemporaryFolder()
    let whole = try Archives.archive([
      Archives.entry(host + "/api/bookings/b-2", text: Payloads.bookingWithUnknownValues),
      Archives.entry(host + "/api/bookings/b-1", text: Payloads.cleanBooking),
    ])
    let archive = try folder.write(whole.prefix(whole.count - 200), to: "capture.har")
    let routes = try folder.write(Archives.routes, to: "routes.json")
    let cut =
      #/^.*capture\.har:\d+:\d+: error: not valid JSON: the archive ends early inside entry #2/#
    let entry = archive + "#1 GET */api/bookings/* (body 4:12): warning:"
    // Written as it is read: the entry before the cut, then the cut.
    let run = runCommand(["--routes", routes, archive])
    #expect(run.status == 1)
    #expect(run.outputLines.first?.hasPrefix(entry) == true)
    #expect(run.outputLines.contains { $0.firstMatch(of: cut) != nil })
    #expect(
      try #require(run.outputLines.firstIndex { $0.firstMatch(of: cut) != nil })
        > run.outputLines.lastIndex { $0.hasPrefix(entry) } ?? .max)
    // Held whole (here for the summary), the archive's own problem comes first.
    let held = runCommand(["--routes", routes, "--summary", folder.path + "/s.md", archive])
    #expect(held.status == 1)
    #expect(held.outputLines.first?.firstMatch(of: cut) != nil)
    #expect(held.outputLines[1].hasPrefix(entry))
  }

  @Test func aMissingArchiveIsExitTwo() throws {
    let folder = try TemporaryFolder()
    let routes = try folder.write(Archives.routes, to: "routes.json")
    let run = runCommand(["--routes", routes, folder.path + "/gone.har"])
    #expect(run.status == 2)
    #expect(
      run.outputLines.first == folder.path
        + "/gone.har: error: no such file or folder [input-error]")
  }

  /// A folder search finds archives; the routes file, and a routes.json beside an archive,
  /// are not payloads.
  @Test func foldersHoldArchives() throws {
    let folder = try TemporaryFolder()
    _ = try write(
      [Archives.entry(host + "/api/bookings/b-1", text: Payloads.cleanBooking)], in: folder)
    try folder.write(Archives.routes, to: "elsewhere/my-routes.json")
    let run = runCommand(["--routes", folder.path + "/elsewhere/my-routes.json", folder.path])
    #expect(run.status == 0)
    #expect(run.outputLines.last?.hasSuffix("1 HAR entry: 1 checked") == true)
    #expect(run.outputLines.last?.hasPrefix("1 file checked:") == true)
  }

  /// Every format names the request and places the finding in the body.
  @Test func everyFormatNamesTheRequest() throws {
    let folder = try TemporaryFolder()
    let (archive, routes) = try write(
      [Archives.entry(host + "/api/bookings/b-2?v=2", text: Payloads.bookingWithUnknownValues)],
      in: folder)
    let request = "#1 GET */api/bookings/*"
    func run(_ format: String) -> String {
      runCommand(["--routes", routes, "--format", format, archive], workingDirectory: folder.path)
        .output
    }
    let github = run("github")
    #expect(
      github.hasPrefix(
        "::warning file=\(GitHubFormat.escapeProperty(archive)),title=decode-check%3A unknown value::"
          + "\(request) (body 4:12): $.state: unknown BookingState"))

    let json = try jsonObject(run("json"))
    let file = try #require((json["files"] as? [[String: Any]])?.first)
    let finding = try #require((file["findings"] as? [[String: Any]])?.first)
    #expect(file["path"] as? String == archive + request)
    #expect((file["request"] as? [String: Any])?["entry"] as? Int == 1)
    // By the route's pattern: neither the concrete path nor the query reaches a report.
    #expect((file["request"] as? [String: Any])?["url"] as? String == "*/api/bookings/*")
    for format in ["github", "json", "sarif", "junit", "text"] {
      #expect(!run(format).contains("b-2"), "\(format)")
      #expect(!run(format).contains("v=2"), "\(format)")
    }
    // Unless asked, with --keep-query.
    let kept = runCommand(
      ["--routes", routes, "--keep-query", "--format", "json", archive],
      workingDirectory: folder.path)
    let keptFile = try #require((try jsonObject(kept.output)["files"] as? [[String: Any]])?.first)
    #expect(keptFile["path"] as? String == archive + "#1 GET /api/bookings/b-2?v=2")
    #expect(
      (keptFile["request"] as? [String: Any])?["url"] as? String
        == host + "/api/bookings/b-2?v=2")
    #expect(finding["line"] as? Int == 4)
    #expect(finding["column"] as? Int == 12)
    #expect((json["traffic"] as? [String: Int])?["checked"] == 1)

    let sarif = try jsonObject(run("sarif"))
    let result = try #require(
      ((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
    #expect(
      (result["message"] as? [String: Any])?["text"] as? String
        == "\(request) (body 4:12): $.state: unknown BookingState value \"checked_in\"; "
        + "known: requested, confirmed, cancelled, completed [unknown-value]")
    let location =
      (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
    #expect((location?["artifactLocation"] as? [String: Any])?["uri"] as? String == "capture.har")

    let junit = run("junit")
    #expect(junit.contains(#"name="\#(archive)\#(request)""#))
    #expect(junit.contains("\(archive)\(request) (body 4:12): warning: $.state"))

    let summaryPath = folder.path + "/summary.md"
    _ = runCommand(
      ["--routes", routes, "--summary", summaryPath, archive], workingDirectory: folder.path)
    let summary = try String(contentsOfFile: summaryPath, encoding: .utf8)
    #expect(summary.contains("| `capture.har\(request) (body 4:12)` `$.state` |"))
    #expect(summary.contains("| HAR entries checked | 1 |"))
  }

  /// A generated archive of 10,000 entries, read through the library: every entry counted,
  /// the planted unknown values found at the right entries, with few bodies held at once.
  @Test func tenThousandEntries() throws {
    let folder = try TemporaryFolder()
    var entries: [[String: Any]] = []
    for index in 1...10_000 {
      let body = index % 2_500 == 0 ? Payloads.bookingWithUnknownValues : Payloads.cleanBooking
      entries.append(Archives.entry(host + "/api/bookings/b-\(index)", text: body))
    }
    let archive = try folder.write(try Archives.archive(entries), to: "capture.har")
    var checker = PayloadChecker()
    checker.traffic.routes = try Routes(
      Data(Archives.routes.utf8), file: "routes.json", registry: sampleRegistry)
    let report = checker.check(paths: [archive], in: sampleRegistry, maximumConcurrency: 2)
    #expect(report.traffic.entries == 10_000)
    #expect(report.traffic.checked == 10_000)
    #expect(report.files.count == 10_000)
    #expect(report.files.map { $0.request?.entry } == Array(1...10_000))
    let withUnknown = report.files.filter { $0.unknownValueCount > 0 }.compactMap(\.request?.entry)
    #expect(withUnknown == [2_500, 5_000, 7_500, 10_000])
    #expect(report.exitStatus == 0)
  }
}
