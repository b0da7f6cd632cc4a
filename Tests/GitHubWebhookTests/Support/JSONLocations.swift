import CodableResilience
import Foundation

// Reading and writing a JSON document (as `JSONSerialization` returns it) at the paths the
// models decode, so the tests can predict what decoding must report without trusting it.

typealias PathComponent = UnknownValue.PathComponent

/// A field's place in a payload, with `[]` standing for every element of an array:
/// `pull_request.assignees[].type`.
struct FieldPattern: Sendable, Hashable, CustomStringConvertible {
  enum Step: Sendable, Hashable {
    case key(String)
    case everyElement
  }

  let steps: [Step]
  let description: String

  init(_ text: String) {
    description = text
    steps = text.split(separator: ".").flatMap { part -> [Step] in
      part.hasSuffix("[]") ? [.key(String(part.dropLast(2))), .everyElement] : [.key(String(part))]
    }
  }

  /// Every place in `json` the pattern reaches, with what is there. A missing last key is
  /// an `.absent` occurrence; a missing or `null` object on the way yields none (the field
  /// has no place to be).
  func occurrences(in json: Any) -> [Occurrence] {
    var found: [Occurrence] = []
    func walk(_ node: Any, _ remaining: ArraySlice<Step>, _ path: [PathComponent]) {
      guard let step = remaining.first else {
        found.append(Occurrence(path: path, leaf: JSONLeaf(node)))
        return
      }
      switch step {
      case .key(let key):
        guard let object = node as? [String: Any] else { return }
        if let child = object[key] {
          walk(child, remaining.dropFirst(), path + [.key(key)])
        } else if remaining.count == 1 {
          found.append(Occurrence(path: path + [.key(key)], leaf: .absent))
        }
      case .everyElement:
        guard let array = node as? [Any] else { return }
        for (index, element) in array.enumerated() {
          walk(element, remaining.dropFirst(), path + [.index(index)])
        }
      }
    }
    walk(json, steps[...], [])
    return found
  }

  /// Whether `json` has a place for the field: a string or `null` at its end, or a `null`
  /// object or an empty array on the way to it. A key missing on the way, or a last key
  /// missing everywhere, is what a misspelt pattern looks like.
  func hasPlace(in json: Any) -> Bool {
    func walk(_ node: Any, _ remaining: ArraySlice<Step>) -> Bool {
      guard let step = remaining.first else { return node is String || node is NSNull }
      if node is NSNull { return true }
      switch step {
      case .key(let key):
        guard let child = (node as? [String: Any])?[key] else { return false }
        return walk(child, remaining.dropFirst())
      case .everyElement:
        guard let array = node as? [Any] else { return false }
        return array.isEmpty || array.contains { walk($0, remaining.dropFirst()) }
      }
    }
    return walk(json, steps[...])
  }
}

/// What a JSON document holds at one place.
enum JSONLeaf: Hashable, CustomStringConvertible {
  case absent
  case null
  case string(String)
  /// A number, a Boolean, an object or an array, as text.
  case other(String)

  init(_ node: Any) {
    switch node {
    case is NSNull: self = .null
    case let string as String: self = .string(string)
    default: self = .other(String(describing: node))
    }
  }

  /// The leaf at `path` in `json`.
  init(at path: [PathComponent], in json: Any) {
    var node = json
    for component in path {
      switch component {
      case .key(let key):
        guard let object = node as? [String: Any], let child = object[key] else {
          self = .absent
          return
        }
        node = child
      case .index(let index):
        guard let array = node as? [Any], array.indices.contains(index) else {
          self = .absent
          return
        }
        node = array[index]
      }
    }
    self.init(node)
  }

  var description: String {
    switch self {
    case .absent: "absent"
    case .null: "null"
    case .string(let string): "\"\(string)\""
    case .other(let text): text
    }
  }
}

/// One place a field pattern reaches in a payload.
struct Occurrence {
  let path: [PathComponent]
  let leaf: JSONLeaf

  /// The path as `UnknownValue.path` writes it: `$.pull_request.assignees[0].type`.
  var jsonPath: String { PathComponent.jsonPath(path) }
}

/// `json` with the value at `path` replaced by `value` (`NSNull()` for `null`).
func replacing(_ path: ArraySlice<PathComponent>, in json: Any, with value: Any) -> Any {
  guard let component = path.first else { return value }
  switch component {
  case .key(let key):
    guard var object = json as? [String: Any], let child = object[key] else { return json }
    object[key] = replacing(path.dropFirst(), in: child, with: value)
    return object
  case .index(let index):
    guard var array = json as? [Any], array.indices.contains(index) else { return json }
    array[index] = replacing(path.dropFirst(), in: array[index], with: value)
    return array
  }
}
