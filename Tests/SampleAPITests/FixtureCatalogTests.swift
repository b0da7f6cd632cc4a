import Foundation
import Testing

/// The `Fixtures/` folder itself: found, complete, and every file in its place, so that a
/// fixture can never be skipped silently.
@Suite("Fixture catalog")
struct FixtureCatalogTests {
  let catalog = FixtureCatalog.shared

  @Test func fixturesAreFoundBesideThePackageManifest() throws {
    let folder = try #require(catalog.folder, "no Fixtures/ folder beside Package.swift")
    #expect(
      !catalog.fixtures.isEmpty,
      "no payloads found in \(folder.path): every fixture test ran zero times")
  }

  @Test func everyPayloadHasAnExpectedOutcomeAndTheReverse() {
    #expect(catalog.unpairedFiles == [])
  }

  @Test func everyFolderNamesASampleAPIType() {
    let folders = Set(catalog.fixtures.map(\.typeName))
    #expect(folders.subtracting(sampleAPIModels.keys).sorted() == [])
  }

  @Test(arguments: sampleAPIModels.keys.sorted())
  func everyTypeHasFixturesThatDecodeAndFixturesThatFail(_ typeName: String) throws {
    let outcomes = try catalog.fixtures.filter { $0.typeName == typeName }.map {
      try $0.expected().outcome
    }
    #expect(outcomes.contains(.decoded))
    #expect(outcomes.contains(.failed))
  }

  @Test(arguments: FixtureCatalog.shared.fixtures)
  func expectedOutcomeIsWellFormed(_ fixture: Fixture) throws {
    let problems = try ExpectedOutcome.problems(in: Data(contentsOf: fixture.expectedURL))
    #expect(problems == [])
    let expected = try fixture.expected()
    let paths =
      (expected.unknownValues ?? []).map(\.path)
      + [expected.strictError?.path, expected.error?.path].compactMap { $0 }
      + (expected.roundTrip.map { Array($0.replaced.keys) + $0.removed } ?? [])
    for path in paths {
      #expect(throws: Never.self, "\(path)") { try JSONValue.components(of: path) }
    }
  }
}
