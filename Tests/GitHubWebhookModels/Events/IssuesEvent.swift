/// The `issues` webhook: something happened to an issue.
///
/// ```swift
/// let event = try JSONDecoder().decode(IssuesEvent<CorpusVocabulary>.self, from: body)
/// if event.action == .labeled, event.label?.name == "bug" { triage(event.issue) }
/// ```
public struct IssuesEvent<Vocabulary: WebhookVocabulary>: Codable, Sendable {
  /// What happened.
  public var action: Vocabulary.IssuesAction
  /// The issue after the action.
  public var issue: Issue<Vocabulary>
  /// What changed: the issue and repository around a transfer; `{}` when edited.
  public var changes: IssueChanges<Vocabulary>?
  /// The user assigned or unassigned, on those actions.
  public var assignee: User<Vocabulary>?
  /// The label added or removed, on those actions.
  public var label: Label?
  /// The milestone added or removed, on those actions.
  public var milestone: Milestone<Vocabulary>?
  /// The issue's repository.
  public var repository: Repository<Vocabulary>
  /// Who did it.
  public var sender: User<Vocabulary>
}
