import CodableResilience

/// A run of a GitHub Actions workflow.
///
/// ```swift
/// if run.event == .repositoryDispatch, run.conclusion == .success { deploy() }
/// ```
public struct WorkflowRun<Vocabulary: WebhookVocabulary>: Codable, Sendable {
  /// The run's numeric identifier.
  public var id: Int
  /// The workflow's name.
  public var name: String
  /// The run's number within its workflow.
  public var runNumber: Int
  /// The branch it ran on, `null` when on none.
  public var headBranch: String?
  /// The event that triggered it.
  public var event: Vocabulary.WorkflowTrigger
  /// Queued, running or finished.
  public var status: Vocabulary.CheckStatus
  /// The verdict: `nil` while running (`null`) or for a verdict this build does not know.
  @DecodeUnknownAsNil public var conclusion: Vocabulary.CheckConclusion?
  /// Who started the workflow first.
  public var actor: User<Vocabulary>
  /// Who started this attempt.
  public var triggeringActor: User<Vocabulary>
  /// The repository of the commit that ran.
  public var headRepository: Repository<Vocabulary>
  /// The repository of the workflow.
  public var repository: Repository<Vocabulary>

  enum CodingKeys: String, CodingKey {
    case id
    case name
    case runNumber = "run_number"
    case headBranch = "head_branch"
    case event
    case status
    case conclusion
    case actor
    case triggeringActor = "triggering_actor"
    case headRepository = "head_repository"
    case repository
  }
}
