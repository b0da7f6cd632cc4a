import CodableResilience
import Foundation
import Testing

// MARK: - Models

struct Post: Codable, Hashable, Sendable {
  var title: String
  var likes: Int
}

struct Ad: Codable, Hashable, Sendable {
  var sponsor: String
}

/// Fields beside the tag, the default layout.
enum FeedItem: TaggedUnion, Encodable, Hashable, Sendable {
  case post(Post)
  case ad(Ad)
  case unknown(UnknownVariant)

  static let knownTags = ["post", "ad"]

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

struct Message: Codable, Hashable, Sendable {
  var text: String
}

/// Content under a key of its own, tagged by `kind`, with a variant that has no content.
enum Alert: TaggedUnion, Encodable, Hashable, Sendable {
  case message(Message)
  case ping
  case unknown(UnknownVariant)

  static let tagKey = "kind"
  static let layout = TaggedUnionLayout.underKey("data")

  init?(tag: String, from decoder: any Decoder) throws {
    switch tag {
    case "message": self = .message(try Message(from: decoder))
    case "ping": self = .ping
    default: return nil
    }
  }

  var taggedContent: TaggedContent {
    switch self {
    case .message(let message): TaggedContent(tag: "message", content: message)
    case .ping: TaggedContent(tag: "ping")
    case .unknown(let variant): TaggedContent(variant)
    }
  }
}

/// A union that only decodes: no encoding code at all, no known tags listed.
enum ReadOnlyItem: TaggedUnion, Hashable {
  case post(Post)
  case unknown(UnknownVariant)

  init?(tag: String, from decoder: any Decoder) throws {
    guard tag == "post" else { return nil }
    self = .post(try Post(from: decoder))
  }
}

/// A union whose payloads hold their content under `data`, declared without a layout, so it
/// reads its variants beside the tag.
enum MistypedAlert: TaggedUnion, Hashable {
  case message(Message)
  case unknown(UnknownVariant)

  init?(tag: String, from decoder: any Decoder) throws {
    guard tag == "message" else { return nil }
    self = .message(try Message(from: decoder))
  }
}

/// Every position a union can take in a model.
struct Timeline: Codable, Hashable, Sendable {
  var featured: FeedItem
  var pinned: FeedItem?
  var items: [FeedItem]
  var byID: [String: FeedItem]
  var pages: [[FeedItem]]
  var alerts: [Alert]
}

struct PayloadEnvelope<Payload: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
  var payload: Payload
}

// MARK: - Tests

