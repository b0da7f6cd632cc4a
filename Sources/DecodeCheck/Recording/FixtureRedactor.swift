import CodableResilience
import Foundation

/// Turns one captured payload into a fixture that decodes with the same outcome and holds no
/// value from the capture that the models do not depend on: recording's way of making
/// variants for the ``ProbeEngine``.
///
/// Each string, number and object key is asked about on its own, with a variant of the
/// payload where it is replaced by a stand-in of the same form (``StandIns``):
///
/// - A string is kept only when the models depend on it: the captured payload reports it (an
///   unknown or renamed value, or the value a plain enum fails on), or every stand-in changes
///   the outcome and the change is the models reading it (an unknown value, a renamed value,
///   or an enum, union or alias failing on it, at its place or its object's). Otherwise the
///   first stand-in that keeps the outcome replaces it; when none does, the payload cannot be
///   recorded without a personal value, and is not.
/// - A key is kept when the models read it: it is replaced only when renaming it keeps the
///   outcome and either nothing reads its value or what reads it reads it under the new name
///   too (a dictionary's key).
/// - A number is replaced by one of the same kind when that keeps the outcome.
///
/// The fixture written with every replacement is decoded once more; if it does not keep the
/// outcome, numbers are kept as captured, and if it still does not, nothing is recorded.
///
/// ```swift
/// let redactor = FixtureRedactor(decoder: VariantDecoder(RegisteredModel(Booking.self)))
/// if case .recorded(let fixture) = redactor.record(data) { fixture.text }
/// ```
struct FixtureRedactor: Sendable {
  let decoder: VariantDecoder
  /// Whether values are replaced; `false` (`--no-redact`) records the payload as captured,
  /// named by the same shape.
  var redacts = true

  /// What recording one payload came to.
  enum RecordingResult: Sendable {
    case recorded(RecordedPayload)
    /// Only a value from the capture keeps the outcome, at this path.
    case needsCapturedValue(path: String)
    /// Even with keys and numbers as captured, the fixture does not decode as the payload did.
    case cannotKeepOutcome
    /// The payload is not JSON `JSONDecoder` reads, for this reason (with its place): only
    /// `--no-redact` writes it, as it is.
    case notJSON(String)
  }

  /// A payload ready to be written.
  struct RecordedPayload: Sendable {
    /// The fixture's bytes.
    var text: Data
    /// Same key sets, kinds of values, values kept, outcome: the dedupe key.
    var shape: StableHash
    /// How many strings (values and keys) were replaced.
    var replacedStrings: Int
    /// What a check says of the payload's text that is not valid JSON (a trailing comma, not
    /// UTF-8, not JSON at all), which its fixture says too; `nil` when there is nothing.
    var textProblem: String?
  }

  /// What was decided for each node and member.
  private struct Decisions {
    var strings: [Int: String] = [:]
    var forms: [Int: String] = [:]
    var numbers: [Int: String] = [:]
    var keys: [Int: String] = [:]
  }

  /// What was decided at each field (a path pattern, `$.listings[*].title`), for the other
  /// places of the field to take without asking: which stand-in replaced a string of a form,
  /// that a number of a kind was replaced, which values were kept, and what became of a key.
  /// A value is kept without asking only where the same value was kept at the same field:
  /// another variant of a union may hold free text under a key that holds an enum's value.
  private struct Fields {
    var strings: [String: Int] = [:]
    var numbers: Set<String> = []
    var kept: Set<String> = []
    var keys: [String: Bool] = [:]
  }

  /// The payload, its outcome and the engine that asks about its variants.
  private struct Asking {
    var payload: JSONDocument
    var base: VariantOutcome
    var engine: ProbeEngine
    var paths: [[UnknownValue.PathComponent]]
    var patterns: [String]
    /// The paths of the values the payload itself reports.
    var reported: Set<String>

    /// Whether a variant's outcome is the payload's.
    func holds(_ answer: ProbeAnswer) -> Bool {
      answer.reports.isEmpty && answer.failure?.signature == base.failure?.signature
    }
  }

