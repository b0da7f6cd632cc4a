import CodableResilience
import Foundation

/// Turns one captured payload into a fixture that decodes with the same outcome and holds no
/// value from the capture that the models do not depend on: recording's way of making
/// variants for the ``ProbeEngine``.
///
/// What is kept and replaced, value by value, is a ``RedactionPass``'s: first taking what was
/// decided at each field before (in this payload, and in the payloads of its type and route
/// that came before, ``FieldDecisions``), then, when the fixture that makes does not keep the
/// outcome, asking about every place on its own. A payload that fails is also mended
/// (``PayloadRepair``) and asked about again, so the values after the failure are decided as
/// the models read them once the app fixes the failure.
///
/// The fixture written with every replacement is decoded once more; if it does not keep the
/// outcome, numbers are kept as captured, and if it still does not, nothing is recorded.
///
/// ```swift
/// let redactor = FixtureRedactor(decoder: VariantDecoder(RegisteredModel(Booking.self)))
/// if case .recorded(let fixture) = redactor.record(data).result { fixture.text }
/// ```
struct FixtureRedactor: Sendable {
  let decoder: VariantDecoder
  /// Whether values are replaced; `false` (`--no-redact`) records the payload as captured,
  /// named by the same shape.
  var redacts = true
  /// Path patterns whose values are kept as captured (`--keep`, a route's `keep`).
  var keep: [String] = []
  /// The most probes one payload may take; a payload that needs more is not recorded.
  var budget = FixtureRedactor.defaultBudget

