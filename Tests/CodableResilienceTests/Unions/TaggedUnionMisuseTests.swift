import CodableResilience
import Foundation
import Testing

// Misuse of a tagged union throws, never traps (issue 21, item 9).

/// A union whose `ping` variant's content is a single value, beside the tag.
private enum Signal: TaggedUnion, Encodable {
  case ping(Int)
  case note(Message)
  case unknown(UnknownVariant)

  init?(tag: String, from decoder: any Decoder) throws {
    switch tag {
    case "ping": self = .ping(try decoder.singleValueContainer().decode(Int.self))
    case "note": self = .note(try Message(from: decoder))
    default: return nil
    }
  }

  var taggedContent: TaggedContent {
    switch self {
    case .ping(let count): TaggedContent(tag: "ping", content: count)
    case .note(let message): TaggedContent(tag: "note", content: message)
    case .unknown(let variant): TaggedContent(variant)
    }
  }
}

/// The same union with its content under a key: a single value is fine there.
private enum KeyedSignal: TaggedUnion, Encodable {
  case ping(Int)
  case unknown(UnknownVariant)

  static let layout = TaggedUnionLayout.underKey("value")

  init?(tag: String, from decoder: any Decoder) throws {
    guard tag == "ping" else { return nil }
    self = .ping(try decoder.singleValueContainer().decode(Int.self))
  }

  var taggedContent: TaggedContent {
    switch self {
    case .ping(let count): TaggedContent(tag: "ping", content: count)
    case .unknown(let variant): TaggedContent(variant)
    }
  }
}

/// A decode-only union encoded by hand, through a wrapper that asks for its content.
private struct EncodesReadOnly: Encodable {
  var item: ReadOnlyItem

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(item.taggedContent.tag)
  }
}

@Suite("Tagged union misuse")
struct TaggedUnionMisuseTests {
  @Test(
    "content that is a single value or an array beside the tag throws an EncodingError",
    arguments: [JSONEncoder.OutputFormatting(), .sortedKeys])
  func singleValueBesideTheTagThrows(_ formatting: JSONEncoder.OutputFormatting) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = formatting
    let error = try #require(throws: EncodingError.self) {
      try encoder.encode([Signal.note(Message(text: "a")), Signal.ping(3)])
    }
    guard case .invalidValue(_, let context) = error else {
      Issue.record("expected invalidValue, got \(error)")
      return
    }
    #expect(context.debugDescription.contains(#"the content of "ping" (Int)"#))
    #expect(context.debugDescription.contains("TaggedUnionLayout.underKey"))
    #expect(context.codingPath.map(\.intValue) == [1])
  }

  @Test("the same content under a key encodes")
  func singleValueUnderAKeyEncodes() throws {
    let data = try JSONEncoder().encode(KeyedSignal.ping(3))
    #expect(try JSONValue(data: data) == ["type": "ping", "value": 3])
  }

  @Test("reading a decode-only union's content does not stop the program")
  func decodeOnlyContentIsEmpty() throws {
    let item = ReadOnlyItem.post(Post(title: "a", likes: 1))
    #expect(item.taggedContent.tag == "")
    #expect(try JSONValue(data: JSONEncoder().encode(EncodesReadOnly(item: item))) == "")
  }

  @Test("the layout is a value: beside the tag by default, or under a key")
  func layoutValues() {
    #expect(FeedItem.layout == .besideTag)
    #expect(Alert.layout == .underKey("data"))
    #expect(Alert.layout.contentKey == "data")
    #expect(FeedItem.layout.contentKey == nil)
  }
}
