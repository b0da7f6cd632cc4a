import CodableResilience

// An account's settings, every key present: the `@DecodeMissingAsDefault` scenario decodes the
// same payload as `AccountSettings` (each field with a default) and `PlainAccountSettings`
// (plain fields), so the wrapper on present keys is the only difference.

/// An account's settings, each field read as a default when missing or `null`.
public struct AccountSettings: Codable, Equatable, Sendable {
  /// The account's identifier.
  public var id: Int
  /// Its roles.
  @DecodeMissingAsDefault<EmptyByDefault<[String]>> public var roles: [String]
  /// Whether it is locked.
  @DecodeMissingAsDefault<FalseByDefault> public var isLocked: Bool
  /// How many accounts follow it.
  @DecodeMissingAsDefault<ZeroByDefault<Int>> public var followersCount: Int
  /// Its biography.
  @DecodeMissingAsDefault<EmptyByDefault<String>> public var bio: String
}

/// An account's settings, with plain fields.
public struct PlainAccountSettings: Codable, Equatable, Sendable {
  /// The account's identifier.
  public var id: Int
  /// Its roles.
  public var roles: [String]
  /// Whether it is locked.
  public var isLocked: Bool
  /// How many accounts follow it.
  public var followersCount: Int
  /// Its biography.
  public var bio: String
}
