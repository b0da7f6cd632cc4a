import CodableResilience
import EvolvingModels
import Foundation
import Testing

@testable import DecodeCheck

/// A timeline as an app that decodes with `.convertFromSnakeCase` models it: findings name the
/// payload's own keys, also inside an element left out.
private struct SnakeCaseTimeline: Decodable {
  @SkipInvalidElements var pinnedNotices: [Notice]
}

/// A timeline with a payment method: a payload can hold unknown values and elements left out.
private struct PaidTimeline: Decodable {
  @SkipInvalidElements var notices: [Notice]
  var method: PaymentMethod
}

/// An element left out by `@SkipInvalidElements`: a warning of its own kind (an error under
/// `--strict`) at the element, with the element's own error and where inside it it failed.
@Suite struct ElementsLeftOutCheckTests {
  static let timeline = """
    {
      "notices": [
        { "id": 1, "title": "Hi", "kind": "mention" },
        { "id": "2", "title": "Yo", "kind": "follow" }
      ],
      "authors": {}
    }
    """

  @Test func anElementLeftOutIsAWarningAtTheElementWithItsOwnError() throws {
    let result = PayloadChecker().check(
      Data(Self.timeline.utf8), as: RegisteredModel(Timeline.self))
    #expect(result.outcome == .decodedWithElementsLeftOut)
    #expect(!result.failed)
    let finding = try #require(result.findings.first)
    #expect(result.findings.count == 1)
    #expect(finding.kind == .invalidElement)
    #expect(finding.severity == .warning)
    #expect(finding.path == "$.notices[1]")
    #expect(finding.position == TextPosition(line: 4, column: 5))
    #expect(
      finding.message
        == #"left out an element that fails to decode as Notice: expected a number, found a "#
        + #"string: "2" (at $.notices[1].id)"#)
    guard case .invalidElement(let failure)? = finding.unknownValue?.kind else {
      Issue.record("no element failure: \(String(describing: finding.unknownValue))")
      return
    }
    #expect(failure.errorKind == "typeMismatch")
    #expect(failure.path == "$.notices[1].id")
    #expect(result.leftOutElementCount == 1)
    #expect(result.unknownValueCount == 0)
  }

  @Test func strictMakesItAnErrorAndTheFileFailed() throws {
    let result = PayloadChecker(strict: true).check(
      Data(Self.timeline.utf8), as: RegisteredModel(Timeline.self))
    #expect(result.findings.map(\.severity) == [.error])
    #expect(result.outcome == .decodedWithElementsLeftOut)
    #expect(result.failed)
  }

  @Test func pathsNameThePayloadsOwnKeysInsideTheElement() throws {
    let model = RegisteredModel(SnakeCaseTimeline.self) {
      let decoder = JSONDecoder()
      decoder.keyDecodingStrategy = .convertFromSnakeCase
      return decoder
    }
    let payload = #"{"pinned_notices": [{"id": "7", "title": "x", "kind": "mention"}, {"id": 8}]}"#
    let result = PayloadChecker().check(Data(payload.utf8), as: model)
    #expect(result.findings.map(\.path) == ["$.pinned_notices[0]", "$.pinned_notices[1]"])
    #expect(
      result.findings.map(\.message) == [
        #"left out an element that fails to decode as Notice: expected a number, found a "#
          + #"string: "7" (at $.pinned_notices[0].id)"#,
        "left out an element that fails to decode as Notice: missing required key `title`",
      ])
  }

  @Test func aPayloadWithUnknownValuesAndElementsLeftOutCountsOnceAsWithElementsLeftOut() throws {
    let folder = try TemporaryFolder()
    try folder.write(
      #"{"notices": [{"id": 1}], "authors": {}}"#, to: "Timeline/left-out.json")
    try folder.write(
      #"{"method": "paypal", "accepted": []}"#, to: "Checkout/unknown.json")
    try folder.write(#"{"method": "card", "accepted": ["sepa"]}"#, to: "Checkout/renamed.json")
    let report = PayloadChecker().check(
      paths: [folder.path], in: evolvingRegistry, maximumConcurrency: 1)
    let summary = report.summary
    #expect(summary.withElementsLeftOut == 1)
    #expect(summary.elementsLeftOut == 1)
    #expect(summary.withUnknownValues == 1)
    #expect(summary.unknownValues == 1)
    // An old spelling is not a problem: its file decoded cleanly.
    #expect(summary.decodedCleanly == 1)
    #expect(summary.renamedValues == 1)
    #expect(summary.filesChecked == 3)
    #expect(
      summary.description
        == "3 files checked: 1 decoded cleanly, 1 with unknown values (1 value), 1 with "
        + "elements left out (1 element), 0 failed; 1 value sent in an old spelling")
    #expect(report.exitStatus == 0)
    let strict = PayloadChecker(strict: true).check(
      paths: [folder.path], in: evolvingRegistry, maximumConcurrency: 1)
    #expect(strict.summary.failed == 2)
    #expect(strict.summary.decodedCleanly == 1)
    #expect(strict.exitStatus == 1)
  }

  @Test func aPayloadWithBothCountsAsWithElementsLeftOut() throws {
    let payload = #"{"notices": [{"id": 1}], "method": "paypal"}"#
    var report = CheckReport(
      files: [PayloadChecker().check(Data(payload.utf8), as: RegisteredModel(PaidTimeline.self))],
      isStrict: false)
    #expect(report.files[0].outcome == .decodedWithElementsLeftOut)
    #expect(report.summary.withElementsLeftOut == 1)
    #expect(report.summary.withUnknownValues == 0)
    #expect(report.summary.unknownValues == 1)
    // A baseline that accepts only the unknown value leaves the file with its element.
    let baseline = Baseline(entries: [
      BaselineEntry(file: "-", kind: .unknownValue, path: "$.method", value: "paypal")
    ])
    report = baseline.apply(to: report, workingDirectory: "/")
    #expect(report.files[0].findings.map(\.kind) == [.invalidElement])
    #expect(report.summary.withElementsLeftOut == 1)
    #expect(report.summary.baselined == 0)
  }

  @Test func eachLineOfNewlineDelimitedJSONIsAPayload() throws {
    let lines = """
      {"notices": [], "authors": {}}
      {"notices": [{"id": 1, "title": "a", "kind": "poke"}], "authors": {}}
      """
    let result = PayloadChecker(lines: true).check(
      Data(lines.utf8), as: RegisteredModel(Timeline.self))
    #expect(result.outcome == .decodedWithElementsLeftOut)
    #expect(result.payloadCount == 2)
    #expect(result.findings.map(\.position) == [TextPosition(line: 2, column: 14)])
  }

  @Test func aTopLevelCollectionLeavesOutItsElementsToo() throws {
    let model = RegisteredModel(SkipInvalidElements<[Notice]>.self)
    let result = PayloadChecker().check(
      Data(#"[{"id": 1, "title": "a", "kind": "mention"}, {"id": 2}]"#.utf8), as: model)
    #expect(result.findings.map(\.path) == ["$[1]"])
    #expect(result.findings.map(\.kind) == [.invalidElement])
  }
}
