import CodableResilience
import Foundation
import GitHubWebhookModels
import Testing

/// A webhook delivery as a queue stores it: the event name from the `X-GitHub-Event` header
/// beside the body. Some events are left out of the model, as an app that does not handle them
/// leaves them out, so they arrive as unknown variants.
enum WebhookDelivery: TaggedUnion, Encodable {
  case pullRequest(PullRequestEvent<CorpusVocabulary>)
  case issues(IssuesEvent<CorpusVocabulary>)
  case release(ReleaseEvent<CorpusVocabulary>)
  case workflowRun(WorkflowRunEvent<CorpusVocabulary>)
  case unknown(UnknownVariant)

  static let tagKey = "event"
  static let layout = TaggedUnionLayout.underKey("payload")
  static let knownTags = ["pull_request", "issues", "release", "workflow_run"]

  init?(tag: String, from decoder: any Decoder) throws {
    switch tag {
    case "pull_request": self = .pullRequest(try PullRequestEvent(from: decoder))
    case "issues": self = .issues(try IssuesEvent(from: decoder))
    case "release": self = .release(try ReleaseEvent(from: decoder))
    case "workflow_run": self = .workflowRun(try WorkflowRunEvent(from: decoder))
    default: return nil
    }
  }

  var taggedContent: TaggedContent {
    switch self {
    case .pullRequest(let event): TaggedContent(tag: "pull_request", content: event)
    case .issues(let event): TaggedContent(tag: "issues", content: event)
    case .release(let event): TaggedContent(tag: "release", content: event)
    case .workflowRun(let event): TaggedContent(tag: "workflow_run", content: event)
    case .unknown(let variant): TaggedContent(variant)
    }
  }
}

/// What happened to an issue, tagged by the payload's own `action`, its fields beside the tag.
/// Only some actions are modelled; the others arrive as unknown variants.
enum IssueActivity: TaggedUnion, Encodable {
  case opened(IssuesEvent<CorpusVocabulary>)
  case labeled(IssuesEvent<CorpusVocabulary>)
  case edited(IssuesEvent<CorpusVocabulary>)
  case unknown(UnknownVariant)

  static let tagKey = "action"
  static let knownTags = ["opened", "labeled", "edited"]

  init?(tag: String, from decoder: any Decoder) throws {
    switch tag {
    case "opened": self = .opened(try IssuesEvent(from: decoder))
    case "labeled": self = .labeled(try IssuesEvent(from: decoder))
    case "edited": self = .edited(try IssuesEvent(from: decoder))
    default: return nil
    }
  }

  var taggedContent: TaggedContent {
    switch self {
    case .opened(let event): TaggedContent(tag: "opened", content: event)
    case .labeled(let event): TaggedContent(tag: "labeled", content: event)
    case .edited(let event): TaggedContent(tag: "edited", content: event)
    case .unknown(let variant): TaggedContent(variant)
    }
  }
}

/// Every payload of the corpus, of every event folder, modelled or not.
private let allPayloads: [CorpusPayload] = {
  guard
    let folder = Corpus.folder?.appendingPathComponent(
      "octokit-webhooks/payload-examples/api.github.com"),
    let events = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
  else { return [] }
  return events.sorted().flatMap(Corpus.payloads(of:))
}()

private let issuePayloads = Corpus.payloads(of: "issues")

/// The delivery record of a payload: its bytes untouched, under `payload`.
private func delivery(_ payload: CorpusPayload) throws -> Data {
  Data(#"{"event": "\#(payload.event)", "payload": "#.utf8) + (try payload.data()) + Data("}".utf8)
}

@Suite(
  "GitHub webhooks as tagged unions", .enabled(if: Corpus.isConfigured, Corpus.skipReason))
struct WebhookUnionTests {
  @Test("the corpus holds events the union leaves out, and events it models")
  func corpusCoversBoth() {
    let events = Set(allPayloads.map(\.event))
    #expect(events.isSuperset(of: WebhookDelivery.knownTags))
    #expect(!events.subtracting(WebhookDelivery.knownTags).isEmpty)
    #expect(
      Set(issuePayloads.compactMap { $0.url.lastPathComponent.split(separator: ".").first })
        .count > IssueActivity.knownTags.count)
  }

  @Test(
    "every delivery decodes; left-out events are unknown, reported and written back exactly",
    arguments: allPayloads)
  func deliveries(_ payload: CorpusPayload) throws {
    let data = try delivery(payload)
    let (decoded, reports) = try JSONDecoder().decodeCollectingUnknownValues(
      WebhookDelivery.self, from: data)
    let unionReports = reports.filter { $0.typeName == "WebhookDelivery" }
    let reencoded = try jsonValue(JSONEncoder().encode(decoded))
    guard case .unknown(let variant) = decoded else {
      #expect(WebhookDelivery.knownTags.contains(payload.event))
      #expect(unionReports.isEmpty)
      // A known event writes its tag, and under `payload` what its model writes on its own.
      #expect(reencoded["event"] == .string(payload.event))
      let alone = try payload.model(.corpus).decode(try payload.data()).reencoded
      #expect(reencoded["payload"] == (try jsonValue(alone)))
      return
    }
    #expect(!WebhookDelivery.knownTags.contains(payload.event))
    #expect(variant.tag == payload.event)
    #expect(unionReports.map(\.path) == ["$.event"])
    #expect(unionReports.first?.knownValues == WebhookDelivery.knownTags)
    #expect(reencoded == (try jsonValue(data)))
    #expect(variant.json["payload"] == (try jsonValue(payload.data())))
  }

  @Test("issue actions left out of the model round-trip exactly", arguments: issuePayloads)
  func issueActions(_ payload: CorpusPayload) throws {
    let data = try payload.data()
    let original = try jsonValue(data)
    let action = try #require(
      original["action"].flatMap { value -> String? in
        if case .string(let text) = value { return text }
        return nil
      })
    let (activity, reports) = try JSONDecoder().decodeCollectingUnknownValues(
      IssueActivity.self, from: data)
    let reencoded = try jsonValue(JSONEncoder().encode(activity))
    let activityReports = reports.filter { $0.typeName == "IssueActivity" }
    if case .unknown(let variant) = activity {
      #expect(!IssueActivity.knownTags.contains(action))
      #expect(variant.tag == action)
      #expect(activityReports.map(\.path) == ["$.action"])
      #expect(reencoded == original)
    } else {
      #expect(IssueActivity.knownTags.contains(action))
      #expect(activityReports.isEmpty)
      #expect(reencoded["action"] == .string(action))
      // A known action writes what the event's model writes on its own.
      let alone = try payload.model(.corpus).decode(data).reencoded
      #expect(reencoded == (try jsonValue(alone)))
    }
  }

  @Test("strict decoding stops at a left-out event's tag")
  func strict() throws {
    let push = try #require(allPayloads.first { $0.event == "push" })
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decodeStrictly(WebhookDelivery.self, from: delivery(push))
    }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("expected dataCorrupted, got \(error)")
      return
    }
    #expect(UnknownValue.PathComponent.jsonPath(context.codingPath) == "$.event")
  }
}

/// A JSON document as a value, for comparing by meaning.
private func jsonValue(_ data: Data) throws -> JSONValue {
  try JSONDecoder().decode(JSONValue.self, from: data)
}
