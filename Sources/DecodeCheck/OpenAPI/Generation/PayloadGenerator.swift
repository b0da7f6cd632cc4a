/// Makes a payload from a schema: every property present, each value of its spec type and
/// format (or the first `enum` value, the `const`, the first branch of a `oneOf`), arrays of
/// one element, dictionaries of one entry.
///
/// What cannot be generated is cut and left out where the spec allows it to be missing: an
/// optional member, an array's items (the array is empty), a nullable value (`null`). A cut
/// that reaches a required member cuts the object holding it, and so on up. Cuts happen at
/// a schema already being generated further up (a reference cycle), past
/// ``Limits/maximumDepth`` levels, past ``Limits/maximumValues`` values in one payload, and at
/// a `$ref` to another document or to nothing; each is noted, for the report.
///
/// ```swift
/// var generator = PayloadGenerator(graph: graph)
/// if case .value(let payload) = generator.value(of: quote) {
///   payload.json()  // {"id":"text","state":"draft","total":1.5}
/// }
/// generator.notes  // what was left out, and why
/// ```
struct PayloadGenerator {
  /// How big one payload may grow.
  struct Limits: Sendable {
    /// The deepest a payload nests; well under the 512 levels `JSONDecoder` reads.
    var maximumDepth = 64
    /// The most values (objects, arrays and scalars) one payload holds.
    var maximumValues = 10_000
  }

  /// Why a value was not generated.
  enum Cut: Sendable, Hashable {
    /// The schema is already being generated further up: a reference cycle.
    case recursive
    case tooDeep
    case tooLarge
    /// A `$ref` to another document, or to nothing in this one.
    case unresolved(SchemaReference)
    /// The schema is `false`, or an `allOf` nothing can satisfy.
    case nothingAllowed
  }

  /// A part of the spec that was left out of a payload, and why.
  struct Note: Sendable, Hashable {
    var cut: Cut
    /// The member that was left out: a property, an array's items, a `$ref`.
    var site: SpecSite
    /// Whether leaving it out made the payload, or the value holding it, impossible: a
    /// required member that could not be generated.
    var isRequired: Bool
  }

  /// The outcome of generating one value.
  enum Outcome {
    case value(GeneratedValue)
    case cut(Cut)
  }

  let graph: SchemaGraph
  var limits = Limits()
  /// What was left out so far, in the order it happened, each once.
  private(set) var notes: [Note] = []
  private var noted: Set<Note> = []
  /// The schemas being generated, outermost first: the parts of every value on the way down.
  private var stack: [SchemaID] = []
  /// How many values the payload being made holds so far.
  private var valueCount = 0
  /// Whether the cut being returned comes up from a required member already noted.
  private var isPassingCutUp = false

  init(graph: SchemaGraph, limits: Limits = Limits()) {
    self.graph = graph
    self.limits = limits
  }

  /// A whole payload of the schema `id`.
  mutating func value(of id: SchemaID) -> Outcome {
    valueCount = 0
    stack = []
    return generate(id, depth: 0, branch: nil)
  }

  /// A value of the schema `owner` generated with branch `index` of its `oneOf` / `anyOf`
  /// (and the discriminator, if any, set to `discriminatorValue` or the branch's own name),
  /// to stand where a value of `owner` stood at `depth`.
  mutating func value(
    of owner: SchemaID, branch index: Int, discriminatorValue: String?, depth: Int
  ) -> Outcome {
    valueCount = 0
    stack = []
    return generate(owner, depth: depth, branch: (index, discriminatorValue))
  }

