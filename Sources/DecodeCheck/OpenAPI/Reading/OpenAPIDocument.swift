import Foundation

/// An OpenAPI 3.0 or 3.1 document, read from JSON with the position of everything in it, so
/// findings can name `api.json:41:17` and `#/components/schemas/Filter/properties/action`.
///
/// ```swift
/// let document = try OpenAPIDocument(contentsOfFile: "api.json")
/// document.version      // "3.1.0"
/// document.schemaNames  // ["Filter", "Notification", "Quote"]
/// ```
///
/// Only JSON is read: a YAML document is refused with one line saying how to convert it.
/// Text that is not JSON, JSON that is not OpenAPI 3.0 or 3.1, and a `components.schemas` that
/// is not an object are refused with their line and column.
public struct OpenAPIDocument: Sendable {
  /// The path the document was read from, as given; findings name it.
  ///
  /// ```swift
  /// try OpenAPIDocument(contentsOfFile: "api.json").path  // "api.json"
  /// ```
  let path: String

  /// The `openapi` member.
  ///
  /// ```swift
  /// document.version  // "3.1.0"
  /// ```
  let version: String

  /// The names under `#/components/schemas`, in the order written.
  ///
  /// ```swift
  /// document.schemaNames.contains("Filter")  // true
  /// ```
  let schemaNames: [String]

  /// The document itself.
  let tree: JSONDocument

  /// The node of `#/components/schemas`, when there is one.
  let schemasNode: Int?

  /// Reads the document at `path`.
  ///
  /// ```swift
  /// let document = try OpenAPIDocument(contentsOfFile: "Fixtures/OpenAPI/openapi.json")
  /// ```
  ///
  /// - Throws: ``OpenAPIDocumentError`` naming the file and, where there is one, the line and
  ///   column: it cannot be read, it is YAML, it is not valid JSON, or it is not OpenAPI 3.0
  ///   or 3.1.
  public init(contentsOfFile path: String) throws(OpenAPIDocumentError) {
    let data: Data
    do {
      data = try readFile(atPath: path)
    } catch {
      throw OpenAPIDocumentError(
        path: path, kind: .inputError,
        message: "cannot read the OpenAPI document: \(describeReadError(error))")
    }
    try self.init(data: data, path: path)
  }

  /// Reads a document held in memory, reported as the file at `path`.
  ///
  /// ```swift
  /// let document = try OpenAPIDocument(data: Data(#"{"openapi": "3.1.0"}"#.utf8), path: "api.json")
  /// ```
  ///
  /// - Throws: ``OpenAPIDocumentError``, as ``init(contentsOfFile:)``.
  init(data: Data, path: String) throws(OpenAPIDocumentError) {
    self.path = path
    let bytes = [UInt8](data)
    func refuse(_ message: String, at offset: Int? = nil, kind: Finding.Kind = .inputError)
      -> OpenAPIDocumentError
    {
      let position = offset.flatMap { offset in
        bytes.withUnsafeBytes { JSONScanner($0).positions(of: [offset])[offset] }
      }
      return OpenAPIDocumentError(path: path, kind: kind, message: message, position: position)
    }
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    if let yaml = Self.yamlConversionHint(bytes, from: start, path: path) {
      throw refuse(yaml)
    }
    let syntaxError = bytes.withUnsafeBytes { JSONScanner($0).firstSyntaxError() }
    if let syntaxError {
      let message =
        bytes[start...].allSatisfy(ASCII.isWhitespace)
        ? "the OpenAPI document is empty" : syntaxError.message
      throw refuse(message, at: syntaxError.offset, kind: .invalidJSON)
    }
    let tree = JSONDocument(validJSON: bytes, from: start)
    let root = tree.nodes[JSONDocument.root]
    guard root.kind == .object else {
      throw refuse(
        "not an OpenAPI document: the top level is \(root.kind.words), not an object",
        at: root.offset)
    }
    guard let versionMember = tree.member("openapi", of: JSONDocument.root) else {
      if let swagger = tree.member("swagger", of: JSONDocument.root) {
        throw refuse(
          "a Swagger 2.0 document; decode-check reads OpenAPI 3.0 and 3.1: convert it first, "
            + "for example with `npx swagger2openapi \(path) -o openapi.json`",
          at: swagger.offset)
      }
      throw refuse(
        "not an OpenAPI document: the top level has no `openapi` member naming its version",
        at: root.offset)
    }
    guard let version = tree.string(versionMember.value) else {
      throw refuse(
        "`openapi` must be a version string such as \"3.1.0\", not "
          + tree.nodes[versionMember.value].kind.words,
        at: tree.nodes[versionMember.value].offset)
    }
    guard version.hasPrefix("3.0") || version.hasPrefix("3.1") else {
      throw refuse(
        "OpenAPI \(version) is not read; decode-check reads OpenAPI 3.0 and 3.1",
        at: tree.nodes[versionMember.value].offset)
    }
    self.version = version
    var schemasNode: Int?
    if let components = tree.member("components", of: JSONDocument.root),
      let schemas = tree.member("schemas", of: components.value)
    {
      guard tree.nodes[schemas.value].kind == .object else {
        throw refuse(
          "`components.schemas` must be an object of schemas by name, not "
            + tree.nodes[schemas.value].kind.words,
          at: schemas.offset)
      }
      schemasNode = schemas.value
    }
    self.schemasNode = schemasNode
    schemaNames = schemasNode.map { tree.elements(of: $0).compactMap(\.key) } ?? []
    self.tree = tree
  }