  /// Records `data`, a payload decoded as ``decoder``'s model.
  ///
  /// Each place is asked about once per field first (``Fields``); when the fixture that makes
  /// does not keep the outcome, every place is asked about on its own.
  func record(_ data: Data) -> RecordingResult {
    let body = CapturedBody(data)
    if let problem = body.problem {
      guard !redacts else { return .notJSON(problem) }
      return .recorded(
        RecordedPayload(
          text: data, shape: StableHash(bytes: data), replacedStrings: 0, textProblem: problem))
    }
    guard let payload = JSONDocument(body.text) else { return .notJSON("not JSON") }
    let base = decoder.outcome(of: body.text)
    let textProblem = body.textFindings.first
    let paths = payload.paths()
    // What the payload itself reports is what its fixture is about.
    var reported = Set(base.reports.filter { !$0.isElementLeftOut }.map(\.jsonPath))
    if case .failed(let failure) = base, failure.message.hasPrefix("unknown "),
      let path = failure.jsonPath
    {
      reported.insert(path)
    }
    let asking = Asking(
      payload: payload, base: base,
      engine: ProbeEngine(decoder, base: base.reports, maximumConcurrency: 1), paths: paths,
      patterns: paths.map(jsonPattern), reported: reported)
    for sharesFields in [true, false] {
      let decided: Decisions
      switch decide(asking, sharingFields: sharesFields) {
      case .success(let decisions): decided = decisions
      case .failure(let needs): return .needsCapturedValue(path: needs.path)
      }
      let shape = Self.shape(of: payload, decided, outcome: base, text: body.textFindings)
      guard redacts else {
        return .recorded(
          RecordedPayload(text: data, shape: shape, replacedStrings: 0, textProblem: textProblem))
      }
      // Numbers may be kept as captured when replacing them all changes the outcome; keys
      // replaced never are, since a map's keys are as personal as its values.
      let signature = base.signature
      for values in [decided.strings.merging(decided.numbers) { $1 }, decided.strings] {
        let text = payload.fixtureText(values: values, keys: decided.keys)
        let written = body.written(text)
        if decoder.outcome(of: text).signature == signature,
          CapturedBody(written).textFindings == body.textFindings
        {
          return .recorded(
            RecordedPayload(
              text: written, shape: shape,
              replacedStrings: decided.strings.count + decided.keys.count,
              textProblem: textProblem))
        }
      }
    }
    return .cannotKeepOutcome
  }

  /// Only a captured value keeps the outcome, at `path`.
  private struct NeedsCapturedValue: Error {
    var path: String
  }

