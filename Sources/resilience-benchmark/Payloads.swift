import BenchmarkModels
import CodableResilience
import Foundation

/// SplitMix64: a tiny generator that yields the same sequence for a seed on every machine,
/// so every run decodes the same payloads.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}

/// A generated payload, how many enum values it holds and how many of those are unknown, and
/// for the scenarios that need them, how many elements fail to decode and how many values are
/// sent in an old spelling.
struct Payload {
  var data: Data
  var enumValueCount = 0
  var unknownValueCount = 0
  var invalidElementCount = 0
  var renamedValueCount = 0
}

/// The payloads the scenarios decode: arrays of records shaped like a holiday-rental API's,
/// generated in-process from a fixed seed. Enum values are drawn evenly from the plain enums'
/// cases, so neither side profits from a value that happens to be matched first.
enum Payloads {
  static let seed: UInt64 = 0x0C0D_AB1E

  /// Search results (`ListingSummary`). With `unknownShare` above zero, that share of the enum
  /// values is replaced by values no model knows; everything else is the same as without.
  static func listingSummaries(count: Int, unknownShare: Double = 0) -> Payload {
    var values = ValuePicker(unknownShare: unknownShare)
    var text = JSONText()
    text.writeArray(count: count) { index in
      [
        "id": .int(100_000 + index),
        "city": .string(values.pick(from: cities)),
        "property_type": values.pick(
          PlainPropertyType.self, orUnknown: ["castle", "yurt", "treehouse"]),
        "status": values.pick(PlainPublicationStatus.self, orUnknown: ["pending", "suspended"]),
        "facilities": .array(
          (0..<values.int(in: 0...5)).map { _ in
            values.pick(PlainFacility.self, orUnknown: ["sauna", "ev_charger", "hot_tub"])
          }),
      ]
    }
    return Payload(
      data: text.data,
      enumValueCount: values.enumValueCount,
      unknownValueCount: values.unknownValueCount
    )
  }

  /// Reviews (`StayReview`), every enum field a number.
  static func stayReviews(count: Int) -> Payload {
    var values = ValuePicker()
    var text = JSONText()
    text.writeArray(count: count) { index in
      [
        "id": .int(500_000 + index),
        "stars": values.pick(PlainStarRating.self),
        "energy_class": values.pick(PlainEnergyClass.self),
        "cancellation_tier": values.pick(PlainCancellationTier.self),
        "guest_age_bands": .array(
          (0..<values.int(in: 1...4)).map { _ in values.pick(PlainAgeBand.self) }),
      ]
    }
    return Payload(data: text.data)
  }

  /// Listing terms (`ListingTerms`): each optional field present 8 times in 10, `null` once,
  /// missing once.
  static func listingTerms(count: Int) -> Payload {
    var values = ValuePicker()
    var text = JSONText()
    text.writeArray(count: count) { index in
      [
        "id": .int(700_000 + index),
        "heating": values.sometimes(values.pick(PlainHeating.self)),
        "cancellation_policy": values.sometimes(values.pick(PlainCancellationPolicy.self)),
        "payment_method": values.sometimes(values.pick(PlainPaymentMethod.self)),
        "booking_channel": values.sometimes(values.pick(PlainBookingChannel.self)),
      ]
    }
    return Payload(data: text.data)
  }

  /// Account settings (`AccountSettings`), every key present.
  static func accountSettings(count: Int) -> Payload {
    var values = ValuePicker()
    var text = JSONText()
    text.writeArray(count: count) { index in
      [
        "id": .int(800_000 + index),
        "roles": .array((0..<values.int(in: 0...2)).map { _ in .string("member") }),
        "isLocked": .bool(index % 7 == 0),
        "followersCount": .int(values.int(in: 0...5000)),
        "bio": .string("bio \(index)"),
      ]
    }
    return Payload(data: text.data)
  }

  /// Price quotes (`PriceQuote`): identifiers an `ExtensibleEnum` or a plain enum can model.
  static func priceQuotes(count: Int) -> Payload {
    var values = ValuePicker()
    var text = JSONText()
    text.writeArray(count: count) { index in
      [
        "id": .int(900_000 + index),
        "currency": values.pick(PlainCurrencyCode.self),
        "member_tier": values.pick(PlainMemberTier.self),
        "languages": .array(
          (0..<values.int(in: 1...3)).map { _ in values.pick(PlainLanguageTag.self) }),
      ]
    }
    return Payload(data: text.data)
  }

