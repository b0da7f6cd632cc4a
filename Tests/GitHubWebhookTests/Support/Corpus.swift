import Foundation
import Testing

/// The real GitHub webhook payloads of `../shared/corpus`, found through the
/// `CODABLE_RESILIENCE_CORPUS` environment variable.
///
/// The corpus lives outside the package, so the tests that read it run only when the
/// variable names it (`.ci/run` sets it); otherwise they are reported as skipped.
enum Corpus {
  /// The variable naming the corpus folder, absolute or relative to the working directory.
  static let environmentVariable = "CODABLE_RESILIENCE_CORPUS"

  /// Why the tests are skipped when the variable is not set.
  static let skipReason: Comment =
    "set CODABLE_RESILIENCE_CORPUS to the corpus folder (../shared/corpus) to run these tests"

  /// The corpus folder named by the environment, if any.
  static let folder: URL? = {
    guard let path = ProcessInfo.processInfo.environment[environmentVariable], !path.isEmpty
    else { return nil }
    return URL(fileURLWithPath: path, isDirectory: true)
  }()

  /// Whether the environment names a corpus folder.
  static var isConfigured: Bool { folder != nil }

  /// The folder holding one event's payload examples.
  static func eventFolder(_ event: String) -> URL? {
    folder?.appendingPathComponent("octokit-webhooks/payload-examples/api.github.com/\(event)")
  }

  /// The payload files of one event folder, sorted by name. Empty when the corpus is not
  /// configured or the folder cannot be read: `CorpusDecodingTests` fails in that case, so a
  /// wrong path cannot pass as an empty corpus.
  static func payloads(of event: String) -> [CorpusPayload] {
    guard let eventFolder = eventFolder(event),
      let names = try? FileManager.default.contentsOfDirectory(atPath: eventFolder.path)
    else { return [] }
    return names.filter { $0.hasSuffix(".json") }.sorted().map {
      CorpusPayload(event: event, url: eventFolder.appendingPathComponent($0))
    }
  }

  /// The payloads of every event the models cover, discovered once.
  static let payloads: [CorpusPayload] = ModelledEvent.folders.flatMap(payloads(of:))
}

/// One payload file of the corpus.
struct CorpusPayload: Sendable, CustomTestStringConvertible {
  /// The event folder it sits in, such as `pull_request`.
  let event: String
  /// The file.
  let url: URL

  /// `event/file`, as the test report names the case.
  var testDescription: String { "\(event)/\(url.lastPathComponent)" }

  /// The file's bytes.
  func data() throws -> Data {
    try Data(contentsOf: url)
  }

  /// The model of this payload's event, in one vocabulary.
  func model(_ vocabulary: VocabularyChoice) throws -> ModelledEvent {
    try #require(
      vocabulary.events.first { $0.folder == event }, "no model for the \(event) folder")
  }
}
