import CodableResilience
import Foundation

// A recorded fixture's text: the payload written again, indented two spaces a level so a
// review reads it line by line, with some values and keys replaced. Everything else stays as
// the server sent it: key order, repeated keys, strings with their escapes, numbers as written,
// array lengths, `null` versus a missing key, and a trailing comma (which `JSONDecoder` reads and
// a check warns of).
//
// ```swift
// let payload = try #require(JSONDocument(data))
// payload.fixtureText(values: [nameNode: #""redacted""#], keys: [:])
// ```

extension JSONDocument {
  /// The payload, indented, with the value of each node in `values` and the key of each member
  /// (an index into ``members``) in `keys` replaced by its JSON text; a newline at the end.
  ///
  /// Written without recursion, as the document is read, so no nesting overflows the stack.
  func fixtureText(values: [Int: String], keys: [Int: String]) -> Data {
    var text: [UInt8] = []
    text.reserveCapacity(bytes.count * 2)
    /// The containers open, innermost last, and whether each has had a member yet.
    var open: [Int] = []
    func newline(_ depth: Int) {
      text.append(UInt8(ascii: "\n"))
      text.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    }
    func close() {
      let node = open.removeLast()
      let isObject = nodes[node].kind == .object
      if nodes[node].hasTrailingComma { text.append(UInt8(ascii: ",")) }
      newline(open.count)
      text.append(UInt8(ascii: isObject ? "}" : "]"))
    }
    for node in nodes.indices {
      if let parent = nodes[node].parent {
        while open.last != parent { close() }
        if let member = nodes[node].member, member > nodes[parent].members.lowerBound {
          text.append(UInt8(ascii: ","))
        }
        newline(open.count)
        if let member = nodes[node].member, let key = members[member].key {
          text.append(contentsOf: (keys[member] ?? jsonQuoted(key)).utf8)
          text.append(contentsOf: ": ".utf8)
        }
      }
      if let replacement = values[node] {
        text.append(contentsOf: replacement.utf8)
        continue
      }
      switch nodes[node].kind {
      case .object, .array:
        let isObject = nodes[node].kind == .object
        if nodes[node].members.isEmpty {
          text.append(contentsOf: (isObject ? "{}" : "[]").utf8)
        } else {
          text.append(UInt8(ascii: isObject ? "{" : "["))
          open.append(node)
        }
      default:
        text.append(contentsOf: bytes[nodes[node].offset..<nodes[node].end])
      }
    }
    while !open.isEmpty { close() }
    text.append(UInt8(ascii: "\n"))
    return Data(text)
  }
}
