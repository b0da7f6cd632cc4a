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
    /// The payload is not JSON.
    case notJSON
  }

  /// A payload ready to be written.
  struct RecordedPayload: Sendable {
    /// The fixture's bytes.
    var text: Data
    /// Same key sets, kinds of values, values kept, outcome: the dedupe key.
    var shape: StableHash
    /// How many strings (values and keys) were replaced.
    var replacedStrings: Int
  }

  /// What was decided for each node and member.
  private struct Decisions {
    var strings: [Int: String] = [:]
    var forms: [Int: String] = [:]
    var numbers: [Int: String] = [:]
    var keys: [Int: String] = [:]
  }

  /// Records `data`, a payload decoded as ``decoder``'s model.
  func record(_ data: Data) -> RecordingResult {
    guard let payload = JSONDocument(data) else { return .notJSON }
    let base = decoder.outcome(of: data)
    let engine = ProbeEngine(decoder, base: base.reports, maximumConcurrency: 1)
    let paths = payload.paths()
    var decided = Decisions()
    // What the payload itself reports is what its fixture is about.
    var reported = Set(base.reports.filter { !$0.isElementLeftOut }.map(\.jsonPath))
    if case .failed(let failure) = base, failure.message.hasPrefix("unknown "),
      let path = failure.jsonPath
    {
      reported.insert(path)
    }
    let holds = { (answer: ProbeAnswer) in
      answer.reports.isEmpty && answer.failure?.signature == base.failure?.signature
    }
    for node in payload.nodes.indices {
      let path = paths[node]
      let isReported = reported.contains(UnknownValue.PathComponent.jsonPath(path))
      switch payload.nodes[node].kind {
      case .string where !isReported:
        var first: (answer: ProbeAnswer, standIn: String)?
        var chosen: StandIns.StandIn?
        let original = jsonQuoted(payload.text(of: node))
        for standIn in StandIns.string(payload.text(of: node)) {
          if standIn.json == original {
            chosen = standIn
            break
          }
          let answer = engine.answer(payload.variant(replacing: node, with: standIn.json))
          first = first ?? (answer, standIn.json)
          if holds(answer) {
            chosen = standIn
            break
          }
        }
        if let chosen {
          if chosen.json != original { decided.strings[node] = chosen.json }
          decided.forms[node] = chosen.form
        } else if let first, !Self.modelsRead(first.answer, first.standIn, at: path), redacts {
          return .needsCapturedValue(path: UnknownValue.PathComponent.jsonPath(path))
        }
      case .number where !isReported:
        let standIn = StandIns.number(payload.text(of: node))
        if standIn != payload.text(of: node),
          holds(engine.answer(payload.variant(replacing: node, with: standIn)))
        {
          decided.numbers[node] = standIn
        }
      default:
        break
      }
      switch decidedKey(of: node, in: payload, base: base, engine: engine, holds: holds) {
      case .keep: break
      case .replace(let key): decided.keys[payload.nodes[node].member!] = key
      case .needsCapturedKey where redacts:
        let object = UnknownValue.PathComponent.jsonPath(Array(path.dropLast()))
        return .needsCapturedValue(path: "a key of \(object)")
      case .needsCapturedKey: break
      }
    }
    let shape = Self.shape(of: payload, decided, outcome: base)
    guard redacts else {
      return .recorded(RecordedPayload(text: data, shape: shape, replacedStrings: 0))
    }
    let signature = base.signature
    // Numbers may be kept as captured when replacing them all changes the outcome; keys
    // replaced never are, since a map's keys are as personal as its values.
    let attempts = [decided.strings.merging(decided.numbers) { $1 }, decided.strings]
    for values in attempts {
      let text = payload.fixtureText(values: values, keys: decided.keys)
      if decoder.outcome(of: text).signature == signature {
        return .recorded(
          RecordedPayload(
            text: text, shape: shape, replacedStrings: decided.strings.count + decided.keys.count))
      }
    }
    return .cannotKeepOutcome
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
  private func decidedKey(
    of node: Int, in payload: JSONDocument, base: VariantOutcome, engine: ProbeEngine,
    holds: (ProbeAnswer) -> Bool
  ) -> KeyDecision {
    guard let member = payload.nodes[node].member, let key = payload.members[member].key,
      let parent = payload.nodes[node].parent
    else { return .keep }
    let ordinal = member - payload.nodes[parent].members.lowerBound + 1
    let newKey = StandIns.key(key, ordinal: ordinal)
    let standIn = jsonQuoted(newKey)
    guard standIn != jsonQuoted(key) else { return .keep }
    let name = { (key: String) in
      String(UnknownValue.PathComponent.jsonPath([UnknownValue.PathComponent.key(key)]).dropFirst())
    }
    let underOldName = { (signature: [String]) in
      signature.map { $0.replacingOccurrences(of: name(newKey), with: name(key)) }
    }
    let renaming = JSONDocument.TextEdit(range: payload.keyRange(of: member), replacement: standIn)
    let renamedOnly = payload.applying([renaming])
    guard holds(engine.answer(renamedOnly)) else {
      // Read under the new name as under the old, but reported there: a dictionary's key on
      // the path of what it holds.
      let renamed = engine.decoder.outcome(of: renamedOnly).signature
      return underOldName(renamed) == base.signature ? .needsCapturedKey : .keep
    }
    // A value of another kind, which whatever reads the value cannot take.
    let other = payload.nodes[node].kind == .array ? #""never-sent""# : "[[0]]"
    let changed = engine.answer(payload.variant(replacing: node, with: other))
    if holds(changed) { return .replace(standIn) }
    let renamed = engine.answer(
      payload.applying([renaming, payload.replacing(node, with: other)]))
    return underOldName(renamed.signature) == changed.signature ? .replace(standIn) : .keep
  }

  /// The payload's shape: the type's outcome, and for each value its kind, with the values and
  /// keys kept and the forms of those replaced. Arrays count each element's shape once, and
  /// objects each member's, so that a longer page of the same listings is the same shape.
  private static func shape(of payload: JSONDocument, _ decided: Decisions, outcome: VariantOutcome)
    -> StableHash
  {
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
    for part in outcome.signature { hash.add(part) }
    return hash
  }
}

