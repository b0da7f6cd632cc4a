/// The `release` webhook: a release was created, published, edited or deleted.
///
/// ```swift
/// let event = try JSONDecoder().decode(ReleaseEvent<CorpusVocabulary>.self, from: body)
/// if event.action == .released { announce(event.release.tagName) }
/// ```
public struct ReleaseEvent<Vocabulary: WebhookVocabulary>: Codable, Sendable {
  /// What happened.
  public var action: Vocabulary.ReleaseAction
  /// The release.
  public var release: Release<Vocabulary>
  /// The release's repository.
  public var repository: Repository<Vocabulary>
  /// Who did it.
  public var sender: User<Vocabulary>
}
