import CodableResilience
import Foundation
import Testing

@testable import DecodeCheck

// A fixture of a payload that fails is recorded so that the app can fix its model against
// it (issue 40): once the model is fixed, the fixture decodes as the captured payload does.
// Before, every key after the failure became `key-N` and every enum value after it
// `redacted`, so the fixed model failed on the fixture elsewhere.

/// A plain enum, as the app first wrote it.
enum PostVisibility: String, Decodable, Sendable {
  case `public`, unlisted, `private`
}

/// The same enum, fixed: an unknown case.
enum FixedPostVisibility: String, Decodable, Sendable, UnknownDecodable {
  case `public`, unlisted, `private`, unknown
}

struct PostMedia: Decodable, Sendable {
  var id: String
  var type: String
  var url: URL
}

/// A status as the app first models it: `media_attachments` required, `visibility` a plain
/// enum.
struct PostV1: Decodable, Sendable {
  var id: String
  var visibility: PostVisibility
  var mediaAttachments: [PostMedia]
  var content: String
  var createdAt: Date
  var language: String?
}

/// The key made optional.
struct PostOptionalMedia: Decodable, Sendable {
  var id: String
  var visibility: PostVisibility
  var mediaAttachments: [PostMedia]?
  var content: String
  var createdAt: Date
  var language: String?
}

/// The enum given an unknown case.
struct PostUnknownVisibility: Decodable, Sendable {
  var id: String
  var visibility: FixedPostVisibility
  var mediaAttachments: [PostMedia]
  var content: String
  var createdAt: Date
  var language: String?
}

@Suite struct FixedModelTests {
  static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }

  static func status(
    _ id: Int, visibility: String, media: Bool = true, content: String, language: String = "de"
  ) -> String {
    let attachments =
      media
      ? #""media_attachments": [{"id": "m\#(id)", "type": "image", "url": "https://files.social.example/u/ines/\#(id).jpg"}], "#
      : ""
    return """
      {"id": "1098\(id)", "visibility": "\(visibility)", \(attachments)"content": "\(content)",
       "created_at": "2026-12-0\(id)T10:00:00Z", "language": "\(language)",
       "account": {"username": "ines_moreau", "display_name": "Ines Moreau"}}
      """
  }

  /// Records `timeline` as `[PostV1]`, and decodes the fixture with the fixed model.
  private func recordAndFix<Fixed: Decodable>(_ timeline: String, fixed: Fixed.Type) throws {
    let model = RegisteredModel([PostV1].self, decoder: Self.decoder)
    let decoder = VariantDecoder(model)
    let captured = Data(timeline.utf8)
    #expect(decoder.outcome(of: captured).failure != nil, "the captured timeline must fail")
    // The fixed model reads what the server sent.
    #expect(throws: Never.self) { try Self.decoder().decode([Fixed].self, from: captured) }
    guard case .recorded(let fixture) = FixtureRedactor(decoder: decoder).record(captured).result
    else {
      Issue.record("not recorded")
      return
    }
    let text = String(decoding: fixture.text, as: UTF8.self)
    for personal in ["Ines", "ines_moreau", "files.social", "Guten", "1098"] {
      #expect(!text.contains(personal), "\(personal) is in the fixture:\n\(text)")
    }
    // And the fixture too, with the same reports: as the captured payload decodes.
    let fromCapture = try Self.decoder().decodeCollectingUnknownValues([Fixed].self, from: captured)
    let fromFixture = try Self.decoder().decodeCollectingUnknownValues(
      [Fixed].self, from: fixture.text)
    #expect(fromFixture.1.map(\.path) == fromCapture.1.map(\.path), "\(text)")
    #expect(fromFixture.1.map(\.rawValue) == fromCapture.1.map(\.rawValue))
  }

  @Test func aKeyMadeOptional() throws {
    let timeline =
      "["
      + [
        Self.status(1, visibility: "public", content: "Guten Morgen, Paul"),
        Self.status(2, visibility: "public", media: false, content: "Guten Tag von Ines"),
        Self.status(3, visibility: "unlisted", content: "Gute Nacht", language: "fr"),
      ].joined(separator: ",\n") + "]"
    try recordAndFix(timeline, fixed: PostOptionalMedia.self)
  }

  @Test func anEnumGivenAnUnknownCase() throws {
    let timeline =
      "["
      + [
        Self.status(1, visibility: "public", content: "Guten Morgen, Paul"),
        Self.status(2, visibility: "direct", content: "Guten Tag von Ines"),
        Self.status(3, visibility: "private", content: "Gute Nacht"),
      ].joined(separator: ",\n") + "]"
    try recordAndFix(timeline, fixed: PostUnknownVisibility.self)
  }

  /// Keys of what no decode reaches are kept when they look like field names: the fixed model
  /// reads them. The failing value keeps its kind: a number stays a number, `"true"` stays
  /// `"true"`, `null` stays `null`.
  @Test func whatFollowsTheFailureKeepsItsKeysAndKinds() throws {
    struct Strict: Decodable { var count: Int }
    let model = RegisteredModel(Strict.self)
    let captured =
      #"{"count": "true", "later": {"owner_name": "Ines", "seen": 4, "ok": false, "gone": null}}"#
    guard
      case .recorded(let fixture) = FixtureRedactor(decoder: VariantDecoder(model)).record(
        Data(captured.utf8)
      ).result
    else {
      Issue.record("not recorded")
      return
    }
    let text = String(decoding: fixture.text, as: UTF8.self)
    #expect(text.contains(#""count": "true""#))
    #expect(text.contains(#""owner_name": "redacted""#))
    #expect(text.contains(#""seen": 1"#))
    #expect(text.contains(#""ok": false"#))
    #expect(text.contains(#""gone": null"#))
    #expect(
      fixture.keysKeptAsNames.map(\.path).sorted() == [
        "$.later", "$.later.gone", "$.later.ok", "$.later.owner_name", "$.later.seen",
      ])
  }
}
