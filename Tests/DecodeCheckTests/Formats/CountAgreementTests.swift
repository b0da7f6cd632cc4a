import Foundation
import Testing

@testable import DecodeCheck

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The package's `Fixtures/` folder and each of its folders, found above this file.
private let fixtureFolders: [String] = {
  var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  while folder.pathComponents.count > 1 {
    let fixtures = folder.appendingPathComponent("Fixtures")
    if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path),
      let names = try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)
    {
      let types = names.filter { !$0.contains(".") }.sorted().map {
        fixtures.appendingPathComponent($0).path
      }
      return [fixtures.path] + types
    }
    folder.deleteLastPathComponent()
  }
  return []
}()

@Suite struct CountAgreementTests {
  @Test func theFixturesAreFound() {
    #expect(fixtureFolders.count >= 3, "\(fixtureFolders)")
  }

  /// Text, JSON, JUnit, SARIF and the summary count the same failed files, and the exit
  /// status follows them, with and without --strict. A folder holding an OpenAPI document is
  /// checked as the contract (`--openapi`), whose schemas count as files do.
  @Test(arguments: fixtureFolders, [false, true])
  func everyFormatCountsTheSameFailures(folder: String, strict: Bool) throws {
    try checkCountsAgree(folder: folder, strict: strict, registry: fixturesRegistry)
  }

  /// The same for payloads with elements left out, old spellings and alias conflicts: an
  /// element left out fails a file only under `--strict`; an old spelling never does.
  @Test(arguments: [EvolvingFixtures.root] + EvolvingFixtures.folders, [false, true])
  func everyFormatCountsTheSameFailuresOfEvolvingPayloads(folder: String, strict: Bool) throws {
    try checkCountsAgree(folder: folder, strict: strict, registry: evolvingRegistry)
  }

  private func checkCountsAgree(folder: String, strict: Bool, registry: ModelRegistry) throws {
    let runCommand = { (arguments: [String]) in
      DecodeCheckTests.runCommand(arguments, registry: registry)
    }
    let document = folder + "/openapi.json"
    let isContract = FileManager.default.fileExists(atPath: document)
    let input = isContract ? ["--openapi", document] : [folder]
    let options = strict ? ["--strict"] : []
    let summaryFolder = try TemporaryFolder()
    let summaryPath = summaryFolder.path + "/summary.md"

    let text = runCommand(options + ["--summary", summaryPath] + input)
    let line = try #require(text.outputLines.last)
    let textFailed = try #require(
      line.firstMatch(of: /, (\d+) failed/).map { Int($0.output.1) ?? -1 })

    let json = try jsonObject(runCommand(options + ["--format", "json"] + input).output)
    let jsonFailed = (json["summary"] as? [String: Int])?["failed"]
    let filesMarkedFailed = (json["files"] as? [[String: Any]])?.count {
      $0["failed"] as? Bool == true
    }

    let junit = runCommand(options + ["--format", "junit"] + input).output
    let junitFailed = try #require(
      junit.firstMatch(of: /<testsuite [^>]*failures="(\d+)"/).map { Int($0.output.1) ?? -1 })

    let sarif = try jsonObject(runCommand(options + ["--format", "sarif"] + input).output)
    let results = (sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]] ?? []
    let sarifFailed = Set(
      results.filter {
        $0["level"] as? String == "error" && $0["ruleId"] as? String != "input-error"
      }
      .compactMap { result -> String? in
        // The types checked against one OpenAPI document share its file: the logical
        // location tells them apart.
        let location = (result["locations"] as? [[String: Any]])?.first
        let type =
          (location?["logicalLocations"] as? [[String: Any]])?.first?["fullyQualifiedName"]
          as? String ?? ""
        let physical = location?["physicalLocation"] as? [String: Any]
        let uri = (physical?["artifactLocation"] as? [String: Any])?["uri"] as? String
        return uri.map { $0 + "#" + type }
      }
    ).count

    let summary = try String(contentsOfFile: summaryPath, encoding: .utf8)
    let summaryFailed = try #require(
      summary.firstMatch(of: /\| Failed \| (\d+) \|/).map { Int($0.output.1) ?? -1 })

    // A type whose aliases conflict is a failed JUnit case of its own, and counted apart
    // everywhere else.
    let conflicts = json["aliasConflicts"] as? [[String: String]] ?? []
    let conflictTypes = Set(conflicts.compactMap { $0["type"] })
    let textConflicts =
      line.firstMatch(of: /; (\d+) alias conflicts?/).map { Int($0.output.1) ?? -1 } ?? 0
    #expect(textConflicts == conflicts.count)
    #expect((json["summary"] as? [String: Int])?["aliasConflicts"] == conflicts.count)

    #expect(jsonFailed == textFailed)
    #expect(filesMarkedFailed == textFailed)
    #expect(junitFailed == textFailed + conflictTypes.count)
    #expect(sarifFailed == textFailed)
    #expect(summaryFailed == textFailed)
    // Alias conflicts fail the check whatever the files.
    #expect(text.status == (textFailed > 0 || !conflicts.isEmpty ? 1 : 0))
    #expect(json["exitStatus"] as? Int == Int(text.status))
  }

  @Test func strictCountsAFileWithOnlyUnknownValuesAsFailedEverywhere() throws {
    let folder = try TemporaryFolder()
    try folder.write(Payloads.bookingWithUnknownValues, to: "Booking/v2.json")
    try folder.write(Payloads.cleanBooking, to: "Booking/v1.json")
    let text = runCommand(["--strict", folder.path])
    #expect(text.status == 1)
    #expect(text.outputLines.last?.hasSuffix(", 1 failed") == true)
    let junit = runCommand(["--strict", "--format", "junit", folder.path])
    #expect(junit.output.contains(#"failures="1""#))
    let lenient = runCommand(["--format", "junit", folder.path])
    #expect(lenient.output.contains(#"failures="0""#))
  }
}
