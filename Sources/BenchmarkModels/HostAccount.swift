import CodableResilience

// A host's account, as a social backend sends it: the record the `keep-unknown-fields`
// scenario decodes. The server sends more members than the app models; `WrappedHostAccount`
// keeps them to write back, a plain `HostAccount` drops them. The JSON is the same.

/// A host's account, with the members the app models.
public struct HostAccount: Codable, Equatable, Sendable {
  /// The account's identifier.
  public var id: Int
  /// The handle.
  public var username: String
  /// The name shown.
  public var displayName: String
  /// How many follow the host.
  public var followersCount: Int
  /// Whether the account is automated.
  public var bot: Bool

  enum CodingKeys: String, CodingKey {
    case id
    case username
    case displayName = "display_name"
    case followersCount = "followers_count"
    case bot
  }
}

/// A host's account that keeps the members ``HostAccount`` does not write.
public typealias WrappedHostAccount = KeepUnknownFields<HostAccount>
