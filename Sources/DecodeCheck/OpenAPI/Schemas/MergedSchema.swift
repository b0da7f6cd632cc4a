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
struct MergedSchema {
  /// The schemas read as one, the schema itself first; each once, however it was reached.
  private(set) var parts: [SchemaID] = []
  var site: SpecSite
  var types: [SchemaType] = []
  var isNullable = false
  var format: String?
  var enumValues: [SpecValue] = []
  var constant: SpecValue?
  var minimum: NumberBound?
  var maximum: NumberBound?
  var minLength: Int?
  var maxLength: Int?
  var minItems: Int?
  /// Every part's properties, in order; a name given again by a later part is left out.
  var properties: [SchemaProperty] = []
  var required: Set<String> = []
  var additionalProperties = AdditionalProperties.unspecified
  var items: SchemaID?
  /// The branches of the first part with `oneOf` or `anyOf`, without `{"type": "null"}`.
  var branches: [SchemaID] = []
  /// Whether ``branches`` come from `oneOf` (exactly one applies) rather than `anyOf`.
  var branchesAreExclusive = true
  /// Where the branches are: `…/oneOf` or `…/anyOf`.
  var branchesSite: SpecSite?
  var discriminator: Discriminator?
  var examples: [SpecValue] = []
  var defaultValue: SpecValue?
  var allowsNothing = false
  /// `writeOnly: true`: sent to the server, never by it, so never required in a response.
  var isWriteOnly = false
  /// The references among the parts that lead outside the document or nowhere, with where
  /// each `$ref` is.
  var unresolvedReferences: [(reference: SchemaReference, site: SpecSite)] = []

  /// The most parts one schema is read from; a document that chains more is cut there.
  static let maximumParts = 64

  /// Reads `id` with its parts, leaving out those in `excluded`: a `oneOf` branch that is
  /// `allOf` its owner (`Cat` is `allOf: [Pet, …]` and `Pet` is `oneOf: [Cat, Dog]`) is read
  /// without the owner, which is being generated around it.
  init(_ graph: SchemaGraph, _ id: SchemaID, excluding excluded: Set<SchemaID> = []) {
    site = graph[id].site
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
    if branches.isEmpty, let discriminator {
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
    if types.isEmpty { types = schema.types }
    isNullable = isNullable || schema.isNullable
    format = format ?? schema.format
    if enumValues.isEmpty { enumValues = schema.enumValues }
    constant = constant ?? schema.constant
    minimum = minimum ?? schema.minimum
    maximum = maximum ?? schema.maximum
    minLength = minLength ?? schema.minLength
    maxLength = maxLength ?? schema.maxLength
    minItems = minItems ?? schema.minItems
    for property in schema.properties where names.insert(property.name).inserted {
      properties.append(property)
    }
    required.formUnion(schema.required)
    if additionalProperties == .unspecified { additionalProperties = schema.additionalProperties }
    items = items ?? schema.items
    if !isInherited, branches.isEmpty, !schema.oneOf.isEmpty || !schema.anyOf.isEmpty {
      let isExclusive = !schema.oneOf.isEmpty
      let all = isExclusive ? schema.oneOf : schema.anyOf
      branchesAreExclusive = isExclusive
      branchesSite = SpecSite(
        pointer: schema.site.pointer.appending(isExclusive ? "oneOf" : "anyOf"),
        offset: schema.site.offset)
      for branch in all {
        if Self.isNullBranch(graph[branch]) {
          isNullable = true
        } else {
          branches.append(branch)
        }
      }
    }
    if !isInherited { discriminator = discriminator ?? schema.discriminator }
    if examples.isEmpty { examples = schema.examples }
    defaultValue = defaultValue ?? schema.defaultValue
    allowsNothing = allowsNothing || schema.allowsNothing
    isWriteOnly = isWriteOnly || schema.isWriteOnly
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
    if let first = types.first { return first }
    if !properties.isEmpty || !required.isEmpty || additionalProperties != .unspecified {
      return .object
    }
    if items != nil || minItems != nil { return .array }
    if format != nil || minLength != nil || maxLength != nil { return .string }
    if minimum != nil || maximum != nil { return .number }
    return nil
  }
}
