/// A JSON value read into memory, for ``LocatingDecoder``. Numbers keep their text, so each
/// Swift type can judge whether the number fits it.
indirect enum JSONTree {
  case object([String: JSONTree], keys: [String])
  case array([JSONTree])
  case string(String)
  case number(String)
  case boolean(Bool)
  case null

  var kind: JSONValueKind {
    switch self {
    case .object: .object
    case .array: .array
    case .string: .string
    case .number: .number
    case .boolean: .boolean
    case .null: .null
    }
  }
}

extension JSONScanner {
  /// The payload as a tree, built from its tokens without recursion; `nil` unless it is
  /// valid JSON (a trailing comma, which `JSONDecoder` reads, is let through).
  func tree() -> JSONTree? {
    guard syntaxCheck(allowingTrailingCommas: true).error == nil else { return nil }
    struct Frame {
      var isObject: Bool
      var members: [String: JSONTree] = [:]
      var keys: [String] = []
      var items: [JSONTree] = []
      var pendingKey: String?
    }
    var frames: [Frame] = []
    var root: JSONTree?
    func attach(_ value: JSONTree) {
      guard !frames.isEmpty else {
        root = value
        return
      }
      let top = frames.count - 1
      if frames[top].isObject {
        let key = frames[top].pendingKey ?? ""
        frames[top].pendingKey = nil
        // The first of duplicate keys counts, as in `JSONDecoder`.
        if frames[top].members[key] == nil {
          frames[top].members[key] = value
          frames[top].keys.append(key)
        }
      } else {
        frames[top].items.append(value)
      }
    }
    var tokens = JSONTokenizer(bytes, at: start)
    while root == nil {
      let token = tokens.next()
      switch token.kind {
      case .comma, .colon:
        continue
      case .openBrace, .openBracket:
        frames.append(Frame(isObject: token.kind == .openBrace))
      case .closeBrace, .closeBracket:
        let frame = frames.removeLast()
        attach(frame.isObject ? .object(frame.members, keys: frame.keys) : .array(frame.items))
      case .string:
        let text = text(ofString: token)
        if let top = frames.indices.last, frames[top].isObject, frames[top].pendingKey == nil {
          frames[top].pendingKey = text
        } else {
          attach(.string(text))
        }
      case .number:
        attach(.number(String(decoding: bytes[token.start..<token.end], as: UTF8.self)))
      case .true: attach(.boolean(true))
      case .false: attach(.boolean(false))
      case .null: attach(.null)
      case .word, .unexpected, .end:
        return nil
      }
    }
    return root
  }
}
