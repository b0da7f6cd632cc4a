import Foundation
import Testing

@testable import DecodeCheck

/// A typed body that is not valid JSON (issue 40): named, failing the run as a check fails on
/// it, and written when its fixture can say what a check says of it.
@Suite struct RecordInvalidBodyTests {
  private func record(_ arguments: [String]) -> CommandRun {
    runCommand(["--record"] + arguments, registry: RecordingCapture.registry)
  }

  private func check(_ path: String) -> CommandRun {
    runCommand([path], registry: RecordingCapture.registry)
  }

  /// Every file under `folder`, by its path inside it.
  private func files(in folder: String) -> [String: Data] {
    var files: [String: Data] = [:]
    for name in FixtureFolder(path: folder).fixtureNames() {
      files[name] = FileManager.default.contents(atPath: folder + "/" + name)
    }
    return files
  }

  @Test func aBodyCutOffIsNamedAndFailsTheRun() throws {
    let folder = try TemporaryFolder()
    let cut = String(RecordingCapture.booking.prefix(120))
    let archive = try folder.write(
      try Archives.archive([
        RecordingCapture.entry("/api/bookings/HB-77120", text: cut),
        RecordingCapture.entry("/api/bookings/HB-77121", text: RecordingCapture.booking),
      ]), to: "capture/capture.har")
    let routes = try folder.write(RecordingCapture.routes, to: "routes.json")
    let run = record([folder.path + "/Redacted", "--routes", routes, archive])
    #expect(run.status == 1)
    #expect(run.outputLines.first?.hasSuffix("; 1 not valid JSON") == true)
    let line = try #require(run.outputLines.first { $0.hasPrefix("not valid JSON: ") })
    #expect(line.hasPrefix("not valid JSON: \(archive)#1 GET */api/bookings/*: not valid JSON: "))
    #expect(line.contains("(at 2:"))
    #expect(
      line.hasSuffix(
        "; not written: a body that is not JSON cannot be redacted; record "
          + "it with --no-redact if it may be committed as it is"))
    #expect(!run.output.contains("HB-77120") && !run.output.contains("Ines"))
    #expect(files(in: folder.path + "/Redacted").count == 1)
    // Kept as it is, it fails a check as the capture did.
    let kept = record([folder.path + "/Kept", "--no-redact", "--routes", routes, archive])
    #expect(kept.status == 1)
    #expect(kept.output.contains("; recorded as it is"))
    let written = files(in: folder.path + "/Kept")
    #expect(written.values.contains(Data(cut.utf8)))
    #expect(check(folder.path + "/Kept").status == 1)
  }

  /// A trailing comma, which `JSONDecoder` reads and a check warns of, stays in the fixture:
  /// written clean, the warning disappeared.
  @Test func aTrailingCommaStaysInTheFixture() throws {
    let folder = try TemporaryFolder()
    let body = RecordingCapture.booking.replacingOccurrences(
      of: #""currency": "EUR"}"#, with: #""currency": "EUR",}"#)
    let input = try folder.write(body, to: "captures/Booking/trailing.json")
    let captured = check(input)
    #expect(captured.output.contains("a comma before `}`; JSON allows no trailing comma"))
    let output = folder.path + "/Recorded"
    let run = record([output, folder.path + "/captures"])
    #expect(run.status == 1)
    #expect(
      run.outputLines.contains {
        $0.hasPrefix("not valid JSON: \(input): a comma before `}`")
          && $0.hasSuffix("; recorded as it is")
      })
    let written = files(in: output)
    #expect(written.count == 1)
    let text = String(decoding: try #require(written.values.first), as: UTF8.self)
    #expect(text.contains(#""currency": "EUR","#))
    #expect(!text.contains("Ines") && !text.contains("412.5"))
    let again = check(output)
    #expect(again.output.contains("a comma before `}`; JSON allows no trailing comma"))
    #expect(again.outputLines.last == captured.outputLines.last)
  }

  /// UTF-16, which `JSONDecoder` reads and a check warns of, is recorded in UTF-16.
  @Test(arguments: [true, false])
  func utf16IsRecordedInUTF16(withByteOrderMark: Bool) throws {
    let folder = try TemporaryFolder()
    let utf16 = PayloadText.Encoding.utf16LittleEndian.encode(
      Data(RecordingCapture.booking.utf8), withByteOrderMark: withByteOrderMark)
    let input = try folder.write(utf16, to: "captures/Booking/utf16.json")
    let captured = check(input)
    #expect(captured.output.contains("the payload is UTF-16 (little-endian"))
    let output = folder.path + "/Recorded"
    let run = record([output, folder.path + "/captures"])
    #expect(run.status == 1)
    #expect(run.output.contains("not valid JSON: \(input): the payload is UTF-16 (little-endian"))
    let data = try #require(files(in: output).values.first)
    #expect(data.starts(with: [0xFF, 0xFE]) == withByteOrderMark)
    let text = try #require(String(data: data, encoding: .utf16LittleEndian))
    #expect(text.contains(#""state": "confirmed""#))
    #expect(!text.contains("Ines") && !text.contains("HB-77120"))
    let again = check(output)
    #expect(again.output.contains("the payload is UTF-16 (little-endian"))
    #expect(again.outputLines.last == captured.outputLines.last)
  }
}
