import CodableResilienceTesting
import Foundation

/// A fresh folder for fixtures a test writes, removed when the test is done.
final class TemporaryFixtures {
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory.appending(
      path: "CodableResilienceTestingTests-\(UUID().uuidString)", directoryHint: .isDirectory)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: folder)
  }

  /// Writes `text` to `name` in the folder and returns its URL.
  @discardableResult
  func write(_ name: String, _ text: String) throws -> URL {
    let url = folder.appending(path: name)
    try Data(text.utf8).write(to: url)
    return url
  }

  /// The fixture `<name>.json` holding `payload`, with `<name>.expected` holding `expected`
  /// when given, found as `PayloadFixture.all(in:)` finds it.
  func fixture(
    _ name: String = "pet",
    payload: String,
    expected: String? = nil
  ) throws -> PayloadFixture {
    try write("\(name).json", payload)
    if let expected { try write("\(name).expected", expected) }
    let fixtures = try PayloadFixture.all(in: folder.path)
    guard let fixture = fixtures.first(where: { $0.name == name }) else {
      throw CocoaError(.fileNoSuchFile)
    }
    return fixture
  }

  /// The text of `name` in the folder; `nil` when there is no such file.
  func text(of name: String) -> String? {
    (try? Data(contentsOf: folder.appending(path: name))).map {
      String(decoding: $0, as: UTF8.self)
    }
  }
}

/// The folder of this target's fixtures, relative to the package root.
let fixturesFolder = "Tests/CodableResilienceTestingFixtures"
