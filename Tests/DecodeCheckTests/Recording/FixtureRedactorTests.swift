import CodableResilience
import Foundation
import SampleAPI
import Testing

@testable import DecodeCheck

/// A secret the model checks: only a real-looking key decodes, so no stand-in keeps the
/// outcome and the payload cannot be recorded without it.
struct PinnedKey: Decodable, Sendable {
  var key: String

  enum CodingKeys: String, CodingKey { case key }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    key = try container.decode(String.self, forKey: .key)
    guard key.hasPrefix("sk_live_") else {
      throw DecodingError.dataCorruptedError(
        forKey: .key, in: container, debugDescription: "not a live key")
    }
  }
}

/// A visit, whose app reads dates as `dd/MM/yyyy`.
struct Visit: Decodable, Sendable {
  var day: Date
}

/// A swatch whose `label` is a shade (a plain enum) or free text, as its `kind` says.
struct Swatch: Decodable, Sendable {
  enum Shade: String, Decodable, Sendable { case red, blue }

  var shade: Shade?
  var name: String?

  enum CodingKeys: String, CodingKey { case kind, label }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if try container.decode(String.self, forKey: .kind) == "shade" {
      shade = try container.decode(Shade.self, forKey: .label)
    } else {
      name = try container.decode(String.self, forKey: .label)
    }
  }
}

/// Swatches of both kinds.
struct Palette: Decodable, Sendable {
  var swatches: [Swatch]
}

/// A profile whose server leaves `header` out and sends `null` for `note`.
struct DefaultedProfile: Decodable, Sendable {
  var id: Int
  @DecodeMissingAsDefault<EmptyByDefault<String>> var header: String
  @DecodeMissingAsDefault<EmptyByDefault<String>> var note: String
}

/// An account whose app keeps the members it does not write, to write them back.
struct KeptAccount: Codable, Sendable {
  var id: Int
  var name: String
}

/// A session that keeps its account's unknown fields (`@KeepUnknownFields`).
struct KeptSession: Codable, Sendable {
  @KeepUnknownFields var account: KeptAccount
}

/// One payload at a time: what is kept, what is replaced, and that the outcome holds.
@Suite struct FixtureRedactorTests {
  private func recorded(_ text: String, as model: RegisteredModel) throws
    -> FixtureRedactor.RecordedPayload
  {
    let result = FixtureRedactor(decoder: VariantDecoder(model)).record(Data(text.utf8)).result
    guard case .recorded(let payload) = result else {
      Issue.record("not recorded: \(result)")
      throw CancellationError()
    }
    return payload
  }

  private var profile: RegisteredModel {
    RecordingCapture.registry.models.first { $0.name == "RecordedProfile" }!
  }

