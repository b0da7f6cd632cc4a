import CodableResilience

extension JSONScanner {
  /// The coding paths being looked for, merged on their common prefixes.
  struct PathTree {
    var keyChildren: [[String: Int]] = [[:]]
    var indexChildren: [[Int: Int]] = [[:]]
    var targets: [[Int]] = [[]]
    /// The coding path of each node.
    var paths: [[UnknownValue.PathComponent]] = [[]]
    /// The payload's key that led to each node reached through a key, once found.
    var payloadKeys: [String?] = [nil]

    mutating func insert(_ path: [UnknownValue.PathComponent], number: Int) {
      var node = 0
      for component in path {
        node = child(of: node, component) ?? addNode(below: node, component)
      }
      targets[node].append(number)
    }

    /// The node below `node` reached through `component`, if there is one.
    private func child(of node: Int, _ component: UnknownValue.PathComponent) -> Int? {
      switch component {
      case .key(let key): keyChildren[node][key]
      case .index(let position): indexChildren[node][position]
      }
    }

    private mutating func addNode(
      below parent: Int, _ component: UnknownValue.PathComponent
    ) -> Int {
      keyChildren.append([:])
      indexChildren.append([:])
      targets.append([])
      paths.append(paths[parent] + [component])
      payloadKeys.append(nil)
      let node = targets.count - 1
      switch component {
      case .key(let key): keyChildren[parent][key] = node
      case .index(let position): indexChildren[parent][position] = node
      }
      return node
    }

    /// `path` with each key replaced by the payload's key found for it.
    func payloadPath(_ path: [UnknownValue.PathComponent]) -> [UnknownValue.PathComponent] {
      var node = 0
      return path.map { component in
        node = child(of: node, component) ?? node
        guard case .key(let key) = component else { return component }
        return .key(payloadKeys[node] ?? key)
      }
    }

    func hasChildren(_ node: Int) -> Bool {
      !keyChildren[node].isEmpty || !indexChildren[node].isEmpty
    }
  }
}
