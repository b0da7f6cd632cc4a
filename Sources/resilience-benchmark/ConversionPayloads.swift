import BenchmarkModels
import Foundation

extension Payloads {
  /// Listings whose scalars `@DecodeConvertingType` reads (`StayListing` and its plain twin):
  /// an identifier, a name, a price in cents and hundredths, a flag, an `Int` enum and a number
  /// of guests missing once in ten. With `convertedShare` above zero, that share of the five
  /// converting values is sent as the other JSON type (`"1100007"`, `"123.40"`, `"true"`, `"3"`,
  /// `"4"`); the values read and everything else are the same as without.
  static func stayListings(count: Int, convertedShare: Double = 0) -> Payload {
    var values = ValuePicker(unknownShare: convertedShare)
    var text = JSONText()
    text.writeArray(count: count) { index in
      let id = 1_100_000 + index
      let cents = values.int(in: 4_000...60_000)
      let isActive = values.int(in: 0...4) != 0
      let energyClass = PlainEnergyClass.allCases.randomElement(using: &values.random)!.rawValue
      let guests: Int? = values.int(in: 0...9) == 0 ? nil : values.int(in: 1...12)
      return [
        "id": values.sent(.int(id), orConverted: .string("\(id)")),
        "name": .string("\(values.pick(from: adjectives)) \(values.pick(from: nouns))"),
        "price": values.sent(
          .double(Double(cents) / 100), orConverted: .string(hundredths(cents))),
        "is_active": values.sent(.bool(isActive), orConverted: .string("\(isActive)")),
        "energy_class": values.sent(.int(energyClass), orConverted: .string("\(energyClass)")),
        "max_guests": guests.map { values.sent(.int($0), orConverted: .string("\($0)")) }
          ?? .absent,
      ]
    }
    return Payload(
      data: text.data,
      enumValueCount: values.enumValueCount,
      unknownValueCount: values.unknownValueCount
    )
  }

  /// `cents` as a price's text with two decimals, as a server that quotes prices sends it:
  /// `"123.40"`.
  private static func hundredths(_ cents: Int) -> String {
    let fraction = cents % 100
    return "\(cents / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }

  /// Posts whose lists `@DecodeOneOrMany` reads (`TaggedPost` and its plain twin), every list
  /// sent as an array: one to four tags and none to five facilities.
  static func taggedPosts(count: Int) -> Payload {
    var values = ValuePicker()
    var text = JSONText()
    text.writeArray(count: count) { index in
      [
        "id": .int(1_200_000 + index),
        "title": .string("\(values.pick(from: adjectives)) \(values.pick(from: nouns))"),
        "tags": .array((0..<values.int(in: 1...4)).map { _ in .string(values.pick(from: tags)) }),
        "facilities": .array(
          (0..<values.int(in: 0...5)).map { _ in values.pick(PlainFacility.self) }),
      ]
    }
    return Payload(data: text.data)
  }

  static let tags = [
    "seaside", "mountains", "family", "pets", "remote-work", "city", "ski", "quiet",
  ]
}

extension ValuePicker {
  /// `value`, or now and then `converted`, the same value as another JSON type; counted as the
  /// payload's values and its unknown (here: converted) ones.
  mutating func sent(_ value: JSONValue, orConverted converted: JSONValue) -> JSONValue {
    isUnknown() ? converted : value
  }
}
