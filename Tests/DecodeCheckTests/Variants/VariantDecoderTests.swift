import CodableResilience
import Foundation
import SampleAPI
import Testing

@testable import DecodeCheck

@Suite struct VariantDecoderTests {
  private let booking = Data(Payloads.cleanBooking.utf8)

  private func variant(
    of payload: Data, replacing path: String, with json: String
  ) throws -> Data {
    let outline = try #require(JSONDocument(payload))
    return outline.variant(replacing: try #require(outline.node(at: path)), with: json)
  }

  @Test func aPayloadThatDecodesWithNothingToReportDecodesSilently() {
    let outcome = VariantDecoder(RegisteredModel(Booking.self)).outcome(of: booking)
    guard case .decodedSilently = outcome else {
      Issue.record("expected a silent decode, got \(outcome)")
      return
    }
  }

  /// A toolkit type reports a new value: the outcome holds the report as the toolkit made
  /// it, and where it is with the payload's own keys.
  @Test func aNewValueATypeReportsIsAReport() throws {
    let outcome = VariantDecoder(RegisteredModel(Booking.self)).outcome(
      of: try variant(of: booking, replacing: "$.state", with: #""checked_in""#))
    guard case .decodedWithReports(let reports) = outcome else {
      Issue.record("expected reports, got \(outcome)")
      return
    }
    #expect(reports.map(\.jsonPath) == ["$.state"])
    #expect(reports.map(\.unknownValue.typeName) == ["BookingState"])
    #expect(reports.map(\.unknownValue.rawValue) == ["checked_in"])
    #expect(reports.first?.offset == 47)
  }

  /// A plain enum fails: the failure is located at the value, in words, naming the enum.
  @Test(arguments: [
    ("$.channel", #""kiosk""#, "BookingChannel"),
    ("$.guests[0].age_group", "97", nil),
  ])
  func aNewValueAPlainEnumCannotReadFails(path: String, json: String, typeName: String?) throws {
    let decoder = VariantDecoder(RegisteredModel(BrittleBooking.self))
    let outcome = decoder.outcome(of: try variant(of: booking, replacing: path, with: json))
    switch (outcome, typeName) {
    case (.failed(let failure), let typeName?):
      #expect(failure.jsonPath == path)
      #expect(failure.typeName == typeName)
      #expect(failure.message.hasPrefix("unknown \(typeName) value \(json)"))
    case (.decodedWithReports(let reports), nil):
      // AgeGroup is UnknownDecodable in the brittle model too.
      #expect(reports.map(\.jsonPath) == [path])
    default:
      Issue.record("unexpected outcome \(outcome)")
    }
  }

  /// The failure after a report keeps the report, and a missing key names the object.
  @Test func aFailureKeepsTheReportsBeforeIt() throws {
    var payload = try variant(of: booking, replacing: "$.state", with: #""checked_in""#)
    let outline = try #require(JSONDocument(payload))
    payload = outline.variant(removing: try #require(outline.node(at: "$.total.currency")))
    let outcome = VariantDecoder(RegisteredModel(Booking.self)).outcome(of: payload)
    guard case .failed(let failure) = outcome else {
      Issue.record("expected a failure, got \(outcome)")
      return
    }
    #expect(failure.jsonPath == "$.total")
    #expect(failure.message == "missing required key `currency`")
    #expect(failure.typeName == nil)
    #expect(failure.reportsBefore.map(\.jsonPath) == ["$.state"])
    #expect(outcome.reports.count == 1)
  }

  /// The app's decoder is honoured (snake case keys) and its `.strict` handler is not run:
  /// a new value is a report, found at the payload's own key.
  @Test func decodingIsTheAppsButTheHandlerIsTheCheckers() throws {
    struct Stay: Decodable {
      var listingKind: ListingKind
      var nightCount: Int
    }
    let model = RegisteredModel(Stay.self) {
      let decoder = JSONDecoder()
      decoder.keyDecodingStrategy = .convertFromSnakeCase
      decoder.unknownValueHandler = .strict
      return decoder
    }
    let payload = Data(#"{"listing_kind": "castle", "night_count": 2}"#.utf8)
    let outcome = VariantDecoder(model).outcome(of: payload)
    #expect(outcome.reports.map(\.jsonPath) == ["$.listing_kind"])
    #expect(outcome.reports.map(\.unknownValue.path) == ["$.listingKind"])
    #expect(outcome.decoded)
  }

  /// A generated payload decodes like any other.
  @Test func aGeneratedPayloadIsDecoded() throws {
    let payload = Data(#"{"id":3,"name":"Ana","tier":"gold","languages":[]}"#.utf8)
    let outcome = VariantDecoder(RegisteredModel(Host.self)).outcome(of: payload)
    #expect(
      outcome.reports.map { "\($0.jsonPath) \($0.unknownValue.typeName)" } == ["$.tier HostTier"])
  }
}

extension VariantOutcome: CustomStringConvertible {
  /// The outcome in a few words, for test failures.
  public var description: String {
    switch self {
    case .decodedSilently: "decoded silently"
    case .decodedWithReports(let reports): "reports \(reports.map(\.jsonPath))"
    case .failed(let failure): "failed at \(failure.jsonPath ?? "-"): \(failure.message)"
    }
  }
}
