/// The schemas of an OpenAPI document that payloads are generated from, each read once when
/// first reached, however many `$ref`s lead to it.
///
/// A `$ref` is kept as an edge to the schema it names, never copied, so a document whose
/// references fan out (`A` refers to `B` ten times, `B` to `C` ten times, …) costs one schema
/// per schema object in the text; a reference cycle is just a cycle of edges. Reading uses a
/// work list, not recursion, so the nesting of the document cannot overflow the stack.
///
/// ```swift
/// var graph = SchemaGraph(document)
/// let filter = graph.schema(named: "Filter")!
/// graph[filter].properties.map(\.name)  // ["id", "filter_action"]
/// ```
struct SchemaGraph: Sendable {
  let document: OpenAPIDocument
  private(set) var schemas: [Schema] = []
  /// The schema read from each document node.
  private var idsByNode: [Int: SchemaID] = [:]
  /// Schemas given an ID whose keywords are still to be read, with their nodes.
  private var unread: [(id: SchemaID, node: Int)] = []

  init(_ document: OpenAPIDocument) {
    self.document = document
  }

  private var tree: JSONDocument { document.tree }

  subscript(id: SchemaID) -> Schema {
    schemas[id]
  }

  /// The schema under `#/components/schemas` called `name`, with every schema it reaches.
  mutating func schema(named name: String) -> SchemaID? {
    schema(at: OpenAPIDocument.pointer(toSchemaNamed: name))
  }

  /// The schema `pointer` leads to, with every schema it reaches; `nil` when it leads to
  /// nothing, or to something that is not a schema object.
  mutating func schema(at pointer: JSONPointer) -> SchemaID? {
    guard let node = tree.node(at: pointer), isSchemaNode(node) else { return nil }
    let id = schemaID(for: node, at: pointer)
    readUnread()
    return id
  }

  /// The schema at `node`, which `pointer` names, given an ID now and read later.
  private mutating func schemaID(for node: Int, at pointer: JSONPointer) -> SchemaID {
    if let id = idsByNode[node] { return id }
    let id = schemas.count
    schemas.append(Schema(site: SpecSite(pointer: pointer, offset: tree.nodes[node].offset)))
    idsByNode[node] = id
    unread.append((id, node))
    return id
  }

  private func isSchemaNode(_ node: Int) -> Bool {
    tree.nodes[node].kind == .object || tree.nodes[node].kind == .boolean
  }

  private mutating func readUnread() {
    while let (id, node) = unread.popLast() {
      read(node, into: id)
    }
  }
}

// MARK: - Keywords

extension SchemaGraph {
  /// Reads the keywords of the schema object at `node`.
  private mutating func read(_ node: Int, into id: SchemaID) {
    var schema = schemas[id]
    let pointer = schema.site.pointer
    if let allows = tree.boolean(node) {
      schema.allowsNothing = !allows
      schemas[id] = schema
      return
    }
    for member in tree.elements(of: node) {
      guard let key = member.key else { continue }
      let value = member.value
      let here = pointer.appending(key)
      let site = SpecSite(pointer: here, offset: member.offset)
      switch key {
      case "$ref":
        if let text = tree.string(value) {
          schema.reference = reference(text)
          schema.referenceSite = site
        }
      case "type":
        readType(value, into: &schema)
      case "nullable":
        if tree.boolean(value) == true { schema.isNullable = true }
      case "writeOnly":
        schema.isWriteOnly = tree.boolean(value) == true
      case "format":
        schema.format = tree.string(value)
      case "enum":
        schema.enumValues = tree.elements(of: value).enumerated().map { index, element in
          SpecValue(
            node: element.value,
            site: SpecSite(pointer: here.appending(index), offset: element.offset))
        }
      case "const":
        schema.constant = SpecValue(node: value, site: site)
      case "minLength": schema.minLength = count(value)
      case "maxLength": schema.maxLength = count(value)
      case "minItems": schema.minItems = count(value)
      case "properties":
        for property in tree.elements(of: value) where isSchemaNode(property.value) {
          guard let name = property.key else { continue }
          let propertyPointer = here.appending(name)
          schema.properties.append(
            SchemaProperty(
              name: name, schema: schemaID(for: property.value, at: propertyPointer),
              site: SpecSite(pointer: propertyPointer, offset: property.offset)))
        }
      case "required":
        schema.required.formUnion(tree.elements(of: value).compactMap { tree.string($0.value) })
      case "additionalProperties":
        if let allowed = tree.boolean(value) {
          schema.additionalProperties = allowed ? .anyValue : .forbidden
        } else if tree.nodes[value].kind == .object {
          schema.additionalProperties =
            tree.nodes[value].members.isEmpty ? .anyValue : .schema(schemaID(for: value, at: here))
        }
      case "items":
        if isSchemaNode(value) { schema.items = schemaID(for: value, at: here) }
      case "allOf", "oneOf", "anyOf":
        let branches = tree.elements(of: value).enumerated().compactMap { index, element in
          isSchemaNode(element.value)
            ? schemaID(for: element.value, at: here.appending(index)) : nil
        }
        switch key {
        case "allOf": schema.allOf = branches
        case "oneOf": schema.oneOf = branches
        default: schema.anyOf = branches
        }
      case "discriminator":
        schema.discriminator = discriminator(value, site: site)
      case "example":
        schema.examples.insert(SpecValue(node: value, site: site), at: 0)
      case "examples" where tree.nodes[value].kind == .array:
        schema.examples += tree.elements(of: value).enumerated().map { index, element in
          SpecValue(
            node: element.value,
            site: SpecSite(pointer: here.appending(index), offset: element.offset))
        }
      case "default":
        schema.defaultValue = SpecValue(node: value, site: site)
      default:
        continue
      }
    }
    readBounds(of: node, into: &schema)
    schemas[id] = schema
  }

