/// The `check_run` webhook: a check run was created, finished, or a user asked for more.
///
/// ```swift
/// let event = try JSONDecoder().decode(CheckRunEvent<CorpusVocabulary>.self, from: body)
/// if event.action == .rerequested { rerun(event.checkRun) }
/// ```
public struct CheckRunEvent<Vocabulary: WebhookVocabulary>: Codable, Sendable {
  /// What happened.
  public var action: Vocabulary.CheckRunAction
  /// The check run.
  public var checkRun: CheckRun<Vocabulary>
  /// The button the user pressed, on `requested_action`.
  public var requestedAction: RequestedAction?
  /// The checked repository.
  public var repository: Repository<Vocabulary>
  /// Who did it.
  public var sender: User<Vocabulary>

  enum CodingKeys: String, CodingKey {
    case action
    case checkRun = "check_run"
    case requestedAction = "requested_action"
    case repository
    case sender
  }
}

/// The `check_suite` webhook: a suite was requested, re-requested or completed.
///
/// ```swift
/// let event = try JSONDecoder().decode(CheckSuiteEvent<CorpusVocabulary>.self, from: body)
/// if event.action == .requested { startChecks(on: event.checkSuite.headSha) }
/// ```
public struct CheckSuiteEvent<Vocabulary: WebhookVocabulary>: Codable, Sendable {
  /// What happened.
  public var action: Vocabulary.CheckSuiteAction
  /// The check suite.
  public var checkSuite: CheckSuite<Vocabulary>
  /// The checked repository.
  public var repository: Repository<Vocabulary>
  /// Who did it.
  public var sender: User<Vocabulary>

  enum CodingKeys: String, CodingKey {
    case action
    case checkSuite = "check_suite"
    case repository
    case sender
  }
}

/// The `workflow_run` webhook: a GitHub Actions run was requested, started or completed.
///
/// ```swift
/// let event = try JSONDecoder().decode(WorkflowRunEvent<CorpusVocabulary>.self, from: body)
/// if event.action == .completed, event.workflowRun.conclusion == nil { investigate() }
/// ```
public struct WorkflowRunEvent<Vocabulary: WebhookVocabulary>: Codable, Sendable {
  /// What happened.
  public var action: Vocabulary.WorkflowRunAction
  /// The workflow run.
  public var workflowRun: WorkflowRun<Vocabulary>
  /// The workflow's repository.
  public var repository: Repository<Vocabulary>
  /// Who did it.
  public var sender: User<Vocabulary>

  enum CodingKeys: String, CodingKey {
    case action
    case workflowRun = "workflow_run"
    case repository
    case sender
  }
}
