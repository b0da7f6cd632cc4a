import CodableResilience
import Foundation

extension JSONTree {
  /// The tree as compact JSON text: members in the order of `keys`, numbers as their text,
  /// strings escaped as JSON escapes them.
  ///
  /// ```swift
  /// JSONTree.object(["kind": .string("castle")], keys: ["kind"]).jsonData()
  /// // {"kind":"castle"}
  /// ```
  ///
  /// It recurses once per level: a tree read from a payload is at most 512 levels deep
  /// (deeper JSON is refused before it is read), and generated trees are bounded by their
  /// generators.
  func jsonData() -> Data {
    var text = ""
    write(into: &text)
    return Data(text.utf8)
  }

  private func write(into text: inout String) {
    switch self {
    case .object(let members, let keys):
      text += "{"
      for (index, key) in keys.enumerated() {
        if index > 0 { text += "," }
        text += jsonQuoted(key) + ":"
        (members[key] ?? .null).write(into: &text)
      }
      text += "}"
    case .array(let items):
      text += "["
      for (index, item) in items.enumerated() {
        if index > 0 { text += "," }
        item.write(into: &text)
      }
      text += "]"
    case .string(let string): text += jsonQuoted(string)
    case .number(let number): text += number
    case .boolean(let flag): text += flag ? "true" : "false"
    case .null: text += "null"
    }
  }
}
