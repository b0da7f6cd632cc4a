/// A GitHub account as webhooks embed it: a sender, an owner, an assignee, an author.
///
/// ```swift
/// if event.sender.type == .bot { return }  // ignore what bots do
/// ```
public struct User<Vocabulary: WebhookVocabulary>: Codable, Sendable {
  /// The account's login name.
  public var login: String
  /// The account's numeric identifier.
  public var id: Int
  /// Whether it is a person, an organization or a bot.
  public var type: Vocabulary.AccountType
}

/// A repository as webhooks embed it.
///
/// ```swift
/// print(event.repository.fullName, event.repository.owner.type)
/// ```
public struct Repository<Vocabulary: WebhookVocabulary>: Codable, Sendable {
  /// The repository's numeric identifier.
  public var id: Int
  /// Its name, without the owner.
  public var name: String
  /// `owner/name`.
  public var fullName: String
  /// Whether only invited accounts can see it.
  public var isPrivate: Bool
  /// The account that owns it.
  public var owner: User<Vocabulary>

  enum CodingKeys: String, CodingKey {
    case id
    case name
    case fullName = "full_name"
    case isPrivate = "private"
    case owner
  }
}
