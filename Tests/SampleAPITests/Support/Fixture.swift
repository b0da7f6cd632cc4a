import Foundation
import Testing

/// One captured payload in `Fixtures/<TypeName>/` and the file holding its expected outcome.
struct Fixture: Sendable, CustomTestStringConvertible {
  /// The folder name: the name of the top-level type the payload decodes as.
  var typeName: String
  /// The file name without extension, such as `v2-new-cases`.
  var name: String
  /// The payload, `<name>.json`.
  var payloadURL: URL
  /// The expected outcome, `<name>.expected`.
  var expectedURL: URL

  var testDescription: String { "\(typeName)/\(name)" }

  func payload() throws -> Data {
    try Data(contentsOf: payloadURL)
  }

  func expected() throws -> ExpectedOutcome {
    try ExpectedOutcome(contentsOf: expectedURL)
  }
}

/// Every fixture in the package's `Fixtures/` folder, found when the tests start, and every
/// file that could not be paired, so that a payload without an expectation (or the reverse)
/// fails a test instead of being skipped.
struct FixtureCatalog: Sendable {
  /// The folder scanned; `nil` when no `Fixtures/` folder was found above this source file.
  var folder: URL?
  /// The payloads with their expected outcomes, sorted by type and name.
  var fixtures: [Fixture] = []
  /// Files that break the layout: a payload without `.expected`, an `.expected` without a
  /// payload, a file outside a type folder.
  var unpairedFiles: [String] = []

  /// The catalog of this checkout, read once.
  static let shared = FixtureCatalog(searchingUpwardFrom: URL(filePath: #filePath))

  /// The fixtures whose expected outcome is a successful decode; those get round-trip tests.
  static var decodingFixtures: [Fixture] {
    shared.fixtures.filter { (try? $0.expected().outcome) == .decoded }
  }

  /// Looks for `Fixtures/` beside `Package.swift` in each folder above `file`, so the tests
  /// find it wherever the package is checked out.
  init(searchingUpwardFrom file: URL) {
    var directory = file.deletingLastPathComponent()
    while directory.pathComponents.count > 1 {
      let candidate = directory.appending(path: "Fixtures", directoryHint: .isDirectory)
      let manifest = directory.appending(path: "Package.swift")
      if FileManager.default.fileExists(atPath: manifest.path),
        FileManager.default.fileExists(atPath: candidate.path)
      {
        self.init(folder: candidate)
        return
      }
      directory = directory.deletingLastPathComponent()
    }
    self.init(folder: nil)
  }

  init(folder: URL?) {
    self.folder = folder
    guard let folder else { return }
    let fileManager = FileManager.default
    let entries = (try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? []
    for typeName in entries.sorted() where !typeName.hasPrefix(".") {
      let typeFolder = folder.appending(path: typeName, directoryHint: .isDirectory)
      var isDirectory: ObjCBool = false
      guard fileManager.fileExists(atPath: typeFolder.path, isDirectory: &isDirectory),
        isDirectory.boolValue
      else {
        if typeName != "README.md" { unpairedFiles.append(typeName) }
        continue
      }
      let files = Set(
        ((try? fileManager.contentsOfDirectory(atPath: typeFolder.path)) ?? [])
          .filter { !$0.hasPrefix(".") })
      for file in files.sorted() {
        let url = typeFolder.appending(path: file)
        let name = url.deletingPathExtension().lastPathComponent
        switch url.pathExtension {
        case "json":
          guard files.contains(name + ".expected") else {
            unpairedFiles.append("\(typeName)/\(file) has no \(name).expected")
            continue
          }
          fixtures.append(
            Fixture(
              typeName: typeName, name: name, payloadURL: url,
              expectedURL: typeFolder.appending(path: name + ".expected")))
        case "expected":
          if !files.contains(name + ".json") {
            unpairedFiles.append("\(typeName)/\(file) has no \(name).json")
          }
        default:
          unpairedFiles.append("\(typeName)/\(file) is neither a .json payload nor an .expected")
        }
      }
    }
  }
}
