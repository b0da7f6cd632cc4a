import CodableResilience
import Foundation
import Testing

private enum Tag: String, Codable, CaseIterable, Hashable {
  case quiet
  case central
}

private enum Currency: String, Codable, Hashable {
  case eur = "EUR"
  case usd = "USD"
}

private struct Stay: Codable, Equatable {
  @SkipUnknownElements var tags: [Tag]?
  @SkipUnknownElements var tagSet: Set<Tag>?
  @SkipUnknownKeys var totals: [Currency: Double]?
}

@Suite("Optional collections")
struct OptionalCollectionsTests {
  static let roundTrips: [String] = [
    #"{}"#,
    #"{"tags": null, "tagSet": null, "totals": null}"#,
    #"{"tags": [], "tagSet": [], "totals": {}}"#,
    #"{"tags": ["quiet", "loud"], "tagSet": ["x"], "totals": {"EUR": 1.5, "GBP": 2}}"#,
    #"{"tags": ["central"], "totals": null}"#,
  ]

  @Test(
    "missing, null, empty and full collections are written back as they were read",
    arguments: roundTrips)
  func roundTrip(_ text: String) throws {
    let stay = try JSONDecoder().decode(Stay.self, from: json(text))
    #expect(try encodedJSON(stay) == JSONValue(parsing: text))
  }

