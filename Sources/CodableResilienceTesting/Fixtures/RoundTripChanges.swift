import CodableResilience

// What a round trip changed, in the terms of the `.expected` format, which the fixture check
// records and compares.

extension FixtureJSON {
  /// How `written` differs from this document, in the terms of the `.expected` format:
  /// values written differently (`replaced`), object members not written (`removed`) and
  /// members written that this document lacks (`added`). Applying them to this document
  /// gives `written`.
  func changes(to written: FixtureJSON) -> ExpectedOutcome.RoundTrip {
    var changes = ExpectedOutcome.RoundTrip()
    collectChanges(to: written, at: [], into: &changes)
    return changes
  }

  private func collectChanges(
    to written: FixtureJSON,
    at path: [UnknownValue.PathComponent],
    into changes: inout ExpectedOutcome.RoundTrip
  ) {
    switch (self, written) {
    case (.object(let original), .object(let written)):
      for key in Set(original.keys).union(written.keys).sorted() {
        let childPath = path + [.key(key)]
        switch (original[key], written[key]) {
        case (let before?, let after?):
          before.collectChanges(to: after, at: childPath, into: &changes)
        case (_?, nil): changes.removed.append(UnknownValue.PathComponent.jsonPath(childPath))
        case (nil, let after?):
          changes.added[UnknownValue.PathComponent.jsonPath(childPath)] = after
        case (nil, nil): break
        }
      }
    case (.array(let original), .array(let written)) where original.count == written.count:
      for (index, pair) in zip(original, written).enumerated() {
        pair.0.collectChanges(to: pair.1, at: path + [.index(index)], into: &changes)
      }
    default:
      if self != written {
        changes.replaced[UnknownValue.PathComponent.jsonPath(path)] = written
      }
    }
  }
}
