import Foundation
import SampleAPI
import Testing

@testable import DecodeCheck

/// Issue 9, reproduction 4: decode-check checks that every payload is JSON, whatever the
/// model reads, and reads other encodings as `JSONDecoder` does.
@Suite struct JSONValidationTests {
  private let listingPage = RegisteredModel(ListingPage.self)
  private let booking = RegisteredModel(Booking.self)

  private func check(_ text: String, as model: RegisteredModel) -> FileReport {
    PayloadChecker().check(Data(text.utf8), as: model)
  }

  @Test func invalidJSONInAValueTheModelIgnoresIsAnError() throws {
    let text = #"{"listings": [], "page": 1, "ignored": "\x"}"#
    // JSONDecoder itself never reads the ignored value.
    #expect((try? JSONDecoder().decode(ListingPage.self, from: Data(text.utf8))) != nil)
    let result = check(text, as: listingPage)
    #expect(result.outcome == .failed)
    #expect(result.findings.count == 1)
    let finding = try #require(result.findings.first)
    #expect(finding.severity == .error && finding.kind == .invalidJSON)
    #expect(finding.message == #"not valid JSON: `\x` is not an escape JSON knows"#)
    #expect(finding.position == TextPosition(line: 1, column: 41))
    #expect(finding.path == "$.ignored")
  }

  /// A syntax error comes first, even when the model would fail on a value before it.
  @Test func aTypeErrorNeverHidesASyntaxError() throws {
    let result = check(#"{"listings": 5, "page": 1, "note": tru}"#, as: listingPage)
    #expect(result.outcome == .failed)
    #expect(result.findings.map(\.kind) == [.invalidJSON])
    #expect(result.findings.first?.position == TextPosition(line: 1, column: 36))
  }

  /// A trailing comma is a warning that names other clients, and the real error of the
  /// payload is still reported as itself, at its own place.
  @Test func aTrailingCommaIsAWarningAndNeverBlamedForAnotherError() throws {
    let text = """
      {
        "id": "b-1",
        "listing_id": 7,
        "state": "confirmed",
        "guests": [{ "name": "Ada", "age_group": 1 },],
        "total": { "amount": 1e400, "currency": "EUR" }
      }
      """
    let result = check(text, as: booking)
    #expect(result.outcome == .failed)
    #expect(result.findings.count == 2)
    let comma = try #require(result.findings.first)
    #expect(comma.severity == .warning && comma.kind == .invalidJSON)
    #expect(comma.position == TextPosition(line: 5, column: 48))
    #expect(comma.path == "$.guests")
    #expect(comma.message.contains("a comma before `]`"))
    #expect(comma.message.contains("other JSON parsers"))
    let number = try #require(result.findings.last)
    #expect(number.severity == .error && number.kind == .decodingFailure)
    #expect(number.message == "the number 1e400 is out of range for Double")
    #expect(number.path == "$.total.amount")
    #expect(number.position == TextPosition(line: 6, column: 24))
  }

  @Test func aTrailingCommaAloneDecodesWithAWarning() throws {
    let result = check(#"{"listings": [], "page": 1,}"#, as: listingPage)
    #expect(result.outcome == .decoded)
    #expect(result.findings.map(\.severity) == [.warning])
    #expect(result.findings.first?.position == TextPosition(line: 1, column: 28))
  }

  /// The encodings JSONDecoder reads, with an unknown value to find in each.
  static let encodings: [(name: String, bytes: Data)] = {
    let text = "{\n  \"listings\": [],\n  \"page\": \"é\"\n}"
    return [
      ("UTF-16LE with BOM", Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)!),
      ("UTF-16BE with BOM", Data([0xFE, 0xFF]) + text.data(using: .utf16BigEndian)!),
      ("UTF-16LE", text.data(using: .utf16LittleEndian)!),
      ("UTF-16BE", text.data(using: .utf16BigEndian)!),
      ("UTF-32BE with BOM", Data([0, 0, 0xFE, 0xFF]) + text.data(using: .utf32BigEndian)!),
      ("UTF-32BE", text.data(using: .utf32BigEndian)!),
      ("UTF-32LE", text.data(using: .utf32LittleEndian)!),
    ]
  }()

  @Test(arguments: encodings.map(\.name))
  func otherEncodingsAreReadAsJSONDecoderReadsThem(name: String) throws {
    let bytes = try #require(Self.encodings.first { $0.name == name }?.bytes)
    // JSONDecoder reads the text, and finds the same wrong type.
    let decoding = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(ListingPage.self, from: bytes)
    }
    guard case .typeMismatch(let type, let context) = decoding else {
      Issue.record("expected typeMismatch at $.page, got \(decoding)")
      return
    }
    #expect(type is Int.Type, "expected Int, got \(type)")
    #expect(context.codingPath.map(\.stringValue) == ["page"])
    let result = PayloadChecker().check(bytes, as: listingPage)
    #expect(result.outcome == .failed)
    #expect(result.findings.count == 2)
    let encoding = try #require(result.findings.first)
    #expect(encoding.severity == .warning)
    #expect(encoding.message.hasPrefix("the payload is UTF-"))
    let error = try #require(result.findings.last)
    #expect(error.message == #"expected a number, found a string: "é""#)
    #expect(error.position == TextPosition(line: 3, column: 11))
    #expect(error.path == "$.page")
    for finding in result.findings {
      #expect(!finding.message.unicodeScalars.contains { $0.value < 0x20 })
    }
  }

