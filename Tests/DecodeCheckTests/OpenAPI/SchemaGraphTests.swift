import Testing

@testable import DecodeCheck

/// Reading schemas into the model payloads are generated from: both versions' spellings,
/// references, and where each part is.
@Suite struct SchemaGraphTests {
  private func merged(_ schemas: String, _ name: String, version: String = "3.1.0") throws
    -> (MergedSchema, SchemaGraph)
  {
    var graph = SchemaGraph(try Specs.read(Specs.document(schemas: schemas, version: version)))
    let found = graph.schema(named: name)
    let id = try #require(found)
    return (MergedSchema(graph, id), graph)
  }

  /// 3.0's `nullable`, 3.1's `"null"` in `type` and a `{"type": "null"}` branch all allow
  /// `null`; the branch is not a branch.
  @Test(
    arguments: [
      ("3.0.3", #"{"type": "string", "nullable": true}"#),
      ("3.1.0", #"{"type": ["string", "null"]}"#),
      ("3.1.0", #"{"oneOf": [{"type": "string"}, {"type": "null"}]}"#),
      ("3.1.0", #"{"anyOf": [{"type": "null"}, {"type": "string"}]}"#),
    ])
  func nullIsAllowedInEveryVersionsSpelling(_ version: String, _ schema: String) throws {
    let (schema, _) = try merged(#""Note": \#(schema)"#, "Note", version: version)
    #expect(schema.isNullable)
    #expect(schema.branches.count <= 1)
  }

  @Test func aStringIsNotNullable() throws {
    #expect(try !merged(#""Note": {"type": "string"}"#, "Note").0.isNullable)
  }

  /// Exclusive bounds: a flag beside the bound (3.0), in either order, or a bound (3.1).
  @Test(
    arguments: [
      #"{"type": "integer", "exclusiveMinimum": true, "minimum": 5}"#,
      #"{"type": "integer", "minimum": 5, "exclusiveMinimum": true}"#,
      #"{"type": "integer", "exclusiveMinimum": 5}"#,
      #"{"type": "integer", "minimum": 2, "exclusiveMinimum": 5}"#,
    ])
  func exclusiveBoundsInBothForms(_ schema: String) throws {
    let (merged, _) = try merged(#""Count": \#(schema)"#, "Count")
    #expect(merged.minimum?.value == 5)
    #expect(merged.minimum?.isExclusive == true)
    #expect(FormatSamples.integer(minimum: merged.minimum, maximum: nil) == "6")
  }

  /// `$ref` and `allOf` parts read as one: properties and `required` of all.
  @Test func referencesAndAllOfMerge() throws {
    let (schema, _) = try merged(
      #"""
      "Base": {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}},
      "Quote": {"allOf": [{"$ref": "#/components/schemas/Base"},
                          {"required": ["state"], "properties": {"state": {"type": "string"}}}]}
      """#, "Quote")
    #expect(schema.properties.map(\.name) == ["id", "state"])
    #expect(schema.required == ["id", "state"])
    #expect(schema.impliedType == .object)
  }

  /// A reference to another document, or to nothing, is kept with where it is.
  @Test func unresolvedReferencesAreKept() throws {
    let (outside, _) = try merged(##""Money": {"$ref": "common.json#/Money"}"##, "Money")
    #expect(outside.unresolvedReferences.map(\.reference) == [.external("common.json#/Money")])
    let (missing, _) = try merged(##""Money": {"$ref": "#/components/schemas/Mony"}"##, "Money")
    #expect(
      missing.unresolvedReferences.map(\.reference) == [.missing("#/components/schemas/Mony")])
    #expect(
      missing.unresolvedReferences.first?.site.pointer.description
        == "#/components/schemas/Money/$ref")
  }

  /// A cycle of references is a cycle of edges: each schema is read once.
  @Test func aReferenceCycleIsReadOnce() throws {
    var graph = SchemaGraph(
      try Specs.read(
        Specs.document(
          schemas: #"""
            "A": {"$ref": "#/components/schemas/B"},
            "B": {"$ref": "#/components/schemas/A"},
            "Node": {"type": "object", "properties": {"next": {"$ref": "#/components/schemas/Node"}}}
            """#)))
    let a = try #require(graph.schema(named: "A") as SchemaID?)
    _ = graph.schema(named: "Node")
    #expect(graph.schemas.count == 4)
    let merged = MergedSchema(graph, a)
    #expect(merged.parts.count == 2)
  }

  /// `discriminator.mapping` values are references or, in 3.0, schema names; without a
  /// mapping a branch is named after its schema.
  @Test func discriminatorValuesNameTheirBranches() throws {
    let (schema, graph) = try merged(
      #"""
      "Pet": {"oneOf": [{"$ref": "#/components/schemas/Cat"}, {"$ref": "#/components/schemas/Dog"},
                        {"$ref": "#/components/schemas/Bird"}],
              "discriminator": {"propertyName": "kind",
                                "mapping": {"cat": "#/components/schemas/Cat", "kitten": "Cat",
                                            "dog": "Dog"}}},
      "Cat": {"type": "object"}, "Dog": {"type": "object"}, "Bird": {"type": "object"}
      """#, "Pet", version: "3.0.3")
    let generator = PayloadGenerator(graph: graph)
    #expect(generator.discriminatorValues(of: schema, branch: 0).map(\.value) == ["cat", "kitten"])
    #expect(generator.discriminatorValues(of: schema, branch: 1).map(\.value) == ["dog"])
    #expect(generator.discriminatorValues(of: schema, branch: 2).map(\.value) == ["Bird"])
  }

  /// Examples on a schema: `example`, then each of `examples` (3.1).
  @Test func examplesOfBothSpellings() throws {
    let (schema, graph) = try merged(
      #""Code": {"type": "string", "example": "EUR", "examples": ["USD", "GBP"]}"#, "Code")
    #expect(schema.examples.map { graph.document.tree.string($0.node) } == ["EUR", "USD", "GBP"])
    #expect(
      schema.examples.map(\.site.pointer.description) == [
        "#/components/schemas/Code/example", "#/components/schemas/Code/examples/0",
        "#/components/schemas/Code/examples/1",
      ])
  }

  /// Response examples are found by the schema their response refers to, references to
  /// `#/components/examples` followed.
  @Test func responseExamplesAreFoundByTheirSchema() throws {
    let document = try Specs.read(
      Specs.document(
        schemas: #""Quote": {"type": "object"}"#,
        paths: #"""
          {"/quotes/{id}": {"get": {"responses": {"200": {"content": {"application/json": {
            "schema": {"$ref": "#/components/schemas/Quote"},
            "example": {"id": 1},
            "examples": {"draft": {"$ref": "#/components/examples/Draft"}}}}}}}}}
          """#
      ).replacing(
        #""components": {"#, with: #""components": {"examples": {"Draft": {"value": {"id": 2}}}, "#)
    )
    let examples =
      document.responseExamplesBySchema()[
        OpenAPIDocument.pointer(toSchemaNamed: "Quote")] ?? []
    #expect(
      examples.map(\.name) == [
        "example of GET /quotes/{id} 200", #"example "draft" of GET /quotes/{id} 200"#,
      ])
    #expect(examples.map { document.tree.literal($0.value.node) } == ["{…}", "{…}"])
    #expect(examples.last?.value.site.pointer.description == "#/components/examples/Draft/value")
  }
}
