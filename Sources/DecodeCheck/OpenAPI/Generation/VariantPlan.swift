import CodableResilience

/// Every variant of a payload the checks ask for, up to a budget: each other `enum` value,
/// each optional member left out and each nullable one `null`, the edges of numbers and
/// dates, each other branch (and each discriminator value) with the variants inside it.
/// Past the budget, variants are counted rather than planned, so a report can say how many
/// were left out. A planned variant is made only when the ``ProbeEngine`` decodes it.
///
/// The schema's own members come first: a variant that changes the payload itself or one of
/// its members (arrays between them aside), or that comes from a spec member inside the
/// schema or a part it is `allOf`, is planned before any about the schemas nested in it, so a
/// schema that holds a large one (`Quote` holding a `Status`) still probes its own `enum`
/// within the budget. The nested schemas' variants get what room is left, in the order found.
///
/// ```swift
/// var plan = VariantPlan(generator: generator, budget: VariantBudget(limit: 20), root: quote)
/// plan.add(variantsOf: base)
/// plan.variants.count        // 20
/// plan.budget.leftOut        // 17
/// plan.ownMembersLeftOut     // 0: every variant of `Quote`'s own members was planned
/// ```
struct VariantPlan {
  private var generator: PayloadGenerator
  private var graph: SchemaGraph { generator.graph }
  /// What the variants may spend, and how many the plan left out.
  private(set) var budget: VariantBudget
  private(set) var variants: [GeneratedVariant] = []
  /// How many variants of the schema's own members the budget had no room for.
  private(set) var ownMembersLeftOut = 0
  /// Where the schema's own members are declared: the schema and the parts it is read from.
  private let ownPointers: [JSONPointer]
  /// The variants of the schema's own members planned so far; each has taken its room.
  private var own: [GeneratedVariant] = []
  /// The variants of nested schemas planned so far, each with how many notes the generator
  /// had made before it; they take their room once the own members have taken theirs.
  private var nested: [(variant: GeneratedVariant, notesBefore: Int)] = []

  /// A plan for payloads of `root`, the schema the check is of.
  init(generator: PayloadGenerator, budget: VariantBudget, root: SchemaID) {
    self.generator = generator
    self.budget = budget
    ownPointers = MergedSchema(generator.graph, root).parts.map { generator.graph[$0].site.pointer }
  }

  /// What the generator left out while making the branches within the budget.
  var notes: [PayloadGenerator.Note] {
    notesWithinBudget.map { Array(generator.notes.prefix($0)) } ?? generator.notes
  }
  /// How many of the generator's notes came before the first variant left out, once one is.
  private var notesWithinBudget: Int?

  /// Adds the variants of `base`, a whole payload: those of the schema's own members within
  /// the budget first, then those of the schemas nested in it while room is left.
  mutating func add(variantsOf base: GeneratedValue) {
    walk(base, at: [], isBranch: false) { $0 }
    let room = budget.remaining
    if nested.count > room {
      noteLeftOut(notesBefore: nested[room].notesBefore)
      budget.leaveOut(nested.count - room)
      nested.removeLast(nested.count - room)
    }
    for _ in nested { budget.take() }
    variants += own + nested.map(\.variant)
    own = []
    nested = []
  }

  /// Adds the variants of `value`, which stands at `prefix` in the payload `embed` puts it in.
  /// A value that `isBranch` is itself a branch whose siblings are already planned.
  private mutating func walk(
    _ value: GeneratedValue, at prefix: [UnknownValue.PathComponent], isBranch: Bool,
    embed: @escaping @Sendable (GeneratedValue) -> GeneratedValue
  ) {
    for (path, node) in value.allPaths() {
      // Elements after the first of a generated array are copies of it.
      if path.contains(where: { if case .index(let index) = $0 { index > 0 } else { false } }) {
        continue
      }
      let place = prefix + path
      @Sendable func replaced(_ replacement: GeneratedValue?) -> GeneratedValue {
        var whole = value
        whole.replace(at: path, with: replacement)
        return embed(whole)
      }
      switch node.origin.reason {
      case .enumValue:
        addEnumValues(of: node, at: place, replaced)
      case .typeAndFormat:
        addEdges(of: node, at: place, replaced)
        addMembers(of: node, at: place, replaced)
      case .example, .constant, .discriminator:
        addMembers(of: node, at: place, replaced)
      case .anyValue, .literal:
        break
      }
      if let (owner, index) = node.origin.branch, !(isBranch && path.isEmpty) {
        addBranches(of: owner, chosen: index, at: place) { replacement in
          var whole = value
          whole.replace(at: path, with: replacement)
          return embed(whole)
        }
      }
    }
  }

