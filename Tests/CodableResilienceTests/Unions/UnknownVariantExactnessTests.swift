import CodableResilience
import Foundation
import Testing

// Unknown variants are kept exactly and written back exactly (issue 21, item 6), and a union that
// is only `Encodable` (the README's example) sits in a `@SkipUnknownElements` array of a
// `Codable` model (item 1).

/// The README's union: `Encodable`, not `Equatable`.
private enum ReadmeFeedItem: TaggedUnion, Encodable {
  case post(Post)
  case ad(Ad)
  case unknown(UnknownVariant)

  init?(tag: String, from decoder: any Decoder) throws {
    switch tag {
    case "post": self = .post(try Post(from: decoder))
    case "ad": self = .ad(try Ad(from: decoder))
    default: return nil
    }
  }

  var taggedContent: TaggedContent {
    switch self {
    case .post(let post): TaggedContent(tag: "post", content: post)
    case .ad(let ad): TaggedContent(tag: "ad", content: ad)
    case .unknown(let variant): TaggedContent(variant)
    }
  }
}

private struct ReadmeFeed: Codable {
  @SkipUnknownElements var items: [ReadmeFeedItem]
}

@Suite("Unknown variants, kept exactly")
struct UnknownVariantExactnessTests {
  @Test(
    "numbers a Double would round are written back with every digit",
    arguments: [
      "123456789012345678901234567890", "0.30000000000000000001", "-18446744073709551617",
      "9007199254740993.5", "1.5", "0.1", "-0", "2.0", "1e2", "18446744073709551615",
    ])
  func numbersAreKeptExactly(_ number: String) throws {
    let payload = Data(#"{"items": [{"type": "reel", "x": \#(number)}]}"#.utf8)
    let feed = try JSONDecoder().decode(ReadmeFeed.self, from: payload)
    let encoded = try JSONEncoder().encode(feed)
    let text = String(decoding: encoded, as: UTF8.self)
    // The number written back names the same value, digit for digit.
    let written = try #require(text.firstMatch(of: /"x":([^,}]+)/)?.1)
    #expect(Decimal(string: String(written)) == Decimal(string: number), "\(text)")
  }

  @Test("a number no Swift type reads fails at its own path, not the whole element")
  func unreadableNumberFailsAtItsPath() throws {
    let payload = Data(
      #"{"items": [{"type": "post", "title": "a", "likes": 1}, {"type": "reel", "x": 1e400}]}"#.utf8
    )
    #expect {
      try JSONDecoder().decode(ReadmeFeed.self, from: payload)
    } throws: { error in
      guard let error = error as? DecodingError, case .dataCorrupted = error else { return false }
      return error.path == "$.items[1].x"
    }
  }

  @Test("a member that fails inside an unknown variant throws its own error at its path")
  func nestedFailureKeepsItsPath() throws {
    let payload = Data(#"{"type": "reel", "clip": {"frames": [1, 2, 1e999]}}"#.utf8)
    #expect {
      try JSONDecoder().decode(FeedItem.self, from: payload)
    } throws: { error in
      (error as? DecodingError)?.path == "$.clip.frames[2]"
    }
  }

  @Test("the README's union, Encodable but not Equatable, round-trips in @SkipUnknownElements")
  func readmeUnionRoundTrips() throws {
    let payload = Data(
      #"""
      {"items": [{"type": "post", "title": "Hi", "likes": 2}, {"type": "reel", "clip": "r.mp4"},
                 {"type": "ad", "sponsor": "S"}]}
      """#.utf8)
    let feed = try JSONDecoder().decode(ReadmeFeed.self, from: payload)
    #expect(feed.items.count == 2)
    #expect(feed.$items.unknownVariants.map(\.tag) == ["reel"])
    #expect(try JSONValue(data: JSONEncoder().encode(feed)) == JSONValue(data: payload))
  }
}
