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
        switch component {
        case .key(let key):
          if let child = keyChildren[node][key] {
            node = child
          } else {
            keyChildren[node][key] = addNode(below: node, component)
            node = keyChildren.count - 1
          }
        case .index(let position):
          if let child = indexChildren[node][position] {
            node = child
          } else {
            indexChildren[node][position] = addNode(below: node, component)
            node = indexChildren.count - 1
          }
        }
      }
      targets[node].append(number)
    }

    private mutating func addNode(
      below parent: Int, _ component: UnknownValue.PathComponent
    ) -> Int {
      keyChildren.append([:])
      indexChildren.append([:])
      targets.append([])
      paths.append(paths[parent] + [component])
      payloadKeys.append(nil)
      return targets.count - 1
    }

    /// `path` with each key replaced by the payload's key found for it.
    func payloadPath(_ path: [UnknownValue.PathComponent]) -> [UnknownValue.PathComponent] {
      var node = 0
      return path.map { component in
        switch component {
        case .key(let key):
          node = keyChildren[node][key] ?? node
          return .key(payloadKeys[node] ?? key)
        case .index(let position):
          node = indexChildren[node][position] ?? node
          return component
        }
      }
    }

    func hasChildren(_ node: Int) -> Bool {
      !keyChildren[node].isEmpty || !indexChildren[node].isEmpty
    }
  }
}
