import CodableResilience

// A price quote: the record the `ExtensibleEnum` scenario decodes. `PriceQuote` models its
// identifiers as `ExtensibleEnum` structs, `PlainPriceQuote` as plain raw-value enums with the
// same values; the JSON is the same.

/// A price quote, with `ExtensibleEnum` identifiers.
public struct PriceQuote: Codable, Equatable, Sendable {
  /// The quote's identifier.
  public var id: Int
  /// The currency of the quote.
  public var currency: CurrencyCode
  /// The tier of the member asking.
  public var memberTier: MemberTier
  /// The languages the quote can be sent in.
  public var languages: [LanguageTag]

  enum CodingKeys: String, CodingKey {
    case id
    case currency
    case memberTier = "member_tier"
    case languages
  }
}

/// An ISO 4217 currency code; codes outside ``knownValues`` are reported and kept.
public struct CurrencyCode: ExtensibleEnum, ExpressibleByStringLiteral {
  /// The code, such as `"USD"`.
  public var rawValue: String

  /// Creates a currency from its code.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// US dollar.
  public static let usd: CurrencyCode = "USD"
  /// Euro.
  public static let eur: CurrencyCode = "EUR"
  /// Pound sterling.
  public static let gbp: CurrencyCode = "GBP"
  /// Swiss franc.
  public static let chf: CurrencyCode = "CHF"
  /// Japanese yen.
  public static let jpy: CurrencyCode = "JPY"
  /// Swedish krona.
  public static let sek: CurrencyCode = "SEK"
  /// Norwegian krone.
  public static let nok: CurrencyCode = "NOK"
  /// Danish krone.
  public static let dkk: CurrencyCode = "DKK"

  /// The currencies the app formats natively.
  public static let knownValues: [CurrencyCode] = [.usd, .eur, .gbp, .chf, .jpy, .sek, .nok, .dkk]
}

/// The tier of a member; tiers outside ``knownValues`` are reported and kept.
public struct MemberTier: ExtensibleEnum, ExpressibleByStringLiteral {
  /// The tier's name.
  public var rawValue: String

  /// Creates a tier from its name.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// A member without a tier.
  public static let basic: MemberTier = "basic"
  /// A member who books often.
  public static let silver: MemberTier = "silver"
  /// A member who books most often.
  public static let gold: MemberTier = "gold"

  /// The tiers the app shows a badge for.
  public static let knownValues: [MemberTier] = [.basic, .silver, .gold]
}

/// A BCP 47 language tag. Open-ended: no known values, so nothing is reported.
public struct LanguageTag: ExtensibleEnum, ExpressibleByStringLiteral {
  /// The tag, such as `"en"`.
  public var rawValue: String

  /// Creates a language tag.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }
}

/// A price quote, with plain raw-value enum identifiers.
public struct PlainPriceQuote: Codable, Equatable, Sendable {
  /// The quote's identifier.
  public var id: Int
  /// The currency of the quote.
  public var currency: PlainCurrencyCode
  /// The tier of the member asking.
  public var memberTier: PlainMemberTier
  /// The languages the quote can be sent in.
  public var languages: [PlainLanguageTag]

  enum CodingKeys: String, CodingKey {
    case id
    case currency
    case memberTier = "member_tier"
    case languages
  }
}

/// An ISO 4217 currency code, as a plain enum.
public enum PlainCurrencyCode: String, Codable, CaseIterable, Sendable {
  /// US dollar.
  case usd = "USD"
  /// Euro.
  case eur = "EUR"
  /// Pound sterling.
  case gbp = "GBP"
  /// Swiss franc.
  case chf = "CHF"
  /// Japanese yen.
  case jpy = "JPY"
  /// Swedish krona.
  case sek = "SEK"
  /// Norwegian krone.
  case nok = "NOK"
  /// Danish krone.
  case dkk = "DKK"
}

/// The tier of a member, as a plain enum.
public enum PlainMemberTier: String, Codable, CaseIterable, Sendable {
  /// A member without a tier.
  case basic
  /// A member who books often.
  case silver
  /// A member who books most often.
  case gold
}

/// A BCP 47 language tag, as a plain enum of the tags the payloads use.
public enum PlainLanguageTag: String, Codable, CaseIterable, Sendable {
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
  /// Portuguese.
  case portuguese = "pt"
  /// Japanese.
  case japanese = "ja"
}
