import Foundation
import Testing

@testable import CodableResilienceTesting

/// Finding fixtures: `PayloadFixture.all(in:)`.
@Suite("Finding fixtures")
struct PayloadFixtureTests {
  @Test func findsThePayloadsOfAFolderRelativeToThePackageRootSortedByName() throws {
    let fixtures = try PayloadFixture.all(in: "\(fixturesFolder)/Pet")
    #expect(
      fixtures.map(\.description) == [
        "v1-dog.json", "v1-missing-name.json", "v1-truncated.json", "v2-new-species.json",
      ])
    #expect(fixtures.map(\.testDescription) == fixtures.map(\.description))
    #expect(fixtures.map(\.name).first == "v1-dog")
    #expect(fixtures.allSatisfy { $0.expectedURL.lastPathComponent == $0.name + ".expected" })
  }

  @Test func findsTheSameFixturesFromAnAbsolutePath() throws {
    let relative = try PayloadFixture.all(in: "\(fixturesFolder)/Pet")
    let folder = try #require(relative.first).payloadURL.deletingLastPathComponent()
    #expect(try PayloadFixture.all(in: folder.path) == relative)
  }

  /// A relative folder is looked for next to the test file, then in each folder above it up
  /// to the package root, and the nearest wins (issue 21, item 12: only the package root was
  /// looked in).
  @Test func theNearestFolderFromTheTestFileUpToThePackageRootWins() throws {
    let testsFolder = URL(filePath: #filePath).deletingLastPathComponent()
    let name = ".fixtures-\(UUID().uuidString)"
    let places = [
      testsFolder, testsFolder.deletingLastPathComponent(),
      testsFolder.deletingLastPathComponent().deletingLastPathComponent(),
    ].map { $0.appending(path: name) }
    defer { for place in places { try? FileManager.default.removeItem(at: place) } }
    for (index, place) in places.enumerated() {
      let folder = place.appending(path: "Order")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data("{}".utf8).write(to: folder.appending(path: "level-\(index).json"))
    }
    for (index, place) in places.enumerated() {
      let found = try PayloadFixture.all(in: "\(name)/Order")
      #expect(found.map(\.description) == ["level-\(index).json"])
      try FileManager.default.removeItem(at: place)
    }
  }

  @Test func aMissingFolderIsAnErrorNamingEveryPlaceLookedIn() throws {
    let error = try #require(throws: PayloadCheckFailure.self) {
      try PayloadFixture.all(in: "\(fixturesFolder)/Pets")
    }
    let testsFolder = URL(filePath: #filePath).deletingLastPathComponent()
    let root = testsFolder.deletingLastPathComponent().deletingLastPathComponent()
    #expect(
      error.message == """
        no fixture folder "\(fixturesFolder)/Pets" next to \(#filePath) or above it; looked in:
          \(testsFolder.path)/\(fixturesFolder)/Pets
          \(testsFolder.deletingLastPathComponent().path)/\(fixturesFolder)/Pets
          \(root.path)/\(fixturesFolder)/Pets (the project root: it holds Package.swift)
        Move the folder to one of these, or pass an absolute path.
        """)
  }

  @Test func anAbsoluteFolderThatIsMissingIsAnErrorNamingIt() throws {
    let error = try #require(throws: PayloadCheckFailure.self) {
      try PayloadFixture.all(in: "/no-such-folder/Pets")
    }
    #expect(error.message == "/no-such-folder/Pets: no such fixture folder")
  }

  @Test func aFolderWithoutPayloadsIsAnError() throws {
    let temporary = try TemporaryFixtures()
    try temporary.write("notes.txt", "not a payload")
    let error = try #require(throws: PayloadCheckFailure.self) {
      try PayloadFixture.all(in: temporary.folder.path)
    }
    #expect(error.message.hasSuffix("holds no *.json payloads"))
  }

  @Test func anExpectationWithoutItsPayloadIsAnError() throws {
    let temporary = try TemporaryFixtures()
    try temporary.write("a.json", "{}")
    try temporary.write("b.expected", #"{"outcome": "decoded", "unknownValues": []}"#)
    let error = try #require(throws: PayloadCheckFailure.self) {
      try PayloadFixture.all(in: temporary.folder.path)
    }
    #expect(error.message.hasSuffix("an .expected file without its payload: b.expected"))
  }

  @Test func withoutAProjectRootOnlyTheTestFilesFolderIsLookedIn() throws {
    let error = try #require(throws: PayloadCheckFailure.self) {
      try PayloadFixture.all(in: "Fixtures", filePath: "/no-project-here/Tests/File.swift")
    }
    #expect(
      error.message == """
        no fixture folder "Fixtures" next to /no-project-here/Tests/File.swift or above it; \
        looked in:
          /no-project-here/Tests/Fixtures
        No folder above it holds a Package.swift, an .xcodeproj, an .xcworkspace or .git, so no \
        other folder was looked in. Move the folder there, or pass an absolute path.
        """)
  }

  // MARK: - Xcode projects

  /// An app's tests in an Xcode project, with no `Package.swift` anywhere: `#filePath` of a
  /// test file in `AppTests/`, beside `App.xcodeproj`.
  struct XcodeProject {
    let temporary: TemporaryFixtures
    var root: URL { temporary.folder.appending(path: "App") }
    var testFile: URL { root.appending(path: "AppTests/OrderTests.swift") }

    init() throws {
      temporary = try TemporaryFixtures()
      try FileManager.default.createDirectory(
        at: root.appending(path: "App.xcodeproj"), withIntermediateDirectories: true)
      try FileManager.default.createDirectory(
        at: testFile.deletingLastPathComponent(), withIntermediateDirectories: true)
    }

    func payload(_ path: String) throws {
      let url = temporary.folder.appending(path: path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("{}".utf8).write(to: url)
    }
  }

  /// Where the payloads are (files written in the project), and where they must be found.
  static let xcodeLayouts: [(files: [String], found: String)] = [
    // Next to the test file.
    (["App/AppTests/Fixtures/Order/placed.json"], "App/AppTests/Fixtures/Order/placed.json"),
    // At the project root, beside App.xcodeproj.
    (["App/Fixtures/Order/placed.json"], "App/Fixtures/Order/placed.json"),
    // A file of the folder's name next to the test file is passed over.
    (
      ["App/AppTests/Fixtures/Order", "App/Fixtures/Order/placed.json"],
      "App/Fixtures/Order/placed.json"
    ),
  ]

  @Test(arguments: xcodeLayouts)
  func inAnXcodeProjectTheFolderIsFound(files: [String], found: String) throws {
    let project = try XcodeProject()
    for file in files { try project.payload(file) }
    let fixtures = try PayloadFixture.all(in: "Fixtures/Order", testFile: project.testFile)
    #expect(
      fixtures.map(\.payloadURL.path) == [project.temporary.folder.appending(path: found).path])
  }

  @Test func aFolderAboveTheProjectRootIsNotLookedIn() throws {
    let project = try XcodeProject()
    try project.payload("Fixtures/Order/placed.json")
    let error = try #require(throws: PayloadCheckFailure.self) {
      try PayloadFixture.all(in: "Fixtures/Order", testFile: project.testFile)
    }
    #expect(
      error.message == """
        no fixture folder "Fixtures/Order" next to \(project.testFile.path) or above it; looked in:
          \(project.root.path)/AppTests/Fixtures/Order
          \(project.root.path)/Fixtures/Order (the project root: it holds App.xcodeproj)
        Move the folder to one of these, or pass an absolute path.
        """)
  }
}
