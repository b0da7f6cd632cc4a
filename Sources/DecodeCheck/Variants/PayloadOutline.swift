import CodableResilience
import Foundation

/// Every value of a JSON payload with its path and its place in the text, to build variants
/// by editing the text in place: a variant is the payload's own bytes with one value replaced
/// or one member left out, so it costs a copy, and everything else (key order, numbers as
/// written, white space) stays as the server sent it.
///
/// ```swift
/// let outline = try #require(PayloadOutline(data))
/// let kind = try #require(outline.node(at: "$.listings[0].kind"))
/// let variant = outline.variant(replacing: kind, with: #""castle""#)  // the payload's bytes
/// ```
///
/// Reading it takes one pass over the tokens, without recursion, so no nesting overflows the
/// call stack.
struct PayloadOutline: Sendable {
  /// One value of the payload.
  struct Node: Sendable {
    /// The path to it with the payload's own keys.
    var path: [UnknownValue.PathComponent]
    var kind: JSONValueKind
    /// The bytes of the value itself.
    var range: Range<Int>
    /// Where the member starts: the key's opening quote for a member of an object, the value
    /// itself for an element of an array or the root.
    var memberStart: Int
    /// The container holding it; `nil` for the root.
    var parent: Int?
    /// The values an object or an array holds, in text order.
    var children: [Int] = []
    /// Whether a string holds escapes, so its text needs unescaping.
    var hasEscapes = false
  }

  /// The payload's bytes.
  let data: Data
  /// Every value, in text order: the root first, each container before what it holds.
  private(set) var nodes: [Node] = []

  /// Reads `data`; `nil` unless it is one JSON value (a trailing comma, which `JSONDecoder`
  /// reads, is let through).
  init?(_ data: Data) {
    self.data = data
    let read: [Node]? = data.withUnsafeBytes { bytes in
      let scanner = JSONScanner(bytes)
      guard scanner.syntaxCheck(allowingTrailingCommas: true).error == nil else { return nil }
      return Self.read(scanner)
    }
    guard let read else { return nil }
    nodes = read
  }

  /// The nodes of a valid payload, read without recursion.
  private static func read(_ scanner: JSONScanner) -> [Node]? {
    var nodes: [Node] = []
    // The containers open at this point, innermost last, and the key read for the next value.
    var open: [Int] = []
    var pendingKey: (key: String, start: Int)?
    var tokens = JSONTokenizer(scanner.bytes, at: scanner.start)
    func add(_ kind: JSONValueKind, _ token: JSONToken) -> Int {
      var path: [UnknownValue.PathComponent] = []
      var memberStart = token.start
      if let parent = open.last {
        path = nodes[parent].path
        if let key = pendingKey {
          path.append(.key(key.key))
          memberStart = key.start
          pendingKey = nil
        } else {
          path.append(.index(nodes[parent].children.count))
        }
      }
      nodes.append(
        Node(
          path: path, kind: kind, range: token.start..<token.end, memberStart: memberStart,
          parent: open.last, hasEscapes: token.hasEscapes))
      let index = nodes.count - 1
      if let parent = open.last { nodes[parent].children.append(index) }
      return index
    }
    repeat {
      let token = tokens.next()
      switch token.kind {
      case .comma, .colon:
        continue
      case .openBrace, .openBracket:
        open.append(add(token.kind == .openBrace ? .object : .array, token))
      case .closeBrace, .closeBracket:
        guard let container = open.popLast() else { return nil }
        nodes[container].range = nodes[container].range.lowerBound..<token.end
      case .string:
        if let parent = open.last, nodes[parent].kind == .object, pendingKey == nil {
          pendingKey = (scanner.text(ofString: token), token.start)
        } else {
          _ = add(.string, token)
        }
      case .number: _ = add(.number, token)
      case .true, .false: _ = add(.boolean, token)
      case .null: _ = add(.null, token)
      case .word, .unexpected, .end:
        return nil
      }
    } while !open.isEmpty
    return nodes
  }

  /// The node at a JSONPath as ``UnknownValue/PathComponent/jsonPath(_:)`` writes it
  /// (`$.listings[0].kind`); `nil` when the payload has no value there.
  func node(at path: String) -> Int? {
    nodes.indices.first { UnknownValue.PathComponent.jsonPath(nodes[$0].path) == path }
  }

