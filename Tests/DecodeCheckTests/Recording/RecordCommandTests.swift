import CodableResilienceTesting
import Foundation
import Testing

@testable import DecodeCheck

/// `decode-check --record`: a capture full of personal values and secrets becomes a folder of
/// fixtures that holds none of them and decodes as the capture did.
@Suite struct RecordCommandTests {
  /// Writes the capture and its routes; returns their paths.
  private func writeCapture(
    _ entries: [[String: Any]] = RecordingCapture.entries, in folder: TemporaryFolder
  ) throws -> (archive: String, routes: String) {
    (
      try folder.write(try Archives.archive(entries), to: "capture/capture.har"),
      try folder.write(RecordingCapture.routes, to: "routes.json")
    )
  }

  private func record(_ arguments: [String]) -> CommandRun {
    runCommand(["--record"] + arguments, registry: RecordingCapture.registry)
  }

  /// Every file under `folder`, by its path inside it, but the list of keys kept as names.
  private func files(in folder: String) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: folder)
    while let name = enumerator?.nextObject() as? String, name != FixtureRecorder.keptKeysFile {
      var isFolder: ObjCBool = false
      let path = folder + "/" + name
      if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
        files[name] = try Data(contentsOf: URL(fileURLWithPath: path))
      }
    }
    return files
  }

  @Test func noPlantedSecretIsWritten() throws {
    let folder = try TemporaryFolder()
    let (archive, routes) = try writeCapture(in: folder)
    let output = folder.path + "/Recorded"
    let run = record([output, "--routes", routes, archive])
    #expect(run.status == 0, "\(run.output)\(run.errors)")
    // The profile that fails on its role has keys no decode reaches: those that look like
    // field names are kept, and listed for review.
    #expect(
      run.outputLines.first
        == "4 payloads read: 3 fixtures written, 1 duplicate, 0 already there; 25 strings "
        + "replaced; 7 keys kept as field names, listed in kept-keys.txt")
    let keptKeys = try String(
      contentsOfFile: output + "/" + FixtureRecorder.keptKeysFile, encoding: .utf8)
    #expect(keptKeys.hasPrefix("# Keys decode-check --record kept"))
    for secret in RecordingCapture.secrets {
      #expect(!keptKeys.contains(secret), "\(secret) was listed")
    }
    #expect(keptKeys.contains("\t$.nickname\n"))
    #expect(!keptKeys.contains("@"))
    #expect(run.outputLines.dropFirst().first == "5 HAR entries read; skipped: 1 not JSON")
    let written = try files(in: output)
    #expect(written.count == 3)
    let text = written.values.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
    for secret in RecordingCapture.secrets {
      #expect(!text.contains(secret), "\(secret) was written")
    }
    // What the models depend on stays: the keys they read, enum values, a union's tags.
    for kept in [
      #""roles_by_email""#, #""role": "owner""#, #""role": "superuser""#, #""state": "confirmed""#,
      #""type": "message""#, #""currency": "EUR""#, #""owner": 1"#, #""member": 1"#,
    ] {
      #expect(text.contains(kept), "\(kept) was not kept")
    }
    // Forms stay: a date is a date, a URL a URL, a UUID a UUID, an e-mail address one.
    for form in [
      #""joined": "2000-01-01T00:00:00Z""#, #""avatar": "https://example.com/redacted""#,
      #""id": "00000000-0000-0000-0000-000000000000""#, #""email": "redacted@example.com""#,
      #""visits": 1"#, #""rating": 0.5"#,
    ] {
      #expect(text.contains(form), "\(form) is not in the fixtures")
    }
    // Named by type, route and shape, never by the request's path.
    let names = written.keys.sorted()
    #expect(names.filter { $0.hasPrefix("Booking/api-bookings-x-") }.count == 1)
    #expect(names.filter { $0.hasPrefix("RecordedProfile/api-profiles-x-") }.count == 2)
    #expect(names.allSatisfy { $0.contains(/-[0-9a-f]{12}\.json$/) })
  }

  @Test func everyFixtureDecodesAsItsCapturedBody() throws {
    let folder = try TemporaryFolder()
    let (archive, routes) = try writeCapture(in: folder)
    let output = folder.path + "/Recorded"
    #expect(record([output, "--routes", routes, archive]).status == 0)
    // A plain check reads the folder back as the types it was captured as.
    let check = runCommand([output], registry: RecordingCapture.registry)
    #expect(check.status == 1)
    #expect(
      check.outputLines.last
        == "3 files checked: 2 decoded cleanly, 0 with unknown values (0 values), 1 failed")
    #expect(
      check.output.contains(
        #"error: $.role: unknown RecordedRole value "superuser", and RecordedRole cannot decode"#))
    // And the testing kit reads it as it is.
    #expect(try PayloadFixture.all(in: output + "/RecordedProfile").count == 2)
    #expect(try PayloadFixture.all(in: output + "/Booking").count == 1)
  }

  @Test func duplicatesAreWrittenOnceWhateverTheOrder() throws {
    let folder = try TemporaryFolder()
    let routes = try folder.write(RecordingCapture.routes, to: "routes.json")
    let forward = try folder.write(
      try Archives.archive(RecordingCapture.entries), to: "forward/capture.har")
    let backward = try folder.write(
      try Archives.archive(RecordingCapture.entries.reversed()), to: "backward/capture.har")
    #expect(record([folder.path + "/A", "--routes", routes, forward]).status == 0)
    #expect(record([folder.path + "/B", "--routes", routes, backward]).status == 0)
    let first = try files(in: folder.path + "/A")
    #expect(first.count == 3)
    #expect(first == (try files(in: folder.path + "/B")))
  }

  /// More payloads than one batch: batches are recorded while the archive is still being read,
  /// and only one fixture of each shape is kept, however many payloads have it.
  @Test func anArchiveLargerThanABatchIsRecordedAsItsShapes() throws {
    let folder = try TemporaryFolder()
    let count = FixtureRecorder.batchPayloads + 6
    let entries = (0..<count).map { index in
      RecordingCapture.entry(
        "/api/profiles/user\(index)",
        text: RecordingCapture.profile(email: "user\(index)@example.org"))
    }
    let (archive, routes) = try writeCapture(entries, in: folder)
    let output = folder.path + "/Recorded"
    let run = record([output, "--routes", routes, archive])
    #expect(run.status == 0, "\(run.output)\(run.errors)")
    #expect(
      run.outputLines.first
        == "\(count) payloads read: 1 fixture written, \(count - 1) duplicates, 0 already there; "
        + "7 strings replaced")
    #expect(run.outputLines.dropFirst().first == "\(count) HAR entries read")
    #expect(try files(in: output).count == 1)
  }

  @Test func aSecondRunWritesNothingAndOverwritesNothing() throws {
    let folder = try TemporaryFolder()
    let (archive, routes) = try writeCapture(in: folder)
    let output = folder.path + "/Recorded"
    #expect(record([output, "--routes", routes, archive]).status == 0)
    var before = try files(in: output)
    // A fixture the user edited is left as it is.
    let edited = try #require(before.keys.sorted().first)
    try folder.write("{\"edited\": true}\n", to: "Recorded/" + edited)
    before[edited] = Data("{\"edited\": true}\n".utf8)
    let again = record([output, "--routes", routes, archive])
    #expect(again.status == 0)
    #expect(
      again.outputLines.first
        == "4 payloads read: 0 fixtures written, 1 duplicate, 3 already there; 0 strings replaced")
    #expect(try files(in: output) == before)
  }

  @Test func noRedactWritesBodiesAsCapturedButNothingElse() throws {
    let folder = try TemporaryFolder()
    let (archive, routes) = try writeCapture(in: folder)
    let output = folder.path + "/Recorded"
    let run = record([output, "--no-redact", "--routes", routes, archive])
    #expect(run.status == 0)
    let written = try files(in: output)
    #expect(written.count == 3)
    let text = written.values.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
    #expect(text.contains("ines.moreau@example.org"))
    #expect(written.values.contains(Data(RecordingCapture.booking.utf8)))
    for secret in ["SECRET-QUERY-TOKEN", "SECRET-HEADER-TOKEN", "SECRET-COOKIE", "SECRET-SET"] {
      #expect(!text.contains(secret))
    }
    // The same shapes, so the same names as a redacted run.
    let redacted = folder.path + "/Redacted"
    #expect(record([redacted, "--routes", routes, archive]).status == 0)
    #expect(Set(written.keys) == Set(try files(in: redacted).keys))
  }

  @Test func aTerminalSeesHowManyPayloadsWereRecorded() throws {
    let folder = try TemporaryFolder()
    let (archive, routes) = try writeCapture(in: folder)
    let run = runCommand(
      ["--record", folder.path + "/Recorded", "--routes", routes, archive],
      registry: RecordingCapture.registry, errorIsTerminal: true, progressSilence: 0)
    #expect(run.status == 0)
    // How far through the inputs the run is, by their sizes: the capture's few kilobytes.
    #expect(
      run.errors.contains(/^\r\u{1B}\[2Kdecode-check: recorded 1 payload, \d+ of \d+ kB read \(/))
    #expect(run.errors.hasSuffix("\r\u{1B}[2K"))
    #expect(run.output.hasPrefix("4 payloads read: 3 fixtures written"))
    #expect(
      RecordingProgress.line(name: "decode-check", recorded: 1200, elapsed: 2_000_000_000)
        == "decode-check: recorded 1200 payloads (600 payloads/s)")
    #expect(
      RecordingProgress.line(
        name: "decode-check", recorded: 1200, bytesRead: 37_400_000, totalBytes: 104_858_269,
        elapsed: 2_000_000_000)
        == "decode-check: recorded 1200 payloads, 37 of 104 MB read (600 payloads/s)")
    #expect(
      RecordingProgress.line(
        name: "decode-check", recorded: 3, bytesRead: 1_250_000, totalBytes: 2_097_245,
        elapsed: 1_000_000_000)
        == "decode-check: recorded 3 payloads, 1.2 of 2.0 MB read (3 payloads/s)")
    // Never past the end, though the reader's count runs ahead of the payloads recorded.
    #expect(
      RecordingProgress.line(
        name: "decode-check", recorded: 1, bytesRead: 9_000, totalBytes: 4_321, elapsed: 1
      )
      .hasPrefix("decode-check: recorded 1 payload, 4 of 4 kB read ("))
  }

  @Test func shardsRecordTheWholeRunBetweenThem() throws {
    let folder = try TemporaryFolder()
    let (archive, routes) = try writeCapture(in: folder)
    try folder.write(RecordingCapture.booking, to: "files/Booking/one.json")
    try folder.write(RecordingCapture.profile(role: "member"), to: "files/RecordedProfile/two.json")
    let inputs = ["--routes", routes, archive, folder.path + "/files"]
    #expect(record([folder.path + "/Whole"] + inputs).status == 0)
    let whole = try files(in: folder.path + "/Whole")
    var names: Set<String> = []
    var payloads = 0
    for index in 1...3 {
      let run = record([folder.path + "/Shard\(index)", "--shard", "\(index)/3"] + inputs)
      #expect(run.status == 0)
      let count = try #require(run.outputLines.first?.firstMatch(of: /^(\d+) payloads? read/))
      payloads += Int(count.output.1) ?? 0
      names.formUnion(try files(in: folder.path + "/Shard\(index)").keys)
    }
    #expect(payloads == 6)
    #expect(names == Set(whole.keys))
  }

  @Test func filesAreRecordedUnderTheTypeTheirFolderNames() throws {
    let folder = try TemporaryFolder()
    try folder.write(RecordingCapture.booking, to: "captures/Booking/ines-moreau.json")
    let output = folder.path + "/Recorded"
    let run = record([output, folder.path + "/captures"])
    #expect(run.status == 0)
    let written = try files(in: output)
    let name = try #require(written.keys.first)
    #expect(name.hasPrefix("Booking/Booking-"))
    #expect(!name.contains("ines"))
  }

  @Test func anOutputInsideAnInputIsAUsageErrorAndWritesNothing() throws {
    let folder = try TemporaryFolder()
    try folder.write(RecordingCapture.booking, to: "captures/Booking/one.json")
    let output = folder.path + "/captures/Recorded"
    let run = record([output, folder.path + "/captures"])
    #expect(run.status == 2)
    #expect(
      run.errors.hasPrefix(
        "decode-check: the output folder `\(output)` is inside the input folder "
          + "`\(folder.path)/captures`"))
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test func aMissingInputIsAUsageErrorAndWritesNothing() throws {
    let folder = try TemporaryFolder()
    let present = try folder.write(RecordingCapture.booking, to: "Booking/one.json")
    let output = folder.path + "/Recorded"
    let run = record([output, present, folder.path + "/missing.har"])
    #expect(run.status == 2)
    #expect(run.errors.contains("no such file or folder: `\(folder.path)/missing.har`"))
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test(arguments: [
    (
      ["--no-redact", "x.json"],
      "`--no-redact` keeps captured values in what --record FOLDER writes"
    ),
    (
      ["--record", "out", "--audit", "x.json"],
      "`--audit` cannot be used with --record, which writes fixtures"
    ),
    (["--record"], "`--record` needs a value: the folder to write fixtures to"),
  ])
  func optionsThatDoNotGoWithRecordAreUsageErrors(arguments: [String], message: String) {
    let run = runCommand(arguments, registry: RecordingCapture.registry)
    #expect(run.status == 2)
    #expect(run.errors.hasPrefix("decode-check: \(message)\n"))
  }
}
