import CodableResilience

/// An example payload written in an OpenAPI document: a schema's `example` or `examples`, or
/// one of a response's.
struct SpecExample: Sendable {
  /// How reports name it: `example`, `example 2`, `example "boat" of GET /listings 200`.
  var name: String
  var value: SpecValue
}

extension OpenAPIDocument {
  /// The operations' methods, as path items name them.
  private static let methods = [
    "get", "put", "post", "delete", "options", "head", "patch", "trace",
  ]

  /// The examples of every JSON response, by the pointer of the schema the response's
  /// `schema` refers to (or is): what a server answering that operation sends.
  ///
  /// Responses and examples given by `$ref` (`#/components/responses/…`,
  /// `#/components/examples/…`) are followed; an `externalValue` is not fetched.
  func responseExamplesBySchema() -> [JSONPointer: [SpecExample]] {
    var examples: [JSONPointer: [SpecExample]] = [:]
    guard let paths = tree.member("paths", of: JSONDocument.root) else { return [:] }
    let pathsPointer = JSONPointer.root.appending("paths")
    for pathItem in tree.elements(of: paths.value) {
      guard let route = pathItem.key else { continue }
      let itemPointer = pathsPointer.appending(route)
      for method in Self.methods {
        guard let operation = tree.member(method, of: pathItem.value),
          let responses = tree.member("responses", of: operation.value)
        else { continue }
        let responsesPointer = itemPointer.appending(method).appending("responses")
        for response in tree.elements(of: responses.value) {
          guard let status = response.key else { continue }
          let (node, pointer) = resolved(response.value, at: responsesPointer.appending(status))
          guard let content = tree.member("content", of: node) else { continue }
          for media in tree.elements(of: content.value) {
            guard let type = media.key, type.lowercased().contains("json") else { continue }
            let mediaPointer = pointer.appending("content").appending(type)
            // An inline schema is known by where it sits: under the operation, and under the
            // shared response a `$ref` leads to, when there is one.
            let schemaPointers =
              schemaPointer(ofMedia: media.value).map { [$0] }
              ?? [
                mediaPointer,
                responsesPointer.appending(status).appending("content").appending(type),
              ].map { $0.appending("schema") }
            guard tree.member("schema", of: media.value) != nil else { continue }
            let label = "of \(method.uppercased()) \(route) \(status)"
            let found = mediaExamples(media.value, at: mediaPointer, label: label)
            for schemaPointer in Set(schemaPointers) {
              // One example shared by several operations (`#/components/examples/…`) is one
              // payload, named by the first operation that uses it.
              let known = Set(examples[schemaPointer, default: []].map(\.value.node))
              examples[schemaPointer, default: []] += found.filter {
                !known.contains($0.value.node)
              }
            }
          }
        }
      }
    }
    return examples
  }

  /// The node a `$ref` object leads to within the document, with its pointer; the node
  /// itself when it is no reference (or one that leads nowhere).
  private func resolved(_ node: Int, at pointer: JSONPointer) -> (Int, JSONPointer) {
    guard let reference = tree.member("$ref", of: node), let text = tree.string(reference.value),
      let target = JSONPointer(fragment: text), let found = tree.node(at: target)
    else { return (node, pointer) }
    return (found, target)
  }

  /// The pointer of the schema a media type's `schema` refers to; `nil` for an inline one.
  private func schemaPointer(ofMedia media: Int) -> JSONPointer? {
    guard let schema = tree.member("schema", of: media) else { return nil }
    guard let reference = tree.member("$ref", of: schema.value) else { return nil }
    return tree.string(reference.value).flatMap(JSONPointer.init(fragment:))
  }

  /// A media type's `example` and each of its `examples` (by `value`, references followed).
  private func mediaExamples(_ media: Int, at pointer: JSONPointer, label: String)
    -> [SpecExample]
  {
    var found: [SpecExample] = []
    if let example = tree.member("example", of: media) {
      let site = SpecSite(pointer: pointer.appending("example"), offset: example.offset)
      found.append(
        SpecExample(name: "example \(label)", value: SpecValue(node: example.value, site: site)))
    }
    if let examples = tree.member("examples", of: media) {
      let examplesPointer = pointer.appending("examples")
      for entry in tree.elements(of: examples.value) {
        guard let name = entry.key else { continue }
        let (node, entryPointer) = resolved(entry.value, at: examplesPointer.appending(name))
        guard let value = tree.member("value", of: node) else { continue }
        let site = SpecSite(pointer: entryPointer.appending("value"), offset: value.offset)
        found.append(
          SpecExample(
            name: "example \(jsonQuoted(name)) \(label)",
            value: SpecValue(node: value.value, site: site)))
      }
    }
    return found
  }
}
