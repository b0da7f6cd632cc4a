import BenchmarkModels

extension Payloads {
  /// Listings with a list of facilities (`FacilityList` and its twins): none to five each,
  /// drawn with repeats as servers send them. With `optional`, the list is `null` once in
  /// ten and missing once in ten.
  static func facilityLists(count: Int, optional: Bool = false) -> Payload {
    var values = ValuePicker()
    var text = JSONText()
    text.writeArray(count: count) { index in
      let facilities: JSONValue = .array(
        (0..<values.int(in: 0...5)).map { _ in values.pick(PlainFacility.self) })
      return [
        "id": .int(200_000 + index),
        "name": .string("\(values.pick(from: adjectives)) \(values.pick(from: nouns))"),
        "facilities": optional ? values.sometimes(facilities) : facilities,
      ]
    }
    return Payload(data: text.data)
  }

  /// Listings with one to four fees keyed by kind (`FeeSchedule`).
  static func feeSchedules(count: Int) -> Payload {
    var values = ValuePicker()
    var text = JSONText()
    text.writeArray(count: count) { index in
      [
        "id": .int(300_000 + index),
        "name": .string("\(values.pick(from: adjectives)) \(values.pick(from: nouns))"),
        "fees": values.object(keyedBy: PlainFeeKind.self, count: 1...4) {
          .int($0.int(in: 500...9_000))
        },
      ]
    }
    return Payload(data: text.data)
  }

  /// Listings with a price in one to four currencies keyed by code (`CurrencyPrices`).
  static func currencyPrices(count: Int) -> Payload {
    var values = ValuePicker()
    var text = JSONText()
    text.writeArray(count: count) { index in
      [
        "id": .int(400_000 + index),
        "name": .string("\(values.pick(from: adjectives)) \(values.pick(from: nouns))"),
        "prices": values.object(keyedBy: PlainCurrencyCode.self, count: 1...4) {
          .int($0.int(in: 4_000...60_000))
        },
      ]
    }
    return Payload(data: text.data)
  }

  /// A notification timeline (`NotificationPage` and its twins): `count` notifications in
  /// pages of 20, a page size timelines use. With `failingShare` above zero, that share of the
  /// notifications fails to decode, by turns one without its `account` (`keyNotFound`) and one
  /// whose account's `followers_count` is text (`typeMismatch`); every other value is the same
  /// as without.
  static func notificationPages(count: Int, failingShare: Double = 0) -> Payload {
    var values = ValuePicker(unknownShare: failingShare)
    var text = JSONText()
    let pageSize = 20
    let pageCount = (count + pageSize - 1) / pageSize
    text.writeArray(count: pageCount) { page in
      let first = page * pageSize
      let notifications = (first..<min(count, first + pageSize)).map { index in
        notification(index, values: &values)
      }
      return [
        "notifications": .array(notifications),
        "next_cursor": .string("bm90aWZpY2F0aW9uczo\(page + 1)"),
      ]
    }
    return Payload(data: text.data, invalidElementCount: values.unknownValueCount)
  }

  /// One notification, or now and then one that fails to decode (see `notificationPages`).
  static func notification(_ index: Int, values: inout ValuePicker) -> JSONValue {
    let kind = NotificationKind.allCases.randomElement(using: &values.random)!
    let day = twoDigits(values.int(in: 1...31))
    let time = [values.int(in: 0...23), values.int(in: 0...59), values.int(in: 0...59)]
    let timestamp = "2024-05-\(day)T\(time.map(twoDigits).joined(separator: ":")).000Z"
    let name = values.pick(from: hostNames)
    // By turns: no `account`, or a `followers_count` that is text.
    let fails = values.isUnknown()
    let missingAccount = fails && values.unknownValueCount.isMultiple(of: 2)
    let followers = values.int(in: 0...50_000)
    let account: JSONValue = [
      "id": .string(String(values.int(in: 1...900_000))),
      "username": .string(name.lowercased()),
      "display_name": .string(name),
      "bot": .bool(values.int(in: 0...19) == 0),
      "followers_count": fails && !missingAccount ? "1.2K" : .int(followers),
    ]
    let statusID: JSONValue =
      kind == .follow ? .absent : .string(String(values.int(in: 1...9_000_000)))
    return [
      "id": .string(String(90_000_000 - index)),
      "type": .string(kind.rawValue),
      "created_at": .string(timestamp),
      "account": missingAccount ? .absent : account,
      "status_id": statusID,
    ]
  }

