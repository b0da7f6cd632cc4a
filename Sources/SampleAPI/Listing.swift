import CodableResilience

/// One page of `GET /v2/listings`.
public struct ListingPage: Codable, Equatable, Sendable {
  /// The listings on this page.
  public var listings: [Listing]
  /// The page number, from 1.
  public var page: Int
  /// The cursor of the next page, absent on the last one.
  public var nextCursor: String?

  enum CodingKeys: String, CodingKey {
    case listings
    case page
    case nextCursor = "next_cursor"
  }
}

/// A place to stay, as `GET /v2/listings/{id}` returns it and `PUT` takes it back.
public struct Listing: Codable, Equatable, Sendable {
  /// The listing's identifier.
  public var id: Int
  /// The title shown in search results.
  public var title: String
  /// What kind of place it is (required).
  public var kind: ListingKind
  /// Whether it can be booked; absent on drafts.
  public var status: ListingStatus?
  /// What it offers.
  public var amenities: [Amenity]
  /// How it is heated; `nil` when not given or of a type this build does not know.
  @DecodeUnknownAsNil public var heating: Heating?
  /// Its cancellation policy; `nil` when not given or unknown to this build.
  @DecodeUnknownAsNil public var cancellationPolicy: CancellationPolicy?
  /// The ways guests can pay; unknown methods are `nil` and written back as they were.
  public var paymentMethods: [DecodeUnknownAsNil<PaymentMethod>]
  /// Its energy rating.
  public var energyRating: EnergyRating
  /// The nightly price.
  public var price: Price
  /// The cleaning fee in each currency the host accepts.
  public var cleaningFees: [Currency: Double]
  /// Who hosts it.
  public var host: Host

  enum CodingKeys: String, CodingKey {
    case id
    case title
    case kind
    case status
    case amenities
    case heating
    case cancellationPolicy = "cancellation_policy"
    case paymentMethods = "payment_methods"
    case energyRating = "energy_rating"
    case price
    case cleaningFees = "cleaning_fees"
    case host
  }
}

/// An amount of money.
public struct Price: Codable, Equatable, Sendable {
  /// The amount, in the currency's main unit.
  public var amount: Double
  /// The currency.
  public var currency: Currency
}

/// The person who lets a listing.
public struct Host: Codable, Equatable, Sendable {
  /// The host's identifier.
  public var id: Int
  /// The name shown to guests.
  public var name: String
  /// The host's tier.
  public var tier: HostTier
  /// The languages the host speaks.
  public var languages: [LanguageCode]
}