  @Test(arguments: ["Booking", "ListingPage"])
  func everyFixtureOfTheRepositoryKeepsItsOutcome(type: String) throws {
    let folder = "Fixtures/" + type
    let model = try sampleRegistry.model(named: type)
    let decoder = VariantDecoder(model)
    var recordedCount = 0
    for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    where name.hasSuffix(".json") {
      let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
      switch FixtureRedactor(decoder: decoder).record(data).result {
      case .recorded(let payload):
        recordedCount += 1
        #expect(
          decoder.outcome(of: payload.text).signature == decoder.outcome(of: data).signature,
          "\(name)")
      case .notJSON:
        #expect(JSONDocument(data) == nil, "\(name)")
      case .needsCapturedValue(let path):
        // Its failure is at `cleaning_fees["EUR"]`, and a `[Currency: Double]` takes any key:
        // only the captured key keeps the path, and a key may be personal.
        #expect(name == "v2-wrong-type-cleaning-fee.json", "\(name)")
        #expect(path == "a key of $.listings[1].cleaning_fees")
      case let other:
        Issue.record("\(name): \(other)")
      }
    }
    #expect(recordedCount >= 20)
  }

  @Test func mapKeysAreReplacedAndEnumKeysKept() throws {
    let profile = try recorded(RecordingCapture.profile(), as: profile)
    let text = String(decoding: profile.text, as: UTF8.self)
    #expect(text.contains(#""redacted1@example.com": "member""#))
    #expect(text.contains(#""redacted2@example.com": "owner""#))
    // `seats` is a `[RecordedRole: Int]`: its keys are enum values.
    #expect(text.contains(#""owner": 1"#))
    #expect(text.contains(#""member": 1"#))
  }

  /// A model wrapped in `@KeepUnknownFields` records as a plain one: its values are replaced
  /// and the fixture decodes as the body did.
  @Test func aKeepUnknownFieldsModelRecordsWithItsOutcome() throws {
    let model = RegisteredModel(KeptSession.self)
    let captured = #"{"account": {"id": 4312, "name": "Ines Moreau"}}"#
    let payload = try recorded(captured, as: model)
    let decoder = VariantDecoder(model)
    #expect(
      decoder.outcome(of: payload.text).signature
        == decoder.outcome(of: Data(captured.utf8)).signature)
    let text = String(decoding: payload.text, as: UTF8.self)
    #expect(text.contains(#""name""#))
    #expect(!text.contains("Ines") && !text.contains("4312"))
  }

  /// The members `@KeepUnknownFields` keeps are reported as unknown fields at their paths.
  /// Before issue 40 only their captured keys kept the outcome, so such a body was never
  /// recorded; a key that looks like a field name is now kept (and listed), its value
  /// replaced. A key that is data (an e-mail address) still keeps the body from a fixture.
  @Test func unknownFieldsKeepTheirNamesAndLoseTheirValues() throws {
    let model = RegisteredModel(KeptSession.self)
    let captured = Data(
      #"{"account": {"id": 4312, "name": "Ines Moreau", "header": "https://cdn.hearth.example/i.png"}}"#
        .utf8)
    let decoder = VariantDecoder(model)
    let outcome = decoder.outcome(of: captured).signature
    #expect(outcome.contains { $0.hasPrefix("unknown field") && $0.hasSuffix("$.account.header") })
    let payload = try recorded(String(decoding: captured, as: UTF8.self), as: model)
    #expect(decoder.outcome(of: payload.text).signature == outcome)
    let text = String(decoding: payload.text, as: UTF8.self)
    #expect(text.contains(#""header": "https://example.com/redacted""#))
    #expect(!text.contains("cdn.hearth") && !text.contains("Ines"))
    #expect(payload.keysKeptAsNames.map(\.path) == ["$.account.header"])

    let personal = Data(#"{"account": {"id": 1, "name": "A", "ines@example.org": "x"}}"#.utf8)
    guard
      case .needsCapturedValue(let path) = FixtureRedactor(decoder: decoder).record(personal).result
    else {
      Issue.record("a personal key was recorded")
      return
    }
    #expect(path == "a key of $.account")
    guard
      case .recorded(let kept) = FixtureRedactor(decoder: decoder, redacts: false).record(
        personal
      ).result
    else {
      Issue.record("--no-redact did not record it")
      return
    }
    #expect(decoder.outcome(of: kept.text).signature == decoder.outcome(of: personal).signature)
  }

  @Test func aValueOnlyTheCaptureHasIsNotRecorded() {
    let redactor = FixtureRedactor(decoder: VariantDecoder(RegisteredModel(PinnedKey.self)))
    let result = redactor.record(Data(#"{"key": "sk_live_9f8e7d6c"}"#.utf8)).result
    guard case .needsCapturedValue(let path) = result else {
      Issue.record("recorded: \(result)")
      return
    }
    #expect(path == "$.key")
    var keeping = redactor
    keeping.redacts = false
    guard
      case .recorded(let payload) = keeping.record(Data(#"{"key": "sk_live_9f8e7d6c"}"#.utf8))
        .result
    else {
      Issue.record("--no-redact did not record it")
      return
    }
    #expect(String(decoding: payload.text, as: UTF8.self).contains("sk_live_9f8e7d6c"))
  }

  @Test func aDictionaryKeyOnTheFailuresPathIsNotRecorded() {
    // The new role fails at `$.roles_by_email["paul.durand@example.org"]`: the same failure
    // at the same path needs the captured e-mail address.
    let text = RecordingCapture.profile().replacingOccurrences(
      of: #""paul.durand@example.org": "member""#, with: #""paul.durand@example.org": "admin""#)
    let result = FixtureRedactor(decoder: VariantDecoder(profile)).record(Data(text.utf8)).result
    guard case .needsCapturedValue(let path) = result else {
      Issue.record("recorded: \(result)")
      return
    }
    #expect(path == "a key of $.roles_by_email")
  }

  @Test func aDateOfTheAppsOwnFormatStaysADate() throws {
    let visit = RegisteredModel(Visit.self) {
      let format = DateFormatter()
      format.locale = Locale(identifier: "en_US_POSIX")
      format.timeZone = TimeZone(identifier: "UTC")
      format.dateFormat = "dd/MM/yyyy"
      let decoder = JSONDecoder()
      decoder.dateDecodingStrategy = .formatted(format)
      return decoder
    }
    let payload = try recorded(#"{"day": "31/12/1999"}"#, as: visit)
    #expect(String(decoding: payload.text, as: UTF8.self) == "{\n  \"day\": \"11/11/1111\"\n}\n")
  }

  @Test func freeTextWhereAnotherPlaceOfTheFieldHoldsAnEnumValueIsReplaced() throws {
    let payload = try recorded(
      #"""
      {"swatches": [{"kind": "shade", "label": "red"}, {"kind": "name", "label": "Ines Moreau"},
                    {"kind": "shade", "label": "blue"}]}
      """#, as: RegisteredModel(Palette.self))
    let text = String(decoding: payload.text, as: UTF8.self)
    #expect(text.contains(#""label": "red""#))
    #expect(!text.contains("Ines"))
    let decoder = VariantDecoder(RegisteredModel(Palette.self))
    #expect(decoder.outcome(of: payload.text).signature.isEmpty)
  }

  @Test func theShapeIgnoresValuesAndArrayLengthsButNotEnumValues() throws {
    let one = try recorded(RecordingCapture.profile(), as: profile)
    let other = try recorded(
      RecordingCapture.profile(email: "a@b.example", nickname: "Bo"), as: profile)
    let failing = try recorded(RecordingCapture.profile(role: "superuser"), as: profile)
    #expect(one.shape == other.shape)
    #expect(one.shape != failing.shape)
  }

  @Test func aMissingKeyIsPartOfTheOutcome() {
    let decoder = VariantDecoder(RegisteredModel(Booking.self))
    let withoutState = decoder.outcome(of: Data(#"{"id": "b", "listing_id": 1}"#.utf8))
    let withoutListing = decoder.outcome(of: Data(#"{"id": "b", "state": "confirmed"}"#.utf8))
    #expect(withoutState.failure?.jsonPath == withoutListing.failure?.jsonPath)
    #expect(withoutState.signature != withoutListing.signature)
  }

  @Test func defaultsUsedStayWhereTheyWere() throws {
    let model = RegisteredModel(DefaultedProfile.self)
    let payload = try recorded(#"{"id": 7, "note": null}"#, as: model)
    #expect(
      String(decoding: payload.text, as: UTF8.self) == "{\n  \"id\": 1,\n  \"note\": null\n}\n")
    let decoder = VariantDecoder(model)
    #expect(decoder.outcome(of: payload.text).signature.count == 2)
  }

  @Test func standInsKeepTheForm() {
    #expect(
      StandIns.string("2025-05-02T09:14:45.120+02:00").first?.json
        == #""2000-01-01T00:00:00.000+00:00""#)
    #expect(StandIns.string("2025-05-02").first?.json == #""2000-01-01""#)
    #expect(
      StandIns.string("https://cdn.example.net/u/1.jpg").first?.json
        == #""https://example.com/redacted""#)
    // Free text has no mask: it would keep the word breaks, punctuation and letter case.
    #expect(StandIns.string("Ines Moreau").map(\.json) == [#""redacted""#])
    #expect(StandIns.string("Ines").map(\.json) == [#""redacted""#, #""Xxxx""#])
    // A form is the whole string's: text that only starts like one is free text.
    #expect(
      StandIns.string("2026-12-24 remind Ines Müller: call +49 170 1234567").map(\.json)
        == [#""redacted""#])
    #expect(StandIns.string("https://example.org is Ines's").map(\.json) == [#""redacted""#])
    #expect(
      StandIns.string("8d3f1c2a-5b6e-4f70-9a81-b2c3d4e5f607-ines").map(\.form)
        == ["text", "mask"])
    #expect(StandIns.string("2026-12-24 10:00").map(\.json) == [#""2000-01-01 00:00""#])
    #expect(StandIns.string("12.50").map(\.json) == [#""0.5""#, #""11.11""#])
    #expect(
      StandIns.string("ines-app://open/Ines").first?.json == #""https://example.com/redacted""#)
    #expect(StandIns.numbers("20311") == ["1", "99999"])
    #expect(StandIns.numbers("-4") == ["-1"])
    #expect(StandIns.numbers("0") == ["0"])
    #expect(StandIns.numbers("412.5") == ["0.5", "999.5"])
    #expect(StandIns.numbers("-1e3") == ["-0.5"])
    #expect(FixtureRecorder.slug("*/api/v2/bookings/*") == "api-v2-bookings-x")
    #expect(FixtureRecorder.slug("https://api.example.com/v1/me") == "v1-me")
  }
}
