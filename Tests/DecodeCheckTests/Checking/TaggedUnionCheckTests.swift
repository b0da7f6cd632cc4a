import DecodeCheck
import Foundation
import SampleAPI
import Testing

/// `decode-check` on a booking timeline: a `TaggedUnion` whose unknown tags and broken
/// variants must be found at the tag's or the field's line and column.
@Suite struct TaggedUnionCheckTests {
  let booking = RegisteredModel(Booking.self)

  static let payload = """
    {"id": "b-1", "listing_id": 7, "state": "confirmed",
     "guests": [{"name": "Ada", "age_group": 1}],
     "total": {"amount": 120, "currency": "EUR"},
     "timeline": [
      {"type": "requested", "at": "2026-01-01T00:00:00Z"},
      {"type": "payout", "at": "2026-01-02T00:00:00Z", "amount": 9}
     ]}
    """

  @Test func unknownTagIsAWarningAtTheTag() throws {
    let result = PayloadChecker().check(Data(Self.payload.utf8), as: booking)
    #expect(result.outcome == .decodedWithUnknownValues)
    let finding = try #require(result.findings.first)
    #expect(result.findings.count == 1)
    #expect(finding.path == "$.timeline[1].type")
    #expect(finding.unknownValue?.typeName == "BookingEvent")
    #expect(finding.unknownValue?.rawValue == "payout")
    // Line 6, at the tag's value "payout".
    #expect(finding.position == TextPosition(line: 6, column: 12))
  }

  @Test func brokenKnownVariantIsAnErrorAtTheVariant() throws {
    let broken = Self.payload.replacingOccurrences(
      of: #""type": "requested", "at""#, with: #""type": "requested", "when""#)
    let result = PayloadChecker().check(Data(broken.utf8), as: booking)
    let finding = try #require(result.findings.first)
    #expect(finding.severity == .error)
    #expect(finding.path == "$.timeline[0]")
    #expect(finding.message == "missing required key `at`")
    #expect(finding.position == TextPosition(line: 5, column: 3))
  }
}