  /// Plans a variant, to be made when it is decoded, when the budget has room for it;
  /// counts it as left out when it has not.
  private mutating func add(
    _ payload: @autoclosure @escaping @Sendable () -> GeneratedValue, _ check: ContractCheck,
    at path: [UnknownValue.PathComponent], site: SpecSite, _ change: VariantPurpose.Change
  ) {
    let isOwn = isOwnMember(at: path, site: site)
    guard hasRoom(isOwn: isOwn) else { return leaveOut(isOwn: isOwn) }
    let variant = GeneratedVariant(
      make: payload, purpose: VariantPurpose(check: check, path: path, site: site, change: change))
    if isOwn {
      budget.take()
      own.append(variant)
    } else {
      nested.append((variant, generator.notes.count))
    }
  }

  /// Whether a variant at `path`, from the spec member at `site`, is about the schema's own
  /// members: the payload itself or one of its members (arrays between them aside), or a
  /// member declared inside the schema or one of its parts.
  private func isOwnMember(at path: [UnknownValue.PathComponent], site: SpecSite) -> Bool {
    path.count { if case .key = $0 { true } else { false } } <= 1
      || ownPointers.contains { site.pointer.isWithin($0) }
  }

  /// Whether one more variant fits: one of the own members while the budget has room, one of
  /// a nested schema while the budget has room beside those already waiting (own members
  /// found later take room first, so a nested one past it can never fit).
  private func hasRoom(isOwn: Bool) -> Bool {
    isOwn ? budget.hasRoom : nested.count < budget.remaining
  }

  /// Counts a variant the budget has no room for. What the generator notes from then on is
  /// about variants only counted, which the count already covers.
  private mutating func leaveOut(isOwn: Bool) {
    noteLeftOut(notesBefore: generator.notes.count)
    budget.leaveOut(1)
    if isOwn { ownMembersLeftOut += 1 }
  }

  /// Keeps the generator's notes up to the first variant left out.
  private mutating func noteLeftOut(notesBefore count: Int) {
    notesWithinBudget = min(notesWithinBudget ?? count, count)
  }

  /// Each other element of the `enum` the value was taken from.
  private mutating func addEnumValues(
    of node: GeneratedValue, at place: [UnknownValue.PathComponent],
    _ replaced: @escaping @Sendable (GeneratedValue?) -> GeneratedValue
  ) {
    let merged = MergedSchema(graph, node.origin.schema)
    for element in merged.enumValues where element.site != node.origin.site {
      // Past the budget a huge `enum`'s values are counted, not turned into payloads.
      let isOwn = isOwnMember(at: place, site: element.site)
      guard hasRoom(isOwn: isOwn) else {
        leaveOut(isOwn: isOwn)
        continue
      }
      let literal = generator.literal(element, reason: .enumValue, schema: node.origin.schema)
      add(
        replaced(literal), .enumValues, at: place, site: element.site,
        .value(text: literal.displayed, description: nil))
    }
  }

