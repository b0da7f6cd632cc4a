import Foundation
import SampleAPI

@testable import DecodeCheck

/// Text written to a ``TextStream`` from any thread, read back by a test.
final class CapturedText: @unchecked Sendable {
  // `@unchecked` because every access to `text` holds `lock`.
  private let lock = NSLock()
  private var captured = ""

  func append(_ text: String) {
    lock.withLock { captured += text }
  }

  var text: String {
    lock.withLock { captured }
  }
}

/// What one in-process run of the command printed and returned.
struct CommandRun {
  var status: Int32
  var output: String
  var errors: String

  /// The output's lines, without the trailing empty one.
  var outputLines: [String] {
    output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }
}

/// The registry the bundled executable uses.
let sampleRegistry = ModelRegistry(registering: ListingPage.self, Booking.self, Listing.self)

/// The types of every folder in `Fixtures/`, for a run over the whole folder.
let fixturesRegistry = ModelRegistry(
  registering: ListingPage.self, Booking.self, Listing.self, HostPayout.self)

/// Runs `decode-check` with `arguments`, capturing both streams. The command is named
/// `decode-check`, as the bundled executable is, unless `name` says otherwise (`nil`: the test
/// process's own name); the environment is empty unless given.
func runCommand(
  _ arguments: [String],
  registry: ModelRegistry = sampleRegistry,
  name: String? = "decode-check",
  environment: [String: String] = [:],
  workingDirectory: String? = nil,
  standardInput: Data = Data(),
  errorIsTerminal: Bool = false,
  progressSilence: UInt64? = nil
) -> CommandRun {
  let output = CapturedText()
  let errors = CapturedText()
  let status: Int32
  if let progressSilence {
    status = DecodeCheckCommand.run(
      arguments: arguments, registry: registry, name: name, environment: environment,
      workingDirectory: workingDirectory, standardOutput: TextStream { output.append($0) },
      standardError: TextStream(isTerminal: errorIsTerminal) { errors.append($0) },
      standardInput: .data(standardInput), progressSilence: progressSilence)
  } else {
    status = DecodeCheckCommand.main(
      arguments: arguments,
      registry: registry,
      name: name,
      environment: environment,
      workingDirectory: workingDirectory,
      standardOutput: TextStream { output.append($0) },
      standardError: TextStream(isTerminal: errorIsTerminal) { errors.append($0) },
      standardInput: .data(standardInput))
  }
  return CommandRun(status: status, output: output.text, errors: errors.text)
}
