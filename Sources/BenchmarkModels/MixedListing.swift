import CodableResilience

// A listing that uses every tool the package ships in one record: the record the mixed-model
// scenarios decode. `PlainMixedListing` is the same record with plain enums, a plain array, a
// `String`-keyed dictionary and the hand-written union; the JSON is the same.

/// A listing with a field for each of the package's tools.
public struct MixedListing: Codable, Equatable, Sendable {
  /// The listing's identifier.
  public var id: Int
  /// Its name.
  public var name: String
  /// What kind of place it is (`UnknownDecodable`).
  public var propertyType: PropertyType
  /// What it offers (an array of `UnknownDecodable`).
  public var facilities: [Facility]
  /// How it is heated; `nil` when missing or unknown (`@DecodeUnknownAsNil`).
  @DecodeUnknownAsNil public var heating: PlainHeating?
  /// The currency it is priced in (`ExtensibleEnum`).
  public var currency: CurrencyCode
  /// Whether it can be booked (`OpenEnum`).
  public var status: OpenEnum<PlainPublicationStatus>
  /// The kitchen-and-parking kind of amenities, skipping unknown ones (`@SkipUnknownElements`).
  @SkipUnknownElements public var amenities: [PlainAmenity]
  /// Its fees in cents, skipping unknown kinds (`@SkipUnknownKeys`).
  @SkipUnknownKeys public var fees: [PlainFeeKind: Int]
  /// What the listing promotes itself with (`TaggedUnion`).
  public var promotion: ActivityItem

  enum CodingKeys: String, CodingKey {
    case id, name, facilities, heating, currency, status, amenities, fees, promotion
    case propertyType = "property_type"
  }
}

/// The same listing with plain enums and collections.
public struct PlainMixedListing: Codable, Equatable, Sendable {
  /// The listing's identifier.
  public var id: Int
  /// Its name.
  public var name: String
  /// What kind of place it is.
  public var propertyType: PlainPropertyType
  /// What it offers.
  public var facilities: [PlainFacility]
  /// How it is heated; `nil` when missing.
  public var heating: PlainHeating?
  /// The currency it is priced in.
  public var currency: PlainCurrencyCode
  /// Whether it can be booked.
  public var status: PlainPublicationStatus
  /// The kitchen-and-parking kind of amenities.
  public var amenities: [PlainAmenity]
  /// Its fees in cents, keyed by the kind's text.
  public var fees: [String: Int]
  /// What the listing promotes itself with.
  public var promotion: PlainActivityItem

  enum CodingKeys: String, CodingKey {
    case id, name, facilities, heating, currency, status, amenities, fees, promotion
    case propertyType = "property_type"
  }
}
