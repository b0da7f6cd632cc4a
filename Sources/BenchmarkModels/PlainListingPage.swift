// The sample API's `ListingPage` (Sources/SampleAPI) written the way it would be without the
// toolkit: the same fields and JSON keys, every enum field a plain raw-value enum. The
// whole-model scenario decodes the same payload as both.

/// One page of `GET /v2/listings`, modelled with plain enums.
public struct PlainListingPage: Codable, Equatable, Sendable {
  /// The listings on this page.
  public var listings: [PlainListing]
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

/// A place to stay, modelled with plain enums.
public struct PlainListing: Codable, Equatable, Sendable {
  /// The listing's identifier.
  public var id: Int
  /// The title shown in search results.
  public var title: String
  /// What kind of place it is.
  public var kind: PlainListingKind
  /// Whether it can be booked; absent on drafts.
  public var status: PlainListingStatus?
  /// What it offers.
  public var amenities: [PlainAmenity]
  /// How it is heated; `nil` when not given.
  public var heating: PlainHeating?
  /// Its cancellation policy; `nil` when not given.
  public var cancellationPolicy: PlainCancellationPolicy?
  /// The ways guests can pay.
  public var paymentMethods: [PlainPaymentMethod]
  /// Its energy rating.
  public var energyRating: PlainEnergyRating
  /// The nightly price.
  public var price: PlainPrice
  /// The cleaning fee in each currency the host accepts.
  public var cleaningFees: [PlainCurrency: Double]
  /// Who hosts it.
  public var host: PlainHost

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

/// An amount of money, modelled with a plain currency enum.
public struct PlainPrice: Codable, Equatable, Sendable {
  /// The amount, in the currency's main unit.
  public var amount: Double
  /// The currency.
  public var currency: PlainCurrency
}

/// The person who lets a listing, modelled with plain enums.
public struct PlainHost: Codable, Equatable, Sendable {
  /// The host's identifier.
  public var id: Int
  /// The name shown to guests.
  public var name: String
  /// The host's tier.
  public var tier: PlainHostTier
  /// The languages the host speaks.
  public var languages: [PlainLanguageCode]
}

/// What kind of place a listing is, as a plain enum.
public enum PlainListingKind: String, Codable, CaseIterable, Sendable {
  /// A whole house.
  case house
  /// A flat in a shared building.
  case flat
  /// A cabin.
  case cabin
}

/// Whether a listing can be booked, as a plain enum.
public enum PlainListingStatus: String, Codable, CaseIterable, Sendable {
  /// Bookable.
  case active
  /// Temporarily not bookable.
  case paused
  /// Removed by the host.
  case archived
}

/// Something a listing offers, as a plain enum.
public enum PlainAmenity: String, Codable, CaseIterable, Sendable {
  /// Wireless internet.
  case wifi
  /// A parking space.
  case parking
  /// A swimming pool.
  case pool
  /// A kitchen guests may use.
  case kitchen
}

/// The energy rating of a listing from 1 (best) to 5, as a plain enum.
public enum PlainEnergyRating: Int, Codable, CaseIterable, Sendable {
  /// Rating 1, the best.
  case a = 1
  /// Rating 2.
  case b = 2
  /// Rating 3.
  case c = 3
  /// Rating 4.
  case d = 4
  /// Rating 5, the worst.
  case e = 5
}

/// How a listing is heated.
public enum PlainHeating: String, Codable, CaseIterable, Sendable {
  /// Gas heating.
  case gas
  /// Electric heating.
  case electric
  /// A heat pump.
  case heatPump = "heat_pump"
  /// A wood stove.
  case wood
}

/// The cancellation policy of a listing, sent as a number.
public enum PlainCancellationPolicy: Int, Codable, CaseIterable, Sendable {
  /// Full refund up to a day before arrival.
  case flexible = 1
  /// Full refund up to five days before arrival.
  case moderate = 2
  /// Half refund up to a week before arrival.
  case strict = 3
}

/// A way a guest can pay.
public enum PlainPaymentMethod: String, Codable, CaseIterable, Sendable {
  /// A credit or debit card.
  case card
  /// PayPal.
  case paypal
  /// A bank transfer.
  case bankTransfer = "bank_transfer"
}

/// Where a booking was made.
public enum PlainBookingChannel: String, Codable, CaseIterable, Sendable {
  /// The website.
  case web
  /// The iOS or Android app.
  case app
  /// A partner site.
  case partner
}

/// An ISO 4217 currency code, as a plain enum of the codes the sample API knows.
public enum PlainCurrency: String, Codable, CodingKeyRepresentable, CaseIterable, Sendable {
  /// US dollar.
  case usd = "USD"
  /// Euro.
  case eur = "EUR"
  /// Pound sterling.
  case gbp = "GBP"
}

/// The tier of a host, as a plain enum.
public enum PlainHostTier: String, Codable, CaseIterable, Sendable {
  /// A regular host.
  case standard
  /// A host with excellent reviews.
  case superhost
}

/// A language a host speaks, as a plain enum of the tags the payloads use.
public enum PlainLanguageCode: String, Codable, CaseIterable, Sendable {
  /// English.
  case english = "en"
  /// German.
  case german = "de"
  /// French.
  case french = "fr"
  /// Spanish.
  case spanish = "es"
  /// Italian.
  case italian = "it"
  /// Dutch.
  case dutch = "nl"
}
