import CodableResilience

extension JSONScanner {
  /// A value found in the text: where it starts, what it is and, for a short scalar, its text.
  struct LocatedValue: Hashable {
    var offset: Int
    var kind: JSONValueKind
    /// The value as written (`42`, `"castle"`, `true`), shortened when long; `nil` for an
    /// object or an array.
    var text: String?
    /// The path to it with the payload's own keys, which `keys` converted to the coding path.
    var path: [UnknownValue.PathComponent] = []
  }

  /// Finds the value at each coding path in one pass over the text's tokens. A path that
  /// leads nowhere (or into text that is not valid JSON) gives `nil`. With duplicate keys the
  /// first one counts, as in `JSONDecoder`. A payload key matches a coding key when `keys`
  /// converts it to that key (as the app's decoder does) or, failing that, when it is the
  /// same text (the keys of a `[String: Value]` dictionary are not converted).
  func locate(_ paths: [[UnknownValue.PathComponent]], keys: KeyConversion? = nil)
    -> [LocatedValue?]
  {
    var tree = PathTree()
    for (number, path) in paths.enumerated() {
      tree.insert(path, number: number)
    }
    var results = find(targetCount: paths.count, in: &tree, keys: keys)
    for (number, path) in paths.enumerated() where results[number] != nil {
      results[number]?.path = tree.payloadPath(path)
    }
    return results
  }

  /// The values at the `targetCount` paths of `tree`, found in one pass.
  private func find(targetCount: Int, in tree: inout PathTree, keys: KeyConversion?)
    -> [LocatedValue?]
  {
    var results = [LocatedValue?](repeating: nil, count: targetCount)
    var remaining = targetCount

    enum Step {
      /// A value, at the tree's `node` or off the paths searched.
      case value(node: Int?)
      /// The end of the innermost container, or a member: after a comma unless `first`.
      case member(first: Bool)
    }
    // The open containers being searched: the tree node for each, and the current index.
    var frames: [(node: Int, isObject: Bool, index: Int)] = []
    var step = Step.value(node: 0)
    var tokens = JSONTokenizer(bytes, at: start)
    // An array's element, read while looking for a comma, to be read again as a value.
    var pending: JSONToken?
    while remaining > 0 {
      var token = pending ?? tokens.next()
      pending = nil
      guard token.kind != .end else { break }
      switch step {
      case .value(let node):
        if let node {
          let kind = kind(of: token)
          for number in tree.targets[node] where results[number] == nil {
            results[number] = LocatedValue(
              offset: token.start, kind: kind, text: scalarText(of: token))
            remaining -= 1
          }
          if tree.hasChildren(node), token.kind == .openBrace || token.kind == .openBracket {
            frames.append((node, token.kind == .openBrace, 0))
            step = .member(first: true)
            continue
          }
        }
        guard skipValue(token, &tokens), !frames.isEmpty else { return results }
        step = .member(first: false)
      case .member(let first):
        let frame = frames[frames.count - 1]
        if token.kind == (frame.isObject ? .closeBrace : .closeBracket) {
          frames.removeLast()
          if frames.isEmpty { return results }
          step = .member(first: false)
          continue
        }
        if !first {
          guard token.kind == .comma else { return results }
          token = tokens.next()
        }
        if frame.isObject {
          guard token.kind == .string, token.isValid, tokens.next().kind == .colon else {
            return results
          }
          let key = text(ofString: token)
          let children = tree.keyChildren[frame.node]
          var child = children[key]
          if let keys, !keys.isIdentity {
            child = children[keys.codingKey(for: key, at: tree.paths[frame.node])] ?? child
          }
          if let child, tree.payloadKeys[child] == nil { tree.payloadKeys[child] = key }
          step = .value(node: child)
        } else {
          let position = first ? 0 : frame.index + 1
          frames[frames.count - 1].index = position
          step = .value(node: tree.indexChildren[frame.node][position])
          pending = token
        }
      }
    }
    return results
  }

  private func kind(of token: JSONToken) -> JSONValueKind {
    switch token.kind {
    case .openBrace: .object
    case .openBracket: .array
    case .string: .string
    case .true, .false: .boolean
    case .null: .null
    default: .number
    }
  }

  /// The text of a string, number or literal, cut short after 40 bytes.
  private func scalarText(of token: JSONToken) -> String? {
    switch token.kind {
    case .string, .number, .true, .false, .null: break
    default: return nil
    }
    let (offset, end) = (token.start, token.end)
    let limit = 40
    guard end - offset > limit else {
      return String(decoding: bytes[offset..<end], as: UTF8.self)
    }
    var cut = offset + limit
    while cut > offset, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
    return String(decoding: bytes[offset..<cut], as: UTF8.self) + "…"
  }

  /// Moves `tokens` past the value that `token` starts, without checking it; whether it
  /// ends. The payload's validity has been checked before any value is looked for.
  private func skipValue(_ token: JSONToken, _ tokens: inout JSONTokenizer) -> Bool {
    switch token.kind {
    case .openBrace, .openBracket:
      var depth = 1
      while depth > 0 {
        switch tokens.next().kind {
        case .openBrace, .openBracket: depth += 1
        case .closeBrace, .closeBracket: depth -= 1
        case .end: return false
        default: break
        }
      }
      return true
    case .closeBrace, .closeBracket, .comma, .colon, .end:
      return false
    default:
      return true
    }
  }
}
