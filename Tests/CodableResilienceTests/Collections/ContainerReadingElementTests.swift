import CodableResilience
import Foundation
import Testing

// A seam of `@SkipUnknownElements`: an element whose own `init(from:)` reads a container, and
// reports itself through the handler, is left out and kept as the JSON it was, not as the
// container it read; every element is written back as it encodes itself.

@Suite("A raw-value element whose own init(from:) reads a container and reports itself")
struct ContainerReadingElementTests {
  /// A raw-value enum read from an object (`{"code": "active"}`), which reports a code it does
  /// not know through the handler, as SeeingUnknownValues.md shows a type doing.
  enum Status: String, Codable, Sendable {
    case active, inactive
    private enum Keys: String, CodingKey { case code }

    init(from decoder: any Decoder) throws {
      let code = try decoder.container(keyedBy: Keys.self).decode(String.self, forKey: .code)
      guard let status = Status(rawValue: code) else {
        let handler = decoder.userInfo[.unknownValueHandler] as? UnknownValueHandler ?? .ignore
        try handler(
          UnknownValue(typeName: "Status", rawValue: code, codingPath: decoder.codingPath))
        self = .inactive
        return
      }
      self = status
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Keys.self)
      try container.encode(rawValue, forKey: .code)
    }
  }

  struct Page: Codable { @SkipUnknownElements var statuses: [Status] }

  @Test("an element left out for its own report is kept as the JSON it was, and written back")
  func leftOutElementIsKeptAsJSON() throws {
    let text = #"{"statuses": [{"code": "active"}, {"code": "lost"}]}"#
    let (page, reports) = try JSONDecoder().decodeCollectingUnknownValues(
      Page.self, from: Data(text.utf8))
    #expect(page.statuses == [.active])
    #expect(reports.map(\.path) == ["$.statuses[1]"])
    // Strict fails there, with the report it refused.
    #expect {
      _ = try JSONDecoder().decodeStrictly(Page.self, from: Data(text.utf8))
    } throws: { error in
      guard case .dataCorrupted(let context) = error as? DecodingError else { return false }
      return (context.underlyingError as? UnknownValueError)?.unknownValue.path == "$.statuses[1]"
    }
    #expect(try encodedJSON(page) == (try JSONValue(parsing: text)))
    // Edited: the current elements as they encode themselves, then the one left out.
    var edited = page
    edited.statuses.append(.inactive)
    #expect(
      try encodedJSON(edited) == [
        "statuses": [["code": "active"], ["code": "inactive"], ["code": "lost"]]
      ])
  }
}
