import CodableResilience
import Foundation

/// A failing payload mended, so that recording can ask about what the failure keeps the
/// models from reading: the members after it, the elements after it, the rest of its object.
/// Without this, every value there keeps the outcome whatever replaces it, so an enum value
/// after the failure would become `redacted`, and the fixture would fail elsewhere once the
/// app fixes its model (a key made optional, an enum given an unknown case).
///
/// Each failure in turn gets a value from another place of the same field, as the payload
/// holds it: a missing key the member that another object of its pattern has, a value that
/// fails (a `null`, a wrong type, a value a plain enum does not know) the value another place
/// of its field holds. Until the payload decodes, or nothing is there to borrow. What it
/// borrows is decoded and never written.
///
/// ```swift
/// // [{"id": 1, "media": []}, {"id": 2}] fails at $[1]; mended: [{…}, {"media": [], "id": 2}]
/// let mended = PayloadRepair.mended(payload, outcome: outcome, decoder: decoder, budget: &budget)
/// ```
enum PayloadRepair {
  /// The most failures mended in one payload.
  static let maximumRepairs = 8
  /// The most places of a field tried for one failing value.
  static let maximumDonors = 3

  /// What mending a payload came to: the payload, its outcome, and the JSON paths of the
  /// values it changed or added, whose decisions are the failing payload's own.
  struct Mended: Sendable {
    var payload: JSONDocument
    var outcome: VariantOutcome
    var changed: [String]
  }

  /// `payload` with its failures mended, each decode counted against `budget`; `nil` when
  /// the first failure cannot be.
  static func mended(
    _ payload: JSONDocument, outcome: VariantOutcome, decoder: VariantDecoder,
    budget: inout Int
  ) -> Mended? {
    var current = Mended(payload: payload, outcome: outcome, changed: [])
    for _ in 0..<maximumRepairs {
      guard case .failed(let failure) = current.outcome, let path = failure.jsonPath,
        let next = mend(current, at: path, failure, decoder: decoder, budget: &budget)
      else { break }
      current = next
    }
    return current.changed.isEmpty ? nil : current
  }

  /// The payload with the failure at `path` mended, or `nil`.
  private static func mend(
    _ current: Mended, at path: String, _ failure: VariantFailure, decoder: VariantDecoder,
    budget: inout Int
  ) -> Mended? {
    let payload = current.payload
    let paths = payload.paths()
    let texts = paths.map(UnknownValue.PathComponent.jsonPath)
    let patterns = paths.map(jsonPattern)
    guard let node = texts.firstIndex(of: path) else { return nil }
    func decoded(_ edit: JSONDocument.TextEdit, changing changed: String) -> Mended? {
      guard budget > 0 else { return nil }
      budget -= 1
      let data = payload.applying([edit])
      let outcome = decoder.outcome(of: data)
      guard outcome.failure?.jsonPath != path, let mended = JSONDocument(data)
      else { return nil }
      return Mended(payload: mended, outcome: outcome, changed: current.changed + [changed])
    }
    if let key = FailureExplanation.missingKey(in: failure.message) {
      // Another object of the pattern that has the member, under the payload's own spelling.
      guard payload.nodes[node].kind == .object else { return nil }
      for donor in payload.nodes.indices
      where donor != node && patterns[donor] == patterns[node]
        && payload.nodes[donor].kind == .object
      {
        guard
          let member = payload.elements(of: donor).first(where: {
            $0.key.map(normalized) == normalized(key)
          }), let name = member.key
        else { continue }
        let value = payload.bytes[
          payload.nodes[member.value].offset..<payload.nodes[member.value].end]
        let start = payload.nodes[node].offset + 1
        let separator = payload.nodes[node].members.isEmpty ? "" : ", "
        let edit = JSONDocument.TextEdit(
          range: start..<start,
          replacement: jsonQuoted(name) + ": " + String(decoding: value, as: UTF8.self) + separator)
        return decoded(
          edit, changing: UnknownValue.PathComponent.jsonPath(paths[node] + [.key(name)]))
      }
      return nil
    }
    // A value that fails: another place of its field whose value is another.
    let text = payload.literal(node)
    var tried = 0
    for donor in payload.nodes.indices where tried < maximumDonors {
      guard donor != node, patterns[donor] == patterns[node],
        !contains(payload, node, donor), !contains(payload, donor, node)
      else { continue }
      let found = payload.nodes[donor]
      let value = String(decoding: payload.bytes[found.offset..<found.end], as: UTF8.self)
      guard value != text else { continue }
      tried += 1
      if let mended = decoded(payload.replacing(node, with: value), changing: path) {
        return mended
      }
    }
    return nil
  }

  /// A key as a key strategy may have converted it: letters and digits, in lower case.
  private static func normalized(_ key: String) -> String {
    String(key.lowercased().filter { $0.isLetter || $0.isNumber })
  }

  /// Whether `inner` lies within `outer`.
  private static func contains(_ payload: JSONDocument, _ outer: Int, _ inner: Int) -> Bool {
    payload.nodes[outer].offset <= payload.nodes[inner].offset
      && payload.nodes[inner].end <= payload.nodes[outer].end
  }
}