  /// The text of a string node, its escapes resolved; of any other node, its JSON text.
  func text(of node: Int) -> String {
    let item = nodes[node]
    return data.withUnsafeBytes { bytes in
      guard item.kind == .string else {
        return String(decoding: bytes[item.range], as: UTF8.self)
      }
      return JSONScanner(bytes).decodeString(
        from: item.range.lowerBound + 1, to: item.range.upperBound - 1,
        hasEscapes: item.hasEscapes)
    }
  }

  /// The key of an object's member, `nil` for an element of an array or the root.
  func key(of node: Int) -> String? {
    guard case .key(let key) = nodes[node].path.last, nodes[node].parent != nil,
      nodes[nodes[node].parent!].kind == .object
    else { return nil }
    return key
  }

  /// The line and column of each node's value, in one pass over the text.
  func positions(of nodes: [Int]) -> [Int: TextPosition] {
    let offsets = nodes.map { self.nodes[$0].range.lowerBound }
    let positions = data.withUnsafeBytes { JSONScanner($0).positions(of: offsets) }
    var byNode: [Int: TextPosition] = [:]
    for (node, offset) in zip(nodes, offsets) { byNode[node] = positions[offset] }
    return byNode
  }
}

// MARK: - Edits

extension PayloadOutline {
  /// One change to the text: the bytes in `range` replaced by `replacement`.
  struct TextEdit: Sendable {
    var range: Range<Int>
    var replacement: String
  }

  /// The edit that replaces a node's value with `json`, which must be one JSON value.
  func replacing(_ node: Int, with json: String) -> TextEdit {
    TextEdit(range: nodes[node].range, replacement: json)
  }

  /// The edit that leaves a node out: for a member of an object its key and value, for an
  /// element its value, each with the comma that separates it from its neighbour.
  func removing(_ node: Int) -> TextEdit {
    guard let parent = nodes[node].parent else {
      return TextEdit(range: nodes[node].range, replacement: "null")
    }
    let siblings = nodes[parent].children
    let position = siblings.firstIndex(of: node) ?? 0
    if position + 1 < siblings.count {
      return TextEdit(
        range: nodes[node].memberStart..<nodes[siblings[position + 1]].memberStart,
        replacement: "")
    }
    if position > 0 {
      return TextEdit(
        range: nodes[siblings[position - 1]].range.upperBound..<nodes[node].range.upperBound,
        replacement: "")
    }
    return TextEdit(range: nodes[node].memberStart..<nodes[node].range.upperBound, replacement: "")
  }

  /// The payload with `edits` made; they must not overlap.
  func applying(_ edits: [TextEdit]) -> Data {
    var result = Data()
    result.reserveCapacity(data.count + edits.reduce(0) { $0 + $1.replacement.utf8.count })
    var copied = 0
    data.withUnsafeBytes { bytes in
      for edit in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
        result.append(contentsOf: bytes[copied..<edit.range.lowerBound])
        result.append(contentsOf: edit.replacement.utf8)
        copied = edit.range.upperBound
      }
      result.append(contentsOf: bytes[copied...])
    }
    return result
  }
}

// MARK: - Variants

extension PayloadOutline {
  /// The payload with the value at `node` replaced by `json`, one JSON value.
  ///
  /// ```swift
  /// outline.variant(replacing: kind, with: #""castle""#)
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
  /// outline.variant(tagging: event, tag: typeMember, as: #""x""#, keeping: [atMember])
  /// ```
  func variant(tagging element: Int, tag: Int, as newTag: String, keeping kept: Set<Int>)
    -> Data
  {
    var edits = [replacing(tag, with: newTag)]
    let members = nodes[element].children
    let left = members.filter { $0 == tag || kept.contains($0) }
    if left.count < members.count {
      // The object written again from the members that stay, as they were written.
      let text = data.withUnsafeBytes { bytes in
        left.map { member -> String in
          let value =
            member == tag
            ? newTag : String(decoding: bytes[nodes[member].range], as: UTF8.self)
          let key = bytes[nodes[member].memberStart..<nodes[member].range.lowerBound]
          return String(decoding: key, as: UTF8.self) + value
        }.joined(separator: ", ")
      }
      edits = [TextEdit(range: nodes[element].range, replacement: "{" + text + "}")]
    }
    return applying(edits)
  }
}
