import CodableResilience
import SampleAPI

// The sample API's models as an app that has not adopted the toolkit everywhere writes them:
// a few enum fields are plain Swift enums, so a value the server adds breaks decoding. They
// are brittle on purpose, for the audit to find, and nothing else about them is: every other
// field is the sample API's own.

/// A listing page whose listings read heating, cancellation policy and payment methods with
/// plain enums.
struct BrittleListingPage: Decodable, Sendable {
  var listings: [BrittleListing]
  var page: Int
  var nextCursor: String?

  enum CodingKeys: String, CodingKey {
    case listings, page
    case nextCursor = "next_cursor"
  }
}

/// ``SampleAPI/Listing`` with three plain enums where it uses `@DecodeUnknownAsNil`.
struct BrittleListing: Decodable, Sendable {
  var id: Int
  var title: String
  var kind: ListingKind
  var status: ListingStatus?
  var amenities: [Amenity]
  /// Plain: a new heating type fails the listing (a string raw value).
  var heating: Heating?
  /// Plain: a new policy fails the listing (an integer raw value).
  var cancellationPolicy: CancellationPolicy?
  /// Plain: a new payment method fails the listing (array elements).
  var paymentMethods: [PaymentMethod]
  var energyRating: EnergyRating
  var price: Price
  var cleaningFees: [Currency: Double]
  var host: Host

  enum CodingKeys: String, CodingKey {
    case id, title, kind, status, amenities, heating, price, host
    case cancellationPolicy = "cancellation_policy"
    case paymentMethods = "payment_methods"
    case energyRating = "energy_rating"
    case cleaningFees = "cleaning_fees"
  }
}

/// ``SampleAPI/Booking`` with its channel a plain optional enum.
struct BrittleBooking: Decodable, Sendable {
  var id: String
  var listingID: Int
  var state: BookingState
  /// Plain: a new channel fails the booking.
  var channel: BookingChannel?
  var guests: [Guest]
  var total: Price
  var timeline: [BookingEvent]?

  enum CodingKeys: String, CodingKey {
    case id, state, channel, guests, total, timeline
    case listingID = "listing_id"
  }
}
