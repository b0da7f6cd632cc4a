import Foundation

@testable import DecodeCheck

/// OpenAPI documents written in the tests, as text.
enum Specs {
  /// A document of `version` whose `components.schemas` is `schemas` (a JSON object's
  /// members, without the braces) and whose `paths` is `paths`.
  static func document(
    schemas: String, version: String = "3.1.0", paths: String = "{}"
  ) -> String {
    """
    {
      "openapi": "\(version)",
      "info": {"title": "Test", "version": "1"},
      "paths": \(paths),
      "components": {
        "schemas": {
          \(schemas)
        }
      }
    }
    """
  }

  /// Reads a document held in `text`, reported as `api.json`.
  static func read(_ text: String, path: String = "api.json") throws(OpenAPIDocumentError)
    -> OpenAPIDocument
  {
    try OpenAPIDocument(data: Data(text.utf8), path: path)
  }

  /// Checks the registry's types against the document in `text`, matched by name.
  static func check(
    _ text: String, registry: ModelRegistry, strict: Bool = false,
    maximumPayloads: Int = ContractChecker.defaultMaximumPayloadsPerSchema,
    map: [String: String] = [:]
  ) throws -> CheckReport {
    let document = try read(text)
    let matches = try SchemaMatch.all(in: registry, document: document, map: map)
    let checker = ContractChecker(strict: strict, maximumPayloadsPerSchema: maximumPayloads)
    return checker.check(document, matches: matches, maximumConcurrency: 2)
  }
}

extension CheckReport {
  /// Every finding of every type, in report order.
  var allFindings: [Finding] { files.flatMap(\.findings) }
}

extension Specs {
  /// The line and column where `needle` first occurs in `text` (after `after`, if given).
  static func position(of needle: String, in text: String, after: String? = nil) -> TextPosition? {
    var searched = text[...]
    if let after, let found = text.range(of: after) { searched = text[found.upperBound...] }
    guard let found = searched.range(of: needle) else { return nil }
    let before = text[..<found.lowerBound]
    let line = before.count(where: { $0 == "\n" }) + 1
    let column = before.reversed().prefix { $0 != "\n" }.count + 1
    return TextPosition(line: line, column: column)
  }
}

/// The sample API's published contract, `Fixtures/OpenAPI/openapi.json`, found above this file.
let hearthDocument: String = {
  var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  while folder.pathComponents.count > 1 {
    let document = folder.appendingPathComponent("Fixtures/OpenAPI/openapi.json")
    if FileManager.default.fileExists(atPath: document.path) { return document.path }
    folder.deleteLastPathComponent()
  }
  return "Fixtures/OpenAPI/openapi.json"
}()

/// A decoder of `Stamp`s whose dates are read with a formatter of whole seconds, as many apps
/// do: it refuses the fractional seconds RFC 3339 allows.
func wholeSecondsDecoder() -> JSONDecoder {
  let formatter = DateFormatter()
  formatter.locale = Locale(identifier: "en_US_POSIX")
  formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssXXXXX"
  let decoder = JSONDecoder()
  decoder.dateDecodingStrategy = .formatted(formatter)
  return decoder
}
