/// A release of a repository.
///
/// ```swift
/// if !release.prerelease { announce(release.tagName) }
/// ```
public struct Release<Vocabulary: WebhookVocabulary>: Codable, Sendable {
  /// The release's numeric identifier.
  public var id: Int
  /// The tag it points at.
  public var tagName: String
  /// Its title, `null` when it has none.
  public var name: String?
  /// Whether it is an unpublished draft.
  public var draft: Bool
  /// Whether it is marked as a pre-release.
  public var prerelease: Bool
  /// Who created it.
  public var author: User<Vocabulary>

  enum CodingKeys: String, CodingKey {
    case id
    case tagName = "tag_name"
    case name
    case draft
    case prerelease
    case author
  }
}
