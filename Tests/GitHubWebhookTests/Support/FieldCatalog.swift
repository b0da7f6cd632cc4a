import CodableResilience
import GitHubWebhookModels

// Where each model puts each enum-like field, written down once, independently of the
// models' CodingKeys: the tests walk a payload's JSON at these paths to predict what
// decoding must report and what re-encoding must write.

/// One enum-like field of a model: where it sits, which tool decodes it and the values its
/// type knows.
struct Field: Sendable, CustomStringConvertible {
  /// The toolkit's three ways of decoding an evolving field.
  enum Tool: Sendable {
    case unknownDecodable
    case decodeUnknownAsNil
    case extensibleEnum
  }

  let pattern: FieldPattern
  let tool: Tool
  /// The type's name as reports give it.
  let typeName: String
  /// The raw values the type decodes without a report.
  let knownValues: Set<String>
  /// Whether a value outside `knownValues` is reported: not for an `ExtensibleEnum` without
  /// `knownValues`, which accepts everything silently.
  let reportsUnknownValues: Bool
  /// What an `UnknownDecodable` writes for a value it did not know.
  let unknownCaseRawValue: String?

  var description: String { "\(pattern) (\(typeName))" }

  /// Whether decoding `rawValue` here must report it.
  func reports(_ rawValue: String) -> Bool {
    reportsUnknownValues && !knownValues.contains(rawValue)
  }

  /// What re-encoding the decoded model must write where the payload held `leaf`.
  ///
  /// `@DecodeUnknownAsNil` and `ExtensibleEnum` are lossless: the same leaf. An
  /// `UnknownDecodable` writes its `unknown` case's raw value for a value it did not know
  /// (documented as lossy), and, as an `Optional`, writes no key for `null`.
  func leafAfterRoundTrip(of leaf: JSONLeaf) -> JSONLeaf {
    guard tool == .unknownDecodable else { return leaf }
    switch leaf {
    case .null: return .absent
    case .string(let rawValue) where !knownValues.contains(rawValue):
      return .string(unknownCaseRawValue ?? "")
    default: return leaf
    }
  }

  static func unknownDecodable<T: WebhookEnum>(_ pattern: String, _ type: T.Type) -> Field {
    Field(
      pattern: FieldPattern(pattern), tool: .unknownDecodable, typeName: String(describing: type),
      knownValues: Set(T.allCases.map(\.rawValue)), reportsUnknownValues: true,
      unknownCaseRawValue: T.unknown.rawValue)
  }

  static func decodeUnknownAsNil<T: NilWhenUnknownEnum>(_ pattern: String, _ type: T.Type)
    -> Field
  {
    Field(
      pattern: FieldPattern(pattern), tool: .decodeUnknownAsNil,
      typeName: String(describing: type), knownValues: Set(T.allCases.map(\.rawValue)),
      reportsUnknownValues: true, unknownCaseRawValue: nil)
  }

  static func extensibleEnum<T: OpenWebhookEnum>(_ pattern: String, _ type: T.Type) -> Field {
    Field(
      pattern: FieldPattern(pattern), tool: .extensibleEnum, typeName: String(describing: type),
      knownValues: Set(T.knownValues.map(\.rawValue)),
      reportsUnknownValues: !T.knownValues.isEmpty, unknownCaseRawValue: nil)
  }
}

/// An event model whose fields are catalogued, with the corpus folder of its payloads.
protocol CataloguedEvent: Codable, Sendable {
  static var folder: String { get }
  static var fields: [Field] { get }
}

// MARK: - Payload parts

extension User {
  static func fields(at path: String) -> [Field] {
    [.unknownDecodable("\(path).type", Vocabulary.AccountType.self)]
  }
}

extension Repository {
  static func fields(at path: String) -> [Field] {
    User<Vocabulary>.fields(at: "\(path).owner")
  }
}

extension Milestone {
  static func fields(at path: String) -> [Field] {
    [.unknownDecodable("\(path).state", Vocabulary.IssueState.self)]
      + User<Vocabulary>.fields(at: "\(path).creator")
  }
}

extension Issue {
  static func fields(at path: String) -> [Field] {
    [
      .unknownDecodable("\(path).state", Vocabulary.IssueState.self),
      .extensibleEnum("\(path).author_association", Vocabulary.AuthorAssociation.self),
      .decodeUnknownAsNil("\(path).active_lock_reason", Vocabulary.LockReason.self),
    ]
      + User<Vocabulary>.fields(at: "\(path).user")
      + User<Vocabulary>.fields(at: "\(path).assignee")
      + User<Vocabulary>.fields(at: "\(path).assignees[]")
      + Milestone<Vocabulary>.fields(at: "\(path).milestone")
  }
}

extension PullRequest {
  static func fields(at path: String) -> [Field] {
    [
      .unknownDecodable("\(path).state", Vocabulary.IssueState.self),
      .extensibleEnum("\(path).author_association", Vocabulary.AuthorAssociation.self),
      .decodeUnknownAsNil("\(path).active_lock_reason", Vocabulary.LockReason.self),
      .extensibleEnum("\(path).mergeable_state", Vocabulary.MergeableState.self),
    ]
      + User<Vocabulary>.fields(at: "\(path).user")
      + User<Vocabulary>.fields(at: "\(path).assignee")
      + User<Vocabulary>.fields(at: "\(path).assignees[]")
      + User<Vocabulary>.fields(at: "\(path).requested_reviewers[]")
      + Milestone<Vocabulary>.fields(at: "\(path).milestone")
      + Branch<Vocabulary>.fields(at: "\(path).head")
      + Branch<Vocabulary>.fields(at: "\(path).base")
  }
}

