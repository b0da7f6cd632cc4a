import Foundation
import Testing

/// One captured payload, `<name>.json`, and its expected outcome, `<name>.expected` beside it.
///
/// Use ``all(in:filePath:)`` as the arguments of a parameterized test, so each payload is a
/// test case shown by its file name and adding a payload adds a test:
///
/// ```swift
/// import CodableResilienceTesting
/// import Testing
///
/// @Test(arguments: try PayloadFixture.all(in: "Fixtures/Order"))
/// func orderPayloads(_ fixture: PayloadFixture) throws {
///   try fixture.check(Order.self)
/// }
/// ```
public struct PayloadFixture: Sendable, Hashable, CustomStringConvertible,
  CustomTestStringConvertible
{
  /// The payload's file name without its extension, such as `v2-new-status`.
  public var name: String
  /// The payload, `<name>.json`.
  public var payloadURL: URL
  /// The expected outcome, `<name>.expected`, which need not exist yet.
  public var expectedURL: URL

  /// The fixture of the payload at `payloadURL`, with its `.expected` beside it.
  public init(payloadURL: URL) {
    self.payloadURL = payloadURL
    self.name = payloadURL.deletingPathExtension().lastPathComponent
    self.expectedURL = payloadURL.deletingPathExtension().appendingPathExtension("expected")
  }

  /// The payload's file name, `v2-new-status.json`, as test output shows it.
  public var description: String { payloadURL.lastPathComponent }

  /// The payload's file name, `v2-new-status.json`, as test output shows it.
  public var testDescription: String { description }

  /// The payload's bytes.
  public func payload() throws -> Data {
    do {
      return try Data(contentsOf: payloadURL)
    } catch {
      throw PayloadCheckFailure("\(payloadURL.path): cannot read the payload: \(error)")
    }
  }

  /// The `.expected` file's content; throws when it is missing or not a valid file.
  public func expected() throws -> ExpectedOutcome {
    try ExpectedOutcome(contentsOf: expectedURL)
  }

  /// Every `*.json` payload in `folder`, sorted by file name.
  ///
  /// `folder` is absolute, or relative to the package root: the nearest folder above
  /// `filePath` (the calling test file) that holds a `Package.swift`. A folder that is missing,
  /// holds no payloads, or holds an `.expected` file without its payload is an error, so a
  /// typo never runs zero tests.
  ///
  /// ```swift
  /// @Test(arguments: try PayloadFixture.all(in: "Fixtures/Order"))
  /// func orderPayloads(_ fixture: PayloadFixture) throws { try fixture.check(Order.self) }
  /// ```
  public static func all(
    in folder: String,
    filePath: StaticString = #filePath
  ) throws -> [PayloadFixture] {
    let directory = try resolveFolder(folder, filePath: filePath)
    let entries: [String]
    do {
      entries = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    } catch {
      throw PayloadCheckFailure("\(directory.path): cannot list the fixture folder: \(error)")
    }
    let files = Set(entries.filter { !$0.hasPrefix(".") })
    let orphans = files.filter {
      $0.hasSuffix(".expected") && !files.contains(String($0.dropLast(".expected".count)) + ".json")
    }
    if !orphans.isEmpty {
      throw PayloadCheckFailure(
        "\(directory.path): an .expected file without its payload: "
          + orphans.sorted().joined(separator: ", "))
    }
    let fixtures = files.filter { $0.hasSuffix(".json") }.sorted().map {
      PayloadFixture(payloadURL: directory.appending(path: $0))
    }
    if fixtures.isEmpty {
      throw PayloadCheckFailure("\(directory.path) holds no *.json payloads")
    }
    return fixtures
  }

  /// `folder` as an absolute URL: itself when absolute, otherwise under the package root
  /// found above `filePath`. Throws when it is not a folder.
  static func resolveFolder(_ folder: String, filePath: StaticString) throws -> URL {
    let directory: URL
    if folder.hasPrefix("/") {
      directory = URL(filePath: folder, directoryHint: .isDirectory)
    } else {
      let file = URL(filePath: "\(filePath)")
      guard let root = packageRoot(above: file) else {
        throw PayloadCheckFailure(
          "no Package.swift in any folder above \(file.path), so \"\(folder)\" cannot be found; "
            + "pass an absolute path")
      }
      directory = root.appending(path: folder, directoryHint: .isDirectory)
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw PayloadCheckFailure("\(directory.path): no such fixture folder")
    }
    return directory
  }

  /// The nearest folder above `file` that holds a `Package.swift`.
  static func packageRoot(above file: URL) -> URL? {
    var directory = file.deletingLastPathComponent()
    while directory.pathComponents.count > 1 {
      if FileManager.default.fileExists(atPath: directory.appending(path: "Package.swift").path) {
        return directory
      }
      directory = directory.deletingLastPathComponent()
    }
    return nil
  }
}
