import CodableResilience

// The terms of a listing: optional enum fields, each present, `null` or missing. The
// `@DecodeUnknownAsNil` scenario decodes the same payload as `ListingTerms` (wrapped fields)
// and `PlainListingTerms` (plain `Optional` fields). Both wrap the very same plain enums, so
// the wrapper is the only difference.

/// The terms of a listing, with `@DecodeUnknownAsNil` fields.
public struct ListingTerms: Codable, Equatable, Sendable {
  /// The listing's identifier.
  public var id: Int
  /// How it is heated.
  @DecodeUnknownAsNil public var heating: PlainHeating?
  /// Its cancellation policy.
  @DecodeUnknownAsNil public var cancellationPolicy: PlainCancellationPolicy?
  /// How the guest pays.
  @DecodeUnknownAsNil public var paymentMethod: PlainPaymentMethod?
  /// Where the booking is made.
  @DecodeUnknownAsNil public var bookingChannel: PlainBookingChannel?

  enum CodingKeys: String, CodingKey {
    case id
    case heating
    case cancellationPolicy = "cancellation_policy"
    case paymentMethod = "payment_method"
    case bookingChannel = "booking_channel"
  }
}

/// The terms of a listing, with plain `Optional` fields.
public struct PlainListingTerms: Codable, Equatable, Sendable {
  /// The listing's identifier.
  public var id: Int
  /// How it is heated.
  public var heating: PlainHeating?
  /// Its cancellation policy.
  public var cancellationPolicy: PlainCancellationPolicy?
  /// How the guest pays.
  public var paymentMethod: PlainPaymentMethod?
  /// Where the booking is made.
  public var bookingChannel: PlainBookingChannel?

  enum CodingKeys: String, CodingKey {
    case id
    case heating
    case cancellationPolicy = "cancellation_policy"
    case paymentMethod = "payment_method"
    case bookingChannel = "booking_channel"
  }
}