@Suite("TaggedUnion")
struct TaggedUnionTests {
  static let timelineJSON = #"""
    {
      "featured": {"type": "post", "title": "Hello", "likes": 3},
      "pinned": {"type": "story", "frames": [1, 2]},
      "items": [
        {"type": "ad", "sponsor": "Acme"},
        {"type": "reel", "clip": "r.mp4", "length": 9007199254740993},
        {"type": "post", "title": "Two", "likes": 0}
      ],
      "byID": {"a": {"type": "quiz", "questions": []}, "b": {"type": "ad", "sponsor": "Zed"}},
      "pages": [[{"type": "post", "title": "P", "likes": 1}, {"type": "poll", "options": {"x": 1}}]],
      "alerts": [
        {"kind": "message", "data": {"text": "hi"}},
        {"kind": "ping"},
        {"kind": "banner", "data": {"colour": "red"}, "extra": "kept"}
      ]
    }
    """#

  static let expectedPaths: Set<String> = [
    "$.pinned.type", "$.items[1].type", "$.byID.a.type", "$.pages[0][1].type",
    "$.alerts[2].kind",
  ]

  @Test("known tags decode their variants in both layouts")
  func knownVariants() throws {
    let timeline = try JSONDecoder().decode(Timeline.self, from: json(Self.timelineJSON))
    #expect(timeline.featured == .post(Post(title: "Hello", likes: 3)))
    #expect(timeline.items[0] == .ad(Ad(sponsor: "Acme")))
    #expect(timeline.items[2] == .post(Post(title: "Two", likes: 0)))
    #expect(timeline.byID["b"] == .ad(Ad(sponsor: "Zed")))
    #expect(timeline.alerts[0] == .message(Message(text: "hi")))
    #expect(timeline.alerts[1] == .ping)
  }

  @Test("an unknown tag keeps the whole object, tag included")
  func unknownKeepsObject() throws {
    let timeline = try JSONDecoder().decode(Timeline.self, from: json(Self.timelineJSON))
    let reel = UnknownVariant(
      tag: "reel", json: ["type": "reel", "clip": "r.mp4", "length": 9_007_199_254_740_993])
    #expect(timeline.items[1] == .unknown(reel))
    #expect(
      timeline.pinned
        == .unknown(UnknownVariant(tag: "story", json: ["type": "story", "frames": [1, 2]])))
    guard case .unknown(let banner) = timeline.alerts[2] else {
      Issue.record("expected an unknown alert, got \(timeline.alerts[2])")
      return
    }
    #expect(banner.tag == "banner")
    #expect(banner.json == ["kind": "banner", "data": ["colour": "red"], "extra": "kept"])
  }

  @Test(
    "unknown tags are reported at the tag's path, at every position, in both formats",
    arguments: Format.allCases)
  func reportsAtEveryPosition(_ format: Format) throws {
    let data = try documentData(Self.timelineJSON, format: format)
    let (_, unknownValues) = try format.makeDecoder().decodeCollectingUnknownValues(
      Timeline.self, from: data)
    #expect(Set(unknownValues.map(\.path)) == Self.expectedPaths)
    #expect(unknownValues.count == Self.expectedPaths.count)
    let reel = try #require(unknownValues.first { $0.path == "$.items[1].type" })
    #expect(reel.typeName == "FeedItem")
    #expect(reel.rawValue == "reel")
    #expect(reel.knownValues == ["post", "ad"])
    let banner = try #require(unknownValues.first { $0.path == "$.alerts[2].kind" })
    #expect(banner.typeName == "Alert")
    #expect(banner.knownValues == nil)
  }

  @Test("property lists decode the same values as JSON")
  func propertyListsAgree() throws {
    let fromJSON = try JSONDecoder().decode(Timeline.self, from: json(Self.timelineJSON))
    let fromPropertyList = try PropertyListDecoder().decode(
      Timeline.self, from: documentData(Self.timelineJSON, format: .propertyList))
    #expect(fromPropertyList == fromJSON)
  }

  @Test("a top-level union and a generic envelope report at their own paths")
  func topLevelAndGeneric() throws {
    let (item, topLevel) = try JSONDecoder().decodeCollectingUnknownValues(
      FeedItem.self, from: json(#"{"type": "reel"}"#))
    #expect(item == .unknown(UnknownVariant(tag: "reel", json: ["type": "reel"])))
    #expect(topLevel.map(\.path) == ["$.type"])
    let (envelope, nested) = try JSONDecoder().decodeCollectingUnknownValues(
      PayloadEnvelope<[Alert]>.self, from: json(#"{"payload": [{"kind": "ping"}, {"kind": "x"}]}"#))
    #expect(envelope.payload.first == .ping)
    #expect(nested.map(\.path) == ["$.payload[1].kind"])
  }

  @Test("re-encoding writes every variant back as it was read", arguments: Format.allCases)
  func roundTrip(_ format: Format) throws {
    let data = try documentData(Self.timelineJSON, format: format)
    let timeline = try format.makeDecoder().decode(Timeline.self, from: data)
    if format == .json {
      #expect(try encodedJSON(timeline) == JSONValue(parsing: Self.timelineJSON))
    }
    let again = try format.makeDecoder().decode(Timeline.self, from: format.encode(timeline))
    #expect(again == timeline)
  }

  @Test("encoding is the toolkit's, not Swift's synthesized one")
  func encodingLayout() throws {
    #expect(
      try encodedJSON(FeedItem.post(Post(title: "T", likes: 1)))
        == ["type": "post", "title": "T", "likes": 1])
    #expect(
      try encodedJSON(Alert.message(Message(text: "m")))
        == ["kind": "message", "data": ["text": "m"]])
    let variant = UnknownVariant(tag: "reel", json: ["type": "reel", "n": nil])
    #expect(try encodedJSON(FeedItem.unknown(variant)) == ["type": "reel", "n": nil])
  }

  @Test("the tag wins over a content field of the same name")
  func tagWinsOverAContentField() throws {
    struct Banner: Encodable, Hashable, Sendable {
      var type = "banner-v2"
      var text: String
    }
    enum Slot: TaggedUnion, Encodable {
      case banner(Banner)
      case unknown(UnknownVariant)
      init?(tag: String, from decoder: any Decoder) throws { nil }
      var taggedContent: TaggedContent {
        switch self {
        case .banner(let banner): TaggedContent(tag: "banner", content: banner)
        case .unknown(let variant): TaggedContent(variant)
        }
      }
    }
    #expect(
      try encodedJSON(Slot.banner(Banner(text: "hi"))) == ["type": "banner", "text": "hi"])
  }

  @Test("a decode-only union needs no encoding code")
  func decodeOnly() throws {
    let items = try JSONDecoder().decode(
      [ReadOnlyItem].self,
      from: json(#"[{"type": "post", "title": "a", "likes": 2}, {"type": "ad"}]"#))
    #expect(
      items == [
        .post(Post(title: "a", likes: 2)),
        .unknown(UnknownVariant(tag: "ad", json: ["type": "ad"])),
      ])
    let (_, reports) = try JSONDecoder().decodeCollectingUnknownValues(
      [ReadOnlyItem].self, from: json(#"[{"type": "ad"}]"#))
    #expect(reports.first?.knownValues == nil)
  }

  @Test("strict decoding throws at the unknown tag", arguments: Format.allCases)
  func strict(_ format: Format) throws {
    let data = try documentData(Self.timelineJSON, format: format)
    let error = try #require(throws: DecodingError.self) {
      try format.makeDecoder().decodeStrictly(Timeline.self, from: data)
    }
    #expect(error.kind == .dataCorrupted)
    #expect(Self.expectedPaths.contains(error.path ?? ""))
  }

  static let breakage: [(String, DecodingErrorKind, String)] = [
    (
      #"{"items": [{"type": "ad", "sponsor": "A"}, {"sponsor": "B"}]}"#, .keyNotFound,
      "$.items[1].type"
    ),
    (#"{"items": [{"type": 7, "sponsor": "B"}]}"#, .typeMismatch, "$.items[0].type"),
    (#"{"items": [{"type": null}]}"#, .valueNotFound, "$.items[0].type"),
    (#"{"items": [{"type": ["post"]}]}"#, .typeMismatch, "$.items[0].type"),
    (#"{"items": ["post"]}"#, .typeMismatch, "$.items[0]"),
    (
      #"{"items": [{"type": "post", "title": "T", "likes": "many"}]}"#, .typeMismatch,
      "$.items[0].likes"
    ),
    (#"{"items": [{"type": "post", "likes": 1}]}"#, .keyNotFound, "$.items[0].title"),
    (#"{"alerts": [{"kind": "message"}]}"#, .keyNotFound, "$.alerts[0].data"),
    (
      #"{"alerts": [{"kind": "message", "data": {"text": 1}}]}"#, .typeMismatch,
      "$.alerts[0].data.text"
    ),
    (#"{"alerts": [{"kind": "message", "data": "text"}]}"#, .typeMismatch, "$.alerts[0].data"),
  ]

  /// A model holding each union in one array, so one payload breaks one thing.
  struct Lists: Decodable {
    var items: [FeedItem]?
    var alerts: [Alert]?
  }

  @Test("breakage throws at its path and is never an unknown variant", arguments: breakage)
  func breakageThrows(_ text: String, _ kind: DecodingErrorKind, _ path: String) throws {
    // A collecting handler sees the same failure: nothing becomes an unknown variant.
    expectDecodingError(kind, at: path) {
      try JSONDecoder().decodeCollectingUnknownValues(Lists.self, from: json(text))
    }
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(Lists.self, from: json(text))
    }
    #expect(error.kind == kind)
    #expect(error.path == path)
  }

  @Test("breakage throws the same way from property lists")
  func breakageInPropertyLists() throws {
    let data = try propertyList(["items": [["type": "post", "title": "T", "likes": "many"]]])
    let error = try #require(throws: DecodingError.self) {
      try PropertyListDecoder().decode(Lists.self, from: data)
    }
    #expect(error.kind == .typeMismatch)
    #expect(error.path == "$.items[0].likes")
    let missingTag = try propertyList(["alerts": [["data": ["text": "x"]]]])
    let missing = try #require(throws: DecodingError.self) {
      try PropertyListDecoder().decode(Lists.self, from: missingTag)
    }
    #expect(missing.kind == .keyNotFound)
    #expect(missing.path == "$.alerts[0].kind")
  }

  @Test("an unknown tag without its content key is still unknown, not broken")
  func unknownWithoutContent() throws {
    let alerts = try JSONDecoder().decode([Alert].self, from: json(#"[{"kind": "beep"}]"#))
    #expect(alerts == [.unknown(UnknownVariant(tag: "beep", json: ["kind": "beep"]))])
  }

  @Test("a union missing its layout fails with an error that says how to declare it")
  func missingLayout() throws {
    #expect(MistypedAlert.layout == .besideTag)
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(
        MistypedAlert.self, from: json(#"{"type": "message", "data": {"text": "hi"}}"#))
    }
    #expect(error.kind == .keyNotFound)
    #expect(error.path == "$.text")
    let description = error.context?.debugDescription ?? ""
    #expect(description.contains(#"static let layout = TaggedUnionLayout.underKey("data")"#))
  }

  /// Found by the fuzzer: two decodes of one payload named different members, in hash order.
  @Test("with several members holding objects the hint names the first by name, every time")
  func hintIsTheSameEveryTime() throws {
    let payload = json(
      #"{"type": "message", "zeta": {"a": 1}, "data": {"b": 2}, "mid": {"c": 3}, "n": 1}"#)
    for _ in 0..<50 {
      let error = try #require(throws: DecodingError.self) {
        try JSONDecoder().decode(MistypedAlert.self, from: payload)
      }
      let description = error.context?.debugDescription ?? ""
      #expect(description.contains(#"TaggedUnionLayout.underKey("data")"#), "\(description)")
    }
  }

  @Test("a missing field of a union beside its tag carries no hint when nothing looks nested")
  func noHintWithoutSuspect() throws {
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(FeedItem.self, from: json(#"{"type": "post", "title": "x"}"#))
    }
    #expect(error.path == "$.likes")
    let description = error.context?.debugDescription ?? ""
    #expect(description.contains("layout") == false)
  }

  @Test("UnknownVariant decodes and encodes on its own")
  func unknownVariantCodable() throws {
    let variant = try JSONDecoder().decode(
      UnknownVariant.self, from: json(#"{"type": "reel", "n": [1]}"#))
    #expect(variant == UnknownVariant(tag: "reel", json: ["type": "reel", "n": [1]]))
    #expect(try encodedJSON(variant) == ["type": "reel", "n": [1]])
    expectDecodingError(.keyNotFound, at: "$.type") {
      try JSONDecoder().decode(UnknownVariant.self, from: json(#"{"kind": "reel"}"#))
    }
  }

  @Test("taggedContent names the tag written")
  func taggedContentTag() {
    #expect(FeedItem.ad(Ad(sponsor: "s")).taggedContent.tag == "ad")
    let variant = UnknownVariant(tag: "reel", json: ["type": "reel"])
    #expect(FeedItem.unknown(variant).taggedContent.tag == "reel")
  }
}

/// A JSON document as the format's data: JSON as it is, or a property list holding the same
/// objects (no `null` or booleans, which property lists cannot hold as JSON does).
func documentData(_ text: String, format: Format) throws -> Data {
  switch format {
  case .json: json(text)
  case .propertyList: try propertyList(JSONSerialization.jsonObject(with: json(text)))
  }
}
