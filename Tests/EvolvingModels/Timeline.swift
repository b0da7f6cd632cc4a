import CodableResilience

// A timeline of notices, as a social app reads it from a server that keeps adding kinds of
// notice: each notice the app cannot read is left out alone (`@SkipInvalidElements`), not the
// whole timeline. The payloads in Tests/EvolvingModelsFixtures/Timeline decode as it; the tests
// of decode-check and of the testing kit check them.

/// One page of the timeline.
public struct Timeline: Codable, Equatable, Sendable {
  /// The notices, newest first; one that does not decode is left out, reported and kept.
  @SkipInvalidElements public var notices: [Notice]
  /// The notices pinned to the top; absent or `null` when none are.
  @SkipInvalidElements public var pinned: [Notice]?
  /// The authors of the notices, by handle; an entry that does not decode is left out.
  @SkipInvalidElements public var authors: [String: Author]
}

/// One notice.
public struct Notice: Codable, Equatable, Sendable {
  /// The notice's identifier.
  public var id: Int
  /// What it says.
  public var title: String
  /// What kind of notice it is: a plain enum, so a kind the server adds fails the notice.
  public var kind: NoticeKind
}

/// The kinds of notice this build knows.
public enum NoticeKind: String, Codable, Sendable {
  /// Someone mentioned the user.
  case mention
  /// Someone followed the user.
  case follow
}

/// The author of a notice.
public struct Author: Codable, Equatable, Sendable {
  /// The name shown.
  public var name: String
}
