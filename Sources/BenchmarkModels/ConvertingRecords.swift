import CodableResilience
import Foundation

// Records the conversion scenarios decode (issue 43). `StayListing` reads its scalars with
// `@DecodeConvertingType`, which also reads a value sent as another JSON type (`"7"` for 7,
// `"true"` for true); `PlainStayListing` has the same properties plain. `TaggedPost` reads its
// lists with `@DecodeOneOrMany`, which also reads one value for a list; `PlainTaggedPost` has
// plain arrays. Where every value is of its own type the JSON is the same.

/// A listing whose scalars convert from another JSON type.
public struct StayListing: Codable, Equatable, Sendable {
  /// The listing's identifier: `7` or `"7"`.
  @DecodeConvertingType public var id: Int
  /// Its name.
  public var name: String
  /// The nightly price: `12.5` or `"12.50"`.
  @DecodeConvertingType public var price: Decimal
  /// Whether it can be booked: `true` or `"true"`.
  @DecodeConvertingType public var isActive: Bool
  /// Its energy class, a number or its text.
  @DecodeConvertingType public var energyClass: PlainEnergyClass
  /// How many guests it sleeps, when the host said: `4` or `"4"`, or no key.
  @DecodeConvertingType public var maxGuests: Int?

  enum CodingKeys: String, CodingKey {
    case id, name, price
    case isActive = "is_active"
    case energyClass = "energy_class"
    case maxGuests = "max_guests"
  }
}

/// A listing with plain scalars.
public struct PlainStayListing: Codable, Equatable, Sendable {
  /// The listing's identifier.
  public var id: Int
  /// Its name.
  public var name: String
  /// The nightly price.
  public var price: Decimal
  /// Whether it can be booked.
  public var isActive: Bool
  /// Its energy class.
  public var energyClass: PlainEnergyClass
  /// How many guests it sleeps, when the host said.
  public var maxGuests: Int?

  enum CodingKeys: String, CodingKey {
    case id, name, price
    case isActive = "is_active"
    case energyClass = "energy_class"
    case maxGuests = "max_guests"
  }
}

/// A post whose lists also read one value for a list.
public struct TaggedPost: Codable, Equatable, Sendable {
  /// The post's identifier.
  public var id: Int
  /// Its title.
  public var title: String
  /// Its tags: `"swift"` or `["swift", "codable"]`.
  @DecodeOneOrMany public var tags: [String]
  /// The facilities it mentions: one or a list.
  @DecodeOneOrMany public var facilities: [PlainFacility]
}

/// A post with plain arrays.
public struct PlainTaggedPost: Codable, Equatable, Sendable {
  /// The post's identifier.
  public var id: Int
  /// Its title.
  public var title: String
  /// Its tags.
  public var tags: [String]
  /// The facilities it mentions.
  public var facilities: [PlainFacility]
}
