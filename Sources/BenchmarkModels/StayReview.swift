import CodableResilience

// A guest's review of a stay: the record the `Int` raw-value scenario decodes. Every enum field
// is sent as a number. `StayReview` models them with `UnknownDecodable`, `PlainStayReview` with
// plain raw-value enums; the JSON is the same.

/// A review of a stay, with `UnknownDecodable` enum fields.
public struct StayReview: Codable, Equatable, Sendable {
  /// The review's identifier.
  public var id: Int
  /// The stars given.
  public var stars: StarRating
  /// The energy class of the place.
  public var energyClass: EnergyClass
  /// The cancellation tier the stay was booked under.
  public var cancellationTier: CancellationTier
  /// The age bands of the guests.
  public var guestAgeBands: [AgeBand]

  enum CodingKeys: String, CodingKey {
    case id
    case stars
    case energyClass = "energy_class"
    case cancellationTier = "cancellation_tier"
    case guestAgeBands = "guest_age_bands"
  }
}

/// Stars from 1 to 5.
public enum StarRating: Int, Codable, UnknownDecodable, CaseIterable, Sendable {
  /// One star.
  case one = 1
  /// Two stars.
  case two = 2
  /// Three stars.
  case three = 3
  /// Four stars.
  case four = 4
  /// Five stars.
  case five = 5
  /// A rating this build does not know.
  case unknown = 0
}

/// An energy class from A (1) to G (7).
public enum EnergyClass: Int, Codable, UnknownDecodable, CaseIterable, Sendable {
  /// Class A.
  case a = 1
  /// Class B.
  case b = 2
  /// Class C.
  case c = 3
  /// Class D.
  case d = 4
  /// Class E.
  case e = 5
  /// Class F.
  case f = 6
  /// Class G.
  case g = 7
  /// A class this build does not know.
  case unknown = 0
}

/// How freely a stay can be cancelled.
public enum CancellationTier: Int, Codable, UnknownDecodable, CaseIterable, Sendable {
  /// Full refund up to a day before arrival.
  case flexible = 1
  /// Full refund up to five days before arrival.
  case moderate = 2
  /// Half refund up to a week before arrival.
  case strict = 3
  /// A tier this build does not know.
  case unknown = 0
}

/// The age band of a guest.
public enum AgeBand: Int, Codable, UnknownDecodable, CaseIterable, Sendable {
  /// 18 and over.
  case adult = 1
  /// 12 to 17.
  case teenager = 2
  /// 2 to 11.
  case child = 3
  /// Under 2.
  case infant = 4
  /// A band this build does not know.
  case unknown = -1
}

/// A review of a stay, with plain raw-value enum fields.
public struct PlainStayReview: Codable, Equatable, Sendable {
  /// The review's identifier.
  public var id: Int
  /// The stars given.
  public var stars: PlainStarRating
  /// The energy class of the place.
  public var energyClass: PlainEnergyClass
  /// The cancellation tier the stay was booked under.
  public var cancellationTier: PlainCancellationTier
  /// The age bands of the guests.
  public var guestAgeBands: [PlainAgeBand]

  enum CodingKeys: String, CodingKey {
    case id
    case stars
    case energyClass = "energy_class"
    case cancellationTier = "cancellation_tier"
    case guestAgeBands = "guest_age_bands"
  }
}

/// Stars from 1 to 5, as a plain enum.
public enum PlainStarRating: Int, Codable, CaseIterable, Sendable {
  /// One star.
  case one = 1
  /// Two stars.
  case two = 2
  /// Three stars.
  case three = 3
  /// Four stars.
  case four = 4
  /// Five stars.
  case five = 5
}

/// An energy class from A (1) to G (7), as a plain enum.
public enum PlainEnergyClass: Int, Codable, CaseIterable, Sendable {
  /// Class A.
  case a = 1
  /// Class B.
  case b = 2
  /// Class C.
  case c = 3
  /// Class D.
  case d = 4
  /// Class E.
  case e = 5
  /// Class F.
  case f = 6
  /// Class G.
  case g = 7
}

/// How freely a stay can be cancelled, as a plain enum.
public enum PlainCancellationTier: Int, Codable, CaseIterable, Sendable {
  /// Full refund up to a day before arrival.
  case flexible = 1
  /// Full refund up to five days before arrival.
  case moderate = 2
  /// Half refund up to a week before arrival.
  case strict = 3
}

/// The age band of a guest, as a plain enum.
public enum PlainAgeBand: Int, Codable, CaseIterable, Sendable {
  /// 18 and over.
  case adult = 1
  /// 12 to 17.
  case teenager = 2
  /// 2 to 11.
  case child = 3
  /// Under 2.
  case infant = 4
}
