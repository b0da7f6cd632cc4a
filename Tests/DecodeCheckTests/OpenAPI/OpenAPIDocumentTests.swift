import Foundation
import Testing

@testable import DecodeCheck

/// Reading an OpenAPI document: what is refused, where, and in what words.
@Suite struct OpenAPIDocumentTests {
  @Test func readsTheVersionAndTheSchemaNamesInOrder() throws {
    let document = try Specs.read(
      Specs.document(schemas: #""Quote": {"type": "object"}, "Filter": {"type": "object"}"#))
    #expect(document.version == "3.1.0")
    #expect(document.schemaNames == ["Quote", "Filter"])
  }

  @Test func aDocumentWithoutSchemasHasNoNames() throws {
    let document = try Specs.read(#"{"openapi": "3.0.3", "paths": {}}"#)
    #expect(document.schemaNames.isEmpty)
  }

  /// Each way a document is refused, with its message and its line:column.
  @Test(
    arguments: [
      ("", "api.json:1:1: the OpenAPI document is empty"),
      ("{\n  \"openapi\": \"3.1.0\",\n  \"paths\": {,}\n}", "api.json:3:13: not valid JSON"),
      ("[1, 2]", "api.json:1:1: not an OpenAPI document: the top level is an array"),
      (#"{"info": {}}"#, "api.json:1:1: not an OpenAPI document: the top level has no `openapi`"),
      (#"{"swagger": "2.0"}"#, "api.json:1:2: a Swagger 2.0 document; decode-check reads"),
      (#"{"openapi": 3.1}"#, "api.json:1:13: `openapi` must be a version string"),
      (#"{"openapi": "2.0"}"#, "api.json:1:13: OpenAPI 2.0 is not read"),
      (
        #"{"openapi": "3.1.0", "components": {"schemas": []}}"#,
        "api.json:1:37: `components.schemas` must be an object"
      ),
    ])
  func refusesWhatItCannotRead(_ text: String, start: String) throws {
    let error = try #require(throws: OpenAPIDocumentError.self) { try Specs.read(text) }
    #expect(error.description.hasPrefix(start), "\(error.description)")
  }

  /// YAML gets one line that says so and how to convert it, by its name or its first line.
  @Test(
    arguments: [
      ("api.yaml", "openapi: 3.1.0\ninfo:\n  title: x\n"),
      ("api.json", "openapi: 3.1.0\ninfo:\n  title: x\n"),
      ("spec.yml", "---\nopenapi: 3.0.0\n"),
    ])
  func yamlIsNamedWithHowToConvertIt(_ path: String, _ text: String) throws {
    let error = try #require(throws: OpenAPIDocumentError.self) {
      try Specs.read(text, path: path)
    }
    #expect(error.message.hasPrefix("the OpenAPI document is YAML; decode-check reads JSON"))
    #expect(error.message.contains("yq -o=json \(path) >"))
    #expect(error.message.contains("python3 -c"))
    #expect(!error.description.contains("\n"))
  }

  /// A `.yaml` file that holds JSON (JSON is YAML too) is read.
  @Test func jsonInAYAMLNamedFileIsRead() throws {
    let document = try Specs.read(#"{"openapi": "3.0.1"}"#, path: "api.yaml")
    #expect(document.version == "3.0.1")
  }

  @Test func aMissingFileIsNamed() {
    let error = try? #require(throws: OpenAPIDocumentError.self) {
      try OpenAPIDocument(contentsOfFile: "/no/such/api.json")
    }
    #expect(
      error?.description
        == "/no/such/api.json: cannot read the OpenAPI document: no such file or directory")
  }

  /// Nesting deeper than JSONDecoder reads is refused at its place, not read recursively.
  @Test func nestingTooDeepIsRefusedAtItsPlace() {
    let text =
      #"{"openapi": "3.1.0", "x": "# + String(repeating: "[", count: 600)
      + String(repeating: "]", count: 600) + "}"
    let error = try? #require(throws: OpenAPIDocumentError.self) { try Specs.read(text) }
    #expect(error?.message.contains("nested more than 512 levels") == true)
    #expect(error?.position?.line == 1)
  }
}

/// JSON pointers as `$ref` writes them.
@Suite struct JSONPointerTests {
  @Test func escapesAndUnescapesTokens() throws {
    let pointer = JSONPointer.root.appending("paths").appending("/quotes/{id}").appending("a~b")
    #expect(pointer.description == "#/paths/~1quotes~1{id}/a~0b")
    #expect(pointer.tokens == ["paths", "/quotes/{id}", "a~b"])
    #expect(JSONPointer(fragment: pointer.description)?.tokens == pointer.tokens)
  }

  /// A member's pointer is within its schema's; a schema whose name starts with another's is
  /// not within it.
  @Test func isWithinItselfAndWhatLeadsToIt() throws {
    let share = JSONPointer.root.appending("components").appending("schemas").appending("Share")
    let state = share.appending("properties").appending("state").appending("enum").appending(2)
    #expect(state.isWithin(share))
    #expect(share.isWithin(share))
    #expect(!share.isWithin(state))
    let shareState = try #require(JSONPointer(fragment: "#/components/schemas/ShareState"))
    #expect(!shareState.isWithin(share))
    #expect(share.isWithin(.root))
  }

  @Test func readsPercentEscapes() {
    #expect(JSONPointer(fragment: "#/components/schemas/Caf%C3%A9")?.lastToken == "Café")
  }

  @Test(arguments: ["other.json#/X", "https://example.com/api.json", "#X", ""])
  func referencesToOtherDocumentsAreNotPointers(_ text: String) {
    #expect(JSONPointer(fragment: text) == nil)
  }

  @Test func leadsToNodesOfTheDocument() throws {
    let document = try Specs.read(#"{"openapi": "3.1.0", "a": [{"b/c": 7}]}"#)
    let pointer = try #require(JSONPointer(fragment: "#/a/0/b~1c"))
    let node = try #require(document.tree.node(at: pointer))
    #expect(document.tree.literal(node) == "7")
    #expect(document.tree.node(at: try #require(JSONPointer(fragment: "#/a/1"))) == nil)
    #expect(document.tree.node(at: try #require(JSONPointer(fragment: "#/a/01"))) == nil)
  }
}
