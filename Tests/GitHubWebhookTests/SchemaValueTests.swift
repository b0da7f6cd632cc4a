import CodableResilience
import Foundation
import GitHubWebhookModels
import Testing

/// The values GitHub's schema declares but no corpus example shows (the table in
/// `../shared/corpus/README.md`), spliced into real payloads: the cases a server adds after
/// an app ships. The full models were written from the examples, so each such value must
/// decode to `.unknown`, to `nil` with the raw value kept, or to a kept unknown
/// `ExtensibleEnum` value, be reported at its path, and be written back as the tool promises.
@Suite(
  "Schema values spliced into real payloads", .enabled(if: Corpus.isConfigured, Corpus.skipReason))
struct SchemaValueTests {
  @Test(
    "a declared value decodes, is reported at its path and comes back", arguments: SchemaValue.all)
  func splicedValue(_ schemaValue: SchemaValue) throws {
    let event = try #require(
      VocabularyChoice.corpus.events.first { $0.folder == schemaValue.folder })
    let field = try #require(
      event.fields.first { $0.pattern.description == schemaValue.field },
      "\(schemaValue.field) is not catalogued for \(schemaValue.folder)")
    let splicedLeaf = schemaValue.value.map(JSONLeaf.string) ?? .null

    var spliced = 0
    for payload in Corpus.payloads(of: schemaValue.folder) {
      let original = try JSONSerialization.jsonObject(with: try payload.data())
      let places = field.pattern.occurrences(in: original).filter { $0.leaf != .absent }
      guard !places.isEmpty else { continue }
      let json = places.reduce(original) { json, place in
        replacing(place.path[...], in: json, with: schemaValue.value ?? NSNull())
      }
      let data = try JSONSerialization.data(withJSONObject: json)

      let outcome = try event.decode(data)
      let decoded = try schemaValue.read(data)

      let reported = outcome.unknownValues.map(ReportedValue.init)
      #expect(reported.sorted() == event.predictedUnknownValues(in: json).sorted(), "\(payload)")
      for place in places {
        let isReported = reported.contains {
          $0.path == place.jsonPath && $0.rawValue == schemaValue.value
        }
        #expect(isReported == schemaValue.value.map(field.reports) ?? false, "\(payload)")
      }
      #expect(decoded == DecodedValue.expected(for: schemaValue.value, in: field), "\(payload)")
      let reencoded = try JSONSerialization.jsonObject(with: outcome.reencoded)
      for place in places {
        #expect(
          JSONLeaf(at: place.path, in: reencoded) == field.leafAfterRoundTrip(of: splicedLeaf),
          "\(payload) at \(place.jsonPath)")
      }
      spliced += 1
    }
    #expect(spliced > 0, "no payload of \(schemaValue.folder) has \(schemaValue.field)")
  }
}

/// One value the schema declares for a field, with a way to read the decoded field back.
struct SchemaValue: Sendable, CustomTestStringConvertible {
  let folder: String
  let field: String
  /// The value; `nil` for JSON `null`.
  let value: String?
  /// Decodes a payload with the full models and reads the field.
  let read: @Sendable (Data) throws -> DecodedValue