extension Branch {
  static func fields(at path: String) -> [Field] {
    User<Vocabulary>.fields(at: "\(path).user") + Repository<Vocabulary>.fields(at: "\(path).repo")
  }
}

extension CheckSuite {
  static func fields(at path: String) -> [Field] {
    [
      .unknownDecodable("\(path).status", Vocabulary.CheckStatus.self),
      .decodeUnknownAsNil("\(path).conclusion", Vocabulary.CheckConclusion.self),
    ] + User<Vocabulary>.fields(at: "\(path).app.owner")
  }
}

// MARK: - Events

/// The fields every event carries: who sent it and where.
private func repositoryAndSender<Vocabulary: WebhookVocabulary>(_: Vocabulary.Type) -> [Field] {
  Repository<Vocabulary>.fields(at: "repository") + User<Vocabulary>.fields(at: "sender")
}

extension PullRequestEvent: CataloguedEvent {
  static var folder: String { "pull_request" }
  static var fields: [Field] {
    [.unknownDecodable("action", Vocabulary.PullRequestAction.self)]
      + PullRequest<Vocabulary>.fields(at: "pull_request")
      + User<Vocabulary>.fields(at: "assignee")
      + User<Vocabulary>.fields(at: "requested_reviewer")
      + repositoryAndSender(Vocabulary.self)
  }
}

extension PullRequestReviewEvent: CataloguedEvent {
  static var folder: String { "pull_request_review" }
  static var fields: [Field] {
    [
      .unknownDecodable("action", Vocabulary.PullRequestReviewAction.self),
      .unknownDecodable("review.state", Vocabulary.ReviewState.self),
      .extensibleEnum("review.author_association", Vocabulary.AuthorAssociation.self),
    ]
      + User<Vocabulary>.fields(at: "review.user")
      + PullRequest<Vocabulary>.fields(at: "pull_request")
      + repositoryAndSender(Vocabulary.self)
  }
}

extension IssuesEvent: CataloguedEvent {
  static var folder: String { "issues" }
  static var fields: [Field] {
    [.unknownDecodable("action", Vocabulary.IssuesAction.self)]
      + Issue<Vocabulary>.fields(at: "issue")
      + Issue<Vocabulary>.fields(at: "changes.old_issue")
      + Issue<Vocabulary>.fields(at: "changes.new_issue")
      + Repository<Vocabulary>.fields(at: "changes.old_repository")
      + Repository<Vocabulary>.fields(at: "changes.new_repository")
      + User<Vocabulary>.fields(at: "assignee")
      + Milestone<Vocabulary>.fields(at: "milestone")
      + repositoryAndSender(Vocabulary.self)
  }
}

extension CheckRunEvent: CataloguedEvent {
  static var folder: String { "check_run" }
  static var fields: [Field] {
    [
      .unknownDecodable("action", Vocabulary.CheckRunAction.self),
      .unknownDecodable("check_run.status", Vocabulary.CheckStatus.self),
      .decodeUnknownAsNil("check_run.conclusion", Vocabulary.CheckConclusion.self),
    ]
      + User<Vocabulary>.fields(at: "check_run.app.owner")
      + CheckSuite<Vocabulary>.fields(at: "check_run.check_suite")
      + repositoryAndSender(Vocabulary.self)
  }
}

extension CheckSuiteEvent: CataloguedEvent {
  static var folder: String { "check_suite" }
  static var fields: [Field] {
    [.unknownDecodable("action", Vocabulary.CheckSuiteAction.self)]
      + CheckSuite<Vocabulary>.fields(at: "check_suite")
      + repositoryAndSender(Vocabulary.self)
  }
}

extension WorkflowRunEvent: CataloguedEvent {
  static var folder: String { "workflow_run" }
  static var fields: [Field] {
    [
      .unknownDecodable("action", Vocabulary.WorkflowRunAction.self),
      .unknownDecodable("workflow_run.status", Vocabulary.CheckStatus.self),
      .decodeUnknownAsNil("workflow_run.conclusion", Vocabulary.CheckConclusion.self),
      .extensibleEnum("workflow_run.event", Vocabulary.WorkflowTrigger.self),
    ]
      + User<Vocabulary>.fields(at: "workflow_run.actor")
      + User<Vocabulary>.fields(at: "workflow_run.triggering_actor")
      + Repository<Vocabulary>.fields(at: "workflow_run.head_repository")
      + Repository<Vocabulary>.fields(at: "workflow_run.repository")
      + repositoryAndSender(Vocabulary.self)
  }
}

extension ReleaseEvent: CataloguedEvent {
  static var folder: String { "release" }
  static var fields: [Field] {
    [.unknownDecodable("action", Vocabulary.ReleaseAction.self)]
      + User<Vocabulary>.fields(at: "release.author")
      + repositoryAndSender(Vocabulary.self)
  }
}
