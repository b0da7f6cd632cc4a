import CodableResilience

// Models whose aliases are mistakes, as a team might write them: decode-check and the testing
// kit's checks must find each conflict, and decoding must never stop on one.

/// An old checkout whose payment method's aliases conflict.
public struct LegacyCheckout: Codable, Equatable, Sendable {
  /// The method chosen.
  public var method: LegacyPaymentMethod
}

/// A payment method with two mistakes: the alias `card` is the raw value of `card` (so it
/// never applies), and with letter case ignored `CASH` spells `cash` but names `card`.
public enum LegacyPaymentMethod: String, Codable, UnknownDecodable, CaseIterable, Sendable {
  /// A payment card.
  case card
  /// Cash.
  case cash
  /// A method this build does not know.
  case unknown
}

extension LegacyPaymentMethod: ValueAliases {
  /// Two aliases that conflict with the raw values.
  public static let aliases: [String: LegacyPaymentMethod] = ["card": .cash, "CASH": .card]
  /// Letter case ignored, which makes `CASH` ambiguous.
  public static let matchesCaseInsensitively = true
}

/// A union whose tag aliases are mistakes: `refund` is a known tag, and `payment` names
/// `payd`, a tag the union does not know.
public enum LegacyEvent: TaggedUnion, Codable, Equatable, Sendable {
  /// The payment went through.
  case paid(CheckoutEvent.Paid)
  /// The payment was refunded.
  case refund(CheckoutEvent.Refunded)
  /// An event this build does not know, kept whole.
  case unknown(UnknownVariant)

  /// The tags this build knows.
  public static let knownTags = ["paid", "refund"]
  /// Two mistaken aliases.
  public static let tagAliases = ["refund": "paid", "payment": "payd"]

  /// Decodes the event a tag names; `nil` for a tag this build does not know.
  public init?(tag: String, from decoder: any Decoder) throws {
    switch tag {
    case "paid": self = .paid(try CheckoutEvent.Paid(from: decoder))
    case "refund": self = .refund(try CheckoutEvent.Refunded(from: decoder))
    default: return nil
    }
  }

  /// The tag and fields written for each event.
  public var taggedContent: TaggedContent {
    switch self {
    case .paid(let event): TaggedContent(tag: "paid", content: event)
    case .refund(let event): TaggedContent(tag: "refund", content: event)
    case .unknown(let variant): TaggedContent(variant)
    }
  }
}
