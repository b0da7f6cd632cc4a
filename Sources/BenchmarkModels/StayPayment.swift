import CodableResilience

// A booking's payment: the record the `ValueAliases` scenario decodes. `StayPayment`'s enum
// fields are `UnknownDecodable` enums with aliases and letter-case matching, which read the
// old spellings a server still sends; `PlainStayPayment` has the same enums plain, which read
// only the canonical raw values. Both re-encode to the canonical JSON.

/// A booking's payment, with enums that read old spellings (`ValueAliases`).
public struct StayPayment: Codable, Equatable, Sendable {
  /// The payment's identifier.
  public var id: Int
  /// The booking reference the guest sees.
  public var reference: String
  /// The amount in cents.
  public var amount: Int
  /// How the guest paid.
  public var option: PaymentOption
  /// Where the payment stands.
  public var state: PaymentState
  /// Where the booking was made.
  public var source: BookingSource

  enum CodingKeys: String, CodingKey {
    case id, reference, amount, state, source
    case option = "payment_option"
  }
}

/// How a guest paid, with the names the server used before and any letter case.
public enum PaymentOption: String, Codable, UnknownDecodable, CaseIterable, Sendable {
  /// A credit or debit card.
  case card
  /// A bank transfer.
  case bankTransfer = "bank_transfer"
  /// PayPal.
  case paypal
  /// Apple Pay.
  case applePay = "apple_pay"
  /// An invoice paid later.
  case invoice
  /// An option this build does not know.
  case unknown
}

extension PaymentOption: ValueAliases {
  /// The names before the server's renames.
  public static let aliases: [String: PaymentOption] = [
    "credit_card": .card, "sepa": .bankTransfer, "pay_pal": .paypal, "applepay": .applePay,
  ]
  /// `"CARD"` and `"Bank_Transfer"` read as the cases they spell.
  public static let matchesCaseInsensitively = true
}

/// Where a payment stands, with the names the server used before and any letter case.
public enum PaymentState: String, Codable, UnknownDecodable, CaseIterable, Sendable {
  /// Reserved on the guest's account.
  case authorized
  /// Taken.
  case captured
  /// Given back.
  case refunded
  /// Declined.
  case failed
  /// Not yet answered by the payment provider.
  case pending
  /// A state this build does not know.
  case unknown
}

extension PaymentState: ValueAliases {
  /// The names before the server's renames.
  public static let aliases: [String: PaymentState] = [
    "authorised": .authorized, "settled": .captured, "declined": .failed,
  ]
  /// `"CAPTURED"` and `"Refunded"` read as the cases they spell.
  public static let matchesCaseInsensitively = true
}

/// Where a booking was made, with the names the server used before and any letter case.
public enum BookingSource: String, Codable, UnknownDecodable, CaseIterable, Sendable {
  /// The website.
  case web
  /// The iOS app.
  case ios
  /// The Android app.
  case android
  /// A partner's site.
  case partner
  /// By phone.
  case phone
  /// A source this build does not know.
  case unknown
}

extension BookingSource: ValueAliases {
  /// The names before the server's renames.
  public static let aliases: [String: BookingSource] = [
    "website": .web, "iphone": .ios, "affiliate": .partner,
  ]
  /// `"IOS"` and `"Web"` read as the cases they spell.
  public static let matchesCaseInsensitively = true
}

/// A booking's payment, with plain enums that read only the canonical raw values.
public struct PlainStayPayment: Codable, Equatable, Sendable {
  /// The payment's identifier.
  public var id: Int
  /// The booking reference the guest sees.
  public var reference: String
  /// The amount in cents.
  public var amount: Int
  /// How the guest paid.
  public var option: PlainPaymentOption
  /// Where the payment stands.
  public var state: PlainPaymentState
  /// Where the booking was made.
  public var source: PlainBookingSource

  enum CodingKeys: String, CodingKey {
    case id, reference, amount, state, source
    case option = "payment_option"
  }
}

/// How a guest paid, as a plain enum.
public enum PlainPaymentOption: String, Codable, CaseIterable, Sendable {
  /// A credit or debit card.
  case card
  /// A bank transfer.
  case bankTransfer = "bank_transfer"
  /// PayPal.
  case paypal
  /// Apple Pay.
  case applePay = "apple_pay"
  /// An invoice paid later.
  case invoice
}

/// Where a payment stands, as a plain enum.
public enum PlainPaymentState: String, Codable, CaseIterable, Sendable {
  /// Reserved on the guest's account.
  case authorized
  /// Taken.
  case captured
  /// Given back.
  case refunded
  /// Declined.
  case failed
  /// Not yet answered by the payment provider.
  case pending
}

/// Where a booking was made, as a plain enum.
public enum PlainBookingSource: String, Codable, CaseIterable, Sendable {
  /// The website.
  case web
  /// The iOS app.
  case ios
  /// The Android app.
  case android
  /// A partner's site.
  case partner
  /// By phone.
  case phone
}
