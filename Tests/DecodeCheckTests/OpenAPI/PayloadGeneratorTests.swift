import CodableResilience
import Foundation
import Testing

@testable import DecodeCheck

/// The payloads made from schemas: every member, of its type and format, with cycles and
/// references cut where the spec lets a value be missing.
@Suite struct PayloadGeneratorTests {
  private func generate(_ schemas: String, _ name: String) throws
    -> (PayloadGenerator.Outcome, [PayloadGenerator.Note])
  {
    var graph = SchemaGraph(try Specs.read(Specs.document(schemas: schemas)))
    let found = graph.schema(named: name)
    let id = try #require(found)
    var generator = PayloadGenerator(graph: graph)
    return (generator.value(of: id), generator.notes)
  }

  private func json(_ outcome: PayloadGenerator.Outcome) -> String? {
    guard case .value(let value) = outcome else { return nil }
    return String(decoding: value.json(), as: UTF8.self)
  }

  @Test func everyMemberOfItsTypeAndFormat() throws {
    let (outcome, notes) = try generate(
      #"""
      "Quote": {"type": "object", "required": ["id"], "properties": {
        "id": {"type": "string", "format": "uuid"}, "at": {"type": "string", "format": "date-time"},
        "day": {"type": "string", "format": "date"}, "link": {"type": "string", "format": "uri"},
        "count": {"type": "integer", "minimum": 3}, "total": {"type": "number"},
        "paid": {"type": "boolean"}, "tags": {"type": "array", "items": {"type": "string"}},
        "fees": {"type": "object", "additionalProperties": {"type": "number", "maximum": 10}},
        "state": {"type": "string", "enum": ["draft", "sent"]}, "code": {"type": "string", "example": "EUR"},
        "kind": {"const": "quote"}, "extra": {}}}
      """#, "Quote")
    #expect(
      json(outcome)
        == #"{"id":"3f2c8e4a-6b1d-4c7e-9a5f-0d8b2e6c4a19","at":"2024-05-01T12:00:00Z","day":"2024-05-01","#
        + #""link":"https://example.com/hearth","count":3,"total":1.5,"paid":true,"tags":["text"],"#
        + #""fees":{"key1":8.5},"state":"draft","code":"EUR","kind":"quote","extra":{}}"#)
    #expect(notes.isEmpty)
  }

  /// Text from the spec that JSON must escape (a quote, a backslash, a line break, in a key
  /// or a value) is escaped in the payload and reads back as written.
  @Test func textIsEscapedAsJSON() throws {
    let (outcome, _) = try generate(
      #"""
      "Quote": {"type": "object", "properties": {
        "say \"hi\"": {"type": "string", "enum": ["a\"b\\c\nd"]}}}
      """#, "Quote")
    let text = try #require(self.json(outcome))
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String]
    #expect(object == [#"say "hi""#: "a\"b\\c\nd"])
  }

  /// An optional member that refers back to its own schema is left out, silently; an array
  /// of it is empty; a required nullable one is `null`.
  @Test func cyclesAreCutWhereTheSpecAllows() throws {
    let (outcome, notes) = try generate(
      #"""
      "Category": {"type": "object", "required": ["name", "children", "parent"], "properties": {
        "name": {"type": "string"},
        "children": {"type": "array", "items": {"$ref": "#/components/schemas/Category"}},
        "parent": {"oneOf": [{"$ref": "#/components/schemas/Category"}, {"type": "null"}]},
        "next": {"$ref": "#/components/schemas/Category"}}}
      """#, "Category")
    #expect(json(outcome) == #"{"name":"text","children":[],"parent":null}"#)
    #expect(notes.isEmpty)
  }

  /// A required member that can only be generated forever is reported, and the payload that
  /// would need it is not made.
  @Test func aRequiredCycleIsNotGenerated() throws {
    let (outcome, notes) = try generate(
      #"""
      "A": {"type": "object", "required": ["b"], "properties": {"b": {"$ref": "#/components/schemas/B"}}},
      "B": {"type": "object", "required": ["a"], "properties": {"a": {"$ref": "#/components/schemas/A"}}}
      """#, "A")
    guard case .cut(.recursive) = outcome else {
      Issue.record("expected a recursive cut, got \(outcome)")
      return
    }
    // Noted once, where the cycle closes; the members above only pass it up.
    #expect(notes.map(\.isRequired) == [true])
    #expect(notes.map(\.site.pointer.description) == ["#/components/schemas/B/properties/a"])
  }

  /// A `$ref` to another document is not fetched: the optional member is left out and noted.
  @Test func anExternalReferenceIsLeftOutAndNoted() throws {
    let (outcome, notes) = try generate(
      ##"""
      "Quote": {"type": "object", "properties": {"id": {"type": "string"},
                "money": {"$ref": "common.json#/Money"}}}
      """##, "Quote")
    #expect(json(outcome) == #"{"id":"text"}"#)
    #expect(notes.map(\.cut) == [.unresolved(.external("common.json#/Money"))])
  }

  /// A subtype that is `allOf` a parent with `oneOf` is itself, not one of the parent's
  /// branches: it takes the parent's members, not its branches or discriminator.
  @Test func aSubtypeOnItsOwnIsItself() throws {
    let (outcome, notes) = try generate(Self.pets, "Cat")
    #expect(json(outcome) == #"{"kind":"text","lives":1}"#)
    #expect(notes.isEmpty)
    // Its variants are its own members', never the parent's other branches.
    var graph = SchemaGraph(try Specs.read(Specs.document(schemas: Self.pets)))
    let cat = try #require(graph.schema(named: "Cat") as SchemaID?)
    guard case .value(let base) = outcome else { return }
    var plan = VariantPlan(
      generator: PayloadGenerator(graph: graph), budget: VariantBudget(limit: 100), root: cat)
    plan.add(variantsOf: base)
    #expect(MergedSchema(graph, cat).branches.isEmpty)
    #expect(plan.variants.map(\.purpose.check) == [.optionality])  // `lives` left out
  }

  private static let pets = #"""
    "Pet": {"type": "object", "required": ["kind"], "properties": {"kind": {"type": "string"}},
            "oneOf": [{"$ref": "#/components/schemas/Cat"}, {"$ref": "#/components/schemas/Dog"}],
            "discriminator": {"propertyName": "kind"}},
    "Cat": {"allOf": [{"$ref": "#/components/schemas/Pet"},
                      {"type": "object", "properties": {"lives": {"type": "integer"}}}]},
    "Dog": {"allOf": [{"$ref": "#/components/schemas/Pet"},
                      {"type": "object", "properties": {"good": {"type": "boolean"}}}]}
    """#

  /// A branch that is `allOf` its owner (the 3.0 pattern for discriminated subtypes) is read
  /// without the owner, and the discriminator is set to the branch's name.
  @Test func aSubtypeThatIsAllOfItsParent() throws {
    let (outcome, notes) = try generate(
      #"""
      "Pet": {"type": "object", "required": ["kind"], "properties": {"kind": {"type": "string"}},
              "oneOf": [{"$ref": "#/components/schemas/Cat"}, {"$ref": "#/components/schemas/Dog"}],
              "discriminator": {"propertyName": "kind"}},
      "Cat": {"allOf": [{"$ref": "#/components/schemas/Pet"},
                        {"type": "object", "properties": {"lives": {"type": "integer"}}}]},
      "Dog": {"allOf": [{"$ref": "#/components/schemas/Pet"},
                        {"type": "object", "properties": {"good": {"type": "boolean"}}}]}
      """#, "Pet")
    #expect(json(outcome) == #"{"lives":1,"kind":"Cat"}"#)
    #expect(notes.isEmpty)
  }
}

/// Documents written to exhaust a reader: each finishes, within its budgets, and says what it
/// left out. (How long they take is the benchmark's to show; each here reads or generates a
/// bounded amount by construction.)
@Suite struct HostileDocumentTests {
  /// Ten references to the next schema, twelve levels down: 10¹² values if expanded. The
  /// graph holds one schema per schema object, and a payload stops at its size budget.
  /// `L0`'s own members (nine optional ones) are all probed, so the payloads of the schemas
  /// nested in it that the budget left out go without a notice.
  @Test func referenceFanOutStopsAtThePayloadBudget() throws {
    var schemas: [String] = []
    for level in 0..<12 {
      let members = (0..<10).map {
        ##""p\##($0)": {"$ref": "#/components/schemas/L\##(level + 1)"}"##
      }
      schemas.append(
        #""L\#(level)": {"type": "object", "required": ["p0"], "properties": {\#(members.joined(separator: ", "))}}"#
      )
    }
    schemas.append(#""L12": {"type": "string"}"#)
    let report = try Specs.check(
      Specs.document(schemas: schemas.joined(separator: ",\n")),
      registry: ModelRegistry(registering: Anything.self).renamed("L0"), maximumPayloads: 50)
    let file = try #require(report.files.first)
    #expect(file.payloadCount == 50)
    let notes = file.findings.filter { $0.kind == .notGenerated }.map(\.message)
    #expect(notes.contains { $0.contains("would hold more than 10000 values") })
    #expect(!notes.contains { $0.contains("the budget per schema") })
  }

  /// An enum of 100,000 values: the budget stops the variants, and says how many it left out.
  @Test func aHugeEnumStopsAtTheBudget() throws {
    let values = (0..<100_000).map { "\"v\($0)\"" }.joined(separator: ",")
    let spec = Specs.document(
      schemas: #""L0": {"type": "object", "properties": {"kind": {"enum": [\#(values)]}}}"#)
    let report = try Specs.check(
      spec, registry: ModelRegistry(registering: Anything.self).renamed("L0"),
      maximumPayloads: 100)
    let file = try #require(report.files.first)
    #expect(file.payloadCount == 100)
    #expect(file.findings.map(\.kind) == [.notGenerated])
    #expect(file.findings.first?.message.contains("; 99901 more were left out") == true)
    #expect(file.findings.first?.severity == .warning)
  }

  /// A chain of 100 required references: no payload of it fits 64 levels. One note, where the
  /// depth ran out, and one error for the type; the 64 members that pass the cut up say
  /// nothing more.
  @Test func aRequiredChainTooDeepIsNotedOnce() throws {
    let schemas =
      (0..<100).map {
        ##""L\##($0)": {"type": "object", "required": ["next"], "properties": {"next": {"$ref": "#/components/schemas/L\##($0 + 1)"}}}"##
      } + [#""L100": {"type": "string"}"#]
    let report = try Specs.check(
      Specs.document(schemas: schemas.joined(separator: ",\n")),
      registry: ModelRegistry(registering: Anything.self).renamed("L0"))
    let file = try #require(report.files.first)
    #expect(file.outcome == .notChecked)
    #expect(
      file.findings.map(\.contract?.pointer.description) == [
        "#/components/schemas/L0", "#/components/schemas/L64/properties/next",
      ])
    #expect(report.summary.description.hasSuffix("; 1 schema could not be checked"))
  }

  /// A schema nested 200 levels deep (the document itself is within JSON's 512): payloads
  /// stop at 64 levels, and the optional member past them is noted.
  @Test func deepNestingStopsAtTheDepthBudget() throws {
    var schema = #"{"type": "string"}"#
    for _ in 0..<200 { schema = #"{"type": "object", "properties": {"a": \#(schema)}}"# }
    let report = try Specs.check(
      Specs.document(schemas: #""L0": \#(schema)"#),
      registry: ModelRegistry(registering: Anything.self).renamed("L0"))
    let notes = try #require(report.files.first).findings.map(\.message)
    #expect(notes == ["not generated: deeper than 64 levels; payloads leave it out"])
  }

  /// References that lead only to each other, and a schema that is a reference to itself.
  @Test(
    arguments: [
      ##""L0": {"$ref": "#/components/schemas/L1"}, "L1": {"$ref": "#/components/schemas/L0"}"##,
      ##""L0": {"$ref": "#/components/schemas/L0"}"##,
      ##""L0": {"allOf": [{"$ref": "#/components/schemas/L0"}, {"$ref": "#/components/schemas/L0"}]}"##,
    ])
  func referenceLoopsEnd(_ schemas: String) throws {
    let report = try Specs.check(
      Specs.document(schemas: schemas),
      registry: ModelRegistry(registering: Anything.self).renamed("L0"))
    #expect(report.files.count == 1)
  }

  /// A required member whose `$ref` leads nowhere: an error at the reference, and no payload.
  @Test func aMissingReferenceIsAnErrorAtIt() throws {
    let spec = Specs.document(
      schemas: #"""
        "L0": {"type": "object", "required": ["money"],
               "properties": {"money": {"$ref": "#/components/schemas/Mony"}}}
        """#)
    let report = try Specs.check(
      spec, registry: ModelRegistry(registering: Anything.self).renamed("L0"))
    let file = try #require(report.files.first)
    #expect(file.outcome == .notChecked)
    #expect(report.exitStatus == 2)
    let missing = try #require(
      file.findings.first { $0.contract?.pointer.lastToken == "$ref" })
    #expect(
      missing.message
        == ##"not generated: `$ref` "#/components/schemas/Mony" leads to nothing in this document; payloads leave it out"##
    )
    #expect(missing.severity == .error)
    #expect(
      missing.position == Specs.position(of: ##""$ref": "#/components/schemas/Mony""##, in: spec))
  }
}

extension ModelRegistry {
  /// The registry's one type, checked against the schema `name`.
  fileprivate func renamed(_ name: String) -> ModelRegistry {
    var registry = ModelRegistry()
    registry.register(Anything.self, schema: name)
    return registry
  }
}