  /// What to replace, node by node; with `sharingFields`, a place takes what was decided at
  /// another place of its field.
  private func decide(_ asking: Asking, sharingFields: Bool) -> Result<
    Decisions, NeedsCapturedValue
  > {
    let payload = asking.payload
    var decided = Decisions()
    var fields = Fields()
    for node in payload.nodes.indices {
      let path = asking.paths[node]
      let pattern = asking.patterns[node]
      let isReported = asking.reported.contains(UnknownValue.PathComponent.jsonPath(path))
      switch payload.nodes[node].kind {
      case .string where !isReported:
        let text = payload.text(of: node)
        let standIns = StandIns.string(text)
        let field = pattern + " " + (standIns.first?.form ?? "")
        var chosen: Int?
        let keptHere = pattern + " " + jsonQuoted(text)
        if sharingFields, fields.kept.contains(keptHere) {
          break
        } else if sharingFields, let index = fields.strings[field] {
          chosen = index
        } else {
          var first: (answer: ProbeAnswer, standIn: String)?
          for (index, standIn) in standIns.enumerated() {
            if standIn.json == jsonQuoted(text) {
              chosen = index
              break
            }
            let answer = asking.engine.answer(
              payload.variant(replacing: node, with: standIn.json))
            first = first ?? (answer, standIn.json)
            if asking.holds(answer) {
              chosen = index
              break
            }
          }
          if let first, chosen == nil, redacts,
            !Self.modelsRead(first.answer, first.standIn, at: path)
          {
            return .failure(NeedsCapturedValue(path: UnknownValue.PathComponent.jsonPath(path)))
          }
          if let chosen { fields.strings[field] = chosen } else { fields.kept.insert(keptHere) }
        }
        if let chosen {
          if standIns[chosen].json != jsonQuoted(text) {
            decided.strings[node] = standIns[chosen].json
          }
          decided.forms[node] = standIns[chosen].form
        }
      case .number where !isReported:
        let text = payload.text(of: node)
        let standIn = StandIns.number(text)
        let field = pattern + " " + standIn
        let keptHere = pattern + " " + text
        guard standIn != text, !(sharingFields && fields.kept.contains(keptHere)) else { break }
        if (sharingFields && fields.numbers.contains(field))
          || asking.holds(asking.engine.answer(payload.variant(replacing: node, with: standIn)))
        {
          decided.numbers[node] = standIn
          fields.numbers.insert(field)
        } else {
          fields.kept.insert(keptHere)
        }
      default:
        break
      }
      guard let member = payload.nodes[node].member, payload.members[member].key != nil else {
        continue
      }
      if sharingFields, let replaces = fields.keys[pattern] {
        if replaces { decided.keys[member] = standInKey(of: member, in: payload) }
        continue
      }
      switch decidedKey(of: node, asking) {
      case .keep:
        fields.keys[pattern] = false
      case .replace(let key):
        decided.keys[member] = key
        fields.keys[pattern] = true
      case .needsCapturedKey where redacts:
        let object = UnknownValue.PathComponent.jsonPath(Array(path.dropLast()))
        return .failure(NeedsCapturedValue(path: "a key of \(object)"))
      case .needsCapturedKey:
        break
      }
    }
    return .success(decided)
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
      switch report.unknownValue.kind {
      case .unknownValue, .renamedValue:
        jsonQuoted(report.unknownValue.rawValue) == standIn && places.contains(report.jsonPath)
      case .invalidElement: isUnknownValue(report.elementFailure)
      case .defaultUsed, .unknownField: false
      @unknown default: false
      }
    }
  }

  /// What to do with a member's key.
  private enum KeyDecision {
    case keep
    case replace(String)
    /// Only the captured key keeps the outcome: a path in it runs through the key.
    case needsCapturedKey
  }

  /// What to do with the key of the member whose value is `node`: replace it when the models
  /// do not read it by name (nothing reads its value, or what reads it reads it under the new
  /// name too: a dictionary's key), unless a report or failure's path runs through it.
  private func decidedKey(of node: Int, _ asking: Asking) -> KeyDecision {
    let payload = asking.payload
    guard let member = payload.nodes[node].member, let key = payload.members[member].key else {
      return .keep
    }
    let standIn = standInKey(of: member, in: payload)
    guard standIn != jsonQuoted(key) else { return .keep }
    let newKey = StandIns.key(key, ordinal: ordinal(of: member, in: payload))
    let name = { (key: String) in
      String(UnknownValue.PathComponent.jsonPath([UnknownValue.PathComponent.key(key)]).dropFirst())
    }
    let underOldName = { (signature: [String]) in
      signature.map { $0.replacingOccurrences(of: name(newKey), with: name(key)) }
    }
    let engine = asking.engine
    let renaming = JSONDocument.TextEdit(range: payload.keyRange(of: member), replacement: standIn)
    let renamedOnly = payload.applying([renaming])
    guard asking.holds(engine.answer(renamedOnly)) else {
      // Read under the new name as under the old, but reported there: a dictionary's key on
      // the path of what it holds.
      let renamed = engine.decoder.outcome(of: renamedOnly).signature
      return underOldName(renamed) == asking.base.signature ? .needsCapturedKey : .keep
    }
    // A value of another kind, which whatever reads the value cannot take.
    let other = payload.nodes[node].kind == .array ? #""never-sent""# : "[[0]]"
    let changed = engine.answer(payload.variant(replacing: node, with: other))
    if asking.holds(changed) { return .replace(standIn) }
    let renamed = engine.answer(
      payload.applying([renaming, payload.replacing(node, with: other)]))
    return underOldName(renamed.signature) == changed.signature ? .replace(standIn) : .keep
  }

  /// A member's place in its object, from 1.
  private func ordinal(of member: Int, in payload: JSONDocument) -> Int {
    guard let parent = payload.nodes[payload.members[member].value].parent else { return 1 }
    return member - payload.nodes[parent].members.lowerBound + 1
  }

  /// The JSON text of the stand-in for a member's key.
  private func standInKey(of member: Int, in payload: JSONDocument) -> String {
    jsonQuoted(
      StandIns.key(payload.members[member].key ?? "", ordinal: ordinal(of: member, in: payload)))
  }

  /// The payload's shape: the type's outcome, and for each value its kind, with the values and
  /// keys kept and the forms of those replaced. Arrays count each element's shape once, and
  /// objects each member's, so that a longer page of the same listings is the same shape.
  private static func shape(
    of payload: JSONDocument, _ decided: Decisions, outcome: VariantOutcome, text: [String]
  ) -> StableHash {
    var shapes = [String](repeating: "", count: payload.nodes.count)
    // Backwards, so each container's values are done before it.
    for node in payload.nodes.indices.reversed() {
      let found = payload.nodes[node]
      switch found.kind {
      case .object, .array:
        let parts = Set(
          payload.elements(of: node).indices.map { member -> String in
            let value = shapes[payload.members[member].value]
            guard let key = payload.members[member].key else { return value }
            return (decided.keys[member] == nil ? jsonQuoted(key) : "*") + ":" + value
          }
        ).sorted()
        var hash = StableHash()
        hash.add(found.kind == .object ? "{" : "[")
        for part in parts { hash.add(part) }
        shapes[node] = hash.hex
      case .string:
        shapes[node] = decided.forms[node].map { "s:" + $0 } ?? "s=" + payload.literal(node)
      case .number:
        shapes[node] = decided.numbers[node].map { "n:" + $0 } ?? "n=" + payload.literal(node)
      default:
        shapes[node] = payload.literal(node)
      }
    }
    var hash = StableHash()
    hash.add(shapes.first ?? "")
    for part in outcome.signature + text { hash.add(part) }
    return hash
  }
}