// MARK: - Outcomes

extension VariantOutcome {
  /// What a fixture must keep of the outcome: each report's kind, type, path and (for an
  /// unknown or renamed value) raw value, and the failure's kind, path and type. Not offsets,
  /// which indenting moves, nor messages, which quote the values replaced.
  var signature: [String] {
    reports.map(\.signature) + (failure.map { [$0.signature] } ?? [])
  }

  /// The failure, when it did not decode.
  var failure: VariantFailure? {
    if case .failed(let failure) = self { return failure }
    return nil
  }
}

extension ProbeAnswer {
  /// ``VariantOutcome/signature`` of what the variant reported beyond its payload.
  var signature: [String] {
    reports.map(\.signature) + (failure.map { [$0.signature] } ?? [])
  }
}

extension VariantReport {
  var signature: String {
    let value = unknownValue
    switch value.kind {
    case .unknownValue:
      return "unknown \(value.typeName) \(jsonPath) \(jsonQuoted(value.rawValue))"
    case .renamedValue(let canonical):
      return "renamed \(value.typeName) \(jsonPath) \(jsonQuoted(value.rawValue)) \(canonical)"
    case .invalidElement:
      return "left out \(value.typeName) \(jsonPath) \(elementFailure?.signature ?? "")"
    case .defaultUsed(let reason):
      return "default \(value.typeName) \(jsonPath) \(reason)"
    case .unknownField:
      // Its raw value is the member's JSON, whose values a fixture replaces.
      return "unknown field \(value.typeName) \(jsonPath)"
    @unknown default:
      return "\(value.kind) \(value.typeName) \(jsonPath)"
    }
  }
}

extension VariantFailure {
  var signature: String {
    "failed \(finding.kind) \(jsonPath ?? "-") \(typeName ?? "-")"
  }
}

extension JSONDocument {
  /// The bytes of a member's key, its quotes included.
  func keyRange(of member: Int) -> Range<Int> {
    let start = members[member].offset
    var end = start + 1
    while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
      end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
    }
    return start..<min(end + 1, bytes.count)
  }
}