  private static func twoDigits(_ number: Int) -> String {
    number < 10 ? "0\(number)" : "\(number)"
  }

  /// Listings that use every tool (`MixedListing`). With `unknownShare` above zero, that
  /// share of every enum value, element, key and union tag is one no model knows.
  static func mixedListings(count: Int, unknownShare: Double = 0) -> Payload {
    var values = ValuePicker(unknownShare: unknownShare)
    var text = JSONText()
    text.writeArray(count: count) { index in
      let promotion = activityItem(index, values: &values)
      return [
        "id": .int(600_000 + index),
        "name": .string("\(values.pick(from: adjectives)) \(values.pick(from: nouns))"),
        "property_type": values.pick(PlainPropertyType.self, orUnknown: ["castle", "yurt"]),
        "facilities": .array(
          (0..<values.int(in: 0...4)).map { _ in
            values.pick(PlainFacility.self, orUnknown: ["sauna", "ev_charger", "hot_tub"])
          }),
        "heating": values.int(in: 0...9) == 0
          ? .absent : values.pick(PlainHeating.self, orUnknown: ["geothermal"]),
        "currency": values.pick(PlainCurrencyCode.self, orUnknown: ["XAU", "ISK"]),
        "status": values.pick(PlainPublicationStatus.self, orUnknown: ["pending"]),
        "amenities": .array(
          (0..<values.int(in: 0...3)).map { _ in
            values.pick(PlainAmenity.self, orUnknown: ["bbq", "crib"])
          }),
        "fees": values.object(keyedBy: PlainFeeKind.self, count: 1...3) {
          .int($0.int(in: 500...9_000))
        },
        "promotion": values.isUnknown()
          ? ["type": "reel", "id": .int(index), "clip": .string("https://clip.example/\(index)")]
          : promotion,
      ]
    }
    return Payload(
      data: text.data,
      enumValueCount: values.enumValueCount,
      unknownValueCount: values.unknownValueCount
    )
  }
}

extension ValuePicker {
  /// An object keyed by `count` distinct raw values of `Enum`'s cases; with an unknown share,
  /// now and then a key no model knows (`surcharge_0`, `surcharge_1`, …, distinct too).
  mutating func object<Enum: CaseIterable & RawRepresentable>(
    keyedBy type: Enum.Type,
    count: ClosedRange<Int>,
    value: (inout ValuePicker) -> JSONValue
  ) -> JSONValue where Enum.RawValue == String {
    let keys = Enum.allCases.shuffled(using: &random).prefix(int(in: count))
    return .object(
      keys.enumerated().map { position, key in
        let name = isUnknown() ? "surcharge_\(position)" : key.rawValue
        return (key: name, value: value(&self))
      })
  }
}

extension Payloads {
  /// Host accounts (`HostAccount`): five members the model writes, and three it does not (a
  /// string, an array of objects and an object), as a newer server sends them.
  static func hostAccounts(count: Int) -> Payload {
    var values = ValuePicker()
    var text = JSONText()
    text.writeArray(count: count) { index in
      let name = values.pick(from: hostNames)
      return [
        "id": .int(1_000_000 + index),
        "username": .string(name.lowercased()),
        "display_name": .string(name),
        "followers_count": .int(values.int(in: 0...50_000)),
        "bot": .bool(index % 7 == 0),
        "header": .string("https://cdn.example.com/headers/\(index).png"),
        "emojis": [["shortcode": "wave", "static": .bool(true)]],
        "source": ["privacy": "public", "language": "en"],
      ]
    }
    return Payload(data: text.data)
  }
}
