import CodableResilience
import Foundation
import Testing

// `@SkipUnknownElements` and `@SkipUnknownKeys` meet the other tools: elements with their own
// `init(from:)`, elements of every toolkit type, values that report (issue 21, items 2, 3, 8).

/// An `UnknownDecodable` enum whose own `init(from:)` also accepts a star count as a number.
private enum StarRating: String, Codable, UnknownDecodable, Equatable, Sendable {
  case one, two, three
  case unknown

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let stars = try? container.decode(Int.self) {
      self = [1: .one, 2: .two, 3: .three][stars] ?? .unknown
      return
    }
    let text = try container.decode(String.self)
    self = StarRating(rawValue: text) ?? .unknown
    if self == .unknown,
      let handler = decoder.userInfo[.unknownValueHandler] as? UnknownValueHandler
    {
      try handler(
        UnknownValue(typeName: "StarRating", rawValue: text, codingPath: decoder.codingPath))
    }
  }
}

private struct Review: Codable {
  @SkipUnknownElements var ratings: [StarRating]
}

private struct PlainReview: Codable {
  var ratings: [StarRating]
}

/// A plain enum whose own `init(from:)` reads a raw value that names a case (`"standard"`, kept
/// for old servers) as another case.
private enum Plan: String, Codable, Hashable, Sendable {
  case standard, basic, premium

  init(from decoder: any Decoder) throws {
    let rawValue = try decoder.singleValueContainer().decode(String.self)
    guard let plan = Plan(rawValue: rawValue) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "no plan \(rawValue)"))
    }
    self = plan == .standard ? .basic : plan
  }
}

private struct Subscription: Codable {
  @SkipUnknownElements var plans: [Plan]
  @SkipUnknownElements var offered: Set<Plan>?
}

private struct PlainSubscription: Codable {
  var plans: [Plan]
  var offered: Set<Plan>?
}

private struct Currency: ExtensibleEnum, ExpressibleByStringLiteral {
  var rawValue: String
  static let usd: Currency = "USD"
  static let eur: Currency = "EUR"
  static let knownValues: [Currency] = [.usd, .eur]
}

private enum Audience: String, CaseIterable, Sendable {
  case everyone, friends
}

private struct Wallet: Codable {
  @SkipUnknownElements var currencies: [Currency]
  @SkipUnknownElements var audiences: [OpenEnum<Audience>]
  @SkipUnknownElements var accepted: Set<Currency>?
}

private enum Fee: String, Codable, Hashable, Sendable {
  case cleaning, service
}

private enum Level: String, Codable, UnknownDecodable, Sendable {
  case low, high
  case unknown
}

private struct FeeRule: Codable {
  var level: Level
  var count: Int
}

private struct FeeTable: Codable {
  @SkipUnknownKeys var rules: [Fee: FeeRule]
}

@Suite("Collection wrappers at their seams")
struct SkipUnknownElementsSeamTests {
  @Test("an element's own init(from:) decodes it, as in a plain array")
  func elementsOwnInit() throws {
    let payload = Data(#"{"ratings": [1, "two", 3, "five"]}"#.utf8)
    let plain = try JSONDecoder().decode(PlainReview.self, from: payload)
    #expect(plain.ratings == [.one, .two, .three, .unknown])

    let (review, unknownValues) = try JSONDecoder().decodeCollectingUnknownValues(
      Review.self, from: payload)
    #expect(review.ratings == [.one, .two, .three])
    #expect(review.$ratings.unknownRawValues == ["five"])
    #expect(unknownValues.map(\.path) == ["$.ratings[3]"])
    // Known elements are written as they encode, the left-out one as it was read, in its place.
    let encoded = try JSONEncoder().encode(review)
    #expect(try JSONValue(data: encoded) == ["ratings": ["one", "two", "three", "five"]])
  }

  @Test(
    "a known raw value goes through the element's own init(from:) too",
    arguments: [
      #"{"plans": ["standard", "premium"], "offered": ["standard"]}"#,
      #"{"plans": ["standard", "gold", "premium"], "offered": ["standard", "gold"]}"#,
    ])
  func knownRawValuesThroughOwnInit(json: String) throws {
    let payload = Data(json.utf8)
    let plain = try? JSONDecoder().decode(PlainSubscription.self, from: payload)
    let (subscription, unknownValues) = try JSONDecoder().decodeCollectingUnknownValues(
      Subscription.self, from: payload)
    #expect(subscription.plans == [.basic, .premium])
    #expect(subscription.offered == [.basic])
    if let plain {
      #expect(plain.plans == subscription.plans)
      #expect(plain.offered == subscription.offered)
    }
    #expect(unknownValues.count == (json.contains("gold") ? 2 : 0))
    let topLevel = try JSONDecoder().decode(
      SkipUnknownElements<[Plan]>.self, from: Data(#"["premium", "standard"]"#.utf8))
    #expect(topLevel.wrappedValue == [.premium, .basic])
  }

  @Test("the same elements at the top level, through the wrapper's own init(from:)")
  func elementsOwnInitAtTheTopLevel() throws {
    let (ratings, unknownValues) = try JSONDecoder().decodeCollectingUnknownValues(
      SkipUnknownElements<[StarRating]>.self, from: Data(#"[2, "nine", "one"]"#.utf8))
    #expect(ratings.wrappedValue == [.two, .one])
    #expect(unknownValues.map(\.path) == ["$[1]"])
  }

  @Test("ExtensibleEnum and OpenEnum elements outside what they know are left out and reported")
  func extensibleAndOpenElements() throws {
    let payload = Data(
      #"""
      {"currencies": ["USD", "CHF", "EUR"], "audiences": ["friends", "followers"],
       "accepted": ["GBP", "EUR"]}
      """#.utf8)
    let (wallet, unknownValues) = try JSONDecoder().decodeCollectingUnknownValues(
      Wallet.self, from: payload)
    #expect(wallet.currencies == [.usd, .eur])
    #expect(wallet.$currencies.unknownRawValues == ["CHF"])
    #expect(wallet.audiences == [.known(.friends)])
    #expect(wallet.$audiences.unknownRawValues == ["followers"])
    #expect(wallet.accepted == [.eur])
    #expect(
      unknownValues.map { "\($0.typeName) \($0.rawValue) at \($0.path)" } == [
        "Currency CHF at $.currencies[1]", "Audience followers at $.audiences[1]",
        "Currency GBP at $.accepted[0]",
      ])
    let encoded = try JSONEncoder().encode(wallet)
    #expect(try JSONValue(data: encoded) == JSONValue(data: payload))

    #expect {
      try JSONDecoder().decodeStrictly(Wallet.self, from: payload)
    } throws: { error in
      (error as? DecodingError).flatMap(\.unknownValue)?.path == "$.currencies[1]"
    }
  }

  @Test("a dictionary whose entry fails after reporting reports once")
  func skipUnknownKeysReportsOnce() throws {
    let collector = UnknownValueCollector()
    let decoder = JSONDecoder()
    decoder.unknownValueHandler = .collect(into: collector)
    #expect(throws: DecodingError.self) {
      try decoder.decode(
        FeeTable.self,
        from: Data(#"{"rules": {"cleaning": {"level": "extreme", "count": "two"}}}"#.utf8))
    }
    #expect(collector.values.map(\.path) == ["$.rules.cleaning.level"])
  }
}

extension DecodingError {
  /// The unknown value `.strict` rejected, when this is its error.
  fileprivate var unknownValue: UnknownValue? {
    guard case .dataCorrupted(let context) = self else { return nil }
    return (context.underlyingError as? UnknownValueError)?.unknownValue
  }
}
