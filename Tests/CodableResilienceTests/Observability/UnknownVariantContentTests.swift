import CodableResilience
import Foundation
import Testing

// An unknown variant keeps its whole object; an object that cannot be kept as JSON (a
// property list's date has no JSON kind) is an error at its path, never a silent `null`.

@Suite struct UnknownVariantContentTests {
  @Test func anUnknownVariantThatCannotBeKeptAsJSONThrows() throws {
    let data = try PropertyListSerialization.data(
      fromPropertyList: ["type": "reel", "at": Date(timeIntervalSince1970: 0)],
      format: .binary, options: 0)
    let error = #expect(throws: DecodingError.self) {
      try PropertyListDecoder().decode(FeedItem.self, from: data)
    }
    // `JSONValue(from:)` reads an object it cannot keep as an array last, and throws that
    // read's error: a type mismatch at the object.
    #expect(error?.kind == .typeMismatch)
    #expect(error?.path == "$")
  }

  @Test func anUnknownVariantThatCanBeKeptAsJSONIsKeptWhole() throws {
    let data = try PropertyListSerialization.data(
      fromPropertyList: ["type": "reel", "clip": "r.mp4", "length": 9], format: .binary,
      options: 0)
    let item = try PropertyListDecoder().decode(FeedItem.self, from: data)
    #expect(
      item
        == .unknown(
          UnknownVariant(tag: "reel", json: ["type": "reel", "clip": "r.mp4", "length": 9])))
  }
}
