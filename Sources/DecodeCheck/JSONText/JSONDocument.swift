import Foundation

/// A JSON text held in memory with the place of every value and every key in it: the one
/// tree the package reads payloads and OpenAPI documents into. ``LocatingDecoder`` decodes
/// it; audit variants are made by editing its text (`JSONDocument+Variants.swift`); OpenAPI
/// documents are read by key and by JSON pointer, in member order (`JSONPointer.swift`).
///
/// It is built from the tokens of a ``JSONTokenizer`` once ``JSONScanner`` has found the text
/// valid, without recursion, so no nesting overflows the call stack. Nodes sit in one flat
/// array, in text order (the root first, each container before what it holds), and each
/// container's members in one contiguous run of another, so a 10 MB document costs a few
/// arrays, not a graph of objects.
///
/// ```swift
/// let tree = try #require(JSONDocument(Data(#"{"a": [1, "x"]}"#.utf8)))
/// let a = tree.member("a", of: JSONDocument.root)!  // the array, at offset 6
/// tree.elements(of: a.value).map { tree.nodes[$0.value].kind }  // [.number, .string]
/// ```
struct JSONDocument: Sendable {
  /// One value of the document.
  struct Node: Sendable {
    var kind: JSONValueKind
    /// The offset of the value's first byte: its quote, digit, letter, `{` or `[`.
    var offset: Int
    /// The offset after its last byte.
    var end: Int
    /// For an object or an array, its members: a range of ``JSONDocument/members``.
    var members: Range<Int> = 0..<0
    /// The container holding it; `nil` for the root.
    var parent: Int?
    /// The member of ``parent`` it is the value of: an index into ``JSONDocument/members``.
    var member: Int?
    /// For a string, whether it holds an escape.
    var hasEscapes = false
    /// For an object or an array, whether a comma follows its last member, which
    /// `JSONDecoder` reads and RFC 8259 does not allow.
    var hasTrailingComma = false
  }

  /// A member of an object or an element of an array.
  struct Member: Sendable {
    /// The key; `nil` for an array's element.
    var key: String?
    /// The offset of the key's opening quote, or of the element itself.
    var offset: Int
    /// The value: an index into ``JSONDocument/nodes``.
    var value: Int
  }

  /// The index of the top-level value.
  static let root = 0

  /// Objects with more members than this get an index by key, so that finding one of the
  /// thousands of schemas under `components` does not read them all.
  private static let indexedObjectSize = 16

  /// The text's bytes, which string values are read from when asked.
  let bytes: [UInt8]
  private(set) var nodes: [Node] = []
  private(set) var members: [Member] = []
  /// For each large object (by node), the first member with each key.
  private var indexes: [Int: [String: Int]] = [:]

  /// Reads `bytes`, which must be one valid JSON value (``JSONScanner/firstSyntaxError()``
  /// says so), from `start`.
  init(validJSON bytes: [UInt8], from start: Int) {
    self.bytes = bytes
    bytes.withUnsafeBytes { buffer in build(buffer, from: start) }
  }

  /// Reads `data`; `nil` unless it is one JSON value (a trailing comma, which `JSONDecoder`
  /// reads, is let through; a byte order mark is skipped).
  init?(_ data: Data) {
    guard let tree = data.withUnsafeBytes({ JSONScanner($0).tree() }) else { return nil }
    self = tree
  }

