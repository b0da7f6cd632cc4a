import Foundation

/// A registered type and the schema of an OpenAPI document its payloads follow.
///
/// ```swift
/// let matches = try SchemaMatch.all(in: registry, document: document)
/// matches.map { "\($0.model.name) → \($0.schema)" }  // ["Filter → Filter", "Quote → Quote"]
/// ```
public struct SchemaMatch: Sendable, Hashable {
  /// The type.
  ///
  /// ```swift
  /// match.model.name  // "Filter"
  /// ```
  public let model: RegisteredModel
  /// The schema as the match names it: a name under `#/components/schemas`, or a pointer.
  ///
  /// ```swift
  /// match.schema  // "ContentFilter"
  /// ```
  public let schema: String
  /// Where the schema is.
  ///
  /// ```swift
  /// match.pointer.description  // "#/components/schemas/ContentFilter"
  /// ```
  public let pointer: JSONPointer

  /// The types of `registry` matched to schemas of `document`, in the registry's order.
  ///
  /// Each type is matched, first that applies:
  /// 1. by `map`, from type names (short or qualified, as `--type` takes them) to schema
  ///    names or pointers: the `--schemas` file;
  /// 2. by the schema its registration names (``RegisteredModel/schema``);
  /// 3. by name: a schema under `#/components/schemas` whose name is the type's short name,
  ///    exactly. A type with no such schema is left out; `decode-check` notes
  ///    those whose name is close to a schema's.
  ///
  /// ```swift
  /// let matches = try SchemaMatch.all(
  ///   in: registry, document: document, map: ["Notification": "#/components/schemas/Event"])
  /// ```
  ///
  /// - Throws: ``SchemaMappingError`` when `map` names a type that is not registered, or a
  ///   map entry or a registration names a schema the document does not have.
  public static func all(
    in registry: ModelRegistry, document: OpenAPIDocument, map: [String: String] = [:]
  ) throws(SchemaMappingError) -> [SchemaMatch] {
    var byType: [String: String] = [:]
    // An array of a registered type (`[User]`) is checked when the map names it.
    var arrays: [RegisteredModel] = []
    for (typeName, schema) in map.sorted(by: { $0.key < $1.key }) {
      do {
        let model = try registry.model(named: typeName)
        byType[model.qualifiedName] = schema
        if !registry.models.contains(model) { arrays.append(model) }
      } catch {
        throw SchemaMappingError(message: "the schema map names \(error.description)")
      }
    }
    var matches: [SchemaMatch] = []
    for model in registry.models + arrays {
      let mapped = byType[model.qualifiedName] ?? model.schema
      guard let schema = mapped ?? (document.schemaNames.contains(model.name) ? model.name : nil)
      else { continue }
      guard let pointer = document.schemaPointer(schema) else {
        let origin =
          byType[model.qualifiedName] != nil ? "the schema map" : "its registration"
        throw SchemaMappingError(
          message: "`\(model.name)` is mapped by \(origin) to the schema `\(schema)`, which "
            + "\(document.path) does not have" + suggestion(for: schema, in: document))
      }
      matches.append(SchemaMatch(model: model, schema: schema, pointer: pointer))
    }
    return matches
  }

  /// The registered types without a schema of their name whose name is close to one: the
  /// same letters in another case or with `_` and `-`, one or two letters apart, or the name
  /// with a prefix or suffix (`ListingDTO`). They are not checked unless mapped, so a type
  /// that `map` (the `--schemas` file, as ``all(in:document:map:)`` takes it) or its
  /// registration maps is none.
  ///
  /// ```swift
  /// SchemaMatch.nearMisses(in: registry, document: document)
  /// // [(type: "Listing", schema: "listing")]
  /// SchemaMatch.nearMisses(in: registry, document: document, map: ["Listing": "listing"])
  /// // []
  /// ```
  static func nearMisses(
    in registry: ModelRegistry, document: OpenAPIDocument, map: [String: String] = [:]
  ) -> [(type: String, schema: String)] {
    let mapped = Set(map.keys.compactMap { try? registry.model(named: $0).qualifiedName })
    return registry.models.compactMap { model in
      guard model.schema == nil, !mapped.contains(model.qualifiedName),
        !document.schemaNames.contains(model.name),
        let close = closestName(to: model.name, among: document.schemaNames)
      else { return nil }
      return (model.name, close)
    }
  }

