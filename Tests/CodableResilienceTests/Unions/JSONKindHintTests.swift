import Foundation
import Testing

@testable import CodableResilience

/// `JSONValue` reads next the kind a failed string read's error names. These produce the real
/// errors of Foundation's decoders (Swift 6.3.1), so a change of wording fails here, quoting
/// the new text, rather than silently costing failed reads.
@Suite struct JSONKindHintTests {
  /// A value that reads itself as a string and keeps the error that read threw.
  struct StringReadError: Decodable {
    var message = ""
    init(from decoder: any Decoder) throws {
      do {
        _ = try decoder.singleValueContainer().decode(String.self)
      } catch DecodingError.typeMismatch(_, let context) {
        message = context.debugDescription
      }
    }
  }

  static let jsonKinds: [(json: String, kind: JSONKindHint)] = [
    ("1", .number), ("-2.5e3", .number), ("true", .bool), (#"{"a": 1}"#, .object), ("[1]", .array),
  ]

  @Test("JSONDecoder's messages name the kind", arguments: jsonKinds)
  func jsonDecoderMessages(_ json: String, _ kind: JSONKindHint) throws {
    let read = try JSONDecoder().decode([StringReadError].self, from: Data("[\(json)]".utf8))
    let message = try #require(read.first?.message)
    #expect(JSONKindHint(foundIn: message) == kind, "message: \(message)")
  }

  @Test("PropertyListDecoder's message names an integer")
  func propertyListMessage() throws {
    let data = try PropertyListEncoder().encode([7])
    let read = try PropertyListDecoder().decode([StringReadError].self, from: data)
    let message = try #require(read.first?.message)
    #expect(JSONKindHint(foundIn: message) == .number, "message: \(message)")
  }

  @Test("a message worded otherwise gives no hint")
  func otherWordingsGiveNoHint() {
    #expect(JSONKindHint(foundIn: "Expected to decode String but found a date instead.") == nil)
    #expect(JSONKindHint(foundIn: "found number") == nil)
    #expect(JSONKindHint(foundIn: "") == nil)
  }
}
