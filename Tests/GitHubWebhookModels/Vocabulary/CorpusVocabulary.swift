import CodableResilience

/// The vocabulary of a client written against the octokit/webhooks payload examples: each
/// field knows exactly the values those examples show (`../shared/corpus/README.md`).
///
/// The values GitHub's schema declares but no example shows (`cancelled` conclusions,
/// `COLLABORATOR` associations, the `too heated` lock reason …) are deliberately left out:
/// they stand for the cases a server adds after an app ships, and the tests splice them into
/// real payloads to see each tool handle them.
///
/// ```swift
/// let event = try JSONDecoder().decode(CheckRunEvent<CorpusVocabulary>.self, from: data)
/// if event.checkRun.conclusion == .failure { print("\(event.checkRun.name) failed") }
/// ```
public enum CorpusVocabulary: WebhookVocabulary {
  /// The actions of the `pull_request` examples.
  public enum PullRequestAction: String, WebhookEnum {
    /// A user was assigned.
    case assigned
    /// Closed, merged or not.
    case closed
    /// Turned back into a draft.
    case convertedToDraft = "converted_to_draft"
    /// A label was added.
    case labeled
    /// The conversation was locked.
    case locked
    /// Opened.
    case opened
    /// Marked ready for review.
    case readyForReview = "ready_for_review"
    /// Reopened.
    case reopened
    /// A review request was withdrawn.
    case reviewRequestRemoved = "review_request_removed"
    /// A review was requested.
    case reviewRequested = "review_requested"
    /// The head branch received new commits.
    case synchronize
    /// A user was unassigned.
    case unassigned
    /// A label was removed.
    case unlabeled
    /// The conversation was unlocked.
    case unlocked
    /// An action this build does not know.
    case unknown
  }

  /// The actions of the `issues` examples.
  public enum IssuesAction: String, WebhookEnum {
    /// A user was assigned.
    case assigned
    /// Deleted.
    case deleted
    /// Removed from a milestone.
    case demilestoned
    /// Title or body edited.
    case edited
    /// A label was added.
    case labeled
    /// The conversation was locked.
    case locked
    /// Added to a milestone.
    case milestoned
    /// Opened.
    case opened
    /// Pinned to the repository.
    case pinned
    /// Reopened.
    case reopened
    /// Moved to another repository.
    case transferred
    /// A user was unassigned.
    case unassigned
    /// A label was removed.
    case unlabeled
    /// The conversation was unlocked.
    case unlocked
    /// Unpinned.
    case unpinned
    /// An action this build does not know.
    case unknown
  }

  /// The actions of the `check_run` examples.
  public enum CheckRunAction: String, WebhookEnum {
    /// The run finished.
    case completed
    /// The run was created.
    case created
    /// A user pressed one of the run's action buttons.
    case requestedAction = "requested_action"
    /// A user asked to run it again.
    case rerequested
    /// An action this build does not know.
    case unknown
  }

  /// The actions of the `check_suite` examples.
  public enum CheckSuiteAction: String, WebhookEnum {
    /// Every run of the suite finished.
    case completed
    /// New code was pushed.
    case requested
    /// A user asked to run it again.
    case rerequested
    /// An action this build does not know.
    case unknown
  }

  /// The actions of the `workflow_run` examples.
  public enum WorkflowRunAction: String, WebhookEnum {
    /// The run finished.
    case completed
    /// The run was requested.
    case requested
    /// An action this build does not know.
    case unknown
  }

  /// The actions of the `release` examples.
  public enum ReleaseAction: String, WebhookEnum {
    /// A release or draft was created.
    case created
    /// Deleted.
    case deleted
    /// Edited.
    case edited
    /// Published as a pre-release.
    case prereleased
    /// Published.
    case published
    /// Published as a full release.
    case released
    /// An action this build does not know.
    case unknown
  }

  /// The actions of the `pull_request_review` examples.
  public enum PullRequestReviewAction: String, WebhookEnum {
    /// A review was dismissed.
    case dismissed
    /// A review was submitted.
    case submitted
    /// An action this build does not know.
    case unknown
  }

  /// The account types of the examples.
  public enum AccountType: String, WebhookEnum {
    /// A GitHub App's bot account.
    case bot = "Bot"
    /// An organization.
    case organization = "Organization"
    /// A person.
    case user = "User"
    /// A type this build does not know.
    case unknown
  }

  /// The issue, pull request and milestone states of the examples.
  public enum IssueState: String, WebhookEnum {
    /// Closed.
    case closed
    /// Open.
    case open
    /// A state this build does not know.
    case unknown
  }

  /// The statuses of the check run, check suite and workflow run examples.
  public enum CheckStatus: String, WebhookEnum {
    /// Finished.
    case completed
    /// Running.
    case inProgress = "in_progress"
    /// Waiting to start.
    case queued
    /// A status this build does not know.
    case unknown
  }

  /// The review states of the examples.
  public enum ReviewState: String, WebhookEnum {
    /// A comment without a verdict.
    case commented
    /// Dismissed.
    case dismissed
    /// A state this build does not know.
    case unknown
  }

  /// The conclusions of the check run, check suite and workflow run examples.
  public enum CheckConclusion: String, NilWhenUnknownEnum {
    /// A person must act before it can go on.
    case actionRequired = "action_required"
    /// Failed.
    case failure
    /// Neither passed nor failed.
    case neutral
    /// Passed.
    case success
  }

  /// The lock reasons of the examples.
  public enum LockReason: String, NilWhenUnknownEnum {
    /// Off topic; the raw value has a hyphen.
    case offTopic = "off-topic"
    /// Spam.
    case spam
  }

  /// The author associations of the examples (only `OWNER`).
  public struct AuthorAssociation: OpenWebhookEnum {
    /// The association as GitHub writes it, in capitals.
    public var rawValue: String
    /// Creates an association from any raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The repository's owner.
    public static let owner: Self = "OWNER"
    /// The associations this build knows; others are reported and kept.
    public static let knownValues: [Self] = [.owner]
  }

  /// A pull request's mergeable state, open-ended: nothing is reported.
  public struct MergeableState: OpenWebhookEnum {
    /// The state as GitHub writes it.
    public var rawValue: String
    /// Creates a state from any raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Mergeable without conflicts, checks passed.
    public static let clean: Self = "clean"
    /// Not computed yet.
    public static let unknown: Self = "unknown"
  }

  /// The name of the event that triggered a workflow run, open-ended: nothing is reported.
  public struct WorkflowTrigger: OpenWebhookEnum {
    /// The event name as GitHub writes it.
    public var rawValue: String
    /// Creates a trigger from any event name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A `repository_dispatch` API call.
    public static let repositoryDispatch: Self = "repository_dispatch"
  }
}