  /// The probe budget of a payload unless told otherwise (`--max-probes`).
  static let defaultBudget = 5_000

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
    /// Deciding every value takes more probes than the budget has.
    case overBudget
  }

  /// What recording a payload came to, and what it decided by field, for the payloads of its
  /// type and route that come after it.
  struct Recording: Sendable {
    var result: RecordingResult
    var learned = FieldDecisions()
  }

  /// A payload ready to be written.
  struct RecordedPayload: Sendable {
    /// The fixture's bytes.
    var text: Data
    /// Same key sets, kinds of values, values kept, outcome: the dedupe key.
    var shape: StableHash
    /// Whether the fixture was decoded again and kept the outcome; one made from what other
    /// payloads decided is checked only when it is chosen to be written.
    var isVerified = true
    /// How many strings (values and keys) were replaced.
    var replacedStrings: Int
    /// What a check says of the payload's text that is not valid JSON (a trailing comma, not
    /// UTF-8, not JSON at all), which its fixture says too; `nil` when there is nothing.
    var textProblem: String?
    /// The keys kept because they look like field names, by their paths in the fixture, with
    /// their objects' patterns.
    var keysKeptAsNames: [(path: String, object: String)] = []
    /// How many values the keep list kept as captured.
    var keptByList = 0
    /// The payload and its decisions, to write it again with more keys replaced.
    var source: FixtureSource?
  }

  /// What a fixture was made from: enough to make it again, should the run find that an
  /// object whose keys it kept as names is a dictionary.
  struct FixtureSource: Sendable {
    var payload: JSONDocument
    var body: CapturedBody
    var values: [Int: String]
    var decisions: FixtureDecisions
    var standInKeys: [Int: String]
    var signature: [String]
  }

  /// Records `data`, a payload decoded as ``decoder``'s model, taking what `fields` decided
  /// before at each field.
  func record(_ data: Data, fields: FieldDecisions = FieldDecisions()) -> Recording {
    let body = CapturedBody(data)
    if let problem = body.problem {
      guard !redacts else { return Recording(result: .notJSON(problem)) }
      let payload = RecordedPayload(
        text: data, shape: StableHash(bytes: data), replacedStrings: 0, textProblem: problem)
      return Recording(result: .recorded(payload))
    }
    // The body is JSON `JSONDecoder` reads (a trailing comma aside): no second syntax check.
    let start = body.text.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    let payload = JSONDocument(validJSON: [UInt8](body.text), from: start)
    let base = decoder.outcome(of: body.text)
    var remaining = budget
    // A payload that fails takes nothing from the others: what it holds past its failure is
    // decided on its own (and by mending it), so its fixture is the same whatever came before.
    let known = base.decoded ? fields : FieldDecisions()
    for sharing in [known, nil] {
      var pass = RedactionPass(
        payload: payload, base: base, decoder: decoder, keep: keep, budget: remaining)
      pass.redacts = redacts
      var outcome: RedactionPass.Outcome
      switch pass.decide(sharing: sharing) {
      case .success(let decided): outcome = decided
      case .failure(.needsCapturedValue(let path)):
        return Recording(result: .needsCapturedValue(path: path))
      case .failure(.overBudget): return Recording(result: .overBudget)
      }
      remaining = pass.budget
      var candidates = [outcome.decisions]
      if redacts, base.failure != nil,
        let mended = mendedDecisions(outcome.decisions, pass, sharing: sharing, budget: &remaining)
      {
        candidates.insert(mended, at: 0)
      }
      let textProblem = body.textFindings.first
      for decisions in candidates {
        let shape = Self.shape(of: payload, decisions, outcome: base, text: body.textFindings)
        guard redacts else {
          let recorded = RecordedPayload(
            text: data, shape: shape, replacedStrings: 0, textProblem: textProblem)
          return Recording(result: .recorded(recorded))
        }
        // Numbers may be kept as captured when replacing them all changes the outcome; keys
        // replaced never are, since a map's keys are as personal as its values.
        for values in [decisions.strings.merging(decisions.numbers) { $1 }, decisions.strings] {
          let source = FixtureSource(
            payload: payload, body: body, values: values, decisions: decisions,
            standInKeys: decisions.keptAsNames.keys.reduce(into: [:]) {
              $0[$1] = pass.standInKey(of: $1)
            }, signature: base.signature)
          // Decisions taken from other payloads are checked when the fixture is chosen
          // (``FixtureRecorder``): most payloads of a shape seen before are duplicates.
          let checksLater = sharing != nil && !known.isEmpty
          guard let text = checksLater ? source.text() : source.verifiedText(decoder: decoder)
          else { continue }
          let recorded = RecordedPayload(
            text: text, shape: shape, isVerified: !checksLater,
            replacedStrings: decisions.strings.count + decisions.keys.count,
            textProblem: textProblem,
            keysKeptAsNames: decisions.keptAsNames.map { member, object in
              (pass.shownPath(of: payload.members[member].value, decisions), object)
            }.sorted { $0.path < $1.path },
            keptByList: decisions.keptByList.count, source: source)
          // A payload that fails teaches nothing: past its failure, anything keeps its outcome.
          return Recording(
            result: .recorded(recorded), learned: base.decoded ? outcome.learned : FieldDecisions())
        }
      }
    }
    return Recording(result: .cannotKeepOutcome)
  }

  /// The decisions of a failing payload, with those of the values after its failure taken
  /// from a pass over the payload mended (``PayloadRepair``); `nil` when it cannot be mended
  /// or that pass stops.
  private func mendedDecisions(
    _ decided: FixtureDecisions, _ pass: RedactionPass, sharing: FieldDecisions?,
    budget: inout Int
  ) -> FixtureDecisions? {
    guard
      let mended = PayloadRepair.mended(
        pass.payload, outcome: pass.base, decoder: decoder, budget: &budget)
    else { return nil }
    var again = RedactionPass(
      payload: mended.payload, base: mended.outcome, decoder: decoder, keep: keep, budget: budget)
    guard case .success(let outcome) = again.decide(sharing: sharing) else { return nil }
    budget = again.budget
    return decided.taking(outcome.decisions, of: mended, in: pass.payload)
  }

  /// The payload's shape: the type's outcome, and for each value its kind, with the values and
  /// keys kept and the forms of those replaced. Arrays count each element's shape once, and
  /// objects each member's, so that a longer page of the same listings is the same shape. A
  /// key kept as a name counts as replaced, so that the shape does not depend on what other
  /// payloads of the run say of its object.
  private static func shape(
    of payload: JSONDocument, _ decided: FixtureDecisions, outcome: VariantOutcome,
    text: [String]
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
            let isKept = decided.keys[member] == nil && decided.keptAsNames[member] == nil
            return (isKept ? jsonQuoted(key) : "*") + ":" + value
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

extension FixtureRedactor.FixtureSource {
  /// The fixture's bytes, with the keys kept as names in the objects `dictionaries` names
  /// replaced too, when it decodes with the payload's outcome and its text says what the
  /// payload's does (a trailing comma, UTF-16); `nil` when it does not.
  func verifiedText(decoder: VariantDecoder, replacingKeysOf dictionaries: Set<String> = [])
    -> Data?
  {
    let text = utf8Text(replacingKeysOf: dictionaries)
    let written = body.written(text)
    guard decoder.outcome(of: text).signature == signature,
      CapturedBody(written).textFindings == body.textFindings
    else { return nil }
    return written
  }

  /// The fixture's bytes, not checked.
  func text() -> Data {
    body.written(utf8Text(replacingKeysOf: []))
  }

  private func utf8Text(replacingKeysOf dictionaries: Set<String>) -> Data {
    var keys = decisions.keys
    for (member, object) in decisions.keptAsNames where dictionaries.contains(object) {
      keys[member] = standInKeys[member]
    }
    return payload.fixtureText(values: values, keys: keys)
  }
}
