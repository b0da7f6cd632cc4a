import CodableResilienceTesting
import Foundation
import Testing

/// The `Fixtures/` folder itself: every folder checked as its type, and each type with
/// payloads that decode and payloads that fail.
@Suite("Fixture catalog")
struct FixtureCatalogTests {
  @Test func everyFolderNamesASampleAPIType() throws {
    let fixtures = try #require(try PayloadFixture.all(in: "Fixtures/Booking").first)
    let folder = fixtures.payloadURL.deletingLastPathComponent().deletingLastPathComponent()
    let entries = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    // `Traffic/` holds a captured HAR archive and its routes, and `OpenAPI/` the API's published
    // contract; decode-check's tests check both.
    let folders = entries.filter {
      !$0.hasPrefix(".") && $0 != "README.md" && $0 != "Traffic" && $0 != "OpenAPI"
    }
    #expect(folders.sorted() == sampleAPIModels.keys.sorted())
  }

  @Test(arguments: sampleAPIModels.keys.sorted())
  func everyTypeHasFixturesThatDecodeAndFixturesThatFail(_ typeName: String) throws {
    let outcomes = try PayloadFixture.all(in: "Fixtures/\(typeName)").map {
      try $0.expected().outcome
    }
    #expect(outcomes.contains(.decoded))
    #expect(outcomes.contains(.failed))
  }
}
