import CodableResilience
import Foundation

/// One pass over a payload's values and keys, deciding what its fixture replaces: each string,
/// number and key is asked about with a variant where it is replaced (``StandIns``), or takes
/// the decision already made at its field (``FieldDecisions``), within a budget of probes.
///
/// - A string is kept only when the models depend on it: the payload reports it (an unknown
///   or renamed value, or the value a plain enum fails on), or every stand-in changes the
///   outcome and the change is the models reading it. Otherwise the first stand-in that keeps
///   the outcome replaces it; when none does, the payload is not recorded.
/// - A number is replaced by the first number of its kind that keeps the outcome, or kept.
/// - A key the models read by name is kept; a dictionary's key is replaced. A key nothing
///   reads (after a failure, in an unknown variant, an unknown field) is kept when it looks
///   like a field name and its object is not read as a dictionary, and is then listed.
/// - What the keep list names (`--keep $.version`) is kept as captured, keys and all.
///
/// ```swift
/// var pass = RedactionPass(payload: document, base: outcome, decoder: decoder, budget: 5_000)
/// let decided = try pass.decide(sharing: FieldDecisions()).get()
/// ```
struct RedactionPass {
  let payload: JSONDocument
  let base: VariantOutcome
  let engine: ProbeEngine
  /// Whether values are replaced (`false`: `--no-redact`, which records the shape only).
  var redacts = true
  /// The probes this pass may still make.
  private(set) var budget: Int
  /// Each node's field as this pass decides it: its pattern, with the keys it replaced
  /// written `[*]`, so a dictionary's entries share one field.
  private var fieldPatterns: [String] = []
  /// The paths of the values the payload itself reports as values: unknown and renamed ones,
  /// and the one a plain enum fails on.
  private let reported: Set<String>
  /// The paths of the fields a `@KeepUnknownFields` model keeps.
  private let unknownFields: Set<String>
  /// The nodes the keep list names, or that sit inside one it names.
  private let keptByList: [Bool]

  /// Why a pass stopped before deciding everything.
  enum Stop: Error, Sendable {
    /// Only a captured value keeps the outcome, at this path (its personal keys as `[*]`).
    case needsCapturedValue(String)
    /// The budget ran out before every value was decided.
    case overBudget
  }

  /// What a pass decided: by node and member, and by field for other payloads to take.
  struct Outcome: Sendable {
    var decisions: FixtureDecisions
    var learned: FieldDecisions
  }

  init(
    payload: JSONDocument, base: VariantOutcome, decoder: VariantDecoder, keep: [String] = [],
    budget: Int
  ) {
    self.payload = payload
    self.base = base
    self.budget = budget
    engine = ProbeEngine(decoder, base: base.reports, maximumConcurrency: 1)
    var reported = Set(base.reports.filter { $0.rules.standIn == .rawValue }.map(\.jsonPath))
    if case .failed(let failure) = base, failure.message.hasPrefix("unknown "),
      let path = failure.jsonPath
    {
      reported.insert(path)
    }
    self.reported = reported
    unknownFields = Set(
      base.reports.filter {
        if case .unknownField = $0.unknownValue.kind { return true }
        return false
      }.map(\.jsonPath))
    var keptByList = [Bool](repeating: false, count: keep.isEmpty ? 0 : payload.nodes.count)
    if !keep.isEmpty {
      let keep = Set(keep)
      for node in payload.nodes.indices {
        keptByList[node] =
          keep.contains(jsonPattern(payload.path(of: node)))
          || payload.nodes[node].parent.map { keptByList[$0] } == true
      }
    }
    self.keptByList = keptByList
  }

  /// Whether a variant's outcome is the payload's.
  func holds(_ answer: ProbeAnswer) -> Bool {
    answer.reports.isEmpty && answer.failure?.signature == base.failure?.signature
  }

  /// Decides every node and member; with `sharing`, a place takes what was decided at its
  /// field, there or earlier in this pass, without asking.
  mutating func decide(sharing: FieldDecisions?) -> Result<Outcome, Stop> {
    var decided = FixtureDecisions()
    fieldPatterns = ["$"] + Array(repeating: "", count: max(0, payload.nodes.count - 1))
    var fields = sharing ?? FieldDecisions()
    var learned = FieldDecisions()
    do {
      for node in payload.nodes.indices {
        if !keptByList.isEmpty, keptByList[node] {
          decided.keptByList.insert(node)
          continue
        }
        // The key first: a value under a dictionary's key belongs to the field `[*]`, which
        // every entry of the dictionary shares, in this payload and the next.
        if let parent = payload.nodes[node].parent, let member = payload.nodes[node].member {
          fieldPatterns[node] =
            fieldPatterns[parent]
            + (payload.members[member].key.map { UnknownValue.PathComponent.key($0).description }
              ?? "[*]")
        }
        if let member = payload.nodes[node].member, payload.members[member].key != nil {
          try decideKey(member, of: node, &decided, &fields, &learned, sharing: sharing != nil)
          if decided.keys[member] != nil, let parent = payload.nodes[node].parent {
            fieldPatterns[node] = fieldPatterns[parent] + "[*]"
          }
        }
        let isReported =
          !reported.isEmpty
          && reported.contains(UnknownValue.PathComponent.jsonPath(payload.path(of: node)))
        switch payload.nodes[node].kind {
        case .string where !isReported:
          try decideString(node, &decided, &fields, &learned, sharing: sharing != nil)
        case .number where !isReported:
          try decideNumber(node, &decided, &fields, &learned, sharing: sharing != nil)
        default:
          break
        }
      }
    } catch {
      return .failure(error)
    }
    return .success(Outcome(decisions: decided, learned: learned))
  }