  /// A value written in the spec (an `enum` element, an example), as a generated value.
  func literal(_ value: SpecValue, reason: ValueOrigin.Reason, schema: SchemaID)
    -> GeneratedValue
  {
    let tree = graph.document.tree
    let origin = ValueOrigin(reason: reason, schema: schema, site: value.site)
    func convert(_ node: Int, depth: Int) -> GeneratedValue {
      let inner = ValueOrigin(reason: .literal, schema: schema, site: value.site)
      let content: GeneratedValue.Content
      switch tree.nodes[node].kind {
      case .object:
        content = .object(
          tree.elements(of: node).map {
            GeneratedMember(
              key: $0.key ?? "", value: convert($0.value, depth: depth + 1), isRequired: true,
              site: value.site)
          })
      case .array:
        content = .array(tree.elements(of: node).map { convert($0.value, depth: depth + 1) })
      case .string: content = .string(tree.string(node) ?? "")
      case .number: content = .number(tree.literal(node))
      case .boolean: content = .boolean(tree.boolean(node) == true)
      case .null: content = .null
      }
      return GeneratedValue(content: content, origin: depth == 0 ? origin : inner)
    }
    return convert(value.node, depth: 0)
  }

  /// Notes a member left out, unless it goes without saying: an optional member that refers
  /// back to its own schema is simply left out, a `$ref` that leads nowhere is noted where it
  /// is, and a cut passed up from a required member to the value holding it is noted once,
  /// where it began. Whether the cut goes on up (a required member) is remembered for the
  /// member above.
  private mutating func noteLeftOut(_ cut: Cut, at site: SpecSite, isRequired: Bool) {
    defer { isPassingCutUp = isRequired }
    if isPassingCutUp { return }
    switch cut {
    case .unresolved: return
    case .recursive where !isRequired: return
    default: note(cut, at: site, isRequired: isRequired)
    }
  }

  private mutating func note(_ cut: Cut, at site: SpecSite, isRequired: Bool) {
    let note = Note(cut: cut, site: site, isRequired: isRequired)
    if noted.insert(note).inserted { notes.append(note) }
  }
}

// MARK: - Values

extension PayloadGenerator {
  /// A value of `id`; `excluded` are the parts of a branch's owner, read without them.
  private mutating func generate(
    _ id: SchemaID, depth: Int, branch: (index: Int, discriminatorValue: String?)?,
    excluding excluded: Set<SchemaID> = []
  ) -> Outcome {
    // A cut made here is new; only one returned by a required member below is passed up.
    isPassingCutUp = false
    let merged = MergedSchema(graph, id, excluding: excluded)
    if let (reference, site) = merged.unresolvedReferences.first,
      merged.parts.count == 1
        || merged.impliedType == nil && merged.enumValues.isEmpty && merged.branches.isEmpty
    {
      // A `$ref` that leads nowhere stands for the whole value.
      note(.unresolved(reference), at: site, isRequired: false)
      return .cut(.unresolved(reference))
    }
    if merged.parts.contains(where: stack.contains) { return .cut(.recursive) }
    if depth > limits.maximumDepth { return .cut(.tooDeep) }
    if valueCount >= limits.maximumValues { return .cut(.tooLarge) }
    if merged.allowsNothing { return .cut(.nothingAllowed) }
    valueCount += 1
    stack += merged.parts
    defer { stack.removeLast(merged.parts.count) }

    let origin = ValueOrigin(reason: .typeAndFormat, schema: id, site: merged.site)
    if let constant = merged.constant {
      return .value(literal(constant, reason: .constant, schema: id))
    }
    if let first = merged.enumValues.first(where: { !isNull($0) }) ?? merged.enumValues.first {
      return .value(literal(first, reason: .enumValue, schema: id))
    }
    if !merged.branches.isEmpty {
      return generateBranch(of: id, merged, depth: depth, choice: branch)
    }
    switch merged.impliedType {
    case .string:
      if merged.format == nil, let example = merged.examples.first ?? merged.defaultValue,
        graph.document.tree.nodes[example.node].kind == .string
      {
        // A plain string the spec shows (an ID with a pattern, a currency code) is sent as
        // shown; a formatted one is sent as its format says.
        return .value(literal(example, reason: .example, schema: id))
      }
      let text = FormatSamples.string(
        format: merged.format, minLength: merged.minLength, maxLength: merged.maxLength)
      return .value(GeneratedValue(content: .string(text), origin: origin))
    case .integer:
      let text = FormatSamples.integer(minimum: merged.minimum, maximum: merged.maximum)
      return .value(GeneratedValue(content: .number(text), origin: origin))
    case .number:
      let text = FormatSamples.number(minimum: merged.minimum, maximum: merged.maximum)
      return .value(GeneratedValue(content: .number(text), origin: origin))
    case .boolean:
      return .value(GeneratedValue(content: .boolean(true), origin: origin))
    case .array:
      return generateArray(merged, origin: origin, depth: depth)
    case .object:
      return generateObject(merged, origin: origin, depth: depth)
    case nil:
      if let example = merged.examples.first ?? merged.defaultValue {
        return .value(literal(example, reason: .example, schema: id))
      }
      if merged.isNullable, merged.types.isEmpty, merged.unresolvedReferences.isEmpty {
        return .value(GeneratedValue(content: .null, origin: origin))
      }
      var anyValue = origin
      anyValue.reason = .anyValue
      return .value(GeneratedValue(content: .object([]), origin: anyValue))
    }
  }

