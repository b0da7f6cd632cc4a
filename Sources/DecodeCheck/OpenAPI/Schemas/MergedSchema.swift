/// A schema with its `$ref` and `allOf` parts read as one: what a value of it must be.
///
/// `{"allOf": [{"$ref": "#/components/schemas/Base"}, {"properties": {…}}]}` has the
/// properties and `required` of both; the first part that says something else (a type, a
/// format, an `enum`, `items`, branches) decides it. A `oneOf` / `anyOf` branch that is only
/// `{"type": "null"}` (3.1) makes the schema nullable and is not a branch.
///
/// ```swift
/// let merged = MergedSchema(graph, filter)
/// merged.properties.map(\.name)  // ["id", "filter_action"]
/// merged.required                // ["id"]
/// ```
@dynamicMemberLookup
struct MergedSchema {
  /// The schemas read as one, the schema itself first; each once, however it was reached.
  private(set) var parts: [SchemaID] = []
  /// The parts' keywords as one schema: every part's properties (a name given again by a
  /// later part is left out) and `required`; the first part's of everything else. Its
  /// `oneOf`, `anyOf`, `allOf` and `$ref` stay empty: ``branches`` and ``parts`` read them.
  /// Its members are the merged schema's own (`merged.types`, `merged.properties`).
  private var keywords: Schema
  /// The branches of the first part with `oneOf` or `anyOf`, without `{"type": "null"}`.
  var branches: [SchemaID] = []
  /// Whether ``branches`` come from `oneOf` (exactly one applies) rather than `anyOf`.
  var branchesAreExclusive = true
  /// Where the branches are: `…/oneOf` or `…/anyOf`.
  var branchesSite: SpecSite?
  /// The references among the parts that lead outside the document or nowhere, with where
  /// each `$ref` is.
  var unresolvedReferences: [(reference: SchemaReference, site: SpecSite)] = []

  /// A keyword of the parts read as one.
  subscript<Value>(dynamicMember keyword: KeyPath<Schema, Value>) -> Value {
    keywords[keyPath: keyword]
  }

  /// The most parts one schema is read from; a document that chains more is cut there.
  static let maximumParts = 64

  /// Reads `id` with its parts, leaving out those in `excluded`: a `oneOf` branch that is
  /// `allOf` its owner (`Cat` is `allOf: [Pet, …]` and `Pet` is `oneOf: [Cat, Dog]`) is read
  /// without the owner, which is being generated around it.
  init(_ graph: SchemaGraph, _ id: SchemaID, excluding excluded: Set<SchemaID> = []) {
    keywords = Schema(site: graph[id].site)
    // Each part, and whether it was reached through an `allOf`.
    var pending = [(id, false)]
    var seen = excluded
    var names: Set<String> = []
    while let (next, isInherited) = pending.popLast(), parts.count < Self.maximumParts {
      guard seen.insert(next).inserted else { continue }
      parts.append(next)
      let schema = graph[next]
      add(schema, graph: graph, names: &names, isInherited: isInherited)
      // Depth first, in the order written: the reference, then each `allOf` member.
      var children: [(SchemaID, Bool)] = []
      switch schema.reference {
      case .local(let target): children.append((target, isInherited))
      case .external, .missing:
        let site = schema.referenceSite ?? schema.site
        unresolvedReferences.append((schema.reference!, site))
      case nil: break
      }
      children += schema.allOf.map { ($0, true) }
      pending += children.reversed()
    }
    if branches.isEmpty, let discriminator = keywords.discriminator {
      addMappedBranches(of: discriminator)
    }
  }

  /// A discriminator without `oneOf` or `anyOf` beside it (the 3.0 way of subtypes that are
  /// `allOf` their parent): its mapping's schemas are the branches.
  private mutating func addMappedBranches(of discriminator: Discriminator) {
    for entry in discriminator.mapping {
      guard case .local(let target) = entry.target, !branches.contains(target),
        !parts.contains(target)
      else { continue }
      branches.append(target)
    }
    branchesSite = SpecSite(
      pointer: discriminator.site.pointer.appending("mapping"), offset: discriminator.site.offset)
  }

  /// Reads one part into the whole. A part reached through `allOf` (`Cat` is `allOf: [Pet,
  /// …]`) gives its members, not its branches or discriminator: those say what `Pet` may
  /// be, not what `Cat` is.
  private mutating func add(
    _ schema: Schema, graph: SchemaGraph, names: inout Set<String>, isInherited: Bool
  ) {
    var merged = keywords
    if merged.types.isEmpty { merged.types = schema.types }
    merged.isNullable = merged.isNullable || schema.isNullable
    merged.format = merged.format ?? schema.format
    if merged.enumValues.isEmpty { merged.enumValues = schema.enumValues }
    merged.constant = merged.constant ?? schema.constant
    merged.minimum = merged.minimum ?? schema.minimum
    merged.maximum = merged.maximum ?? schema.maximum
    merged.minLength = merged.minLength ?? schema.minLength
    merged.maxLength = merged.maxLength ?? schema.maxLength
    merged.minItems = merged.minItems ?? schema.minItems
    for property in schema.properties where names.insert(property.name).inserted {
      merged.properties.append(property)
    }
    merged.required.formUnion(schema.required)
    if merged.additionalProperties == .unspecified {
      merged.additionalProperties = schema.additionalProperties
    }
    merged.items = merged.items ?? schema.items
    if !isInherited, branches.isEmpty, !schema.oneOf.isEmpty || !schema.anyOf.isEmpty {
      let isExclusive = !schema.oneOf.isEmpty
      let all = isExclusive ? schema.oneOf : schema.anyOf
      branchesAreExclusive = isExclusive
      branchesSite = SpecSite(
        pointer: schema.site.pointer.appending(isExclusive ? "oneOf" : "anyOf"),
        offset: schema.site.offset)
      for branch in all {
        if Self.isNullBranch(graph[branch]) {
          merged.isNullable = true
        } else {
          branches.append(branch)
        }
      }
    }
    if !isInherited { merged.discriminator = merged.discriminator ?? schema.discriminator }
    if merged.examples.isEmpty { merged.examples = schema.examples }
    merged.defaultValue = merged.defaultValue ?? schema.defaultValue
    merged.allowsNothing = merged.allowsNothing || schema.allowsNothing
    merged.isWriteOnly = merged.isWriteOnly || schema.isWriteOnly
    keywords = merged
  }

  /// Whether a branch allows only `null`: `{"type": "null"}`.
  private static func isNullBranch(_ schema: Schema) -> Bool {
    schema.isNullable && schema.types.isEmpty && schema.reference == nil
      && schema.properties.isEmpty && schema.allOf.isEmpty && schema.oneOf.isEmpty
      && schema.anyOf.isEmpty && schema.enumValues.isEmpty
  }

  /// The JSON type a value is generated as: the first of `type`, or the one the other
  /// keywords imply; `nil` when nothing says (any value).
  var impliedType: SchemaType? {
    let schema = keywords
    if let first = schema.types.first { return first }
    if !schema.properties.isEmpty || !schema.required.isEmpty
      || schema.additionalProperties != .unspecified
    {
      return .object
    }
    if schema.items != nil || schema.minItems != nil { return .array }
    if schema.format != nil || schema.minLength != nil || schema.maxLength != nil { return .string }
    if schema.minimum != nil || schema.maximum != nil { return .number }
    return nil
  }
}
