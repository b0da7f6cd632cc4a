import CodableResilience

/// A check run: one job of a CI system, reported on a commit.
///
/// ```swift
/// switch (checkRun.status, checkRun.conclusion) {
/// case (.completed, .failure?): print("\(checkRun.name) failed")
/// case (.completed, nil):
///   print("\(checkRun.name) ended: \(checkRun.$conclusion.unknownRawValue ?? "no verdict")")
/// default: break
/// }
/// ```
public struct CheckRun<Vocabulary: WebhookVocabulary>: Codable, Sendable {
  /// The run's numeric identifier.
  public var id: Int
  /// Its name.
  public var name: String
  /// The commit it checks.
  public var headSha: String
  /// Queued, running or finished.
  public var status: Vocabulary.CheckStatus
  /// The verdict: `nil` while running (`null`) or for a verdict this build does not know.
  @DecodeUnknownAsNil public var conclusion: Vocabulary.CheckConclusion?
  /// The app that created it.
  public var app: GitHubApp<Vocabulary>
  /// The suite it belongs to.
  public var checkSuite: CheckSuite<Vocabulary>

  enum CodingKeys: String, CodingKey {
    case id
    case name
    case headSha = "head_sha"
    case status
    case conclusion
    case app
    case checkSuite = "check_suite"
  }
}

/// A check suite: the check runs of one app on one commit.
///
/// ```swift
/// if checkSuite.status == nil { print("no status yet") }
/// ```
public struct CheckSuite<Vocabulary: WebhookVocabulary>: Codable, Sendable {
  /// The suite's numeric identifier.
  public var id: Int
  /// The branch of the commit, `null` when it is on none.
  public var headBranch: String?
  /// The commit it checks.
  public var headSha: String
  /// Queued, running or finished; `nil` for `null`, which the schema allows.
  public var status: Vocabulary.CheckStatus?
  /// The verdict: `nil` while running (`null`) or for a verdict this build does not know.
  @DecodeUnknownAsNil public var conclusion: Vocabulary.CheckConclusion?
  /// The app whose runs it groups.
  public var app: GitHubApp<Vocabulary>

  enum CodingKeys: String, CodingKey {
    case id
    case headBranch = "head_branch"
    case headSha = "head_sha"
    case status
    case conclusion
    case app
  }
}

/// A GitHub App, as checks name the app that created them.
///
/// ```swift
/// print("by \(checkRun.app.owner.login)")
/// ```
public struct GitHubApp<Vocabulary: WebhookVocabulary>: Codable, Sendable {
  /// The app's numeric identifier.
  public var id: Int
  /// The account that owns the app.
  public var owner: User<Vocabulary>
}

/// The button a user pressed on a check run (`requested_action`).
///
/// ```swift
/// if event.requestedAction?.identifier == "fix" { applyFix() }
/// ```
public struct RequestedAction: Codable, Sendable {
  /// The identifier the app gave the button.
  public var identifier: String
}