  @Test("missing and null decode as nil; empty stays empty")
  func values() throws {
    let missing = try JSONDecoder().decode(Stay.self, from: json("{}"))
    #expect(missing.tags == nil)
    #expect(missing.tagSet == nil)
    #expect(missing.totals == nil)
    let null = try JSONDecoder().decode(
      Stay.self, from: json(#"{"tags": null, "tagSet": null, "totals": null}"#))
    #expect(null.tags == nil)
    #expect(null.totals == nil)
    let empty = try JSONDecoder().decode(
      Stay.self, from: json(#"{"tags": [], "tagSet": [], "totals": {}}"#))
    #expect(empty.tags == [])
    #expect(empty.tagSet == [])
    #expect(empty.totals == [:])
  }

  @Test("unknown elements and keys are skipped, kept and reported", arguments: Format.allCases)
  func skipsAndReports(_ format: Format) throws {
    let text = #"{"tags": ["quiet", "loud"], "totals": {"EUR": 1.5, "GBP": 2}}"#
    let (stay, reports) = try format.makeDecoder().decodeCollectingUnknownValues(
      Stay.self, from: documentData(text, format: format))
    #expect(stay.tags == [.quiet])
    #expect(stay.$tags.unknownRawValues == ["loud"])
    #expect(stay.totals == [.eur: 1.5])
    #expect(stay.$totals.unknownEntries.map(\.key) == ["GBP"])
    #expect(reports.map(\.path) == ["$.tags[1]", "$.totals.GBP"])
    let again = try format.makeDecoder().decode(Stay.self, from: format.encode(stay))
    #expect(again == stay)
    #expect(again.$tags.unknownRawValues == ["loud"])
  }

  @Test("assigning nil writes no key; assigning a value replaces a null")
  func assigning() throws {
    var stay = try JSONDecoder().decode(
      Stay.self, from: json(#"{"tags": ["quiet"], "totals": null}"#))
    stay.tags = nil
    stay.totals = [.usd: 3]
    #expect(try encodedJSON(stay) == JSONValue(parsing: #"{"totals": {"USD": 3}}"#))
  }

  @Test(
    "a wrong JSON type still throws",
    arguments: [
      (#"{"tags": "quiet"}"#, "$.tags"),
      (#"{"tags": [null]}"#, "$.tags[0]"),
      (#"{"totals": "EUR"}"#, "$.totals"),
      (#"{"totals": ["EUR", "one"]}"#, "$.totals[1]"),
      (#"{"totals": {"EUR": "one"}}"#, "$.totals.EUR"),
    ])
  func wrongTypesThrow(_ text: String, _ path: String) throws {
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(Stay.self, from: json(text))
    }
    #expect(error.path == path)
  }

  @Test("as elements, nil is written as null")
  func outsideKeyedContainers() throws {
    let values = try JSONDecoder().decode(
      [SkipUnknownElements<[Tag]?>].self, from: json(#"[null, ["quiet", "x"]]"#))
    #expect(values.map(\.wrappedValue) == [nil, [.quiet]])
    #expect(try encodedJSON(values) == JSONValue(parsing: #"[null, ["quiet", "x"]]"#))
    let totals = try JSONDecoder().decode(
      [SkipUnknownKeys<[Currency: Int]?>].self, from: json(#"[null, {"EUR": 1}]"#))
    #expect(totals.map(\.wrappedValue) == [nil, [.eur: 1]])
  }
}

// MARK: - Arrays of tagged unions

private struct Feed: Codable, Equatable {
  @SkipUnknownElements var items: [FeedItem]
  @SkipUnknownElements var later: [FeedItem]?
}

@Suite("SkipUnknownElements over tagged unions")
struct SkipUnknownUnionElementsTests {
  static let text = #"""
    {"items": [
      {"type": "post", "title": "A", "likes": 1},
      {"type": "reel", "clip": "r.mp4"},
      {"type": "ad", "sponsor": "S"},
      {"type": "story"}
    ]}
    """#

  @Test(
    "unknown variants are left out, reported once each at their tag", arguments: Format.allCases)
  func leftOutAndReported(_ format: Format) throws {
    let (feed, reports) = try format.makeDecoder().decodeCollectingUnknownValues(
      Feed.self, from: documentData(Self.text, format: format))
    #expect(feed.items == [.post(Post(title: "A", likes: 1)), .ad(Ad(sponsor: "S"))])
    #expect(feed.$items.unknownVariants.map(\.tag) == ["reel", "story"])
    #expect(feed.$items.unknownVariants.first?.json == ["type": "reel", "clip": "r.mp4"])
    #expect(reports.map(\.path) == ["$.items[1].type", "$.items[3].type"])
    #expect(reports.map(\.typeName) == ["FeedItem", "FeedItem"])
    #expect(feed.later == nil)
  }

  @Test("an unmodified list writes unknown variants back where they were")
  func roundTrip() throws {
    let feed = try JSONDecoder().decode(Feed.self, from: json(Self.text))
    #expect(try encodedJSON(feed) == JSONValue(parsing: Self.text))
  }

  @Test("an edited list keeps unknown variants at the end; removing them drops them")
  func edited() throws {
    var feed = try JSONDecoder().decode(Feed.self, from: json(Self.text))
    feed.items.removeFirst()
    let expected =
      #"{"items": [{"type": "ad", "sponsor": "S"}, {"type": "reel", "clip": "r.mp4"}, {"type": "story"}]}"#
    #expect(try encodedJSON(feed) == JSONValue(parsing: expected))
    feed.$items.removeUnknownElements()
    #expect(
      try encodedJSON(feed) == JSONValue(parsing: #"{"items": [{"type": "ad", "sponsor": "S"}]}"#))
  }

  @Test("strict decoding throws at the first unknown tag")
  func strict() throws {
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decodeStrictly(Feed.self, from: json(Self.text))
    }
    #expect(error.kind == .dataCorrupted)
    #expect(error.path == "$.items[1].type")
  }

  @Test(
    "a broken known variant still throws; a missing tag too",
    arguments: [
      (
        #"{"items": [{"type": "post", "title": "A"}]}"#, DecodingErrorKind.keyNotFound,
        "$.items[0].likes"
      ),
      (#"{"items": [{"title": "A", "likes": 1}]}"#, .keyNotFound, "$.items[0].type"),
      (#"{"items": [{"type": 1}]}"#, .typeMismatch, "$.items[0].type"),
    ])
  func breakage(_ text: String, _ kind: DecodingErrorKind, _ path: String) throws {
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decodeCollectingUnknownValues(Feed.self, from: json(text))
    }
    #expect(error.kind == kind)
    #expect(error.path == path)
  }
}
