import CodableResilience
import Foundation
import SampleAPI
import Testing

@testable import DecodeCheck

/// `--record` keeps a converted value's JSON type and form (issue 43): a quoted id stays a
/// numeric string, a quoted flag a quoted flag, one value for a list one value, while the
/// values themselves are replaced.
@Suite struct RecordConvertedTypeTests {
  private func record(_ payload: String) throws -> (text: String, reports: [UnknownValue]) {
    let decoder = VariantDecoder(RegisteredModel(HostPayout.self))
    guard
      case .recorded(let fixture) = FixtureRedactor(decoder: decoder).record(Data(payload.utf8))
        .result
    else {
      Issue.record("not recorded: \(payload)")
      return ("", [])
    }
    let reports = try JSONDecoder().decodeCollectingUnknownValues(
      HostPayout.self, from: fixture.text
    ).1
    return (String(decoding: fixture.text, as: UTF8.self), reports)
  }

  @Test func aConvertedValueKeepsItsJSONTypeAndForm() throws {
    let payload = #"""
      {"id": "9007199254740993", "amount": "1925.50", "currency": "EUR",
       "is_instant": "true", "booking_ids": "HB-2024-11873", "fee": "12.50"}
      """#
    let (text, reports) = try record(payload)
    for captured in ["9007199254740993", "1925", "HB-2024", "12.50"] {
      #expect(!text.contains(captured), "\(captured) is in the fixture:\n\(text)")
    }
    let captured = try JSONDecoder().decodeCollectingUnknownValues(
      HostPayout.self, from: Data(payload.utf8)
    ).1
    #expect(reports.map(\.path) == captured.map(\.path), "\(text)")
    #expect(reports.map(\.kind) == captured.map(\.kind), "\(text)")
    let fixture = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    guard case .string(let id) = fixture["id"], case .string(let amount) = fixture["amount"],
      case .string = fixture["booking_ids"]
    else {
      Issue.record("a converted value lost its JSON type:\n\(text)")
      return
    }
    #expect(Int(id) != nil && Decimal(string: amount) != nil, "\(text)")
    #expect(fixture["is_instant"] == .string("true"))
  }

  @Test func aValueOfItsOwnTypeStaysOfItsOwnType() throws {
    let (text, reports) = try record(
      #"{"id": 4417, "amount": 310, "currency": "GBP", "is_instant": 1, "booking_ids": ["HB-1"]}"#)
    let fixture = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    #expect(fixture["id"]?.isNumber == true, "\(text)")
    #expect(fixture["is_instant"] == 1, "\(text)")
    #expect(reports.map(\.path) == ["$.is_instant"])
  }
}

extension JSONValue {
  fileprivate var isNumber: Bool {
    switch self {
    case .integer, .unsigned, .double, .decimal: true
    default: false
    }
  }
}
