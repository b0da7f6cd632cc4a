import CodableResilience
import EvolvingModels
import Foundation
import Testing

@testable import DecodeCheck

/// Values read through an alias or by their letter case: notes, never errors (not even under
/// `--strict`), grouped by type and spelling with their counts, never in a baseline.
@Suite struct OldSpellingCheckTests {
  @Test func eachValueIsANoteWithTheSpellingAndTheValueReadAs() throws {
    let payload = #"{"method": "credit_card", "accepted": ["CARD"]}"#
    for strict in [false, true] {
      let result = PayloadChecker(strict: strict).check(
        Data(payload.utf8), as: RegisteredModel(Checkout.self))
      #expect(result.outcome == .decoded)
      #expect(!result.failed)
      #expect(result.findings.map(\.severity) == [.note, .note])
      #expect(result.findings.map(\.kind) == [.renamedValue, .renamedValue])
      #expect(result.findings.map(\.path) == ["$.method", "$.accepted[0]"])
      #expect(
        result.findings.map(\.message) == [
          #"old spelling PaymentMethod "credit_card" read as "card""#,
          #"old spelling PaymentMethod "CARD" read as "card""#,
        ])
      #expect(result.renamedValueCount == 2)
    }
  }

  @Test func spellingsAreGroupedByTypeSpellingAndValueWithTheirCounts() throws {
    let folder = try TemporaryFolder()
    try folder.write(
      #"{"method": "credit_card", "accepted": ["credit_card", "sepa"]}"#, to: "Checkout/a.json")
    try folder.write(#"{"method": "credit_card", "accepted": []}"#, to: "Checkout/b.json")
    let report = PayloadChecker().check(
      paths: [folder.path], in: evolvingRegistry, maximumConcurrency: 1)
    let spellings = report.oldSpellings
    #expect(spellings.map(\.received) == ["credit_card", "sepa"])
    #expect(spellings.map(\.canonical) == ["card", "bank_transfer"])
    #expect(spellings.map(\.payloads.count) == [2, 1])
    #expect(spellings.map(\.placeCount) == [3, 1])
    #expect(spellings.first?.firstFile.path.hasSuffix("Checkout/a.json") == true)
    #expect(spellings.first?.first.position == TextPosition(line: 1, column: 12))
    #expect(report.summary.renamedValues == 4)
  }

  @Test func quietLeavesThemOut() throws {
    let path = EvolvingFixtures.root + "/Checkout/v2-old-spellings.json"
    let run = runCommand(["--quiet", path], registry: evolvingRegistry)
    #expect(run.status == 0)
    #expect(
      run.outputLines == [
        "1 file checked: 1 decoded cleanly, 0 with unknown values (0 values), 0 failed; "
          + "6 values sent in an old spelling"
      ])
  }

  @Test func aBaselineNeitherRecordsNorAcceptsThem() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(
      #"{"method": "sepa", "accepted": ["paypal"]}"#, to: "Checkout/a.json")
    let baseline = folder.path + "/baseline.json"
    let write = runCommand(
      ["--write-baseline", baseline, path], registry: evolvingRegistry,
      workingDirectory: folder.path)
    #expect(write.status == 0)
    let entries = try Baseline(contentsOfFile: baseline).entries
    #expect(entries.map(\.kind) == [.unknownValue])
    let run = runCommand(
      ["--strict", "--baseline", baseline, path], registry: evolvingRegistry,
      workingDirectory: folder.path)
    #expect(run.status == 0)
    #expect(
      run.outputLines == [
        "\(path):1:12: note: $.method: old spelling PaymentMethod \"sepa\" read as "
          + "\"bank_transfer\"; 1 payload, 1 place [old-spelling]",
        "1 file checked: 0 decoded cleanly, 0 with unknown values (0 values), 0 failed, 1 with "
          + "only baselined findings; baseline: 1 finding accepted, 0 entries no longer found; "
          + "1 value sent in an old spelling",
      ])
  }
}