  /// Makes one probe, when the budget has room for it.
  private mutating func ask(_ variant: Data) throws(Stop) -> ProbeAnswer {
    guard budget > 0 else { throw .overBudget }
    budget -= 1
    return engine.answer(variant)
  }

  private mutating func decideString(
    _ node: Int, _ decided: inout FixtureDecisions, _ fields: inout FieldDecisions,
    _ learned: inout FieldDecisions, sharing: Bool
  ) throws(Stop) {
    let text = payload.text(of: node)
    let standIns = StandIns.string(text)
    let field = fieldPatterns[node] + " " + standIns.firstForm
    let keptHere = fieldPatterns[node] + " " + jsonQuoted(text)
    var chosen: Int?
    if sharing, fields.kept.contains(keptHere) {
      return
    } else if sharing, let index = fields.strings[field], index < standIns.count {
      chosen = index
    } else {
      var first: (answer: ProbeAnswer, standIn: String)?
      for (index, standIn) in standIns.enumerated() {
        if standIn.json == jsonQuoted(text) {
          chosen = index
          break
        }
        let answer = try ask(payload.variant(replacing: node, with: standIn.json))
        first = first ?? (answer, standIn.json)
        if holds(answer) {
          chosen = index
          break
        }
      }
      if let first, chosen == nil, redacts,
        !Self.modelsRead(first.answer, first.standIn, at: payload.path(of: node))
      {
        throw .needsCapturedValue(shownPath(of: node, decided))
      }
      if let chosen {
        fields.strings[field] = chosen
        learned.strings[field] = chosen
      } else {
        fields.kept.insert(keptHere)
        learned.kept.insert(keptHere)
      }
    }
    guard let chosen else { return }
    if standIns[chosen].json != jsonQuoted(text) { decided.strings[node] = standIns[chosen].json }
    decided.forms[node] = standIns[chosen].form
  }

  private mutating func decideNumber(
    _ node: Int, _ decided: inout FixtureDecisions, _ fields: inout FieldDecisions,
    _ learned: inout FieldDecisions, sharing: Bool
  ) throws(Stop) {
    let text = payload.literal(node)
    let neutral = StandIns.neutralNumber(text)
    let field = fieldPatterns[node] + " " + neutral
    let keptHere = fieldPatterns[node] + " " + text
    guard neutral != text, !(sharing && fields.keptNumbers.contains(keptHere)) else { return }
    if sharing, fields.numbers[field] == 0 {
      decided.numbers[node] = neutral
      return
    }
    let standIns = StandIns.numbers(text)
    if sharing, let index = fields.numbers[field], index < standIns.count {
      decided.numbers[node] = standIns[index]
      return
    }
    for (index, standIn) in standIns.enumerated() where standIn != text {
      if holds(try ask(payload.variant(replacing: node, with: standIn))) {
        decided.numbers[node] = standIn
        fields.numbers[field] = index
        learned.numbers[field] = index
        return
      }
    }
    fields.keptNumbers.insert(keptHere)
    learned.keptNumbers.insert(keptHere)
  }

  private mutating func decideKey(
    _ member: Int, of node: Int, _ decided: inout FixtureDecisions,
    _ fields: inout FieldDecisions, _ learned: inout FieldDecisions, sharing: Bool
  ) throws(Stop) {
    let objectPattern = payload.nodes[node].parent.map { fieldPatterns[$0] } ?? "$"
    var choice: FieldDecisions.KeyChoice
    if sharing, let shared = fields.keys[fieldPatterns[node]] {
      choice = shared
    } else if sharing, fields.dictionaries.contains(objectPattern) {
      choice = .replace
    } else {
      switch try keyChoice(of: member, at: node) {
      case .some(let made):
        choice = made.choice
        if made.isDictionary {
          fields.dictionaries.insert(objectPattern)
          learned.dictionaries.insert(objectPattern)
        }
      case .none:
        guard redacts else { return }
        throw .needsCapturedValue(
          "a key of " + shownPath(of: payload.nodes[node].parent ?? JSONDocument.root, decided))
      }
      fields.keys[fieldPatterns[node]] = choice
      learned.keys[fieldPatterns[node]] = choice
    }
    if choice == .keptAsName, fields.dictionaries.contains(objectPattern) { choice = .replace }
    switch choice {
    case .keep: break
    case .replace: decided.keys[member] = standInKey(of: member)
    case .keptAsName: decided.keptAsNames[member] = objectPattern
    }
  }

