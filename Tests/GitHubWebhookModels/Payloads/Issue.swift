import CodableResilience

/// An issue, as the `issues` and `issue_comment` events carry it.
///
/// ```swift
/// if issue.locked == true, issue.activeLockReason == nil,
///   let reason = issue.$activeLockReason.unknownRawValue
/// {
///   print("locked for a reason this build does not know: \(reason)")
/// }
/// ```
public struct Issue<Vocabulary: WebhookVocabulary>: Codable, Sendable {
  /// The issue's number in its repository.
  public var number: Int
  /// Its title.
  public var title: String
  /// Open or closed; missing from the `pinned` and `unpinned` examples.
  public var state: Vocabulary.IssueState?
  /// Whether the conversation is locked; missing where `state` is.
  public var locked: Bool?
  /// Who opened it.
  public var user: User<Vocabulary>
  /// Its labels; missing where `state` is.
  public var labels: [Label]?
  /// The first assignee: `null` when there is none, missing where `state` is.
  public var assignee: User<Vocabulary>?
  /// Everyone assigned.
  public var assignees: [User<Vocabulary>]
  /// The milestone it belongs to, if any.
  public var milestone: Milestone<Vocabulary>?
  /// How the author relates to the repository.
  public var authorAssociation: Vocabulary.AuthorAssociation
  /// Why the conversation was locked: `nil` for `null`, a missing key or a reason this
  /// build does not know (kept in `$activeLockReason`).
  @DecodeUnknownAsNil public var activeLockReason: Vocabulary.LockReason?

  enum CodingKeys: String, CodingKey {
    case number
    case title
    case state
    case locked
    case user
    case labels
    case assignee
    case assignees
    case milestone
    case authorAssociation = "author_association"
    case activeLockReason = "active_lock_reason"
  }
}

/// A label on an issue or a pull request.
///
/// ```swift
/// let names = issue.labels?.map(\.name) ?? []
/// ```
public struct Label: Codable, Sendable {
  /// The label's text.
  public var name: String
  /// Its colour as six hexadecimal digits, without `#`.
  public var color: String
}

/// A milestone that issues and pull requests are grouped under.
///
/// ```swift
/// if milestone.state == .closed { print("\(milestone.title) is done") }
/// ```
public struct Milestone<Vocabulary: WebhookVocabulary>: Codable, Sendable {
  /// The milestone's number in its repository.
  public var number: Int
  /// Its title.
  public var title: String
  /// Open or closed.
  public var state: Vocabulary.IssueState
  /// Who created it; `null` once that account is deleted.
  public var creator: User<Vocabulary>?
}

/// The `changes` of an `issues` event: the issue and repository before and after a
/// transfer. Every member is optional, as `edited` sends `{}`.
///
/// ```swift
/// if let moved = event.changes?.newRepository { print("moved to \(moved.fullName)") }
/// ```
public struct IssueChanges<Vocabulary: WebhookVocabulary>: Codable, Sendable {
  /// The issue before it was transferred (on `opened` in the new repository).
  public var oldIssue: Issue<Vocabulary>?
  /// The repository it came from.
  public var oldRepository: Repository<Vocabulary>?
  /// The issue after it was transferred (on `transferred`).
  public var newIssue: Issue<Vocabulary>?
  /// The repository it moved to.
  public var newRepository: Repository<Vocabulary>?

  enum CodingKeys: String, CodingKey {
    case oldIssue = "old_issue"
    case oldRepository = "old_repository"
    case newIssue = "new_issue"
    case newRepository = "new_repository"
  }
}
