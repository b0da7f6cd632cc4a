/// A booking as version 1 of the Hearth app decoded it, before the app adopted the toolkit:
/// its channel is a plain enum, so a channel the server adds fails the whole booking.
///
/// Kept to show what `decode-check --audit` finds in a model that was never made resilient:
///
/// ```sh
/// decode-check --audit --type BookingV1 Fixtures/Booking
/// ```
public struct BookingV1: Decodable, Equatable, Sendable {
  /// The booking reference.
  public var id: String
  /// The listing booked.
  public var listingID: Int
  /// Where the booking stands.
  public var state: BookingState
  /// Where it was made, as a plain enum: an unknown channel throws.
  public var channel: BookingChannel?

  enum CodingKeys: String, CodingKey {
    case id
    case listingID = "listing_id"
    case state
    case channel
  }
}
