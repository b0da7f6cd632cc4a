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
  /// `folder` is absolute, or relative to where the calling test file (`filePath`) is. A
  /// relative folder is looked for next to the test file, then in each folder above it, up to
  /// and including the project root: the nearest folder above the test file that holds a
  /// `Package.swift`, an `.xcodeproj`, an `.xcworkspace` or `.git`. The nearest that exists is
  /// used, so `"Fixtures/Order"` finds `Tests/ShopTests/Fixtures/Order` beside the test file in
  /// a package, and `AppTests/Fixtures/Order` or `Fixtures/Order` beside `App.xcodeproj` in an
  /// Xcode project. Without a project root, only the test file's own folder is looked in.
  ///
  /// A folder that is not found (the error lists every place looked in), holds no payloads, or
  /// holds an `.expected` file without its payload is an error, so a typo never runs zero tests.
  /// The folder is read where the test runs: on a Mac or in a simulator, not on a device.
  ///
  /// ```swift
  /// @Test(arguments: try PayloadFixture.all(in: "Fixtures/Order"))
  /// func orderPayloads(_ fixture: PayloadFixture) throws { try fixture.check(Order.self) }
  /// ```
  public static func all(
    in folder: String,
    filePath: StaticString = #filePath
  ) throws -> [PayloadFixture] {
    try all(in: folder, testFile: URL(filePath: "\(filePath)"))
  }

  /// Every `*.json` payload in `folder`, found from `testFile` as ``all(in:filePath:)`` says.
  static func all(in folder: String, testFile: URL) throws -> [PayloadFixture] {
    let directory = try resolveFolder(folder, testFile: testFile)
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

  /// `folder` as an absolute URL: itself when absolute, otherwise the nearest of the places
  /// ``all(in:filePath:)`` looks in. Throws when there is no such folder.
  static func resolveFolder(_ folder: String, testFile: URL) throws -> URL {
    if folder.hasPrefix("/") {
      let directory = URL(filePath: folder, directoryHint: .isDirectory)
      guard isFolder(directory) else {
        throw PayloadCheckFailure("\(directory.path): no such fixture folder")
      }
      return directory
    }
    let (places, root) = placesToLook(for: folder, testFile: testFile)
    if let found = places.first(where: isFolder) { return found }
    let looked = places.map { place in
      guard let root, place == places.last else { return "  \(place.path)" }
      return "  \(place.path) (the project root: it holds \(root.marker))"
    }
    let advice =
      root == nil
      ? "No folder above it holds a Package.swift, an .xcodeproj, an .xcworkspace or .git, so no "
        + "other folder was looked in. Move the folder there, or pass an absolute path."
      : "Move the folder to one of these, or pass an absolute path."
    throw PayloadCheckFailure(
      (["no fixture folder \"\(folder)\" next to \(testFile.path) or above it; looked in:"]
        + looked + [advice]).joined(separator: "\n"))
  }

  /// Where a relative `folder` may be, nearest first: under the test file's folder and each
  /// folder above it up to the project root; only the first when there is no project root.
  static func placesToLook(
    for folder: String,
    testFile: URL
  ) -> (places: [URL], root: (folder: URL, marker: String)?) {
    let start = testFile.deletingLastPathComponent()
    var folders: [URL] = []
    var directory = start
    while true {
      folders.append(directory)
      if let marker = projectRootMarker(in: directory) {
        return (
          folders.map { $0.appending(path: folder, directoryHint: .isDirectory) },
          (directory, marker)
        )
      }
      let parent = directory.deletingLastPathComponent()
      if parent.path == directory.path || directory.pathComponents.count <= 1 { break }
      directory = parent
    }
    return ([start.appending(path: folder, directoryHint: .isDirectory)], nil)
  }

  /// The name of what makes `directory` a project root (`Package.swift`, `App.xcodeproj`, …),
  /// if anything does.
  static func projectRootMarker(in directory: URL) -> String? {
    let fileManager = FileManager.default
    if fileManager.fileExists(atPath: directory.appending(path: "Package.swift").path) {
      return "Package.swift"
    }
    let entries = (try? fileManager.contentsOfDirectory(atPath: directory.path)) ?? []
    if let project = entries.sorted().first(where: {
      $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace")
    }) {
      return project
    }
    return entries.contains(".git") ? ".git" : nil
  }

  private static func isFolder(_ url: URL) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }
}
