import CodableResilience
import Foundation

/// A JSON document in a fixture or its expectation, compared by meaning: object members in any
/// order, numbers by value as `Decimal` (`145.0` equals `145`, `0.1` stays exactly `0.1`), while
/// `null` and an absent key stay different.
///
/// The toolkit's own `JSONValue` keeps JSON that models do not understand; this type is for
/// comparing whole payloads in tests, where decimal numbers must compare exactly.
///
/// The `.expected` format uses it for the values a round trip writes back differently:
///
/// ```swift
/// let page = try FixtureJSON(parsing: Data(#"{"kind": "unknown", "rooms": 3.0}"#.utf8))
/// page == .object(["kind": .string("unknown"), "rooms": .number(3)])  // true
/// ```
public indirect enum FixtureJSON: Hashable, Sendable, Codable, CustomStringConvertible {
  case null
  case bool(Bool)
  /// Kept as `Decimal`, which holds the digits of every number payloads usually carry exactly.
  case number(Decimal)
  case string(String)
  case array([FixtureJSON])
  case object([String: FixtureJSON])

  /// Reads a value from any `Decoder`; ``init(parsing:)`` reads JSON text.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let bool = try? container.decode(Bool.self) {
      self = .bool(bool)
    } else if let string = try? container.decode(String.self) {
      self = .string(string)
    } else if let number = try? container.decode(Decimal.self) {
      self = .number(number)
    } else if let array = try? container.decode([FixtureJSON].self) {
      self = .array(array)
    } else {
      self = .object(try container.decode([String: FixtureJSON].self))
    }
  }

  /// Writes the value to any `Encoder`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let bool): try container.encode(bool)
    case .number(let number): try container.encode(number)
    case .string(let string): try container.encode(string)
    case .array(let elements): try container.encode(elements)
    case .object(let members): try container.encode(members)
    }
  }

  /// Parses JSON text.
  ///
  /// ```swift
  /// let value = try FixtureJSON(parsing: Data("[1, null]".utf8))  // .array([.number(1), .null])
  /// ```
  public init(parsing data: Data) throws {
    self = try JSONDecoder().decode(FixtureJSON.self, from: data)
  }

  /// Compact JSON text, object members sorted by key: `{"a": [1, null]}`.
  public var description: String {
    switch self {
    case .null: "null"
    case .bool(let bool): "\(bool)"
    case .number(let number): "\(number)"
    case .string(let string): jsonText(string)
    case .array(let elements): "[" + elements.map(\.description).joined(separator: ", ") + "]"
    case .object(let members):
      "{"
        + members.sorted { $0.key < $1.key }.map { "\(jsonText($0.key)): \($0.value)" }
        .joined(separator: ", ") + "}"
    }
  }
}

/// `text` as a JSON string literal, escaped as `JSONEncoder` escapes it.
func jsonText(_ text: String) -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = .withoutEscapingSlashes
  return (try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
}

// MARK: - Editing at a JSONPath

/// A path in an `.expected` file that does not fit the payload.
struct JSONPathError: Error, CustomStringConvertible {
  var description: String
}

extension FixtureJSON {
  /// Replaces the value at `path` (`$.listings[1].kind`), which must exist.
  mutating func replace(at path: String, with newValue: FixtureJSON) throws {
    try update(at: try Self.components(of: path)[...], path: path) { $0 = newValue }
  }

  /// Removes the object member at `path` (`$.next_cursor`), which must exist.
  mutating func remove(at path: String) throws {
    var components = try Self.components(of: path)
    guard case .key(let key) = components.popLast() else {
      throw JSONPathError(description: "\(path) does not end with an object key")
    }
    try update(at: components[...], path: path) { value in
      guard case .object(var members) = value, members.removeValue(forKey: key) != nil else {
        throw JSONPathError(description: "\(path): no member \"\(key)\" to remove")
      }
      value = .object(members)
    }
  }

  /// Adds the object member at `path` (`$.listings[0].note`), whose object must exist and
  /// must not have it yet.
  mutating func add(at path: String, value newValue: FixtureJSON) throws {
    var components = try Self.components(of: path)
    guard case .key(let key) = components.popLast() else {
      throw JSONPathError(description: "\(path) does not end with an object key")
    }
    try update(at: components[...], path: path) { value in
      guard case .object(var members) = value, members[key] == nil else {
        throw JSONPathError(description: "\(path): no object to add \"\(key)\" to, or it exists")
      }
      members[key] = newValue
      value = .object(members)
    }
  }

