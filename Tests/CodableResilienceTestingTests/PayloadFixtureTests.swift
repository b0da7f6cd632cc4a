import CodableResilienceTesting
import Foundation
import Testing

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

  @Test func aMissingFolderIsAnErrorNamingIt() throws {
    let error = try #require(throws: PayloadCheckFailure.self) {
      try PayloadFixture.all(in: "\(fixturesFolder)/Pets")
    }
    #expect(
      error.message.hasSuffix("CodableResilienceTestingFixtures/Pets: no such fixture folder"))
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

  @Test func aRelativePathNeedsAPackageAboveTheCallingFile() throws {
    let error = try #require(throws: PayloadCheckFailure.self) {
      try PayloadFixture.all(in: "Fixtures", filePath: "/no-package-here/Tests/File.swift")
    }
    #expect(error.message.contains("no Package.swift in any folder above /no-package-here/Tests"))
  }
}
