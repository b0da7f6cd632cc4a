import CodableResilience
import Foundation
import SampleAPI
import Testing

@testable import DecodeCheck

/// An event a plain enum tags: a new type fails the list.
private struct PlainEvent: Decodable {
  var type: PlainEventType
  var at: String
  var text: String?
}

private enum PlainEventType: String, Decodable {
  case note, call
}

/// A union tagged by `object`, a key the audit does not know by name.
private enum Attachment: TaggedUnion, Decodable {
  case image(Image)
  case unknown(UnknownVariant)

  static let tagKey = "object"

  struct Image: Decodable {
    var url: String
    var width: Int
  }

  init?(tag: String, from decoder: any Decoder) throws {
    guard tag == "image" else { return nil }
    self = .image(try Image(from: decoder))
  }
}

private struct Thread: Decodable {
  var events: [PlainEvent]
  var attachments: [Attachment]
}

private let thread = Data(
  """
  {
    "events": [
      {"type": "note", "at": "2026-01-01T10:00:00Z", "text": "hi"},
      {"type": "call", "at": "2026-01-01T11:00:00Z"}
    ],
    "attachments": [
      {"object": "image", "url": "https://x.example/a.png", "width": 640},
      {"object": "file", "url": "https://x.example/b.pdf", "size": 12}
    ]
  }
  """.utf8)

@Suite struct PayloadAuditorTests {
  private func audit(_ payload: Data, as model: RegisteredModel) -> [PlaceAudit] {
    let decoder = VariantDecoder(model)
    let auditor = PayloadAuditor(decoder: decoder, budget: .standard)
    return auditor.audit(payload, base: decoder.outcome(of: payload), line: nil).places
  }

  /// A new variant carries only the members every element carries: a list of structs a
  /// plain enum tags breaks, a union (its tag key found by its report) keeps it.
  @Test func aNewVariantOfATaggedListIsBrittleOrResilient() throws {
    let places = audit(thread, as: RegisteredModel(Thread.self))
    let variants = places.filter { $0.question == .newVariant }
    #expect(
      variants.map(\.path) == [
        "$.events[0]", "$.events[1]", "$.attachments[0]", "$.attachments[1]",
      ])
    for place in variants where place.pattern == "$.events[*]" {
      guard case .brittle(let typeName, let message) = place.answer else {
        Issue.record("\(place.path): \(place.answer)")
        continue
      }
      #expect(typeName == "PlainEventType")
      #expect(message.hasPrefix(#"unknown PlainEventType value "decodecheckAuditNewValue""#))
    }
    for place in variants where place.pattern == "$.attachments[*]" {
      #expect(place.answer == .resilient(typeName: "Attachment", tool: "TaggedUnion"))
    }
  }

  /// The variant itself: the tag replaced, the members not every element has left out.
  @Test func aNewVariantKeepsTheSharedMembers() throws {
    let outline = try #require(JSONDocument(thread))
    let element = try #require(outline.node(at: "$.events[0]"))
    let tag = try #require(outline.node(at: "$.events[0].type"))
    let at = try #require(outline.node(at: "$.events[0].at"))
    let variant = outline.variant(tagging: element, tag: tag, as: #""new""#, keeping: [at])
    let text = String(decoding: variant, as: UTF8.self)
    #expect(text.contains(#"{"type": "new", "at": "2026-01-01T10:00:00Z"}"#))
  }

  /// Unknown values the payload already held are not a new value's report: only the reports
  /// a variant adds decide.
  @Test func reportsThePayloadAlreadyMadeDoNotCount() throws {
    let booking = Data(Payloads.bookingWithUnknownValues.utf8)
    let places = audit(booking, as: RegisteredModel(Booking.self))
    func answer(_ path: String) -> PlaceAudit.Answer? {
      places.first { $0.path == path && $0.question == .newValue }?.answer
    }
    #expect(answer("$.id") == .open)
    #expect(answer("$.state") == .resilient(typeName: "BookingState", tool: "UnknownDecodable"))
    #expect(answer("$.total.currency") == .resilient(typeName: "Currency", tool: "ExtensibleEnum"))
    #expect(
      places.first { $0.path == "$.channel" && $0.question == .missingKey }?.answer == .optional)
    #expect(places.first { $0.path == "$.id" }?.position == TextPosition(line: 2, column: 9))
  }

  /// Each field's new integer is its own, above that field's integers: 97 for a `UInt8`
  /// that holds 3 (open), however large another field's are.
  @Test func eachFieldHasItsOwnNewInteger() throws {
    struct Counts: Decodable {
      var large: Int
      var small: UInt8
    }
    let places = audit(
      Data(#"[{"large": 12345, "small": 3}, {"large": 2, "small": 4}]"#.utf8),
      as: RegisteredModel([Counts].self))
    let small = places.filter { $0.pattern == "$[*].small" && $0.question == .newValue }
    #expect(small.count == 2 && small.allSatisfy { $0.answer == .open })
  }

  /// A payload the model cannot decode, or text that is not JSON, is not audited.
  @Test func onlyAPayloadThatDecodesIsAudited() {
    let decoder = VariantDecoder(RegisteredModel(Booking.self))
    let auditor = PayloadAuditor(decoder: decoder, budget: .standard)
    let text = Data("{".utf8)
    #expect(auditor.audit(text, base: .decodedSilently, line: nil).places.isEmpty)
  }
}

