import CodableResilience
import Foundation

/// A JSON value generated from a schema, each part remembering the schema member it came
/// from, so whatever a model says about the part can be reported at its place in the spec.
///
/// Values are plain Swift values: a variant that changes one member copies only the arrays on
/// the way to it, and shares the rest with the payload it was made from.
///
/// ```swift
/// var payload = base
/// payload.replace(at: [.key("state")], with: nil)  // the same payload without `state`
/// String(decoding: payload.json(), as: UTF8.self)   // {"id":"text","total":{…}}
/// ```
struct GeneratedValue: Sendable {
  enum Content: Sendable {
    case object([GeneratedMember])
    case array([GeneratedValue])
    case string(String)
    /// The number as written in JSON.
    case number(String)
    case boolean(Bool)
    case null
  }

  var content: Content
  var origin: ValueOrigin
}

/// A member of a generated object.
struct GeneratedMember: Sendable {
  var key: String
  var value: GeneratedValue
  /// Whether the schema of the object lists the key in `required`.
  var isRequired: Bool
  /// Where the property is declared (its key under `properties`).
  var site: SpecSite
}

/// Where a generated value came from in the spec, and why it is what it is.
struct ValueOrigin: Sendable {
  /// How the value was chosen.
  enum Reason: Sendable, Hashable {
    /// From its type and format (`"2024-05-01T12:00:00Z"` for a `date-time`).
    case typeAndFormat
    /// An element of `enum`.
    case enumValue
    /// `const`.
    case constant
    /// `example`, `examples` or `default` of its schema.
    case example
    /// A value the spec leaves open (no type): `{}`.
    case anyValue
    /// A value of the discriminator property, naming the branch beside it.
    case discriminator
    /// Part of a value written in the spec (an object inside an `enum` or an example).
    case literal
  }

  var reason: Reason
  /// The schema the value was generated from, as it stands at this place (before `$ref`).
  var schema: SchemaID
  /// The spec member that decided the value: the `enum` element, the `example`, the mapping
  /// entry, or the schema itself for a typed value.
  var site: SpecSite
  /// For a value generated as one branch of a `oneOf` / `anyOf`: the schema holding the
  /// branches, and which branch.
  var branch: (owner: SchemaID, index: Int)?

  /// The schema that stands at the value's place: the owner of the branches for a branch
  /// (whose `{"type": "null"}` branch makes the place nullable), else ``schema``.
  var placeSchema: SchemaID { branch?.owner ?? schema }
}

// MARK: - Paths

extension GeneratedValue {
  /// The value with `content` in place of its own, from the same origin.
  func with(_ content: Content) -> GeneratedValue {
    var value = self
    value.content = content
    return value
  }

  /// The value at `path`, or `nil` when the path leads nowhere.
  func value(at path: some Collection<UnknownValue.PathComponent>) -> GeneratedValue? {
    guard let first = path.first else { return self }
    switch (content, first) {
    case (.object(let members), .key(let key)):
      return members.first { $0.key == key }?.value.value(at: path.dropFirst())
    case (.array(let elements), .index(let index)) where elements.indices.contains(index):
      return elements[index].value(at: path.dropFirst())
    default:
      return nil
    }
  }

  /// Replaces the value at `path` with `replacement`, or removes it with `nil` (a member of an
  /// object); a path that leads nowhere changes nothing.
  mutating func replace(
    at path: some Collection<UnknownValue.PathComponent>, with replacement: GeneratedValue?
  ) {
    guard let first = path.first else {
      if let replacement { self = replacement }
      return
    }
    switch (content, first) {
    case (.object(var members), .key(let key)):
      guard let index = members.firstIndex(where: { $0.key == key }) else { return }
      content = .null  // so `members` is the only reference, and is changed in place
      if path.count == 1, replacement == nil {
        members.remove(at: index)
      } else {
        members[index].value.replace(at: path.dropFirst(), with: replacement)
      }
      content = .object(members)
    case (.array(var elements), .index(let index)) where elements.indices.contains(index):
      content = .null
      elements[index].replace(at: path.dropFirst(), with: replacement)
      content = .array(elements)
    default:
      return
    }
  }

  /// Every value in the payload with its path, the root first, parents before children.
  func allPaths() -> [(path: [UnknownValue.PathComponent], value: GeneratedValue)] {
    var found: [(path: [UnknownValue.PathComponent], value: GeneratedValue)] = []
    var pending: [([UnknownValue.PathComponent], GeneratedValue)] = [([], self)]
    while let (path, value) = pending.popLast() {
      found.append((path, value))
      switch value.content {
      case .object(let members):
        pending += members.reversed().map { (path + [.key($0.key)], $0.value) }
      case .array(let elements):
        pending += elements.indices.reversed().map { (path + [.index($0)], elements[$0]) }
      default:
        break
      }
    }
    return found
  }

  /// The longest start of `path` that leads to a value in the payload: the path itself, or
  /// for a missing key the object that lacks it, for a value past what was generated the
  /// value it is inside.
  func deepestPath(along path: [UnknownValue.PathComponent]) -> [UnknownValue.PathComponent] {
    var length = 0
    var value = self
    for component in path {
      guard let next = value.value(at: [component]) else { break }
      value = next
      length += 1
    }
    return Array(path.prefix(length))
  }
}

// MARK: - JSON text

extension GeneratedValue {
  /// The value as findings quote it: a string's text without quotes, anything else as JSON.
  ///
  /// ```swift
  /// value.displayed  // "castle", or {"id":1} for an object
  /// ```
  var displayed: String {
    if case .string(let text) = content { return text }
    return String(decoding: json(), as: UTF8.self)
  }

  /// The value as compact JSON text, members in the order generated.
  func json() -> Data {
    var text: [UInt8] = []
    text.reserveCapacity(256)
    write(into: &text)
    return Data(text)
  }

  private func write(into text: inout [UInt8]) {
    switch content {
    case .object(let members):
      text.append(ASCII.openBrace)
      for (index, member) in members.enumerated() {
        if index > 0 { text.append(ASCII.comma) }
        Self.writeString(member.key, into: &text)
        text.append(ASCII.colon)
        member.value.write(into: &text)
      }
      text.append(ASCII.closeBrace)
    case .array(let elements):
      text.append(ASCII.openBracket)
      for (index, element) in elements.enumerated() {
        if index > 0 { text.append(ASCII.comma) }
        element.write(into: &text)
      }
      text.append(ASCII.closeBracket)
    case .string(let string):
      Self.writeString(string, into: &text)
    case .number(let number):
      text += number.utf8
    case .boolean(let value):
      text += (value ? "true" : "false").utf8
    case .null:
      text += "null".utf8
    }
  }

  private static func writeString(_ string: String, into text: inout [UInt8]) {
    text += jsonQuoted(string).utf8
  }
}
