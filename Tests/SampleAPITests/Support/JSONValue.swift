import CodableResilience
import Foundation

/// A JSON document as a value, for comparing payloads by meaning: object members in any
/// order, numbers by value (`145.0` equals `145`).
indirect enum JSONValue: Hashable, Sendable, Decodable, CustomStringConvertible {
  case null
  case bool(Bool)
  /// Kept as `Decimal`, which holds the digits of every number the fixtures use exactly.
  case number(Decimal)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let bool = try? container.decode(Bool.self) {
      self = .bool(bool)
    } else if let string = try? container.decode(String.self) {
      self = .string(string)
    } else if let number = try? container.decode(Decimal.self) {
      self = .number(number)
    } else if let array = try? container.decode([JSONValue].self) {
      self = .array(array)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  /// Parses JSON text.
  init(parsing data: Data) throws {
    self = try JSONDecoder().decode(JSONValue.self, from: data)
  }

  var description: String {
    switch self {
    case .null: "null"
    case .bool(let bool): "\(bool)"
    case .number(let number): "\(number)"
    case .string(let string): "\"\(string)\""
    case .array(let elements): "[" + elements.map(\.description).joined(separator: ", ") + "]"
    case .object(let members):
      "{"
        + members.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }
        .joined(separator: ", ") + "}"
    }
  }
}

// MARK: - Editing at a JSONPath

/// A path in an `.expected` file that does not fit the payload.
struct JSONPathError: Error, CustomStringConvertible {
  var description: String
}

extension JSONValue {
  /// Replaces the value at `path` (`$.listings[1].kind`), which must exist.
  mutating func replace(at path: String, with newValue: JSONValue) throws {
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

  private mutating func update(
    at components: ArraySlice<UnknownValue.PathComponent>,
    path: String,
    _ body: (inout JSONValue) throws -> Void
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

extension JSONValue {
  /// Where this document differs from `expected`, one line per difference, such as
  /// `$.listings[0].status: expected absent, found "active"`; empty when they are equal.
  func differences(from expected: JSONValue, at path: [UnknownValue.PathComponent] = []) -> [String]
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