extension PlaceAudit.Answer: CustomStringConvertible {
  /// The answer in a few words, for test failures.
  public var description: String {
    switch self {
    case .brittle(let typeName, let message): "brittle \(typeName ?? "-"): \(message)"
    case .resilient(let typeName, let tool, let leftOut):
      "resilient \(typeName) \(tool ?? "-")" + (leftOut ? " (element left out)" : "")
    case .open: "open"
    case .required(let message): "required: \(message)"
    case .optional: "optional"
    }
  }
}

/// A mood read through a `ListingKind` (any kind decodes) and then judged by hand: only
/// `house` is a mood this build knows, and other kinds are reported as unknown moods.
private struct Mood: Decodable {
  var kind: ListingKind

  init(from decoder: any Decoder) throws {
    kind = try decoder.singleValueContainer().decode(ListingKind.self)
    if kind != .house, let handler = decoder.userInfo[.unknownValueHandler] as? UnknownValueHandler
    {
      try handler(
        UnknownValue(typeName: "Mood", rawValue: kind.rawValue, codingPath: decoder.codingPath))
    }
  }
}

private struct Diary: Decodable {
  var mood: Mood
}

@Suite struct ReportingToolTests {
  /// A type that reports by hand is no tool, even right after a tool's `init(from:)` ran at
  /// the same path.
  @Test func aTypeReportingByHandIsNamedWithoutATool() throws {
    let payload = Data(#"{"mood": "flat"}"#.utf8)
    let reports = VariantDecoder(RegisteredModel(Diary.self)).outcome(of: payload).reports
    #expect(reports.map { "\($0.jsonPath) \($0.unknownValue.typeName)" } == ["$.mood Mood"])
    #expect(reports.first?.unknownValue.tool == nil)
  }

  /// Each tool names itself in the reports it makes.
  @Test func eachToolNamesItself() throws {
    let changed = #"""
      {"id": "HB-1", "listing_id": 1, "state": "boarded", "channel": "kiosk",
       "guests": [{"name": "Gwen", "age_group": 9}], "total": {"amount": 0, "currency": "XTS"},
       "timeline": [{"type": "teleported", "at": "2025-05-02T09:20:11Z"}]}
      """#
    let reports = VariantDecoder(RegisteredModel(Booking.self)).outcome(of: Data(changed.utf8))
      .reports
    let tools = Dictionary(
      reports.map { ($0.unknownValue.typeName, $0.unknownValue.tool?.rawValue ?? "-") },
      uniquingKeysWith: { first, _ in first })
    #expect(tools["BookingState"] == "UnknownDecodable")
    #expect(tools["BookingChannel"] == "@DecodeUnknownAsNil")
    #expect(tools["Currency"] == "ExtensibleEnum")
    #expect(tools["AgeGroup"] == "UnknownDecodable")
    #expect(tools["BookingEvent"] == "TaggedUnion")
  }
}

/// The budget per payload holds: a budget of n asks at most n places, and counts the rest.
@Suite struct PayloadAuditorBudgetTests {
  /// Before the engine, new variants were asked past the budget (each field of them at least
  /// once): a budget of 2 decoded 3 variants of this payload and more.
  @Test(arguments: [1, 2, 3, 5, 8])
  func aBudgetOfNAsksAtMostNPlaces(budget: Int) {
    let decoder = VariantDecoder(RegisteredModel(Thread.self))
    let auditor = PayloadAuditor(
      decoder: decoder, budget: AuditBudget(placesPerField: 5, placesPerFile: budget))
    let audit = auditor.audit(thread, base: decoder.outcome(of: thread), line: nil)
    #expect(audit.variantCount <= budget)
    #expect(audit.places.count == audit.variantCount)
    #expect(audit.leftOutCount > 0)
    let all = PayloadAuditor(decoder: decoder, budget: .standard)
      .audit(thread, base: decoder.outcome(of: thread), line: nil)
    #expect(all.leftOutCount == 0)
    #expect(all.variantCount > budget)
  }

  /// Room is kept for the new variants of a tagged list, so a small budget still asks them.
  @Test func roomIsKeptForNewVariants() {
    let decoder = VariantDecoder(RegisteredModel(Thread.self))
    let auditor = PayloadAuditor(
      decoder: decoder, budget: AuditBudget(placesPerField: 5, placesPerFile: 4))
    let audit = auditor.audit(thread, base: decoder.outcome(of: thread), line: nil)
    #expect(audit.places.contains { $0.question == .newVariant })
    #expect(audit.places.contains { $0.question == .newValue })
  }

  /// The summary says how many variants the budget left out.
  @Test func theSummarySaysHowManyWereLeftOut() throws {
    var checker = PayloadChecker()
    checker.audit = AuditBudget(placesPerField: 5, placesPerFile: 2)
    let report = checker.audit(thread, as: RegisteredModel(Thread.self), maximumConcurrency: 1)
    let audit = try #require(AuditReport(report))
    #expect(audit.variantCount == 2)
    #expect(audit.description.contains("left out by the budget per payload"))
  }
}
