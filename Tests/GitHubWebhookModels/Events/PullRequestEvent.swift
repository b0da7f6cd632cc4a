/// The `pull_request` webhook: something happened to a pull request.
///
/// ```swift
/// let event = try JSONDecoder().decode(PullRequestEvent<CorpusVocabulary>.self, from: body)
/// switch event.action {
/// case .opened, .reopened: requestReviews(event.pullRequest)
/// case .unknown: logger.info("skipping an action this build does not know")
/// default: break
/// }
/// ```
public struct PullRequestEvent<Vocabulary: WebhookVocabulary>: Codable, Sendable {
  /// What happened.
  public var action: Vocabulary.PullRequestAction
  /// The pull request's number.
  public var number: Int
  /// The pull request after the action.
  public var pullRequest: PullRequest<Vocabulary>
  /// The user assigned or unassigned, on those actions.
  public var assignee: User<Vocabulary>?
  /// The reviewer requested or removed, on those actions.
  public var requestedReviewer: User<Vocabulary>?
  /// The label added or removed, on those actions.
  public var label: Label?
  /// The pull request's repository.
  public var repository: Repository<Vocabulary>
  /// Who did it.
  public var sender: User<Vocabulary>

  enum CodingKeys: String, CodingKey {
    case action
    case number
    case pullRequest = "pull_request"
    case assignee
    case requestedReviewer = "requested_reviewer"
    case label
    case repository
    case sender
  }
}

/// The `pull_request_review` webhook: a review was submitted, edited or dismissed.
///
/// ```swift
/// let event = try JSONDecoder().decode(
///   PullRequestReviewEvent<CorpusVocabulary>.self, from: body)
/// if event.action == .submitted, event.review.state == .commented { notifyAuthor() }
/// ```
public struct PullRequestReviewEvent<Vocabulary: WebhookVocabulary>: Codable, Sendable {
  /// What happened.
  public var action: Vocabulary.PullRequestReviewAction
  /// The review.
  public var review: Review<Vocabulary>
  /// The pull request reviewed.
  public var pullRequest: PullRequest<Vocabulary>
  /// The pull request's repository.
  public var repository: Repository<Vocabulary>
  /// Who did it.
  public var sender: User<Vocabulary>

  enum CodingKeys: String, CodingKey {
    case action
    case review
    case pullRequest = "pull_request"
    case repository
    case sender
  }
}
