import CodableResilience
import EvolvingModels
import Foundation
import Testing

@testable import DecodeCheck

/// A chore whose priority has an alias the audit's new integer happens to hit.
private struct Chore: Decodable {
  var priority: Priority
}

private enum Priority: Int, Codable, UnknownDecodable, CaseIterable {
  case low = 1
  case high = 2
  case unknown = 0
}

extension Priority: ValueAliases {
  static let aliases: [Int: Priority] = [97: .high]
}

/// The audit and the new kinds of report: a field whose new value makes its element fail is
/// resilient when `@SkipInvalidElements` leaves the element out (the tool is named); a renamed
/// value is not a new value; an element the payload already has left out is not asked about.
@Suite struct NewKindsAuditTests {
  private func audit(_ payload: String, as model: RegisteredModel) -> [PlaceAudit] {
    let data = Data(payload.utf8)
    let decoder = VariantDecoder(model)
    let auditor = PayloadAuditor(decoder: decoder, budget: .standard)
    return auditor.audit(data, base: decoder.outcome(of: data), line: nil).places
  }

  @Test func aNewValueThatMakesAnElementFailIsResilientBySkipInvalidElements() throws {
    let places = audit(
      #"{"notices": [{"id": 1, "title": "a", "kind": "mention"}], "authors": {}}"#,
      as: RegisteredModel(Timeline.self))
    let kind = try #require(
      places.first { $0.path == "$.notices[0].kind" && $0.question == .newValue })
    #expect(
      kind.answer == .resilient(typeName: "Notice", tool: "@SkipInvalidElements", leftOut: true))
    // Leaving out a member a notice needs leaves the notice out: the timeline still decodes.
    let title = try #require(
      places.first { $0.path == "$.notices[0].title" && $0.question == .missingKey })
    #expect(title.answer == .optional)
  }

  @Test func theFieldNamesTheToolAndTheElement() throws {
    let report = PayloadChecker().audit(
      Data(#"{"notices": [{"id": 1, "title": "a", "kind": "mention"}], "authors": {}}"#.utf8),
      as: RegisteredModel(Timeline.self), maximumConcurrency: 1)
    let field = try #require(AuditReport(report)?.fields.first { $0.path == "$.notices[*].kind" })
    #expect(field.verdict == .resilient)
    #expect(field.namedType == "Notice")
    #expect(field.tool == "@SkipInvalidElements")
    #expect(
      field.description
        == "$.notices[*].kind: resilient: a new value is left out with its Notice element "
        + "(@SkipInvalidElements); 1 payload, 1 place")
    #expect(AuditReport(report)?.brittle.isEmpty == true)
  }

  @Test func anOldSpellingIsNotANewValue() throws {
    let places = audit(
      #"{"method": "credit_card", "accepted": ["sepa"]}"#, as: RegisteredModel(Checkout.self))
    // A new value where an old spelling was is reported as unknown, as anywhere else.
    let method = try #require(places.first { $0.path == "$.method" && $0.question == .newValue })
    #expect(method.answer == .resilient(typeName: "PaymentMethod", tool: "UnknownDecodable"))
    // The old spellings the payload sent are not counted as the variant's reports.
    let element = try #require(
      places.first { $0.path == "$.accepted[0]" && $0.question == .newValue })
    #expect(element.answer == .resilient(typeName: "PaymentMethod", tool: "UnknownDecodable"))
  }

  @Test func aNewValueReadThroughAnAliasIsOpenNotResilient() throws {
    // The audit's new integer here is 97, which `Priority` reads as `high` through an alias.
    let places = audit(#"{"priority": 1}"#, as: RegisteredModel(Chore.self))
    let priority = try #require(
      places.first { $0.path == "$.priority" && $0.question == .newValue })
    #expect(priority.answer == .open)
  }

  @Test func nothingInsideAnElementAlreadyLeftOutIsAskedAbout() throws {
    let payload = """
      {"notices": [{"id": 1, "title": "a", "kind": "mention"}, {"id": 2, "title": "b", "kind": "poke"}],
       "authors": {"ada": {"name": "Ada"}, "bob": {"handle": "bob"}}}
      """
    let places = audit(payload, as: RegisteredModel(Timeline.self))
    #expect(places.contains { $0.path.hasPrefix("$.notices[0]") })
    #expect(places.contains { $0.path.hasPrefix("$.authors.ada") })
    #expect(!places.contains { $0.path.hasPrefix("$.notices[1]") })
    #expect(!places.contains { $0.path.hasPrefix("$.authors.bob") })
  }
}