  /// The edges of a typed value: the bounds of a number or an integer's format, a date-time
  /// with fractional seconds and with an offset, and the other types of a `type` array.
  private mutating func addEdges(
    of node: GeneratedValue, at place: [UnknownValue.PathComponent],
    _ replaced: @escaping @Sendable (GeneratedValue?) -> GeneratedValue
  ) {
    let merged = MergedSchema(graph, node.origin.schema)
    var edges: [(GeneratedValue.Content, String)] = []
    switch node.content {
    case .string:
      edges = FormatSamples.stringVariants(format: merged.format).map {
        (.string($0.value), $0.description)
      }
    case .number:
      let found =
        merged.impliedType == .integer
        ? FormatSamples.integerVariants(
          format: merged.format, minimum: merged.minimum, maximum: merged.maximum)
        : FormatSamples.numberVariants(minimum: merged.minimum, maximum: merged.maximum)
      edges = found.map { (.number($0.value), $0.description) }
    default:
      break
    }
    for type in merged.types.dropFirst() {
      switch type {
      case .string: edges.append((.string("text"), "a string, which `type` also allows"))
      case .integer: edges.append((.number("1"), "an integer, which `type` also allows"))
      case .number: edges.append((.number("1.5"), "a number, which `type` also allows"))
      case .boolean: edges.append((.boolean(true), "a boolean, which `type` also allows"))
      case .object, .array: continue
      }
    }
    for (content, description) in edges {
      let edge = node.with(content)
      add(
        replaced(edge), .typesAndFormats, at: place, site: node.origin.site,
        .value(text: edge.displayed, description: description))
    }
  }

  /// Each member of an object the spec does not require left out, and each nullable one
  /// `null`.
  private mutating func addMembers(
    of node: GeneratedValue, at place: [UnknownValue.PathComponent],
    _ replaced: @escaping @Sendable (GeneratedValue?) -> GeneratedValue
  ) {
    guard case .object(let members) = node.content else { return }
    for (index, member) in members.enumerated() where member.value.origin.reason != .literal {
      let memberPlace = place + [.key(member.key)]
      if !member.isRequired {
        var without = members
        without.remove(at: index)
        let object = node.with(.object(without))
        add(
          replaced(object), .optionality, at: memberPlace, site: member.site,
          .omitted(key: member.key))
      }
      if case .null = member.value.content { continue }
      if MergedSchema(graph, member.value.origin.placeSchema).isNullable {
        var nulled = members
        nulled[index].value.content = .null
        let object = node.with(.object(nulled))
        add(
          replaced(object), .optionality, at: memberPlace, site: member.site, .null(key: member.key)
        )
      }
    }
  }

  /// Each other branch of `owner`'s `oneOf` / `anyOf`, and each discriminator value, with the
  /// variants inside each.
  private mutating func addBranches(
    of owner: SchemaID, chosen: Int, at place: [UnknownValue.PathComponent],
    embed: @escaping @Sendable (GeneratedValue) -> GeneratedValue
  ) {
    let merged = MergedSchema(graph, owner)
    for index in merged.branches.indices {
      let values = generator.discriminatorValues(of: merged, branch: index)
      // The chosen branch with its first value is the payload itself.
      let names: [(value: String?, site: SpecSite)] =
        values.isEmpty
        ? [(nil, graph[merged.branches[index]].site)] : values.map { ($0.value, $0.site) }
      for (number, name) in names.enumerated() where index != chosen || number > 0 {
        guard
          case .value(let instance) = generator.value(
            of: owner, branch: index, discriminatorValue: name.value, depth: place.count)
        else { continue }
        let discriminator = merged.discriminator.flatMap { found in
          name.value.map { (found.propertyName, $0) }
        }
        let branchName = name.value ?? branchName(merged, index)
        add(
          embed(instance), .variants, at: place, site: name.site,
          .branch(name: branchName, discriminator: discriminator))
        if number == 0, index != chosen {
          walk(instance, at: place, isBranch: true, embed: embed)
        }
      }
    }
  }

  /// What a branch is called in a report: the schema it refers to (`Dog`), or its place
  /// (`oneOf/1`).
  private func branchName(_ merged: MergedSchema, _ index: Int) -> String {
    let branch = merged.branches[index]
    if case .local(let target) = graph[branch].reference,
      let name = graph[target].site.pointer.lastToken
    {
      return name
    }
    return graph[branch].site.pointer.tokens.suffix(2).joined(separator: "/")
  }
}