  private func isNull(_ value: SpecValue) -> Bool {
    graph.document.tree.nodes[value.node].kind == .null
  }

  private mutating func generateArray(_ merged: MergedSchema, origin: ValueOrigin, depth: Int)
    -> Outcome
  {
    let count = min(max(1, merged.minItems ?? 0), 3)
    guard let items = merged.items else {
      return .value(GeneratedValue(content: .array([]), origin: origin))
    }
    switch generate(items, depth: depth + 1, branch: nil) {
    case .value(let element):
      return .value(
        GeneratedValue(
          content: .array(Array(repeating: element, count: count)), origin: origin))
    case .cut(let cut):
      let site = SpecSite(
        pointer: merged.site.pointer.appending("items"), offset: merged.site.offset)
      let isRequired = (merged.minItems ?? 0) > 0
      noteLeftOut(cut, at: site, isRequired: isRequired)
      if isRequired { return .cut(cut) }
      return .value(GeneratedValue(content: .array([]), origin: origin))
    }
  }

  private mutating func generateObject(
    _ merged: MergedSchema, origin: ValueOrigin, depth: Int
  ) -> Outcome {
    var members: [GeneratedMember] = []
    for property in merged.properties {
      // `required` binds a write-only member in requests only: a server may leave it out.
      let isRequired =
        merged.required.contains(property.name)
        && !MergedSchema(graph, property.schema).isWriteOnly
      switch generate(property.schema, depth: depth + 1, branch: nil) {
      case .value(let value):
        members.append(
          GeneratedMember(
            key: property.name, value: value, isRequired: isRequired, site: property.site))
      case .cut(let cut):
        if isRequired, MergedSchema(graph, property.schema).isNullable {
          let null = ValueOrigin(
            reason: .typeAndFormat, schema: property.schema, site: property.site)
          members.append(
            GeneratedMember(
              key: property.name, value: GeneratedValue(content: .null, origin: null),
              isRequired: true, site: property.site))
          continue
        }
        noteLeftOut(cut, at: property.site, isRequired: isRequired)
        if isRequired { return .cut(cut) }
      }
    }
    // A required key the spec gives no schema for may hold anything.
    for name in merged.required.sorted() where !members.contains(where: { $0.key == name }) {
      guard !merged.properties.contains(where: { $0.name == name }) else { continue }
      var anyValue = origin
      anyValue.reason = .anyValue
      members.append(
        GeneratedMember(
          key: name, value: GeneratedValue(content: .object([]), origin: anyValue),
          isRequired: true, site: merged.site))
    }
    if merged.properties.isEmpty, case .schema(let valueSchema) = merged.additionalProperties {
      // A dictionary: one entry, whose key the spec does not name.
      let site = SpecSite(
        pointer: merged.site.pointer.appending("additionalProperties"), offset: merged.site.offset)
      switch generate(valueSchema, depth: depth + 1, branch: nil) {
      case .value(let value):
        members.append(GeneratedMember(key: "key1", value: value, isRequired: false, site: site))
      case .cut(let cut):
        noteLeftOut(cut, at: site, isRequired: false)
      }
    }
    return .value(GeneratedValue(content: .object(members), origin: origin))
  }
}