  private mutating func build(_ buffer: UnsafeRawBufferPointer, from start: Int) {
    let scanner = JSONScanner(buffer)
    var tokens = JSONTokenizer(buffer, at: start)
    // The open containers: their node, where their members start in `pending`, and the key
    // read for the member whose value comes next.
    var open: [(node: Int, firstPending: Int, key: String?, keyOffset: Int)] = []
    var pending: [Member] = []
    var afterComma = false
    func add(_ node: Node) -> Int {
      var node = node
      node.parent = open.last?.node
      nodes.append(node)
      let index = nodes.count - 1
      if let top = open.indices.last {
        let isObject = nodes[open[top].node].kind == .object
        pending.append(
          Member(
            key: isObject ? open[top].key : nil,
            offset: isObject ? open[top].keyOffset : node.offset, value: index))
        open[top].key = nil
      }
      return index
    }
    while true {
      let token = tokens.next()
      defer { afterComma = token.kind == .comma }
      switch token.kind {
      case .openBrace, .openBracket:
        let kind: JSONValueKind = token.kind == .openBrace ? .object : .array
        let node = add(Node(kind: kind, offset: token.start, end: token.end))
        open.append((node, pending.count, nil, 0))
      case .closeBrace, .closeBracket:
        let frame = open.removeLast()
        let first = members.count
        members += pending[frame.firstPending...]
        pending.removeSubrange(frame.firstPending...)
        nodes[frame.node].members = first..<members.count
        nodes[frame.node].end = token.end
        nodes[frame.node].hasTrailingComma = afterComma
        for member in first..<members.count { nodes[members[member].value].member = member }
        if nodes[frame.node].kind == .object, members.count - first > Self.indexedObjectSize {
          var index: [String: Int] = [:]
          for member in first..<members.count {
            index[members[member].key ?? ""] = index[members[member].key ?? ""] ?? member
          }
          indexes[frame.node] = index
        }
        if open.isEmpty { return }
      case .string:
        if let top = open.indices.last, nodes[open[top].node].kind == .object,
          open[top].key == nil
        {
          open[top].key = scanner.text(ofString: token)
          open[top].keyOffset = token.start
        } else {
          _ = add(
            Node(kind: .string, offset: token.start, end: token.end, hasEscapes: token.hasEscapes))
          if open.isEmpty { return }
        }
      case .number, .true, .false, .null:
        let kind: JSONValueKind =
          switch token.kind {
          case .number: .number
          case .null: .null
          default: .boolean
          }
        _ = add(Node(kind: kind, offset: token.start, end: token.end))
        if open.isEmpty { return }
      case .colon, .comma:
        continue
      case .word, .unexpected, .end:
        // Validated text holds none of these before its value ends.
        return
      }
    }
  }
}

extension JSONScanner {
  /// The text as the one tree; `nil` unless it is valid JSON (a trailing comma, which
  /// `JSONDecoder` reads, is let through).
  func tree() -> JSONDocument? {
    guard syntaxCheck(allowingTrailingCommas: true).error == nil else { return nil }
    return JSONDocument(validJSON: [UInt8](bytes), from: start)
  }
}

// MARK: - Reading values

extension JSONDocument {
  /// The member of the object `node` with `key` (the first, when a key repeats), or `nil`
  /// when `node` is not an object or has no such member.
  func member(_ key: String, of node: Int) -> Member? {
    guard nodes[node].kind == .object else { return nil }
    if let index = indexes[node] {
      return index[key].map { members[$0] }
    }
    return members[nodes[node].members].first { $0.key == key }
  }

  /// The members of an object or the elements of an array, in text order.
  func elements(of node: Int) -> ArraySlice<Member> {
    members[nodes[node].members]
  }

  /// The key of an object's member; `nil` for an element of an array or the root.
  func key(of node: Int) -> String? {
    nodes[node].member.flatMap { members[$0].key }
  }

  /// The text of a string node, its escapes resolved; `nil` for any other node.
  func string(_ node: Int) -> String? {
    let found = nodes[node]
    guard found.kind == .string else { return nil }
    return bytes.withUnsafeBytes {
      JSONScanner($0).decodeString(
        from: found.offset + 1, to: found.end - 1, hasEscapes: found.hasEscapes)
    }
  }

  /// The value as written: `"blur"`, `42`, `true`, `{…}` for a container.
  func literal(_ node: Int) -> String {
    let found = nodes[node]
    switch found.kind {
    case .object: return "{…}"
    case .array: return "[…]"
    default: return String(decoding: bytes[found.offset..<found.end], as: UTF8.self)
    }
  }

  /// The number a number node holds; `nil` for any other node.
  func number(_ node: Int) -> Double? {
    guard nodes[node].kind == .number else { return nil }
    return Double(literal(node))
  }

  /// The value of a boolean node; `nil` for any other node.
  func boolean(_ node: Int) -> Bool? {
    guard nodes[node].kind == .boolean else { return nil }
    return bytes[nodes[node].offset] == UInt8(ascii: "t")
  }

  /// The line and column of each byte offset, in one pass.
  func positions(of offsets: [Int]) -> [Int: TextPosition] {
    bytes.withUnsafeBytes { JSONScanner($0).positions(of: offsets) }
  }
}
