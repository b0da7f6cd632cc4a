import CodableResilience

/// A pull request, as the `pull_request` and `pull_request_review` events carry it.
///
/// ```swift
/// if pullRequest.mergeableState == .clean { print("#\(pullRequest.number) can be merged") }
/// ```
public struct PullRequest<Vocabulary: WebhookVocabulary>: Codable, Sendable {
  /// The pull request's number in its repository.
  public var number: Int
  /// Its title.
  public var title: String
  /// Open or closed.
  public var state: Vocabulary.IssueState
  /// Whether the conversation is locked.
  public var locked: Bool
  /// Whether it is a draft.
  public var draft: Bool
  /// Whether it was merged; missing from the `pull_request_review` examples.
  public var merged: Bool?
  /// Who opened it.
  public var user: User<Vocabulary>
  /// The first assignee, or `null`.
  public var assignee: User<Vocabulary>?
  /// Everyone assigned.
  public var assignees: [User<Vocabulary>]
  /// The accounts asked for a review.
  public var requestedReviewers: [User<Vocabulary>]
  /// Its labels.
  public var labels: [Label]
  /// The milestone it belongs to, or `null`.
  public var milestone: Milestone<Vocabulary>?
  /// The branch with the changes.
  public var head: Branch<Vocabulary>
  /// The branch the changes go into.
  public var base: Branch<Vocabulary>
  /// How the author relates to the repository.
  public var authorAssociation: Vocabulary.AuthorAssociation
  /// Why the conversation was locked: `nil` for `null`, a missing key or an unknown reason.
  @DecodeUnknownAsNil public var activeLockReason: Vocabulary.LockReason?
  /// Whether and how it can be merged; missing from the `pull_request_review` examples.
  public var mergeableState: Vocabulary.MergeableState?

  enum CodingKeys: String, CodingKey {
    case number
    case title
    case state
    case locked
    case draft
    case merged
    case user
    case assignee
    case assignees
    case requestedReviewers = "requested_reviewers"
    case labels
    case milestone
    case head
    case base
    case authorAssociation = "author_association"
    case activeLockReason = "active_lock_reason"
    case mergeableState = "mergeable_state"
  }
}

/// One side of a pull request: a branch at a commit, in a repository.
///
/// ```swift
/// print("\(pullRequest.head.label) → \(pullRequest.base.label)")
/// ```
public struct Branch<Vocabulary: WebhookVocabulary>: Codable, Sendable {
  /// `owner:branch`.
  public var label: String
  /// The branch name.
  public var ref: String
  /// The commit the branch points at.
  public var sha: String
  /// The owner of the branch's repository.
  public var user: User<Vocabulary>
  /// The branch's repository; `null` once a fork is deleted.
  public var repo: Repository<Vocabulary>?
}

/// A review of a pull request.
///
/// ```swift
/// if review.state == .commented { print("\(review.user.login) left comments") }
/// ```
public struct Review<Vocabulary: WebhookVocabulary>: Codable, Sendable {
  /// The review's numeric identifier.
  public var id: Int
  /// Its verdict.
  public var state: Vocabulary.ReviewState
  /// Who wrote it.
  public var user: User<Vocabulary>
  /// How the reviewer relates to the repository.
  public var authorAssociation: Vocabulary.AuthorAssociation

  enum CodingKeys: String, CodingKey {
    case id
    case state
    case user
    case authorAssociation = "author_association"
  }
}
