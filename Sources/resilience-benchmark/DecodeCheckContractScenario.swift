import DecodeCheck
import Foundation

// Issue 23's promise: a 10 MB OpenAPI document with 50 mapped types checks in seconds on two
// cores. The row shows the time, and the process's peak memory once the check has run (and
// before the baseline, whose JSONSerialization tree of the document takes far more).

extension Scenario {
  /// The whole command, `--openapi` on a generated 10 MB document with 50 registered types
  /// (two at a time, wall clock), against reading the same document with
  /// `JSONSerialization` on one thread: what any tool pays just to read the contract. The
  /// document is the same size whatever the record count.
  static let decodeCheckOpenAPI = Scenario(
    name: "decode-check-openapi",
    candidate: "--openapi, 10 MB document, 50 types, --jobs 2",
    baseline: "JSONSerialization reading the document",
    target: nil,
    clock: .wall
  ) { _ in
    let folder = try BenchmarkFolder.emptyFolder(named: "openapi")
    let document = folder.appendingPathComponent("openapi.json")
    let text = ContractDocument.text(resources: ContractDocument.resourceCount, bytes: 10_000_000)
    try Data(text.utf8).write(to: document)
    let byteCount = text.utf8.count
    let registry = ContractDocument.registry()
    let peakAfterCheck = FirstPeak()
    var comparison = try Comparison(
      candidate: Side(byteCount: byteCount) {
        let output = OutputLines()
        let status = DecodeCheckCommand.main(
          arguments: ["--openapi", document.path, "--jobs", "2"], registry: registry,
          name: "decode-check", environment: [:], standardOutput: TextStream { output.add($0) },
          standardError: TextStream { _ in })
        // The first run comes before any baseline: the peak then is the check's.
        if peakAfterCheck.value == nil { peakAfterCheck.value = peakResidentBytes() }
        return (status, output.text)
      },
      baseline: Side(byteCount: byteCount) {
        try JSONSerialization.jsonObject(with: Data(contentsOf: document)) is [String: Any]
      }
    ) { checked, read in
      let expected = "\(ContractDocument.resourceCount) schemas checked ("
      guard checked.0 == 0, checked.1.hasPrefix(expected), read else {
        throw ComparisonError(
          description: "the contract check did not pass as expected (exit \(checked.0)): "
            + checked.1.prefix(2_000))
      }
    }
    comparison.candidatePeakMemoryBytes = peakAfterCheck.value
    return comparison
  }
}

/// The peak memory the first candidate run left, set once.
private final class FirstPeak {
  var value: Int?
}

/// Lines a command printed, gathered from any thread.
private final class OutputLines: @unchecked Sendable {
  // `@unchecked` because every access to `text` holds `lock`.
  private let lock = NSLock()
  private var collected = ""

  func add(_ text: String) {
    lock.withLock { collected += text }
  }

  var text: String {
    lock.withLock { collected }
  }
}

/// A generated OpenAPI 3.1 document the size of a large real contract: the schemas the
/// benchmark's models are checked against (`Resource0`…), each with enums, shared `$ref`s,
/// nullable and optional members, a date-time, bounded integers, a dictionary, a reference
/// to itself and a discriminated `oneOf` of events, and an example on its response; and as
/// many other schemas (`Filler0`…) as it takes to reach the size, as the many schemas of a
/// contract no check maps.
enum ContractDocument {
  /// How many schemas the models are checked against.
  static let resourceCount = 50