  var testDescription: String { "\(folder): \(field) = \(value.map { "\"\($0)\"" } ?? "null")" }

  /// The table of the corpus README, one row per field and place.
  static let all: [SchemaValue] = [
    values(
      "pull_request", "action", PullRequestEvent<Full>.self,
      [
        "auto_merge_disabled", "auto_merge_enabled", "demilestoned", "dequeued", "edited",
        "enqueued", "milestoned",
      ]
    ) { .init($0.action) },
    values("issues", "action", IssuesEvent<Full>.self, ["closed"]) { .init($0.action) },
    values("release", "action", ReleaseEvent<Full>.self, ["unpublished"]) { .init($0.action) },
    values("workflow_run", "action", WorkflowRunEvent<Full>.self, ["in_progress"]) {
      .init($0.action)
    },
    values("pull_request_review", "action", PullRequestReviewEvent<Full>.self, ["edited"]) {
      .init($0.action)
    },
    values(
      "check_run", "check_run.conclusion", CheckRunEvent<Full>.self,
      ["action_required", "cancelled", "skipped", "stale", "timed_out"]
    ) { .init($0.checkRun.$conclusion) },
    values(
      "check_run", "check_run.check_suite.conclusion", CheckRunEvent<Full>.self,
      ["action_required", "cancelled", "failure", "stale", "timed_out"]
    ) { .init($0.checkRun.checkSuite.$conclusion) },
    values(
      "check_suite", "check_suite.conclusion", CheckSuiteEvent<Full>.self,
      ["action_required", "cancelled", "failure", "neutral", "stale", "timed_out"]
    ) { .init($0.checkSuite.$conclusion) },
    // The schema also allows `null` here.
    values(
      "check_suite", "check_suite.status", CheckSuiteEvent<Full>.self,
      ["in_progress", "requested", nil]
    ) { .init($0.checkSuite.status) },
    values(
      "workflow_run", "workflow_run.status", WorkflowRunEvent<Full>.self,
      ["in_progress", "requested", "waiting"]
    ) { .init($0.workflowRun.status) },
    values(
      "workflow_run", "workflow_run.conclusion", WorkflowRunEvent<Full>.self,
      ["cancelled", "failure", "neutral", "skipped", "stale", "timed_out"]
    ) { .init($0.workflowRun.$conclusion) },
    values(
      "pull_request", "pull_request.author_association", PullRequestEvent<Full>.self,
      associations
    ) { .init($0.pullRequest.authorAssociation) },
    values("issues", "issue.author_association", IssuesEvent<Full>.self, associations) {
      .init($0.issue.authorAssociation)
    },
    values(
      "pull_request_review", "review.author_association", PullRequestReviewEvent<Full>.self,
      associations
    ) { .init($0.review.authorAssociation) },
    values(
      "pull_request", "pull_request.active_lock_reason", PullRequestEvent<Full>.self, lockReasons
    ) { .init($0.pullRequest.$activeLockReason) },
    values("issues", "issue.active_lock_reason", IssuesEvent<Full>.self, lockReasons) {
      .init($0.issue.$activeLockReason)
    },
    values(
      "pull_request_review", "review.state", PullRequestReviewEvent<Full>.self,
      ["approved", "changes_requested"]
    ) { .init($0.review.state) },
  ].flatMap { $0 }

  private typealias Full = CorpusVocabulary

  private static let associations: [String?] = [
    "COLLABORATOR", "CONTRIBUTOR", "FIRST_TIMER", "FIRST_TIME_CONTRIBUTOR", "MANNEQUIN", "MEMBER",
    "NONE",
  ]

  private static let lockReasons: [String?] = ["resolved", "too heated"]

  private static func values<Event: Decodable & Sendable>(
    _ folder: String,
    _ field: String,
    _ event: Event.Type,
    _ values: [String?],
    read: @escaping @Sendable (Event) -> DecodedValue
  ) -> [SchemaValue] {
    values.map { value in
      SchemaValue(folder: folder, field: field, value: value) { data in
        read(try JSONDecoder().decode(Event.self, from: data))
      }
    }
  }

}

/// A decoded field, as each tool exposes it.
enum DecodedValue: Equatable, CustomStringConvertible {
  /// An `UnknownDecodable` case, by raw value (`unknown` for the fallback case).
  case enumCase(String)
  /// An optional `UnknownDecodable` that is `nil`.
  case noCase
  /// A `@DecodeUnknownAsNil` property: its case, and the unknown raw value it kept.
  case nilWhenUnknown(String?, kept: String?)
  /// An `ExtensibleEnum`: its raw value and whether the type knows it.
  case extensible(String, isKnown: Bool)

  init<T: WebhookEnum>(_ value: T?) {
    self = value.map { .enumCase($0.rawValue) } ?? .noCase
  }

  init<T: NilWhenUnknownEnum>(_ wrapper: DecodeUnknownAsNil<T>) {
    self = .nilWhenUnknown(wrapper.wrappedValue?.rawValue, kept: wrapper.unknownRawValue)
  }

  init<T: OpenWebhookEnum>(_ value: T) {
    self = .extensible(value.rawValue, isKnown: value.isKnown)
  }

  /// What decoding `value` (`nil` for `null`) into `field` must give.
  static func expected(for value: String?, in field: Field) -> DecodedValue {
    let isKnown = value.map(field.knownValues.contains) ?? false
    switch field.tool {
    case .unknownDecodable:
      guard let value else { return .noCase }
      return .enumCase(isKnown ? value : field.unknownCaseRawValue ?? "")
    case .decodeUnknownAsNil:
      return isKnown ? .nilWhenUnknown(value, kept: nil) : .nilWhenUnknown(nil, kept: value)
    case .extensibleEnum:
      return .extensible(value ?? "", isKnown: isKnown)
    }
  }

  var description: String {
    switch self {
    case .enumCase(let rawValue): ".\(rawValue)"
    case .noCase: "nil"
    case .nilWhenUnknown(let value, let kept): "\(value ?? "nil") (kept: \(kept ?? "nothing"))"
    case .extensible(let rawValue, let isKnown): "\(rawValue) (\(isKnown ? "known" : "unknown"))"
    }
  }
}
