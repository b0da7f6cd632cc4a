import CodableResilience

// Records the collection-wrapper scenarios decode. Each wrapped model holds one collection
// wrapper over a plain enum; its `Plain…` twin holds the bare collection of the same enum, as
// an app writes it before it needs the wrapper. The JSON is the same.

/// A listing's facilities as an array that skips the ones it does not know.
public struct FacilityList: Codable, Equatable, Sendable {
  /// The listing's identifier.
  public var id: Int
  /// Its name.
  public var name: String
  /// What it offers, in the order the server listed it.
  @SkipUnknownElements public var facilities: [PlainFacility]
}

/// A listing's facilities as a plain array.
public struct PlainFacilityList: Codable, Equatable, Sendable {
  /// The listing's identifier.
  public var id: Int
  /// Its name.
  public var name: String
  /// What it offers, in the order the server listed it.
  public var facilities: [PlainFacility]
}

/// A listing's facilities as a set that skips the ones it does not know.
public struct FacilitySet: Codable, Equatable, Sendable {
  /// The listing's identifier.
  public var id: Int
  /// Its name.
  public var name: String
  /// What it offers.
  @SkipUnknownElements public var facilities: Set<PlainFacility>
}

/// A listing's facilities as a plain set.
public struct PlainFacilitySet: Codable, Equatable, Sendable {
  /// The listing's identifier.
  public var id: Int
  /// Its name.
  public var name: String
  /// What it offers.
  public var facilities: Set<PlainFacility>
}

/// A listing's facilities as an optional array that skips the ones it does not know.
public struct OptionalFacilityList: Codable, Equatable, Sendable {
  /// The listing's identifier.
  public var id: Int
  /// Its name.
  public var name: String
  /// What it offers; `nil` when the server sent `null` or no key.
  @SkipUnknownElements public var facilities: [PlainFacility]?
}

/// A listing's facilities as a plain optional array.
public struct PlainOptionalFacilityList: Codable, Equatable, Sendable {
  /// The listing's identifier.
  public var id: Int
  /// Its name.
  public var name: String
  /// What it offers; `nil` when the server sent `null` or no key.
  public var facilities: [PlainFacility]?
}

/// A fee a listing charges on top of the nightly price.
public enum PlainFeeKind: String, Codable, CaseIterable, Sendable {
  /// Cleaning after the stay.
  case cleaning
  /// The platform's service fee.
  case service
  /// Bed linen and towels.
  case linen
  /// A pet staying too.
  case pets
  /// A parking space.
  case parking
  /// The resort's own fee.
  case resort
}

/// A listing's fees, keyed by kind, skipping the kinds it does not know.
public struct FeeSchedule: Codable, Equatable, Sendable {
  /// The listing's identifier.
  public var id: Int
  /// Its name.
  public var name: String
  /// Each fee in cents.
  @SkipUnknownKeys public var fees: [PlainFeeKind: Int]
}

/// A listing's fees, keyed by the kind's text.
public struct PlainFeeSchedule: Codable, Equatable, Sendable {
  /// The listing's identifier.
  public var id: Int
  /// Its name.
  public var name: String
  /// Each fee in cents.
  public var fees: [String: Int]
}

/// A listing's nightly price in several currencies, keyed by an ``CurrencyCode``
/// (`ExtensibleEnum`), which accepts every code.
public struct CurrencyPrices: Codable, Equatable, Sendable {
  /// The listing's identifier.
  public var id: Int
  /// Its name.
  public var name: String
  /// The nightly price in cents, per currency.
  public var prices: [CurrencyCode: Int]
}

/// A listing's nightly price in several currencies, keyed by the code's text.
public struct PlainCurrencyPrices: Codable, Equatable, Sendable {
  /// The listing's identifier.
  public var id: Int
  /// Its name.
  public var name: String
  /// The nightly price in cents, per currency.
  public var prices: [String: Int]
}
