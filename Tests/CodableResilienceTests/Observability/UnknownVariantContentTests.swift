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
    // The object is read as one, and the member that cannot be kept throws its own error: a
    // type mismatch at the date.
    #expect(error?.kind == .typeMismatch)
    #expect(error?.path == "$.at")
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
