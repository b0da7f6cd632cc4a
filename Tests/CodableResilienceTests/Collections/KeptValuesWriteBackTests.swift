import CodableResilience
import Foundation
import Testing

// What the collection wrappers keep is written back through the encoder's own containers, so
// the encoder's strategies apply to it as to a plain collection's elements (issue 29).

@Suite("Kept values written back through the encoder's own container")
struct KeptValuesWriteBackTests {
  enum Kind: String, Codable, UnknownDecodable, CaseIterable, Sendable { case house, flat, unknown }
  struct Listing: Codable {
    @SkipUnknownElements var kinds: [Kind]
    @SkipInvalidElements var days: Set<Date>
  }

  @Test func plistRoundTripKeepsSkippedValues() throws {
    let json = Data(#"{"kinds": ["house", "castle"], "days": ["2020-01-01T00:00:00Z", 5]}"#.utf8)
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let listing = try decoder.decode(Listing.self, from: json)
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = .sortedKeys
    let text = String(decoding: try encoder.encode(listing), as: UTF8.self)
    #expect(text == #"{"days":["2020-01-01T00:00:00Z",5],"kinds":["house","castle"]}"#)
    let plist = try PropertyListEncoder().encode(listing)
    let back =
      try PropertyListSerialization.propertyList(from: plist, format: nil) as! [String: Any]
    #expect((back["kinds"] as? [String]) == ["house", "castle"])
    #expect((back["days"] as? [Any])?.first is Date)
  }
}
