import CodableResilience
import EvolvingModels
import Foundation
import Testing

@testable import DecodeCheck

/// Ambiguous aliases, found for the registered types and for every type a payload's reports
/// name: an error about the type, whatever the payloads, that no baseline accepts.
@Suite struct AliasConflictCheckTests {
  static let checkout = #"{"method": "card", "accepted": []}"#

  static let legacyMethodConflicts = [
    #"EvolvingModels.LegacyPaymentMethod: "cash" and "CASH" are equal ignoring letter case but "#
      + "name cash and card",
    #"EvolvingModels.LegacyPaymentMethod: alias "card" names cash, but it is the raw value of "#
      + "card, which wins",
  ]

  @Test func registeredTypesWithAliasesAndTaggedUnionsAreChecked() throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.checkout, to: "Checkout/a.json")
    var registry = evolvingRegistry
    registry.register(LegacyPaymentMethod.self)
    registry.register(LegacyEvent.self)
    let report = PayloadChecker().check(paths: [folder.path], in: registry, maximumConcurrency: 1)
    #expect(
      report.aliasConflictLines == [
        #"EvolvingModels.LegacyEvent: tag alias "payment" names "payd", which is not a known tag"#,
        #"EvolvingModels.LegacyEvent: tag alias "refund" names "paid", but it is a known tag, "#
          + "which wins",
      ] + Self.legacyMethodConflicts)
    #expect(report.summary.aliasConflicts == 4)
    #expect(report.summary.failed == 0)
    #expect(report.exitStatus == 1)
  }

  @Test func aTypeSeenInAReportIsCheckedThoughNotRegistered() throws {
    let payload = Data(#"{"method": "CASH"}"#.utf8)
    let report = PayloadChecker().audit(payload, as: RegisteredModel(LegacyCheckout.self))
    #expect(report.aliasConflictLines == Self.legacyMethodConflicts)
    #expect(report.exitStatus == 1)
    // A payload that does not meet the type says nothing of it.
    let quiet = PayloadChecker().audit(
      Data(#"{"method": "cash"}"#.utf8), as: RegisteredModel(LegacyCheckout.self))
    #expect(quiet.aliasConflictLines.isEmpty)
    #expect(quiet.exitStatus == 0)
  }

  @Test func typesWithoutConflictsReportNone() throws {
    let run = runCommand(
      [EvolvingFixtures.root + "/Checkout/v2-old-spellings.json"], registry: evolvingRegistry)
    #expect(run.status == 0)
    #expect(!run.output.contains("error"))
  }

  @Test func aConflictIsAnErrorInEveryFormatAndNoBaselineAcceptsIt() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(#"{"method": "CASH"}"#, to: "LegacyCheckout/a.json")
    let baseline = folder.path + "/baseline.json"
    let write = runCommand(
      ["--write-baseline", baseline, path], registry: evolvingRegistry,
      workingDirectory: folder.path)
    #expect(write.status == 1)
    #expect(try Baseline(contentsOfFile: baseline).entries.isEmpty)
    let text = runCommand(
      ["--quiet", "--baseline", baseline, path], registry: evolvingRegistry,
      workingDirectory: folder.path)
    #expect(text.status == 1)
    #expect(
      text.outputLines.dropLast()
        == Self.legacyMethodConflicts.map {
          $0.replacing("Method: ", with: "Method: error: ") + " [alias-conflict]"
        })
    #expect(text.outputLines.last?.contains("; 2 alias conflicts;") == true)

    let github = runCommand(["--format", "github", path], registry: evolvingRegistry)
    #expect(github.status == 1)
    #expect(
      github.outputLines.filter { $0.hasPrefix("::error") }
        == Self.legacyMethodConflicts.map {
          "::error title=decode-check%3A alias conflict::" + $0
        })

    let json = try jsonObject(
      runCommand(["--format", "json", path], registry: evolvingRegistry).output)
    #expect(json["exitStatus"] as? Int == 1)
    let conflicts = try #require(json["aliasConflicts"] as? [[String: String]])
    #expect(
      conflicts.map { "\($0["type"] ?? ""): \($0["message"] ?? "")" } == Self.legacyMethodConflicts)
    #expect((json["summary"] as? [String: Int])?["aliasConflicts"] == 2)

    let sarif = try jsonObject(
      runCommand(["--format", "sarif", path], registry: evolvingRegistry).output)
    let results = try #require(
      (sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
    let errors = results.filter { $0["ruleId"] as? String == "alias-conflict" }
    #expect(errors.count == 2)
    #expect(errors.allSatisfy { $0["level"] as? String == "error" })
    let location = (errors.first?["locations"] as? [[String: Any]])?.first
    #expect(location?["physicalLocation"] == nil)
    #expect(
      (location?["logicalLocations"] as? [[String: String]])?.first?["fullyQualifiedName"]
        == "EvolvingModels.LegacyPaymentMethod")

    let junit = runCommand(["--format", "junit", path], registry: evolvingRegistry).output
    #expect(junit.contains(#"<testsuite name="decode-check" tests="2" failures="1" errors="0""#))
    #expect(
      junit.contains(
        #"<testcase classname="EvolvingModels.LegacyPaymentMethod" name="aliases">"#))
    #expect(junit.contains(#"<failure type="aliasConflict" message="2 alias conflicts">"#))

    let summary = folder.path + "/summary.md"
    _ = runCommand(["--summary", summary, path], registry: evolvingRegistry)
    let markdown = try String(contentsOfFile: summary, encoding: .utf8)
    #expect(markdown.contains("| Alias conflicts | 2 |"))
    #expect(
      markdown.contains(
        "### Alias conflicts (2)\n\n| Type | Conflict |\n|---|---|\n"
          + "| `EvolvingModels.LegacyPaymentMethod` | \"cash\" and \"CASH\" are equal ignoring "
          + "letter case but name cash and card |\n"))
  }
}

extension CheckReport {
  /// The alias conflicts on the one stream of findings, each as `Type: conflict`.
  fileprivate var aliasConflictLines: [String] {
    findings(aboutModels: false).filter(\.file.isAboutAType).map {
      "\($0.file.path): \($0.finding.message)"
    }
  }
}
