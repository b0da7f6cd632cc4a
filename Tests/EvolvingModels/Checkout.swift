import CodableResilience

// A checkout, as an app reads it from a server that renamed some of its values: payment
// methods and event tags have old spellings the server still sends, which the models read
// through their aliases (`ValueAliases`, `tagAliases`). The payloads in
// Tests/EvolvingModelsFixtures/Checkout decode as it.

/// What the customer pays with, and what happened.
public struct Checkout: Codable, Equatable, Sendable {
  /// The method chosen.
  public var method: PaymentMethod
  /// The methods the shop accepts.
  public var accepted: [PaymentMethod]
  /// What happened to the payment, oldest first.
  public var events: [CheckoutEvent]?
}

/// A way to pay. The server renamed `credit_card` to `card` and `sepa` to `bank_transfer`,
/// and older clients' data mixes letter case.
public enum PaymentMethod: String, Codable, UnknownDecodable, CaseIterable, Sendable {
  /// A payment card.
  case card
  /// A bank transfer.
  case bankTransfer = "bank_transfer"
  /// A method this build does not know.
  case unknown
}

extension PaymentMethod: ValueAliases {
  /// The spellings the server used before the rename.
  public static let aliases: [String: PaymentMethod] = [
    "credit_card": .card, "sepa": .bankTransfer,
  ]
  /// `"CARD"` and `"Bank_Transfer"` read as `card` and `bankTransfer`.
  public static let matchesCaseInsensitively = true
}

/// Something that happened to a payment, tagged by `type`; `payment` is the old tag of
/// `paid`.
public enum CheckoutEvent: TaggedUnion, Codable, Equatable, Sendable {
  /// The payment went through.
  case paid(Paid)
  /// The payment was refunded.
  case refunded(Refunded)
  /// An event this build does not know, kept whole.
  case unknown(UnknownVariant)

  /// The tags this build knows.
  public static let knownTags = ["paid", "refunded"]
  /// The tag the server sent before it renamed `payment` to `paid`.
  public static let tagAliases = ["payment": "paid"]

  /// Decodes the event a tag names; `nil` for a tag this build does not know.
  public init?(tag: String, from decoder: any Decoder) throws {
    switch tag {
    case "paid": self = .paid(try Paid(from: decoder))
    case "refunded": self = .refunded(try Refunded(from: decoder))
    default: return nil
    }
  }

  /// The tag and fields written for each event.
  public var taggedContent: TaggedContent {
    switch self {
    case .paid(let event): TaggedContent(tag: "paid", content: event)
    case .refunded(let event): TaggedContent(tag: "refunded", content: event)
    case .unknown(let variant): TaggedContent(variant)
    }
  }

  /// The payment went through.
  public struct Paid: Codable, Equatable, Sendable {
    /// The amount paid, in cents.
    public var amount: Int
  }

  /// The payment was refunded.
  public struct Refunded: Codable, Equatable, Sendable {
    /// The amount refunded, in cents.
    public var amount: Int
  }
}
