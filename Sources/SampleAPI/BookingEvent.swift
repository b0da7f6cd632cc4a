import CodableResilience

/// One entry of a booking's timeline, tagged by its `type`. The server adds event types as
/// the product grows (`payout`, `review_left`); this build shows the ones it knows and keeps
/// the others, unchanged, for the next sync.
public enum BookingEvent: TaggedUnion, Codable, Equatable, Sendable {
  /// The guest asked to book.
  case requested(Requested)
  /// The host accepted.
  case confirmed(Confirmed)
  /// A message between guest and host.
  case message(Message)
  /// The booking was cancelled.
  case cancelled(Cancelled)
  /// An event type this build does not know, kept whole.
  case unknown(UnknownVariant)

  /// The tags this build knows, listed in reports of unknown ones.
  public static let knownTags = ["requested", "confirmed", "message", "cancelled"]

  /// Decodes the event a tag names; `nil` for a tag this build does not know.
  public init?(tag: String, from decoder: any Decoder) throws {
    switch tag {
    case "requested": self = .requested(try Requested(from: decoder))
    case "confirmed": self = .confirmed(try Confirmed(from: decoder))
    case "message": self = .message(try Message(from: decoder))
    case "cancelled": self = .cancelled(try Cancelled(from: decoder))
    default: return nil
    }
  }

  /// The tag and fields written for each event.
  public var taggedContent: TaggedContent {
    switch self {
    case .requested(let event): TaggedContent(tag: "requested", content: event)
    case .confirmed(let event): TaggedContent(tag: "confirmed", content: event)
    case .message(let event): TaggedContent(tag: "message", content: event)
    case .cancelled(let event): TaggedContent(tag: "cancelled", content: event)
    case .unknown(let variant): TaggedContent(variant)
    }
  }

  /// The guest asked to book.
  public struct Requested: Codable, Equatable, Sendable {
    /// When, as an ISO 8601 timestamp.
    public var at: String
  }

  /// The host accepted.
  public struct Confirmed: Codable, Equatable, Sendable {
    /// When, as an ISO 8601 timestamp.
    public var at: String
    /// Who confirmed: the host's name, or `instant_book`.
    public var by: String
  }

  /// A message between guest and host.
  public struct Message: Codable, Equatable, Sendable {
    /// When, as an ISO 8601 timestamp.
    public var at: String
    /// `guest` or `host`.
    public var from: String
    /// What was written.
    public var text: String
  }

  /// The booking was cancelled.
  public struct Cancelled: Codable, Equatable, Sendable {
    /// When, as an ISO 8601 timestamp.
    public var at: String
    /// Why. The server adds reasons; the app switches over the known ones and shows the
    /// others as they come.
    public var reason: OpenEnum<CancellationReason>
  }
}

/// Why a booking was cancelled. Not `Codable` itself: it is read through `OpenEnum`.
public enum CancellationReason: String, CaseIterable, Sendable {
  /// The guest cancelled.
  case guest
  /// The host cancelled.
  case host
  /// The payment failed.
  case payment
}