// MARK: - Branches

extension PayloadGenerator {
  /// A value of `owner`, whose `oneOf` / `anyOf` branches `merged` holds: the branch `choice`
  /// names, or the first that can be generated, with the owner's own properties beside the
  /// branch's and the discriminator set to the branch's name.
  private mutating func generateBranch(
    of owner: SchemaID, _ merged: MergedSchema, depth: Int,
    choice: (index: Int, discriminatorValue: String?)?
  ) -> Outcome {
    let candidates = choice.map { [$0.index] } ?? Array(merged.branches.indices)
    var lastCut = Cut.nothingAllowed
    for index in candidates where merged.branches.indices.contains(index) {
      let branch = merged.branches[index]
      // The owner is being generated: a branch that is `allOf` it is read without it.
      let owners = Set(merged.parts)
      stack.removeLast(merged.parts.count)
      let outcome = generate(branch, depth: depth, branch: nil, excluding: owners)
      stack += merged.parts
      switch outcome {
      case .cut(let cut):
        lastCut = cut
        continue
      case .value(var value):
        value.origin.branch = (owner, index)
        if case .object(var members) = value.content {
          addOwnProperties(of: merged, to: &members, depth: depth)
          if let discriminator = merged.discriminator {
            let name =
              choice?.discriminatorValue
              ?? discriminatorValues(of: merged, branch: index).first?.value
            if let name {
              setDiscriminator(discriminator, to: name, of: merged, branch: index, in: &members)
            }
          }
          value.content = .object(members)
        }
        return .value(value)
      }
    }
    return .cut(lastCut)
  }

  /// Adds the owner's own properties that the branch does not have.
  private mutating func addOwnProperties(
    of merged: MergedSchema, to members: inout [GeneratedMember], depth: Int
  ) {
    for property in merged.properties where !members.contains(where: { $0.key == property.name }) {
      guard case .value(let value) = generate(property.schema, depth: depth + 1, branch: nil)
      else { continue }
      members.append(
        GeneratedMember(
          key: property.name, value: value, isRequired: merged.required.contains(property.name),
          site: property.site))
    }
  }

  private func setDiscriminator(
    _ discriminator: Discriminator, to name: String, of merged: MergedSchema, branch: Int,
    in members: inout [GeneratedMember]
  ) {
    let site =
      discriminatorValues(of: merged, branch: branch).first { $0.value == name }?.site
      ?? discriminator.site
    let origin = ValueOrigin(reason: .discriminator, schema: merged.branches[branch], site: site)
    let value = GeneratedValue(content: .string(name), origin: origin)
    if let index = members.firstIndex(where: { $0.key == discriminator.propertyName }) {
      members[index].value = value
    } else {
      members.insert(
        GeneratedMember(
          key: discriminator.propertyName, value: value, isRequired: true, site: discriminator.site),
        at: 0)
    }
  }

  /// The discriminator values that select branch `index`: its `mapping` entries or, without
  /// any, the name of the schema the branch refers to (`#/components/schemas/Dog` is `Dog`).
  func discriminatorValues(of merged: MergedSchema, branch index: Int)
    -> [(value: String, site: SpecSite)]
  {
    guard let discriminator = merged.discriminator else { return [] }
    let branch = merged.branches[index]
    var target = branch
    if case .local(let referred) = graph[branch].reference { target = referred }
    let mapped = discriminator.mapping.filter {
      if case .local(let id) = $0.target { return id == branch || id == target }
      return false
    }
    if !mapped.isEmpty { return mapped.map { ($0.value, $0.site) } }
    let pointer = graph[target].site.pointer
    guard let name = pointer.lastToken,
      pointer == OpenAPIDocument.pointer(toSchemaNamed: name)
    else { return [] }
    return [(name, graph[branch].site)]
  }
}