  /// Whether `openapi` says 3.1.
  var isVersion31: Bool { version.hasPrefix("3.1") }

  /// The pointer to the schema called `name` under `#/components/schemas`.
  static func pointer(toSchemaNamed name: String) -> JSONPointer {
    JSONPointer.root.appending("components").appending("schemas").appending(name)
  }

  /// When the text is YAML rather than JSON, the one line that says so and how to convert it.
  ///
  /// Text that starts like JSON is read as JSON, whatever the file is called (JSON is YAML
  /// too); other text is taken for YAML when the file is named `.yaml` or `.yml`, or its
  /// first line is a `---` or an `openapi:` / `swagger:` key.
  private static func yamlConversionHint(_ bytes: [UInt8], from start: Int, path: String)
    -> String?
  {
    guard let first = bytes[start...].firstIndex(where: { !ASCII.isWhitespace($0) }) else {
      return nil
    }
    if bytes[first] == ASCII.openBrace || bytes[first] == ASCII.openBracket { return nil }
    let lowercasedPath = path.lowercased()
    let firstLine = String(decoding: bytes[first...].prefix { $0 != ASCII.newline }, as: UTF8.self)
    let looksLikeYAML =
      lowercasedPath.hasSuffix(".yaml") || lowercasedPath.hasSuffix(".yml")
      || firstLine.hasPrefix("---") || firstLine.hasPrefix("openapi:")
      || firstLine.hasPrefix("swagger:")
    guard looksLikeYAML else { return nil }
    var json = (path as NSString).deletingPathExtension + ".json"
    if json == path { json = "openapi.json" }
    return "the OpenAPI document is YAML; decode-check reads JSON: convert it first, "
      + "for example with `yq -o=json \(path) > \(json)` or `python3 -c 'import json, sys, "
      + "yaml; json.dump(yaml.safe_load(sys.stdin), sys.stdout, indent=2)' < \(path) > \(json)`"
  }
}

/// Why an OpenAPI document cannot be read, in one line naming the file and, where there is
/// one, the line and column: `api.json:3:5: not valid JSON: …`.
///
/// ```swift
/// do {
///   _ = try OpenAPIDocument(contentsOfFile: "api.yaml")
/// } catch {
///   print(error)  // api.yaml: the OpenAPI document is YAML; decode-check reads JSON: …
/// }
/// ```
public struct OpenAPIDocumentError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The document's path, as given.
  ///
  /// ```swift
  /// error.path  // "api.yaml"
  /// ```
  let path: String

  /// What is wrong, in words.
  ///
  /// ```swift
  /// error.message  // "not an OpenAPI document: the top level has no `openapi` member …"
  /// ```
  let message: String

  /// Where in the document, when the problem has a place.
  ///
  /// ```swift
  /// error.position?.description  // "3:13"
  /// ```
  let position: TextPosition?

  /// The kind of finding the problem is reported as: invalid JSON, or an input that could
  /// not be checked.
  let kind: Finding.Kind

  init(path: String, kind: Finding.Kind, message: String, position: TextPosition? = nil) {
    self.path = path
    self.kind = kind
    self.message = message
    self.position = position
  }

  /// The whole error on one line.
  ///
  /// ```swift
  /// print(error)  // api.json:3:13: not valid JSON: unexpected character `,`; …
  /// ```
  public var description: String {
    path + (position.map { ":\($0.line):\($0.column)" } ?? "") + ": " + message
  }
}
