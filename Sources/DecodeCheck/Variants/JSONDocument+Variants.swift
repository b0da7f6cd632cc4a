import CodableResilience
import Foundation

// What the probe engine's variants need of a payload's ``JSONDocument``: each value's path,
// and the payload's own bytes with one value replaced or one member left out. A variant costs
// a copy, and everything else (key order, numbers as written, white space) stays as the
// server sent it.
//
// ```swift
// let payload = try #require(JSONDocument(data))
// let kind = try #require(payload.node(at: "$.listings[0].kind"))
// let variant = payload.variant(replacing: kind, with: #""castle""#)  // the payload's bytes
// ```

extension JSONDocument {
  /// The path to every node with the payload's own keys, by node.
  func paths() -> [[UnknownValue.PathComponent]] {
    var paths: [[UnknownValue.PathComponent]] = []
    paths.reserveCapacity(nodes.count)
    for node in nodes.indices {
      guard let parent = nodes[node].parent, let member = nodes[node].member else {
        paths.append([])
        continue
      }
      let component: UnknownValue.PathComponent =
        members[member].key.map { .key($0) } ?? .index(member - nodes[parent].members.lowerBound)
      paths.append(paths[parent] + [component])
    }
    return paths
  }

  /// The path to one node with the payload's own keys, found by walking up from it.
  func path(of node: Int) -> [UnknownValue.PathComponent] {
    var components: [UnknownValue.PathComponent] = []
    var current = node
    while let parent = nodes[current].parent, let member = nodes[current].member {
      components.append(
        members[member].key.map { .key($0) } ?? .index(member - nodes[parent].members.lowerBound))
      current = parent
    }
    return components.reversed()
  }

  /// The node at a JSONPath as ``UnknownValue/PathComponent/jsonPath(_:)`` writes it
  /// (`$.listings[0].kind`); `nil` when the payload has no value there.
  func node(at path: String) -> Int? {
    let paths = paths()
    return nodes.indices.first { UnknownValue.PathComponent.jsonPath(paths[$0]) == path }
  }

  /// The values an object or an array holds, in text order.
  func children(of node: Int) -> [Int] {
    elements(of: node).map(\.value)
  }

  /// The text of a string node, its escapes resolved; of any other node, its JSON text.
  func text(of node: Int) -> String {
    string(node) ?? String(decoding: bytes[nodes[node].offset..<nodes[node].end], as: UTF8.self)
  }
}

// MARK: - Edits

extension JSONDocument {
  /// One change to the text: the bytes in `range` replaced by `replacement`.
  struct TextEdit: Sendable {
    var range: Range<Int>
    var replacement: String
  }

  /// The bytes of a node's value.
  private func range(of node: Int) -> Range<Int> {
    nodes[node].offset..<nodes[node].end
  }

  /// Where a node's member starts: the key's opening quote for a member of an object, the
  /// value itself for an element of an array or the root.
  private func memberStart(of node: Int) -> Int {
    nodes[node].member.map { members[$0].offset } ?? nodes[node].offset
  }

  /// The edit that replaces a node's value with `json`, which must be one JSON value.
  func replacing(_ node: Int, with json: String) -> TextEdit {
    TextEdit(range: range(of: node), replacement: json)
  }

  /// The edit that leaves a node out: for a member of an object its key and value, for an
  /// element its value, each with the comma that separates it from its neighbour.
  func removing(_ node: Int) -> TextEdit {
    guard let parent = nodes[node].parent, let member = nodes[node].member else {
      return TextEdit(range: range(of: node), replacement: "null")
    }
    let siblings = nodes[parent].members
    if member + 1 < siblings.upperBound {
      return TextEdit(range: memberStart(of: node)..<members[member + 1].offset, replacement: "")
    }
    if member > siblings.lowerBound {
      let previous = members[member - 1].value
      return TextEdit(range: nodes[previous].end..<nodes[node].end, replacement: "")
    }
    return TextEdit(range: memberStart(of: node)..<nodes[node].end, replacement: "")
  }

  /// The edits that leave, of the elements of `array`, only `element`: the elements before it
  /// and after it, with the commas between them, taken out.
  func keepingOnly(_ element: Int, of array: Int) -> [TextEdit] {
    let elements = nodes[array].members
    guard elements.count > 1 else { return [] }
    let first = members[elements.lowerBound].value
    let last = members[elements.upperBound - 1].value
    var edits: [TextEdit] = []
    if element != first {
      edits.append(TextEdit(range: nodes[first].offset..<nodes[element].offset, replacement: ""))
    }
    if element != last {
      edits.append(TextEdit(range: nodes[element].end..<nodes[last].end, replacement: ""))
    }
    return edits
  }

  /// The payload with `edits` made; they must not overlap.
  func applying(_ edits: [TextEdit]) -> Data {
    var result = Data()
    // Exactly the bytes it will hold: a payload with most of it left out is small.
    result.reserveCapacity(
      edits.reduce(bytes.count) { $0 - $1.range.count + $1.replacement.utf8.count })
    var copied = 0
    for edit in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
      result.append(contentsOf: bytes[copied..<edit.range.lowerBound])
      result.append(contentsOf: edit.replacement.utf8)
      copied = edit.range.upperBound
    }
    result.append(contentsOf: bytes[copied...])
    return result
  }
}

// MARK: - Variants

extension JSONDocument {
  /// The payload with the value at `node` replaced by `json`, one JSON value.
  ///
  /// ```swift
  /// payload.variant(replacing: kind, with: #""castle""#)
  /// ```
  func variant(replacing node: Int, with json: String) -> Data {
    applying([replacing(node, with: json)])
  }

  /// The payload with `null` at `node`.
  func variant(nulling node: Int) -> Data {
    applying([replacing(node, with: "null")])
  }

  /// The payload without the member (or element) at `node`.
  func variant(removing node: Int) -> Data {
    applying([removing(node)])
  }

  /// The payload with the object at `element` turned into a variant nobody has seen: its tag
  /// (the member `tag`) holds `newTag`, and of its other members only those in `kept` stay.
  ///
  /// ```swift
  /// // {"type": "message", "at": "…", "text": "…"} becomes {"type": "x", "at": "…"}
  /// payload.variant(tagging: event, tag: typeMember, as: #""x""#, keeping: [atMember])
  /// ```
  func variant(tagging element: Int, tag: Int, as newTag: String, keeping kept: Set<Int>)
    -> Data
  {
    applying(tagging(element, tag: tag, as: newTag, keeping: kept))
  }

  /// The edits ``variant(tagging:tag:as:keeping:)`` makes.
  func tagging(_ element: Int, tag: Int, as newTag: String, keeping kept: Set<Int>)
    -> [TextEdit]
  {
    var edits = [replacing(tag, with: newTag)]
    let members = children(of: element)
    let left = members.filter { $0 == tag || kept.contains($0) }
    if left.count < members.count {
      // The object written again from the members that stay, as they were written.
      let text = left.map { member -> String in
        let value =
          member == tag ? newTag : String(decoding: bytes[range(of: member)], as: UTF8.self)
        let key = bytes[memberStart(of: member)..<nodes[member].offset]
        return String(decoding: key, as: UTF8.self) + value
      }.joined(separator: ", ")
      edits = [TextEdit(range: range(of: element), replacement: "{" + text + "}")]
    }
    return edits
  }
}
