import CodableResilience
import EvolvingModels
import Foundation
import Testing

@testable import DecodeCheck

/// A contract whose notice kinds grew `repost`, and whose payment methods still list the old
/// spelling `credit_card`.
private let evolvingSpec = Specs.document(
  schemas: #"""
    "Timeline": {
      "type": "object",
      "required": ["notices", "authors"],
      "properties": {
        "notices": {"type": "array", "items": {"$ref": "#/components/schemas/Notice"}},
        "authors": {"type": "object", "additionalProperties": {"type": "object",
          "required": ["name"], "properties": {"name": {"type": "string"}}}}
      }
    },
    "Notice": {
      "type": "object",
      "required": ["id", "title", "kind"],
      "properties": {
        "id": {"type": "integer"},
        "title": {"type": "string"},
        "kind": {"type": "string", "enum": ["mention", "follow", "repost"]}
      }
    },
    "Checkout": {
      "type": "object",
      "required": ["method", "accepted"],
      "properties": {
        "method": {"type": "string", "enum": ["card", "bank_transfer", "credit_card"]},
        "accepted": {"type": "array", "items": {"type": "string", "enum": ["card"]}}
      }
    }
    """#)

/// `--openapi` and the new kinds: a value the spec allows that makes an element fail is an
/// element left out (a warning, an error under `--strict`), placed on the spec's value; an old
/// spelling the spec still lists is a note, not a new value.
@Suite struct NewKindsContractTests {
  let registry = ModelRegistry(registering: Timeline.self, Checkout.self)

  @Test func aValueThatMakesAnElementFailIsAnElementLeftOut() throws {
    let report = try Specs.check(evolvingSpec, registry: registry)
    let timeline = try #require(report.files.first { $0.typeName == "EvolvingModels.Timeline" })
    #expect(timeline.outcome == .decodedWithElementsLeftOut)
    let finding = try #require(timeline.findings.first { $0.kind == .invalidElement })
    #expect(timeline.findings.count(where: { $0.kind == .invalidElement }) == 1)
    #expect(finding.severity == .warning)
    #expect(finding.path == "$.notices[0]")
    #expect(
      finding.message
        == #"the spec allows "repost" here; an element that fails to decode as Notice is left "#
        + #"out: unknown NoticeKind value "repost", and NoticeKind cannot decode values it does "#
        + "not know (no `unknown` case) (at $.notices[0].kind)")
    #expect(finding.contract?.check == .enumValues)
    #expect(finding.contract?.value == "repost")
    #expect(
      finding.contract?.pointer.description == "#/components/schemas/Notice/properties/kind/enum/2")
    #expect(finding.position == Specs.position(of: #""repost""#, in: evolvingSpec))
    #expect(report.exitStatus == 0)
    let strict = try Specs.check(evolvingSpec, registry: registry, strict: true)
    #expect(strict.files.first { $0.typeName == "EvolvingModels.Timeline" }?.failed == true)
    #expect(strict.exitStatus == 1)
  }

  /// The first payload generated already leaves an element out: the finding is placed on the
  /// value inside the element that made it fail, not on the element.
  @Test func anElementTheFullPayloadLeavesOutIsPlacedOnItsFailingValue() throws {
    let spec = evolvingSpec.replacing(
      #"["mention", "follow", "repost"]"#, with: #"["repost", "mention", "follow"]"#)
    let report = try Specs.check(spec, registry: ModelRegistry(registering: Timeline.self))
    let finding = try #require(report.allFindings.first { $0.kind == .invalidElement })
    #expect(
      finding.message.hasPrefix(
        #"the spec allows "repost" here; an element that fails to decode as Notice is left out"#))
    #expect(finding.contract?.value == "repost")
    #expect(
      finding.contract?.pointer.description == "#/components/schemas/Notice/properties/kind/enum/0")
  }

  /// A member the spec lets the server omit, which the element's model requires: the
  /// element is left out, and the finding is the omission's, as a payload's failure would be.
  @Test func anElementLeftOutByAVariantsChangeIsTheChanges() throws {
    let spec = evolvingSpec.replacing(
      #""required": ["id", "title", "kind"]"#, with: #""required": ["id", "kind"]"#)
    let report = try Specs.check(spec, registry: ModelRegistry(registering: Timeline.self))
    let finding = try #require(
      report.allFindings.first { $0.kind == .invalidElement && $0.contract?.check == .optionality })
    #expect(
      finding.message
        == "the spec lets the server omit `title`; an element that fails to decode as Notice is "
        + "left out: missing required key `title`")
    #expect(finding.path == "$.notices[0]")
    #expect(
      finding.contract?.pointer.description == "#/components/schemas/Notice/properties/title")
  }

  /// An example of the spec whose element the model leaves out: named by the example, not by
  /// the element's JSON.
  @Test func anExampleWithAnElementLeftOutNamesTheExample() throws {
    let spec = evolvingSpec.replacing(
      #""required": ["notices", "authors"],"#,
      with: #""required": ["notices", "authors"], "example": {"notices": "#
        + #"[{"id": 1, "title": "t", "kind": "poke"}], "authors": {}},"#)
    let report = try Specs.check(spec, registry: ModelRegistry(registering: Timeline.self))
    let finding = try #require(
      report.allFindings.first { $0.kind == .invalidElement && $0.contract?.check == .examples })
    #expect(
      finding.message
        == "the spec's example; an element that fails to decode as Notice is left out: unknown "
        + #"NoticeKind value "poke", and NoticeKind cannot decode values it does not know (no "#
        + "`unknown` case) (at $.notices[0].kind)")
    #expect(finding.contract?.value == "example")
  }

  @Test func anOldSpellingTheSpecListsIsANote() throws {
    let report = try Specs.check(evolvingSpec, registry: registry, strict: true)
    let checkout = try #require(report.files.first { $0.typeName == "EvolvingModels.Checkout" })
    #expect(checkout.outcome == .decoded)
    #expect(!checkout.failed)
    let finding = try #require(checkout.findings.first)
    #expect(checkout.findings.count == 1)
    #expect(finding.kind == .renamedValue)
    #expect(finding.severity == .note)
    #expect(
      finding.message
        == #"the spec allows "credit_card" here; PaymentMethod reads it as "card", an old spelling"#
    )
    #expect(finding.contract?.value == "credit_card")
    #expect(finding.position == Specs.position(of: #""credit_card""#, in: evolvingSpec))
  }
}
