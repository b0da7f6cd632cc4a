import CodableResilience

// A profile, as an app reads it from servers that leave keys out: one kind of server omits
// `header`, another sends `null` for `bio`. The payloads in Tests/EvolvingModelsFixtures/Profile
// decode as it.

/// An account's public profile.
public struct Profile: Codable, Equatable, Sendable {
  /// The account's identifier.
  public var id: Int
  /// The header image's address; empty when the server has none.
  @DecodeMissingAsDefault<EmptyByDefault<String>> public var header: String
  /// The account's biography; empty when the server sends none.
  @DecodeMissingAsDefault<EmptyByDefault<String>> public var bio: String
  /// Whether the account is a bot; servers that predate bots leave it out.
  @DecodeMissingAsDefault<FalseByDefault> public var isBot: Bool
}
