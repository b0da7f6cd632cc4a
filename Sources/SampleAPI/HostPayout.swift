import CodableResilience
import Foundation

/// A payout to a host, as `GET /v2/payouts/{id}` returns it.
///
/// Payouts come from the payments service, a backend of its own that changes the JSON types
/// of values it already sends: since v2 it quotes its 64-bit ids and sends amounts as decimal
/// text, some of its servers send the instant flag as `1`, and a payout of one booking names
/// that booking alone rather than in a list. The app reads each, says so, and writes it back
/// as it came.
public struct HostPayout: Codable, Equatable, Sendable {
  /// The payout's identifier: `7` or `"7"`.
  @DecodeConvertingType public var id: Int
  /// The amount paid: `1925.5` or `"1925.50"`, kept to the cent.
  @DecodeConvertingType public var amount: Decimal
  /// The currency paid in.
  public var currency: Currency
  /// Whether it was paid at once rather than with the weekly run: `true`, `"true"` or `1`.
  @DecodeConvertingType public var isInstant: Bool
  /// The bookings it pays for: `["HB-1", "HB-2"]`, or `"HB-1"` for one.
  @DecodeOneOrMany public var bookingIDs: [String]
  /// The fee withheld, when there is one: `12.5` or `"12.50"`.
  @DecodeConvertingType public var fee: Decimal?

  enum CodingKeys: String, CodingKey {
    case id
    case amount
    case currency
    case isInstant = "is_instant"
    case bookingIDs = "booking_ids"
    case fee
  }
}