  private mutating func update(
    at components: ArraySlice<UnknownValue.PathComponent>,
    path: String,
    _ body: (inout FixtureJSON) throws -> Void
  ) throws {
    guard let first = components.first else { return try body(&self) }
    let rest = components.dropFirst()
    switch (first, self) {
    case (.key(let key), .object(var members)) where members[key] != nil:
      try members[key]!.update(at: rest, path: path, body)
      self = .object(members)
    case (.index(let index), .array(var elements)) where elements.indices.contains(index):
      try elements[index].update(at: rest, path: path, body)
      self = .array(elements)
    default:
      throw JSONPathError(description: "\(path): the payload has nothing at \(first)")
    }
  }

  /// The components of a JSONPath as `UnknownValue.path` writes it: `$`, then `.key`,
  /// `["odd key"]` or `[3]` steps.
  static func components(of path: String) throws -> [UnknownValue.PathComponent] {
    var components: [UnknownValue.PathComponent] = []
    var rest = Substring(path)
    guard rest.popFirst() == "$" else {
      throw JSONPathError(description: "\(path) does not start with $")
    }
    while let first = rest.first {
      if first == "." {
        rest = rest.dropFirst()
        let key = rest.prefix { $0 != "." && $0 != "[" }
        components.append(.key(String(key)))
        rest = rest.dropFirst(key.count)
      } else if rest.hasPrefix("[\"") {
        let quoted = try JSONDecoder().decode(
          String.self, from: Data(rest.dropFirst().prefix { $0 != "]" }.utf8))
        components.append(.key(quoted))
        rest = rest.dropFirst(rest.prefix { $0 != "]" }.count + 1)
      } else if first == "[", let end = rest.firstIndex(of: "]"),
        let index = Int(rest[rest.index(after: rest.startIndex)..<end])
      {
        components.append(.index(index))
        rest = rest[rest.index(after: end)...]
      } else {
        throw JSONPathError(description: "\(path) is not a JSONPath this test reads")
      }
    }
    // Writing the components back must give the same text, or the parse went wrong.
    guard UnknownValue.PathComponent.jsonPath(components) == path else {
      throw JSONPathError(description: "\(path) is not written as UnknownValue.path writes it")
    }
    return components
  }
}

// MARK: - Differences

extension FixtureJSON {
  /// Where this document differs from `expected`, one line per difference, such as
  /// `$.listings[0].status: expected absent, found "active"`; empty when they are equal.
  func differences(from expected: FixtureJSON, at path: [UnknownValue.PathComponent] = [])
    -> [String]
  {
    let here = UnknownValue.PathComponent.jsonPath(path)
    switch (self, expected) {
    case (.object(let actual), .object(let expected)):
      return Set(actual.keys).union(expected.keys).sorted().flatMap { key -> [String] in
        let childPath = UnknownValue.PathComponent.jsonPath(path + [.key(key)])
        switch (actual[key], expected[key]) {
        case (let found?, let wanted?):
          return found.differences(from: wanted, at: path + [.key(key)])
        case (let found?, nil): return ["\(childPath): expected absent, found \(found)"]
        case (nil, let wanted?): return ["\(childPath): expected \(wanted), found absent"]
        case (nil, nil): return []
        }
      }
    case (.array(let actual), .array(let expected)) where actual.count == expected.count:
      return zip(actual, expected).enumerated().flatMap { index, pair in
        pair.0.differences(from: pair.1, at: path + [.index(index)])
      }
    default:
      return self == expected ? [] : ["\(here): expected \(expected), found \(self)"]
    }
  }
}

extension FixtureJSON {
  /// The document as indented JSON text for files people read and diff: members in
  /// `order` first and the rest sorted; an object or array of plain values on one line when
  /// it fits in 110 columns.
  func prettyPrinted(memberOrder order: [String], indent: String = "") -> String {
    let inner = indent + "  "
    switch self {
    case .array(let elements) where !elements.isEmpty:
      let oneLine = "[" + elements.map(\.description).joined(separator: ", ") + "]"
      if elements.allSatisfy(\.isPlain), indent.count + oneLine.count <= 90 { return oneLine }
      let lines = elements.map { inner + $0.prettyPrinted(memberOrder: order, indent: inner) }
      return "[\n" + lines.joined(separator: ",\n") + "\n" + indent + "]"
    case .object(let members) where !members.isEmpty:
      let keys =
        order.filter { members[$0] != nil } + members.keys.filter { !order.contains($0) }.sorted()
      let oneLine =
        "{ " + keys.map { "\(jsonText($0)): \(members[$0]!)" }.joined(separator: ", ") + " }"
      if members.values.allSatisfy(\.isPlain), indent.count + oneLine.count <= 110 {
        return oneLine
      }
      let lines = keys.map { key in
        "\(inner)\(jsonText(key)): "
          + members[key]!.prettyPrinted(memberOrder: order, indent: inner)
      }
      return "{\n" + lines.joined(separator: ",\n") + "\n" + indent + "}"
    default:
      return description
    }
  }

  /// Whether the value is neither an array nor an object.
  private var isPlain: Bool {
    switch self {
    case .array, .object: false
    default: true
    }
  }
}