  /// What to do with the key of the member whose value is `node`, found by renaming it, and
  /// whether that showed its object to be a dictionary; `nil` when only the captured key keeps
  /// the outcome (a path in it runs through the key: a dictionary's key on the path of a
  /// report, or a kept unknown field that does not look like a name).
  private mutating func keyChoice(of member: Int, at node: Int) throws(Stop) -> (
    choice: FieldDecisions.KeyChoice, isDictionary: Bool
  )? {
    guard let key = payload.members[member].key else { return (.keep, false) }
    let standIn = standInKey(of: member)
    guard standIn != jsonQuoted(key) else { return (.keep, false) }
    let newKey = StandIns.key(key, ordinal: ordinal(of: member))
    let name = { (key: String) in
      String(UnknownValue.PathComponent.jsonPath([UnknownValue.PathComponent.key(key)]).dropFirst())
    }
    let underOldName = { (signature: [String]) in
      signature.map { $0.replacingOccurrences(of: name(newKey), with: name(key)) }
    }
    let renaming = JSONDocument.TextEdit(range: payload.keyRange(of: member), replacement: standIn)
    let renamedOnly = payload.applying([renaming])
    guard holds(try ask(renamedOnly)) else {
      if unknownFields.contains(UnknownValue.PathComponent.jsonPath(payload.path(of: node))) {
        // A field the model keeps to write back: its name, unless it is data.
        return StringForm.looksLikeName(key) ? (.keptAsName, false) : nil
      }
      // Read under the new name as under the old, but reported there: a dictionary's key on
      // the path of what it holds.
      let renamed = engine.decoder.outcome(of: renamedOnly).signature
      return underOldName(renamed) == base.signature ? nil : (.keep, false)
    }
    // A value of another kind, which whatever reads the value cannot take.
    let other = payload.nodes[node].kind == .array ? #""never-sent""# : "[[0]]"
    let changed = try ask(payload.variant(replacing: node, with: other))
    if holds(changed) {
      // Nothing reads the value: a name is kept, anything else replaced.
      return (StringForm.looksLikeName(key) ? .keptAsName : .replace, false)
    }
    let renamed = try ask(payload.applying([renaming, payload.replacing(node, with: other)]))
    return underOldName(renamed.signature) == changed.signature ? (.replace, true) : (.keep, false)
  }

  /// Whether the models read the string at `path` as a value they know or report: replacing
  /// it with `standIn` (JSON text) made them report that very value as unknown or renamed, or
  /// fail on it, there or at the object holding it (a union's tag is reported at its object).
  /// A report whose raw value holds more than the stand-in (an object's JSON) does not count:
  /// the string is only part of what was reported.
  private static func modelsRead(
    _ answer: ProbeAnswer, _ standIn: String, at path: [UnknownValue.PathComponent]
  ) -> Bool {
    let places = [path, Array(path.dropLast())].map(UnknownValue.PathComponent.jsonPath)
    func isUnknownValue(_ failure: VariantFailure?) -> Bool {
      guard let failure, let at = failure.jsonPath else { return false }
      return failure.message.hasPrefix("unknown ") && failure.message.contains(standIn)
        && places.contains(at)
    }
    if isUnknownValue(answer.failure) { return true }
    return answer.reports.contains { report in
      switch report.rules.standIn {
      case .rawValue:
        jsonQuoted(report.unknownValue.rawValue) == standIn && places.contains(report.jsonPath)
      case .elementFailure: isUnknownValue(report.elementFailure)
      case .none: false
      }
    }
  }

  /// A member's place in its object, from 1.
  private func ordinal(of member: Int) -> Int {
    guard let parent = payload.nodes[payload.members[member].value].parent else { return 1 }
    return member - payload.nodes[parent].members.lowerBound + 1
  }

  /// The JSON text of the stand-in for a member's key.
  func standInKey(of member: Int) -> String {
    jsonQuoted(StandIns.key(payload.members[member].key ?? "", ordinal: ordinal(of: member)))
  }

  /// The path of `node` as a line may show it: each key that is replaced, or does not look
  /// like a field name, written `[*]`.
  func shownPath(of node: Int, _ decided: FixtureDecisions) -> String {
    var components: [String] = []
    var current = node
    while let parent = payload.nodes[current].parent, let member = payload.nodes[current].member {
      if let key = payload.members[member].key {
        let shown = decided.keys[member] == nil && StringForm.looksLikeName(key)
        components.append(shown ? UnknownValue.PathComponent.key(key).description : "[*]")
      } else {
        components.append("[\(member - payload.nodes[parent].members.lowerBound)]")
      }
      current = parent
    }
    return "$" + components.reversed().joined()
  }
}
