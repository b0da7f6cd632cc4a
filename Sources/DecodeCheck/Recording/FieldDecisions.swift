import CodableResilience

/// What recording decided at each field (a path pattern, `$.listings[*].title`), for the
/// other places of the field to take without asking: within a payload, and across the
/// payloads of one type and route, so that a shape seen before costs about one decode.
///
/// A value is kept without asking only where the same value was kept at the same field:
/// another variant of a union may hold free text under a key that holds an enum's value.
/// What a field's decision leads to is checked by decoding the fixture once more, and a
/// payload whose fixture does not keep its outcome is asked about place by place.
///
/// ```swift
/// var fields = FieldDecisions()
/// fields.strings["$.listings[*].title text"] = 0  // the first stand-in, "redacted"
/// fields.kept.insert(#"$.listings[*].kind "house""#)
/// ```
struct FieldDecisions: Sendable {
  /// What became of a member's key.
  enum KeyChoice: Sendable, Hashable {
    /// The models read it by name.
    case keep
    /// A dictionary's key, or data nothing reads: replaced.
    case replace
    /// Nothing reads it and it looks like a field name (``StringForm/looksLikeName(_:)``):
    /// kept, and listed for review, unless its object is read as a dictionary elsewhere.
    case keptAsName
  }

  /// The stand-in (an index into ``StandIns/string(_:)``) chosen by field and form.
  var strings: [String: Int] = [:]
  /// Strings kept as captured, by field and value.
  var kept: Set<String> = []
  /// The stand-in (an index into ``StandIns/numbers(_:)``) chosen by field and kind.
  var numbers: [String: Int] = [:]
  /// Numbers kept as captured, by field and value.
  var keptNumbers: Set<String> = []
  /// What became of keys, by the member's pattern.
  var keys: [String: KeyChoice] = [:]
  /// The patterns of objects the models read as dictionaries: their keys are data.
  var dictionaries: Set<String> = []

  var isEmpty: Bool {
    strings.isEmpty && kept.isEmpty && numbers.isEmpty && keptNumbers.isEmpty && keys.isEmpty
      && dictionaries.isEmpty
  }

  /// Adds what `other` decided where this has decided nothing: the first decision for a
  /// field stands, so merging in the payloads' order gives the same result on every run.
  mutating func merge(_ other: FieldDecisions) {
    strings.merge(other.strings) { first, _ in first }
    kept.formUnion(other.kept)
    numbers.merge(other.numbers) { first, _ in first }
    keptNumbers.formUnion(other.keptNumbers)
    keys.merge(other.keys) { first, _ in first }
    dictionaries.formUnion(other.dictionaries)
  }
}

/// What one fixture replaces and keeps of its payload, node by node and member by member
/// (indices into the payload's ``JSONDocument/nodes`` and ``JSONDocument/members``).
///
/// ```swift
/// var decided = FixtureDecisions()
/// decided.strings[nameNode] = #""redacted""#
/// payload.fixtureText(values: decided.strings, keys: decided.keys)
/// ```
struct FixtureDecisions: Sendable {
  /// The JSON text of each string's stand-in.
  var strings: [Int: String] = [:]
  /// The form each string kept, for the shape, including strings whose stand-in is
  /// themselves.
  var forms: [Int: String] = [:]
  /// The JSON text of each number's stand-in.
  var numbers: [Int: String] = [:]
  /// The JSON text of each replaced key.
  var keys: [Int: String] = [:]
  /// The keys kept because they look like field names though nothing reads them, with their
  /// object's pattern: replaced after all when the run finds that object read as a dictionary.
  var keptAsNames: [Int: String] = [:]
  /// The nodes the keep list names, kept as captured.
  var keptByList: Set<Int> = []
}

extension FixtureDecisions {
  /// These decisions, with those of `mended`'s (the payload mended, ``PayloadRepair``) taken
  /// for every place `payload` has too, but the values the mending changed.
  func taking(
    _ mendedDecisions: FixtureDecisions, of mended: PayloadRepair.Mended,
    in payload: JSONDocument
  ) -> FixtureDecisions {
    let paths = payload.paths().map(UnknownValue.PathComponent.jsonPath)
    let nodes = Dictionary(paths.enumerated().map { ($1, $0) }) { first, _ in first }
    var result = self
    let mendedPaths = mended.payload.paths().map(UnknownValue.PathComponent.jsonPath)
    for (node, path) in mendedPaths.enumerated() {
      guard
        !mended.changed.contains(where: {
          path == $0 || path.hasPrefix($0 + ".") || path.hasPrefix($0 + "[")
        }),
        let original = nodes[path],
        payload.nodes[original].kind == mended.payload.nodes[node].kind
      else { continue }
      result.strings[original] = mendedDecisions.strings[node]
      result.forms[original] = mendedDecisions.forms[node]
      result.numbers[original] = mendedDecisions.numbers[node]
      if mendedDecisions.keptByList.contains(node) { result.keptByList.insert(original) }
      if let member = payload.nodes[original].member,
        let mendedMember = mended.payload.nodes[node].member
      {
        result.keys[member] = mendedDecisions.keys[mendedMember]
        result.keptAsNames[member] = mendedDecisions.keptAsNames[mendedMember]
      }
    }
    return result
  }
}