  /// The one name among `names` closest to `name`, if any is close.
  static func closestName(to name: String, among names: [String]) -> String? {
    let folded = fold(name)
    var best: (name: String, distance: Int)?
    for candidate in names {
      let other = fold(candidate)
      let distance: Int
      if other == folded {
        distance = 0
      } else if folded.count >= 4,
        other.starts(with: folded) || other.reversed().starts(with: folded.reversed())
      {
        distance = 1 + abs(other.count - folded.count) / 8
      } else if abs(other.count - folded.count) <= 2 {
        distance = editDistance(folded, other, atMost: 2) ?? Int.max
      } else {
        continue
      }
      guard distance <= 2, distance < best?.distance ?? Int.max else { continue }
      best = (candidate, distance)
    }
    return best?.name
  }

  /// Lower case, without `_`, `-`, `.` and spaces: `Listing_Kind` and `listing-kind` fold
  /// alike.
  private static func fold(_ name: String) -> [Character] {
    Array(name.lowercased().filter { !"_-. ".contains($0) })
  }

  /// The Levenshtein distance of two names, or `nil` when it is more than `limit`.
  private static func editDistance(_ left: [Character], _ right: [Character], atMost limit: Int)
    -> Int?
  {
    var previous = Array(0...right.count)
    for (row, leftCharacter) in left.enumerated() {
      var current = [row + 1] + Array(repeating: 0, count: right.count)
      for (column, rightCharacter) in right.enumerated() {
        let substitution = previous[column] + (leftCharacter == rightCharacter ? 0 : 1)
        current[column + 1] = min(substitution, previous[column + 1] + 1, current[column] + 1)
      }
      if current.min() ?? 0 > limit { return nil }
      previous = current
    }
    return previous[right.count] <= limit ? previous[right.count] : nil
  }

  /// `; did you mean `Filter`?`, when a schema name is close to `schema`.
  private static func suggestion(for schema: String, in document: OpenAPIDocument) -> String {
    let name = schema.hasPrefix("#") ? (JSONPointer(fragment: schema)?.lastToken ?? schema) : schema
    return closestName(to: name, among: document.schemaNames).map { "; did you mean `\($0)`?" }
      ?? ""
  }

  /// Reads a `--schemas` file: a JSON object from type names to schema names or pointers.
  ///
  /// ```swift
  /// let map = try SchemaMatch.map(contentsOfFile: "schemas.json")
  /// ```
  ///
  /// - Throws: ``SchemaMappingError`` naming the file when it cannot be read or is not such
  ///   an object.
  public static func map(contentsOfFile path: String) throws(SchemaMappingError)
    -> [String: String]
  {
    let data: Data
    do {
      data = try readFile(atPath: path)
    } catch {
      throw SchemaMappingError(
        message: "cannot read the schema map `\(path)`: \(describeReadError(error))")
    }
    guard let object = try? JSONSerialization.jsonObject(with: data) else {
      throw SchemaMappingError(message: "the schema map `\(path)` is not valid JSON")
    }
    guard let map = object as? [String: String] else {
      throw SchemaMappingError(
        message: "the schema map `\(path)` must be a JSON object from type names to schema "
          + ##"names or pointers, such as {"Filter": "#/components/schemas/Filter"}"##)
    }
    return map
  }
}

/// Why types cannot be matched to schemas, in one line: a usage error of `--openapi`.
///
/// ```swift
/// do {
///   _ = try SchemaMatch.all(in: registry, document: document, map: ["Filtr": "Filter"])
/// } catch {
///   print(error)  // the schema map names unknown type `Filtr`; registered types: Filter, Quote
/// }
/// ```
public struct SchemaMappingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The problem, naming the type, the schema or the file.
  ///
  /// ```swift
  /// error.message  // "the schema map names unknown type `Filtr`; registered types: …"
  /// ```
  let message: String

  /// The problem, naming the type, the schema or the file.
  ///
  /// ```swift
  /// print(error)  // the schema map names unknown type `Filtr`; registered types: …
  /// ```
  public var description: String { message }
}

extension OpenAPIDocument {
  /// The pointer of a schema named as a map or a registration names it: a name under
  /// `#/components/schemas` or a pointer to a schema object; `nil` when there is none.
  func schemaPointer(_ schema: String) -> JSONPointer? {
    let pointer =
      schema.hasPrefix("#")
      ? JSONPointer(fragment: schema) : OpenAPIDocument.pointer(toSchemaNamed: schema)
    guard let pointer, let node = tree.node(at: pointer), tree.nodes[node].kind == .object else {
      return nil
    }
    return pointer
  }
}