  /// `type`: one name, or (3.1) an array of them, where `"null"` allows `null`.
  private func readType(_ node: Int, into schema: inout Schema) {
    let names =
      tree.nodes[node].kind == .array
      ? tree.elements(of: node).compactMap { tree.string($0.value) }
      : tree.string(node).map { [$0] } ?? []
    for name in names {
      if name == "null" {
        schema.isNullable = true
      } else if let type = SchemaType(rawValue: name), !schema.types.contains(type) {
        schema.types.append(type)
      }
    }
  }

  /// `minimum` and `maximum`, and `exclusiveMinimum` and `exclusiveMaximum` in both forms: a
  /// flag on the bound beside it (3.0) or a bound of its own (3.1). Read after the other
  /// keywords, since a 3.0 flag may come before its bound; of two bounds the tighter counts.
  private func readBounds(of node: Int, into schema: inout Schema) {
    func bound(_ key: String, exclusiveKey: String, tighter: (Double, Double) -> Bool)
      -> NumberBound?
    {
      var result: NumberBound?
      if let member = tree.member(key, of: node), let value = tree.number(member.value),
        value.isFinite
      {
        let isExclusive = tree.member(exclusiveKey, of: node).flatMap { tree.boolean($0.value) }
        result = NumberBound(
          value: value, text: tree.literal(member.value), isExclusive: isExclusive == true,
          site: SpecSite(pointer: schema.site.pointer.appending(key), offset: member.offset))
      }
      if let member = tree.member(exclusiveKey, of: node), let value = tree.number(member.value),
        value.isFinite, result.map({ tighter(value, $0.value) || value == $0.value }) ?? true
      {
        result = NumberBound(
          value: value, text: tree.literal(member.value), isExclusive: true,
          site: SpecSite(
            pointer: schema.site.pointer.appending(exclusiveKey), offset: member.offset))
      }
      return result
    }
    schema.minimum = bound("minimum", exclusiveKey: "exclusiveMinimum", tighter: >)
    schema.maximum = bound("maximum", exclusiveKey: "exclusiveMaximum", tighter: <)
  }

  /// A non-negative whole number, such as `minLength`.
  private func count(_ node: Int) -> Int? {
    guard let value = tree.number(node), value >= 0, value <= 1_000_000,
      value.rounded() == value
    else { return nil }
    return Int(value)
  }

  /// Where `$ref` text leads: a schema of this document, another document, or nowhere.
  private mutating func reference(_ text: String) -> SchemaReference {
    guard let pointer = JSONPointer(fragment: text) else { return .external(text) }
    guard let node = tree.node(at: pointer), isSchemaNode(node) else { return .missing(text) }
    return .local(schemaID(for: node, at: pointer))
  }

  /// `discriminator`: its `propertyName` and its `mapping`, whose values are references or
  /// (3.0) names under `#/components/schemas`.
  private mutating func discriminator(_ node: Int, site: SpecSite) -> Discriminator? {
    guard let nameMember = tree.member("propertyName", of: node),
      let propertyName = tree.string(nameMember.value)
    else { return nil }
    var mapping: [Discriminator.Mapping] = []
    if let mappingMember = tree.member("mapping", of: node) {
      let mappingPointer = site.pointer.appending("mapping")
      for member in tree.elements(of: mappingMember.value) {
        guard let value = member.key, let target = tree.string(member.value) else { continue }
        let isName = !target.hasPrefix("#") && !target.contains("/") && !target.contains(".")
        let reference =
          isName && document.schemaNames.contains(target)
          ? self.reference(OpenAPIDocument.pointer(toSchemaNamed: target).description)
          : self.reference(target)
        mapping.append(
          Discriminator.Mapping(
            value: value, target: reference,
            site: SpecSite(pointer: mappingPointer.appending(value), offset: member.offset)))
      }
    }
    return Discriminator(propertyName: propertyName, mapping: mapping, site: site)
  }
}
