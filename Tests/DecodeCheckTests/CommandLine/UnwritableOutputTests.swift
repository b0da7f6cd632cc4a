import Foundation
import Testing

@testable import DecodeCheck

/// A file the command is asked to write: how to ask, and what it says when it cannot.
struct OutputFile: CustomTestStringConvertible, Sendable {
  var name: String
  /// The arguments and environment that send output to `path`.
  var request: @Sendable (_ path: String) -> (arguments: [String], environment: [String: String])
  /// The one line for `path` in a folder that does not exist, and for `path` being a folder.
  var inMissingFolder: @Sendable (_ path: String) -> String
  var onAFolder: @Sendable (_ path: String) -> String

  var testDescription: String { name }

  static let all: [OutputFile] = [
    OutputFile(
      name: "--summary",
      request: { (["--summary", $0], [:]) },
      inMissingFolder: { "cannot write the summary to `\($0)`: no such file or directory" },
      onAFolder: { "cannot write the summary to `\($0)`: is a directory" }),
    OutputFile(
      name: "GITHUB_STEP_SUMMARY",
      request: { (["--format", "github"], ["GITHUB_STEP_SUMMARY": $0]) },
      inMissingFolder: { "cannot write the summary to `\($0)`: no such file or directory" },
      onAFolder: { "cannot write the summary to `\($0)`: is a directory" }),
    OutputFile(
      name: "--write-baseline",
      request: { (["--write-baseline", $0], [:]) },
      inMissingFolder: { "cannot write the baseline `\($0)`: no such folder" },
      onAFolder: { "cannot write the baseline `\($0)`: it is a folder" }),
  ]
}

@Suite struct UnwritableOutputTests {
  /// Checked before the run starts: one line naming the file, exit 2, no report.
  @Test(arguments: OutputFile.all)
  func anOutputThatCannotBeWrittenIsOneLineAndExitTwo(_ output: OutputFile) throws {
    let folder = try TemporaryFolder()
    let payload = try folder.write(Payloads.cleanBooking, to: "Booking/v1.json")
    for (path, line) in [
      (folder.path + "/missing/out.md", output.inMissingFolder(folder.path + "/missing/out.md")),
      (folder.path, output.onAFolder(folder.path)),
    ] {
      let (arguments, environment) = output.request(path)
      let run = runCommand(arguments + [payload], environment: environment)
      #expect(run.status == 2)
      #expect(run.output.isEmpty)
      #expect(run.errors == "decode-check: \(line)\n")
    }
  }
}
