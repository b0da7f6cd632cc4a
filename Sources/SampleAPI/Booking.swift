import CodableResilience

/// A stay booked by a guest, as `GET /v2/bookings/{id}` returns it.
public struct Booking: Codable, Equatable, Sendable {
  /// The booking reference.
  public var id: String
  /// The listing booked.
  public var listingID: Int
  /// Where the booking stands.
  public var state: BookingState
  /// Where it was made; `nil` when not given or unknown to this build.
  @DecodeUnknownAsNil public var channel: BookingChannel?
  /// Who is staying.
  public var guests: [Guest]
  /// The total price.
  public var total: Price
  /// What happened to the booking, oldest first; sent from API version 3 on.
  public var timeline: [BookingEvent]?

  enum CodingKeys: String, CodingKey {
    case id
    case listingID = "listing_id"
    case state
    case channel
    case guests
    case total
    case timeline
  }
}

/// One guest of a booking.
public struct Guest: Codable, Equatable, Sendable {
  /// The guest's first name.
  public var name: String
  /// The guest's age group.
  public var ageGroup: AgeGroup

  enum CodingKeys: String, CodingKey {
    case name
    case ageGroup = "age_group"
  }
}