  /// The document, of at least `bytes` bytes.
  static func text(resources: Int, bytes: Int) -> String {
    var schemas: [String] = [shared]
    var paths: [String] = []
    for index in 0..<resources {
      schemas.append(resource(index))
      paths.append(
        #""/resources\#(index)/{id}": {"get": {"responses": {"200": {"content": {"#
          + ##""application/json": {"schema": {"$ref": "#/components/schemas/Resource\##(index)"}, "##
          + #""example": \#(example)}}}}}}"#)
    }
    var size = schemas.reduce(0) { $0 + $1.utf8.count }
    var filler = 0
    while size < bytes {
      let schema = fillerSchema(filler)
      schemas.append(schema)
      size += schema.utf8.count
      filler += 1
    }
    return """
      {
        "openapi": "3.1.0",
        "info": {"title": "Benchmark", "version": "1.0.0"},
        "paths": {
          \(paths.joined(separator: ",\n    "))
        },
        "components": {
          "schemas": {
            \(schemas.joined(separator: ",\n      "))
          }
        }
      }

      """
  }

  private static let shared = #"""
    "Status": {"type": "string", "enum": ["draft", "open", "held", "closed", "void", "archived"]},
          "Money": {"type": "object", "required": ["amount", "currency"], "properties": {
            "amount": {"type": "number", "format": "double", "minimum": 0},
            "currency": {"type": "string", "enum": ["EUR", "USD", "GBP", "CHF", "JPY"]}}},
          "LineItem": {"type": "object", "required": ["sku", "quantity"], "properties": {
            "sku": {"type": "string", "example": "SKU-1"},
            "quantity": {"type": "integer", "format": "int32", "minimum": 1, "maximum": 999},
            "unit": {"type": "string", "enum": ["piece", "box", "kg"]}}},
          "Event": {"oneOf": [{"$ref": "#/components/schemas/Created"},
                              {"$ref": "#/components/schemas/Moved"},
                              {"$ref": "#/components/schemas/Priced"},
                              {"$ref": "#/components/schemas/Closed"}],
                    "discriminator": {"propertyName": "type", "mapping": {
                      "created": "#/components/schemas/Created", "moved": "#/components/schemas/Moved",
                      "priced": "#/components/schemas/Priced", "closed": "#/components/schemas/Closed"}}},
          "Created": {"type": "object", "required": ["type", "at"], "properties": {
            "type": {"type": "string"}, "at": {"type": "string", "format": "date-time"}}},
          "Moved": {"type": "object", "required": ["type", "at", "to"], "properties": {
            "type": {"type": "string"}, "at": {"type": "string", "format": "date-time"},
            "to": {"type": "string"}}},
          "Priced": {"type": "object", "required": ["type", "at", "price"], "properties": {
            "type": {"type": "string"}, "at": {"type": "string", "format": "date-time"},
            "price": {"$ref": "#/components/schemas/Money"}}},
          "Closed": {"type": "object", "required": ["type", "at"], "properties": {
            "type": {"type": "string"}, "at": {"type": "string", "format": "date-time"},
            "reason": {"type": ["string", "null"]}}}
    """#

  private static func resource(_ index: Int) -> String {
    let kinds = (0..<12).map { "\"kind\(index)x\($0)\"" }.joined(separator: ", ")
    return #"""
      "Resource\#(index)": {
              "type": "object",
              "required": ["id", "kind", "status", "created_at", "price", "items", "count"],
              "properties": {
                "id": {"type": "string", "format": "uuid"},
                "kind": {"type": "string", "enum": [\#(kinds)]},
                "status": {"$ref": "#/components/schemas/Status"},
                "created_at": {"type": "string", "format": "date-time"},
                "price": {"$ref": "#/components/schemas/Money"},
                "items": {"type": "array", "items": {"$ref": "#/components/schemas/LineItem"}},
                "metadata": {"type": "object", "additionalProperties": {"type": "string"}},
                "note": {"type": ["string", "null"]},
                "count": {"type": "integer", "format": "int32", "minimum": 0, "maximum": 1000},
                "ratio": {"type": "number", "format": "double"},
                "events": {"type": "array", "items": {"$ref": "#/components/schemas/Event"}},
                "parent": {"$ref": "#/components/schemas/Resource\#(index)"}
              }
            }
      """#
  }

  private static let example = #"""
    {"id": "3f2c8e4a-6b1d-4c7e-9a5f-0d8b2e6c4a19", "kind": "kind0x0", "status": "open",
     "created_at": "2024-05-01T12:00:00Z", "price": {"amount": 12.5, "currency": "EUR"},
     "items": [{"sku": "SKU-1", "quantity": 2}], "count": 3,
     "events": [{"type": "moved", "at": "2024-05-02T08:00:00Z", "to": "Lisbon"}]}
    """#

  private static func fillerSchema(_ index: Int) -> String {
    var properties: [String] = []
    for field in 0..<25 {
      properties.append(
        #""field\#(field)": {"type": "string", "maxLength": 200, "description": "#
          + #""Field \#(field) of a schema no model is mapped to, described at some length.""#
          + "}")
    }
    properties.append(##""status": {"$ref": "#/components/schemas/Status"}"##)
    return #""Filler\#(index)": {"type": "object", "properties": {"#
      + properties.joined(separator: ", ") + "}}"
  }

  /// A registry of ``resourceCount`` distinct model types, each checked against its own
  /// `Resource<n>`: `ContractResource` wrapped in ``Nested`` once more for each, since a
  /// registry holds each type once and Swift cannot declare 50 types in a loop.
  static func registry() -> ModelRegistry {
    var registry = ModelRegistry()
    register(ContractResource.self, index: 0, into: &registry)
    return registry
  }

  private static func register<Model: Decodable>(
    _ model: Model.Type, index: Int, into registry: inout ModelRegistry
  ) {
    guard index < resourceCount else { return }
    registry.register(model, schema: "Resource\(index)")
    register(Nested<Model>.self, index: index + 1, into: &registry)
  }
}

/// ``ContractResource`` under another type's name.
private struct Nested<Inner: Decodable>: Decodable {
  var resource: ContractResource

  init(from decoder: any Decoder) throws {
    resource = try ContractResource(from: decoder)
  }
}

/// What an app's model of a `Resource<n>` reads.
private struct ContractResource: Decodable {
  var id: UUID
  var kind: String
  var status: String
  var createdAt: String
  var price: Money
  var items: [LineItem]
  var metadata: [String: String]?
  var note: String?
  var count: Int32
  var ratio: Double?
  var events: [Event]?

  enum CodingKeys: String, CodingKey {
    case id, kind, status, price, items, metadata, note, count, ratio, events
    case createdAt = "created_at"
  }

  struct Money: Decodable {
    var amount: Double
    var currency: String
  }

  struct LineItem: Decodable {
    var sku: String
    var quantity: Int
    var unit: String?
  }

  struct Event: Decodable {
    var type: String
    var at: String
  }
}