  @Test func encodingsJSONDecoderCannotReadAreRejectedClearly() throws {
    let text = #"{"listings": [], "page": 1}"#
    let utf32LittleEndianWithMark =
      Data([0xFF, 0xFE, 0, 0]) + text.data(using: .utf32LittleEndian)!
    #expect((try? JSONDecoder().decode(ListingPage.self, from: utf32LittleEndianWithMark)) == nil)
    let rejected = PayloadChecker().check(utf32LittleEndianWithMark, as: listingPage)
    #expect(rejected.outcome == .failed)
    #expect(rejected.findings.first?.message.contains("UTF-32 (little-endian)") == true)
    #expect(rejected.findings.first?.position == TextPosition(line: 1, column: 1))

    // A lone surrogate, after `{"a": "` on line 2.
    var broken = Data([0xFF, 0xFE]) + "{\n\"a\": \"".data(using: .utf16LittleEndian)!
    broken += Data([0x00, 0xD8]) + "\"}".data(using: .utf16LittleEndian)!
    let unpaired = PayloadChecker().check(broken, as: listingPage)
    #expect(unpaired.outcome == .failed)
    #expect(
      unpaired.findings.map(\.message) == [
        "not valid UTF-16 (little-endian, with a byte order mark): half of a surrogate pair "
          + "without its other half"
      ])
    #expect(unpaired.findings.first?.position == TextPosition(line: 2, column: 7))

    let odd = Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)! + Data([0x20])
    #expect(
      PayloadChecker().check(odd, as: listingPage).findings.first?.message
        == "not valid UTF-16 (little-endian, with a byte order mark): the payload ends inside "
        + "a 2-byte code unit")
  }

  @Test(arguments: [
    ("{\"a\": \"\\\t\"}", "not valid JSON: `\\\\u0009` is not an escape JSON knows"),
    ("[\"\\\u{85}\"]", "not valid JSON: `\\\\u0085` is not an escape JSON knows"),
    (
      "{\"a\": " + String(repeating: "castle", count: 20) + "}",
      "not valid JSON: `castlecastlecastlecastlecastleca…` is not a JSON value; strings need "
        + "double quotes"
    ),
    (
      "[-" + String(repeating: "x", count: 80) + "]",
      "not valid JSON: `-" + String(repeating: "x", count: 31) + "…` is not a number (a digit "
        + "must follow `-`)"
    ),
  ])
  func messagesQuoteNoControlBytesAndCutLongTokens(text: String, message: String) throws {
    let finding = try #require(check(text, as: listingPage).findings.first)
    #expect(finding.message == message)
    #expect(
      !finding.message.unicodeScalars.contains {
        $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
      })
  }
}
