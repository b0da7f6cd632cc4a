import CodableResilience

// The enum-like fields of the Hearth API, each modelled with the tool that fits how the app
// uses it.

/// What kind of place a listing is. The app switches over it to pick an icon, so it is a
/// real enum; a kind added by the server shows the generic icon.
public enum ListingKind: String, Codable, UnknownDecodable, CaseIterable, Sendable {
  /// A whole house.
  case house
  /// A flat in a shared building.
  case flat
  /// A cabin.
  case cabin
  /// A kind this build does not know.
  case unknown
}

/// Whether a listing can be booked.
public enum ListingStatus: String, Codable, UnknownDecodable, CaseIterable, Sendable {
  /// Bookable.
  case active
  /// Temporarily not bookable.
  case paused
  /// Removed by the host.
  case archived
  /// A status this build does not know.
  case unknown
}

/// Something a listing offers. Arrays of these grow often on the server.
public enum Amenity: String, Codable, UnknownDecodable, CaseIterable, Sendable {
  /// Wireless internet.
  case wifi
  /// A parking space.
  case parking
  /// A swimming pool.
  case pool
  /// A kitchen guests may use.
  case kitchen
  /// An amenity this build does not know.
  case unknown
}

/// The energy rating of a listing, sent as a number from 1 (best) to 5.
public enum EnergyRating: Int, Codable, UnknownDecodable, CaseIterable, Sendable {
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
  /// A rating this build does not know.
  case unknown = 0
}

/// How a listing is heated. Edited listings are sent back with `PUT`, so the field is
/// `@DecodeUnknownAsNil`: a new heating type shows as "not specified" but is written back.
public enum Heating: String, Codable, CaseIterable, Sendable {
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
public enum CancellationPolicy: Int, Codable, CaseIterable, Sendable {
  /// Full refund up to a day before arrival.
  case flexible = 1
  /// Full refund up to five days before arrival.
  case moderate = 2
  /// Half refund up to a week before arrival.
  case strict = 3
}

/// A way a guest can pay.
public enum PaymentMethod: String, Codable, CaseIterable, Sendable {
  /// A credit or debit card.
  case card
  /// PayPal.
  case paypal
  /// A bank transfer.
  case bankTransfer = "bank_transfer"
}

/// Where a booking was made. Sent back when a booking is amended.
public enum BookingChannel: String, Codable, CaseIterable, Sendable {
  /// The website.
  case web
  /// The iOS or Android app.
  case app
  /// A partner site.
  case partner
}

/// Where a booking stands.
public enum BookingState: String, Codable, UnknownDecodable, CaseIterable, Sendable {
  /// Waiting for the host.
  case requested
  /// Accepted by the host.
  case confirmed
  /// Cancelled by either side.
  case cancelled
  /// The stay is over.
  case completed
  /// A state this build does not know.
  case unknown
}

/// The age group of a guest, sent as a number.
public enum AgeGroup: Int, Codable, UnknownDecodable, CaseIterable, Sendable {
  /// 18 and over.
  case adult = 1
  /// 2 to 17.
  case child = 2
  /// Under 2.
  case infant = 3
  /// An age group this build does not know.
  case unknown = -1
}

/// An ISO 4217 currency code. Any code is accepted and kept; codes outside
/// ``knownValues`` are reported.
public struct Currency: ExtensibleEnum, ExpressibleByStringLiteral {
  /// The ISO 4217 code, such as `"USD"`.
  public var rawValue: String

  /// Creates a currency from its code.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// US dollar.
  public static let usd: Currency = "USD"
  /// Euro.
  public static let eur: Currency = "EUR"
  /// Pound sterling.
  public static let gbp: Currency = "GBP"

  /// The currencies the app formats natively.
  public static let knownValues: [Currency] = [.usd, .eur, .gbp]
}

/// The tier of a host. Any tier is kept; tiers outside ``knownValues`` are reported.
public struct HostTier: ExtensibleEnum, ExpressibleByStringLiteral {
  /// The tier's name.
  public var rawValue: String

  /// Creates a tier from its name.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// A regular host.
  public static let standard: HostTier = "standard"
  /// A host with excellent reviews.
  public static let superhost: HostTier = "superhost"

  /// The tiers the app shows a badge for.
  public static let knownValues: [HostTier] = [.standard, .superhost]
}

/// A language a host speaks, as a BCP 47 tag. Open-ended by design: no known values, so
/// nothing is ever reported.
public struct LanguageCode: ExtensibleEnum, ExpressibleByStringLiteral {
  /// The BCP 47 tag, such as `"en"`.
  public var rawValue: String

  /// Creates a language code from its tag.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// English.
  public static let english: LanguageCode = "en"
}
