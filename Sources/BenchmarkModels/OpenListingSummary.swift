import CodableResilience

// A search result with `OpenEnum` fields: the record the `OpenEnum` scenario decodes against
// `PlainListingSummary`, which holds the same enums plain. The JSON is the same.

/// A search result whose enum fields are `OpenEnum`s of the plain enums.
public struct OpenListingSummary: Codable, Equatable, Sendable {
  /// The listing's identifier.
  public var id: Int
  /// The city it is in.
  public var city: String
  /// What kind of place it is.
  public var propertyType: OpenEnum<PlainPropertyType>
  /// Whether it is published.
  public var status: OpenEnum<PlainPublicationStatus>
  /// What it offers.
  public var facilities: [OpenEnum<PlainFacility>]

  enum CodingKeys: String, CodingKey {
    case id
    case city
    case propertyType = "property_type"
    case status
    case facilities
  }
}
