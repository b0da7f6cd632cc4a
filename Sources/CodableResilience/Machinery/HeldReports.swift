/// The reports an element made, held by ``ElementDecoder`` until the element has decoded.
/// Unchecked `Sendable`: the handler that fills it runs inside the one decode that owns it.
@usableFromInline
final class HeldReports: @unchecked Sendable {
  @usableFromInline
  var values: [UnknownValue] = []

  @usableFromInline
  init() {}

  /// `userInfo` with its handler replaced by one that holds each report here, receiving
  /// the kinds the handler asked for: the one way the toolkit holds reports. They reach
  /// the handler later through ``ElementDecoder/deliverReports()``, in order, or not at all.
  func holding(_ userInfo: [CodingUserInfoKey: Any]) -> [CodingUserInfoKey: Any] {
    var userInfo = userInfo
    let handler = userInfo[.unknownValueHandler] as? UnknownValueHandler
    userInfo[.unknownValueHandler] = UnknownValueHandler(receiving: handler?.asked ?? []) {
      [self] in values.append($0)
    }
    return userInfo
  }
}

/// An element decoded through a decoder's generic path, with the reports its own
/// `init(from:)` made held back, as ``ElementDecoder`` holds them.
struct HoldingSlot<Element: Decodable>: Decodable {
  let element: Element
  let reports: [UnknownValue]

  init(from decoder: any Decoder) throws {
    let held = HeldReports()
    do {
      element = try Element(from: HoldingDecoder(decoder, holdingIn: held))
    } catch {
      throw HoldingSlotFailure(error: error, reports: held.values)
    }
    reports = held.values
  }
}

/// The error of an element a ``HoldingSlot`` decoded, with what it reported before it.
struct HoldingSlotFailure: Error {
  let error: any Error
  let reports: [UnknownValue]
}

/// A decoder that is another one, but for its handler, which holds the reports made through
/// it in `held`.
struct HoldingDecoder: Decoder {
  let base: any Decoder
  let held: HeldReports

  init(_ base: any Decoder, holdingIn held: HeldReports) {
    self.base = base
    self.held = held
  }

  var codingPath: [any CodingKey] { base.codingPath }

  var userInfo: [CodingUserInfoKey: Any] { held.holding(base.userInfo) }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    try base.container(keyedBy: type)
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try base.unkeyedContainer()
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    try base.singleValueContainer()
  }
}
