import Foundation
import Testing

@testable import DecodeCheck

/// Elements left out and old spellings in every format: elements as warnings of their own
/// kind, old spellings as notes grouped by spelling.
@Suite struct NewKindsFormatTests {
  static let leftOut = EvolvingFixtures.root + "/Timeline/v2-pinned-left-out.json"
  static let renamed = EvolvingFixtures.root + "/Checkout/v2-old-spelling-and-new-method.json"

  @Test func jsonCarriesTheElementsErrorAndTheRenamedValue() throws {
    let json = try jsonObject(
      runCommand(["--format", "json", Self.leftOut, Self.renamed], registry: evolvingRegistry)
        .output)
    let summary = try #require(json["summary"] as? [String: Int])
    #expect(summary["withElementsLeftOut"] == 1)
    #expect(summary["elementsLeftOut"] == 1)
    #expect(summary["renamedValues"] == 2)
    #expect(summary["withUnknownValues"] == 1)
    #expect(json["aliasConflicts"] == nil)
    let files = try #require(json["files"] as? [[String: Any]])
    #expect(
      files.map { $0["outcome"] as? String } == [
        "decodedWithUnknownValues", "decodedWithElementsLeftOut",
      ])
    let element = try #require((files[1]["findings"] as? [[String: Any]])?.first)
    #expect(element["kind"] as? String == "invalidElement")
    #expect(element["severity"] as? String == "warning")
    #expect(element["path"] as? String == "$.pinned[1]")
    #expect(element["unknownValue"] == nil)
    let detail = try #require(element["element"] as? [String: Any])
    #expect(detail["type"] as? String == "Notice")
    #expect(detail["json"] as? String == #""a notice of a kind this build cannot read""#)
    let error = try #require(detail["error"] as? [String: String])
    #expect(error["case"] == "typeMismatch")
    #expect(error["path"] == "$.pinned[1]")
    #expect(error["description"]?.hasPrefix("Expected to decode Dictionary<String, Any>") == true)
    let findings = try #require(files[0]["findings"] as? [[String: Any]])
    #expect(
      findings.map { $0["kind"] as? String } == ["renamedValue", "renamedValue", "unknownValue"])
    #expect(findings.map { $0["severity"] as? String } == ["note", "note", "warning"])
    #expect(
      findings.first?["renamed"] as? [String: String]
        == ["type": "PaymentMethod", "received": "credit_card", "canonical": "card"])
  }

  @Test func githubAnnotatesElementsAndPrintsOldSpellingsAsLines() throws {
    let run = runCommand(
      ["--format", "github", Self.leftOut, Self.renamed], registry: evolvingRegistry)
    let escaped = { (path: String) in path.replacing(":", with: "%3A").replacing(",", with: "%2C") }
    #expect(
      run.outputLines == [
        "::warning file=\(escaped(Self.renamed)),line=3,col=31,title=decode-check%3A unknown value::"
          + "$.accepted[1]: unknown PaymentMethod value \"paypal\"; known: card, bank_transfer [unknown-value]",
        "::warning file=\(escaped(Self.leftOut)),line=5,col=5,title=decode-check%3A element left "
          + "out::$.pinned[1]: left out an element that fails to decode as Notice: expected an "
          + "object, found a string: \"a notice of a kind this build cannot re… [element-left-out]",
        "\(Self.renamed):2:13: note: $.method: old spelling PaymentMethod \"credit_card\" read "
          + "as \"card\"; 1 payload, 2 places [old-spelling]",
        "2 files checked: 0 decoded cleanly, 1 with unknown values (1 value), 1 with elements "
          + "left out (1 element), 0 failed; 2 values sent in an old spelling",
      ])
  }

  @Test func junitFailsAFileWithAnElementLeftOutOnlyUnderStrict() throws {
    let lenient = runCommand(["--format", "junit", Self.leftOut], registry: evolvingRegistry)
    #expect(lenient.output.contains(#"failures="0""#))
    #expect(
      lenient.output.contains("<system-out>\(Self.leftOut):5:5: warning: $.pinned[1]: left out"))
    let strict = runCommand(
      ["--format", "junit", "--strict", Self.leftOut], registry: evolvingRegistry)
    #expect(strict.output.contains(#"failures="1""#))
    #expect(strict.output.contains(#"<failure type="invalidElement" message="left out an element"#))
    // Old spellings are listed before the summary, not as a case's output.
    let renamed = runCommand(["--format", "junit", Self.renamed], registry: evolvingRegistry)
    #expect(
      renamed.output.contains(
        "    <system-out>\(Self.renamed):2:13: note: $.method: old spelling PaymentMethod "
          + "&quot;credit_card&quot; read as &quot;card&quot;; 1 payload, 2 places [old-spelling]&#10;1 file checked"
      ))
  }

  @Test func sarifHasARuleForEachNewKindAndOneNotePerSpelling() throws {
    let sarif = try jsonObject(
      runCommand(["--format", "sarif", Self.leftOut, Self.renamed], registry: evolvingRegistry)
        .output)
    let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
    let rules = try #require(
      ((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
    let ruleIDs = rules.compactMap { $0["id"] as? String }
    for checkClass in ["element-left-out", "old-spelling", "alias-conflict"] {
      #expect(ruleIDs.contains(checkClass))
    }
    let renamedRule = try #require(rules.first { $0["id"] as? String == "old-spelling" })
    #expect(
      (renamedRule["defaultConfiguration"] as? [String: String])?["level"] == "note")
    let results = try #require(run["results"] as? [[String: Any]])
    #expect(
      results.map { "\($0["ruleId"] ?? "") \($0["level"] ?? "")" } == [
        "unknown-value warning", "element-left-out warning", "old-spelling note",
      ])
    let note = results[2]
    #expect(
      (note["message"] as? [String: String])?["text"]
        == #"$.method: old spelling PaymentMethod "credit_card" read as "card"; 1 payload, 2 places [old-spelling]"#
    )
    #expect(note["ruleIndex"] as? Int == ruleIDs.firstIndex(of: "old-spelling"))
  }

  @Test func theSummaryListsElementsLeftOutAndOldSpellingsByType() throws {
    let folder = try TemporaryFolder()
    let summary = folder.path + "/summary.md"
    let run = runCommand(
      ["--summary", summary, Self.leftOut, Self.renamed], registry: evolvingRegistry,
      workingDirectory: EvolvingFixtures.root)
    #expect(run.status == 0)
    let text = try String(contentsOfFile: summary, encoding: .utf8)
    #expect(
      text.contains(
        """
        | With unknown values | 1 |
        | With elements left out | 1 |
        | Failed | 0 |
        """))
    #expect(text.contains("| Elements left out | 1 |\n| Values sent in an old spelling | 2 |\n"))
    // The unknown values are only those: no element, no old spelling.
    #expect(
      text.contains(
        """
        ### Unknown values

        #### PaymentMethod

        | Raw value | Payloads | First seen |
        |---|---:|---|
        | `"paypal"` | 1 | `Checkout/v2-old-spelling-and-new-method.json:3:31` `$.accepted[1]` |

        ### Elements left out (1)
        """))
    #expect(
      text.contains(
        """
        ### Elements left out (1)

        | Where | Problem |
        |---|---|
        | `Timeline/v2-pinned-left-out.json:5:5` `$.pinned[1]` | left out an element that fails \
        to decode as Notice: expected an object, found a string: "a notice of a kind this build \
        cannot re… [element-left-out] |
        """))
    #expect(
      text.hasSuffix(
        """
        ### Old spellings still sent

        Values read through an alias or by their letter case: not problems, and not recorded \
        in baselines. An alias can go once its old spelling is no longer sent.

        #### PaymentMethod

        | Sent | Read as | Payloads | Places | First seen |
        |---|---|---:|---:|---|
        | `"credit_card"` | `"card"` | 1 | 2 | \
        `Checkout/v2-old-spelling-and-new-method.json:2:13` `$.method` |

        """))
  }

  @Test func aBaselineRecordsAndAcceptsElementsLeftOutByTheirError() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(
      #"{"notices": [{"id": 1, "title": "a", "kind": "poke"}], "authors": {}}"#,
      to: "Timeline/a.json")
    let baseline = folder.path + "/baseline.json"
    let write = runCommand(
      ["--strict", "--write-baseline", baseline, path], registry: evolvingRegistry,
      workingDirectory: folder.path)
    #expect(write.status == 1)
    #expect(
      try Baseline(contentsOfFile: baseline).entries == [
        BaselineEntry(
          file: "Timeline/a.json", kind: .invalidElement, path: "$.notices[0]",
          value: #"left out an element that fails to decode as Notice: unknown NoticeKind value "#
            + #""poke", and NoticeKind cannot decode values it does not know (no `unknown` "#
            + "case) (at $.notices[0].kind)")
      ])
    let accepted = runCommand(
      ["--strict", "--baseline", baseline, path], registry: evolvingRegistry,
      workingDirectory: folder.path)
    #expect(accepted.status == 0)
    // Another element of the same payload that fails another way is new.
    try folder.write(
      #"{"notices": [{"id": 1, "title": "a", "kind": "poke"}, {"id": 2}], "authors": {}}"#,
      to: "Timeline/a.json")
    let changed = runCommand(
      ["--strict", "--baseline", baseline, path], registry: evolvingRegistry,
      workingDirectory: folder.path)
    #expect(changed.status == 1)
    #expect(
      changed.outputLines.first
        == "\(path):1:55: error: $.notices[1]: left out an element that fails to decode as "
        + "Notice: missing required key `title` [element-left-out]")
  }
}
