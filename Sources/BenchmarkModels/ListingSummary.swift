import CodableResilience

// A search result: the record the `String` raw-value scenarios decode. `ListingSummary` models
// its enum fields with `UnknownDecodable`, `PlainListingSummary` with plain raw-value enums;
// the JSON is the same.

/// A listing as a search result lists it, with `UnknownDecodable` enum fields.
public struct ListingSummary: Codable, Equatable, Sendable {
  /// The listing's identifier.
  public var id: Int
  /// The town it is in.
  public var city: String
  /// What kind of place it is.
  public var propertyType: PropertyType
  /// Whether it can be booked.
  public var status: PublicationStatus
  /// What it offers.
  public var facilities: [Facility]

  enum CodingKeys: String, CodingKey {
    case id
    case city
    case propertyType = "property_type"
    case status
    case facilities
  }
}

/// What kind of place a listing is.
public enum PropertyType: String, Codable, UnknownDecodable, CaseIterable, Sendable {
  /// A whole house.
  case house
  /// A flat.
  case flat
  /// A cabin.
  case cabin
  /// A villa.
  case villa
  /// A chalet.
  case chalet
  /// A houseboat.
  case houseboat
  /// A kind this build does not know.
  case unknown
}

/// Whether a listing can be booked.
public enum PublicationStatus: String, Codable, UnknownDecodable, CaseIterable, Sendable {
  /// Bookable.
  case active
  /// Temporarily not bookable.
  case paused
  /// Not yet published.
  case draft
  /// Removed by the host.
  case archived
  /// A status this build does not know.
  case unknown
}

/// Something a listing offers.
public enum Facility: String, Codable, UnknownDecodable, CaseIterable, Sendable {
  /// Wireless internet.
  case wifi
  /// A parking space.
  case parking
  /// A swimming pool.
  case pool
  /// A kitchen.
  case kitchen
  /// A washing machine.
  case washer
  /// Air conditioning.
  case airConditioning = "air_conditioning"
  /// A desk to work at.
  case workspace
  /// Pets are welcome.
  case petsAllowed = "pets_allowed"
  /// A facility this build does not know.
  case unknown
}

/// A listing as a search result lists it, with plain raw-value enum fields.
public struct PlainListingSummary: Codable, Equatable, Sendable {
  /// The listing's identifier.
  public var id: Int
  /// The town it is in.
  public var city: String
  /// What kind of place it is.
  public var propertyType: PlainPropertyType
  /// Whether it can be booked.
  public var status: PlainPublicationStatus
  /// What it offers.
  public var facilities: [PlainFacility]

  enum CodingKeys: String, CodingKey {
    case id
    case city
    case propertyType = "property_type"
    case status
    case facilities
  }
}

/// What kind of place a listing is, as a plain enum.
public enum PlainPropertyType: String, Codable, CaseIterable, Sendable {
  /// A whole house.
  case house
  /// A flat.
  case flat
  /// A cabin.
  case cabin
  /// A villa.
  case villa
  /// A chalet.
  case chalet
  /// A houseboat.
  case houseboat
}

/// Whether a listing can be booked, as a plain enum.
public enum PlainPublicationStatus: String, Codable, CaseIterable, Sendable {
  /// Bookable.
  case active
  /// Temporarily not bookable.
  case paused
  /// Not yet published.
  case draft
  /// Removed by the host.
  case archived
}

/// Something a listing offers, as a plain enum.
public enum PlainFacility: String, Codable, CaseIterable, Sendable {
  /// Wireless internet.
  case wifi
  /// A parking space.
  case parking
  /// A swimming pool.
  case pool
  /// A kitchen.
  case kitchen
  /// A washing machine.
  case washer
  /// Air conditioning.
  case airConditioning = "air_conditioning"
  /// A desk to work at.
  case workspace
  /// Pets are welcome.
  case petsAllowed = "pets_allowed"
}
