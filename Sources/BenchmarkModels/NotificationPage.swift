import CodableResilience

// A page of a social app's notification timeline: the record the `@SkipInvalidElements`
// scenarios decode. Each page model holds the same `TimelineNotification` array under a
// different tool: `@SkipInvalidElements`, none (`PlainNotificationPage`), and the reference
// models of BetterCodable's `@LossyArray` and ResilientDecoding's resilient array. The JSON
// is the same.

/// What a notification is about, as a plain enum.
public enum NotificationKind: String, Codable, CaseIterable, Sendable {
  /// Someone mentioned the user.
  case mention
  /// Someone boosted the user's post.
  case reblog
  /// Someone liked the user's post.
  case favourite
  /// Someone followed the user.
  case follow
  /// A poll the user voted in ended.
  case poll
  /// Someone the user follows posted.
  case status
  /// A post the user interacted with was edited.
  case update
}

/// The account a notification comes from.
public struct NotificationAccount: Codable, Equatable, Sendable {
  /// The account's identifier.
  public var id: String
  /// Its handle.
  public var username: String
  /// The name it shows.
  public var displayName: String
  /// Whether it is automated.
  public var bot: Bool
  /// How many follow it.
  public var followersCount: Int

  enum CodingKeys: String, CodingKey {
    case id, username, bot
    case displayName = "display_name"
    case followersCount = "followers_count"
  }
}

/// One entry of a notification timeline.
public struct TimelineNotification: Codable, Equatable, Sendable {
  /// The notification's identifier.
  public var id: String
  /// What it is about.
  public var type: NotificationKind
  /// When it happened, as the server writes it (ISO 8601).
  public var createdAt: String
  /// Who it comes from.
  public var account: NotificationAccount
  /// The post it is about; `nil` for a follow.
  public var statusID: String?

  enum CodingKeys: String, CodingKey {
    case id, type, account
    case createdAt = "created_at"
    case statusID = "status_id"
  }
}

/// A page of notifications that leaves out, reports and keeps the ones that fail to decode.
public struct NotificationPage: Codable, Equatable, Sendable {
  /// The notifications that decoded, newest first.
  @SkipInvalidElements public var notifications: [TimelineNotification]
  /// Where the next page starts.
  public var nextCursor: String

  enum CodingKeys: String, CodingKey {
    case notifications
    case nextCursor = "next_cursor"
  }
}

/// A page of notifications as a plain array: one that fails to decode fails the page.
public struct PlainNotificationPage: Codable, Equatable, Sendable {
  /// The notifications, newest first.
  public var notifications: [TimelineNotification]
  /// Where the next page starts.
  public var nextCursor: String

  enum CodingKeys: String, CodingKey {
    case notifications
    case nextCursor = "next_cursor"
  }
}

/// A page of notifications that drops the ones that fail to decode, unreported, as
/// BetterCodable's `@LossyArray` does (``LossyArrayReference``).
public struct LossyNotificationPage: Codable, Equatable, Sendable {
  /// The notifications that decoded, newest first.
  @LossyArrayReference public var notifications: [TimelineNotification]
  /// Where the next page starts.
  public var nextCursor: String

  enum CodingKeys: String, CodingKey {
    case notifications
    case nextCursor = "next_cursor"
  }
}

/// A page of notifications that drops the ones that fail to decode and reports each, as
/// ResilientDecoding's resilient array does (``ResilientArrayReference``).
public struct ResilientNotificationPage: Decodable, Equatable, Sendable {
  /// The notifications that decoded, newest first.
  @ResilientArrayReference public var notifications: [TimelineNotification]
  /// Where the next page starts.
  public var nextCursor: String

  enum CodingKeys: String, CodingKey {
    case notifications
    case nextCursor = "next_cursor"
  }
}