  /// Payments (`StayPayment`). With `renamedShare` above zero, that share of the enum values
  /// is sent in an old spelling of the same value, by turns an alias (or, for a case without
  /// one, its raw value in capitals) and the raw value in another letter case; the values read
  /// are the same as without, and the canonical payload is a few bytes shorter.
  static func stayPayments(count: Int, renamedShare: Double = 0) -> Payload {
    var values = ValuePicker(unknownShare: renamedShare)
    var text = JSONText()
    text.writeArray(count: count) { index in
      [
        "id": .int(800_000 + index),
        "reference": .string("HM\(values.int(in: 100_000...999_999))"),
        "amount": .int(values.int(in: 4_000...250_000)),
        "payment_option": values.spelling(of: PaymentOption.self),
        "state": values.spelling(of: PaymentState.self),
        "source": values.spelling(of: BookingSource.self),
      ]
    }
    return Payload(
      data: text.data,
      enumValueCount: values.enumValueCount,
      renamedValueCount: values.unknownValueCount
    )
  }

  /// One `ListingPage` of the sample API holding `count` listings, every value known. Optional
  /// fields are sometimes missing, never `null`, so both models re-encode to the same JSON.
  static func listingPage(count: Int) -> Payload {
    var values = ValuePicker()
    var text = JSONText()
    text.append(#"{"listings":"#)
    text.writeArray(count: count) { index in
      let currencies = PlainCurrency.allCases.shuffled(using: &values.random)
      return [
        "id": .int(1_000_000 + index),
        "title": .string(
          "\(values.pick(from: adjectives)) \(values.pick(from: nouns)) in \(values.pick(from: cities))"
        ),
        "kind": values.pick(PlainListingKind.self),
        "status": values.int(in: 0...9) == 0 ? .absent : values.pick(PlainListingStatus.self),
        "amenities": .array(
          (0..<values.int(in: 0...4)).map { _ in values.pick(PlainAmenity.self) }),
        "heating": values.int(in: 0...9) == 0 ? .absent : values.pick(PlainHeating.self),
        "cancellation_policy": values.int(in: 0...9) == 0
          ? .absent : values.pick(PlainCancellationPolicy.self),
        "payment_methods": .array(
          (0..<values.int(in: 1...3)).map { _ in values.pick(PlainPaymentMethod.self) }),
        "energy_rating": values.pick(PlainEnergyRating.self),
        "price": [
          "amount": .double(Double(values.int(in: 4_000...60_000)) / 100),
          "currency": values.pick(PlainCurrency.self),
        ],
        "cleaning_fees": .object(
          currencies.prefix(values.int(in: 1...3)).map { currency in
            (key: currency.rawValue, value: .double(Double(values.int(in: 1_000...9_000)) / 100))
          }),
        "host": [
          "id": .int(values.int(in: 1...90_000)),
          "name": .string(values.pick(from: hostNames)),
          "tier": values.pick(PlainHostTier.self),
          "languages": .array(
            (0..<values.int(in: 1...3)).map { _ in values.pick(PlainLanguageCode.self) }),
        ],
      ]
    }
    text.append(#","page":1,"next_cursor":"bGlzdGluZ3M6cGFnZToy"}"#)
    return Payload(data: text.data)
  }

  /// An activity feed (`ActivityItem`): posts, photos and adverts tagged by `type`, in an even
  /// mix, every tag known.
  static func activityFeed(count: Int) -> Payload {
    var values = ValuePicker()
    var text = JSONText()
    text.writeArray(count: count) { index in activityItem(index, values: &values) }
    return Payload(data: text.data)
  }

  /// One feed entry: a post, a photo or an advert, in an even mix.
  static func activityItem(_ index: Int, values: inout ValuePicker) -> JSONValue {
    switch values.int(in: 0...2) {
    case 0:
      [
        "type": "post", "id": .int(index),
        "title": .string("\(values.pick(from: adjectives)) \(values.pick(from: nouns))"),
        "likes": .int(values.int(in: 0...900)),
      ]
    case 1:
      [
        "type": "photo", "id": .int(index),
        "url": .string("https://img.example/\(index).jpg"),
        "width": .int(values.int(in: 400...4_000)), "height": .int(values.int(in: 300...3_000)),
      ]
    default:
      ["type": "ad", "id": .int(index), "sponsor": .string(values.pick(from: hostNames))]
    }
  }

  static let cities = [
    "Bergen", "Lisbon", "Galway", "Tromsø", "Annecy", "Split", "Hallstatt", "Bled", "Porto",
    "Inverness", "Lucerne", "Kotor", "Granada", "Visby", "Rovinj", "Sintra",
  ]
  static let adjectives = ["Quiet", "Sunny", "Cosy", "Bright", "Rustic", "Modern"]
  static let nouns = ["cabin", "loft", "cottage", "flat", "farmhouse", "studio"]
  static let hostNames = ["Ingrid", "Tomás", "Aoife", "Marta", "Luca", "Noor", "Kai"]
}

/// Draws the values of one payload. Known values come from one seeded stream and the
/// decisions to put in an unknown value from another, so a payload with unknown values has
/// the same shape and the same known values as the one without.
struct ValuePicker {
  var random = SeededGenerator(seed: Payloads.seed)
  private var unknownDraws = SeededGenerator(seed: Payloads.seed ^ 0xFFFF)
  private let unknownShare: Double
  private(set) var enumValueCount = 0
  private(set) var unknownValueCount = 0

  init(unknownShare: Double = 0) {
    self.unknownShare = unknownShare
  }

  mutating func int(in range: ClosedRange<Int>) -> Int {
    Int.random(in: range, using: &random)
  }

  mutating func pick(from strings: [String]) -> String {
    strings.randomElement(using: &random)!
  }

  /// A raw value of one of `Enum`'s cases, or now and then one of `unknownValues`.
  mutating func pick<Enum: CaseIterable & RawRepresentable>(
    _ type: Enum.Type,
    orUnknown unknownValues: [String] = []
  ) -> JSONValue where Enum.RawValue == String {
    let known = Enum.allCases.randomElement(using: &random)!.rawValue
    if isUnknown() {
      return .string(unknownValues.randomElement(using: &unknownDraws)!)
    }
    return .string(known)
  }

  /// Counts one more enum value and tells whether it is to be one no model knows. Draws
  /// only from the unknown stream, so the known values stay the same either way.
  mutating func isUnknown() -> Bool {
    enumValueCount += 1
    guard unknownShare > 0, Double.random(in: 0..<1, using: &unknownDraws) < unknownShare else {
      return false
    }
    unknownValueCount += 1
    return true
  }

  /// The raw value of one of `Enum`'s known cases, or now and then an old spelling of it that
  /// `Enum`'s aliases or letter-case matching read as the same case (see `stayPayments`).
  mutating func spelling<Enum: UnknownDecodable & ValueAliases & CaseIterable>(
    of type: Enum.Type
  ) -> JSONValue where Enum.RawValue == String {
    let cases = Enum.allCases.filter { $0.rawValue != Enum.unknown.rawValue }
    let value = cases.randomElement(using: &random)!
    guard isUnknown() else { return .string(value.rawValue) }
    let aliases = Enum.aliases.filter { $0.value.rawValue == value.rawValue }.keys.sorted()
    if !unknownValueCount.isMultiple(of: 2), !aliases.isEmpty {
      return .string(aliases[unknownValueCount / 2 % aliases.count])
    }
    let raw = value.rawValue
    return .string(
      unknownValueCount % 4 == 2 ? raw.prefix(1).uppercased() + raw.dropFirst() : raw.uppercased())
  }

  mutating func pick<Enum: CaseIterable & RawRepresentable>(
    _ type: Enum.Type
  ) -> JSONValue where Enum.RawValue == Int {
    enumValueCount += 1
    return .int(Enum.allCases.randomElement(using: &random)!.rawValue)
  }

  /// The value 8 times in 10; otherwise `null` or a missing key.
  mutating func sometimes(_ value: JSONValue) -> JSONValue {
    switch int(in: 0...9) {
    case 0: .null
    case 1: .absent
    default: value
    }
  }
}
