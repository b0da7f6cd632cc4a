import CodableResilience
import Foundation
import Testing

// `@SkipInvalidElements` against plain `Codable` and against its own elements, for every
// subject of the position tests (which show every position decodes as the top level does):
//
// - where they must agree, it does what the plain collection does: breakage of the collection
//   itself (missing, `null`, another JSON type) throws the same error under every handler, a
//   collection whose elements all decode gives the same elements and reports, and under
//   `.strict` the error thrown is the plain collection's, message included;
// - elsewhere it does what the documentation says, worked out from each element decoded on its
//   own: the elements that decode, in order; each one that throws left out with that error,
//   kept as read, and reported at its place after the reports it made before it failed; and,
//   unmodified, it writes back each element as read when left out, as it encodes otherwise.

/// What one top-level decode gave, with the reports, as text; errors with their message.
private struct Outcome<Value> {
  var value: Value?
  var thrown: (any Error)?
  var reports: [UnknownValue]

  /// The error's text, relative to the root; `nil` when the decode gave a value.
  var error: String? { thrown.map { errorText($0) } }

  init(_ mode: HandlerMode, _ decode: (JSONDecoder) throws -> Value) {
    let collector = UnknownValueCollector()
    let decoder = JSONDecoder()
    decoder.unknownValueHandler = mode.handler(collectingInto: collector)
    do {
      value = try decode(decoder)
    } catch {
      thrown = error
    }
    reports = collector.values
  }
}

/// An error's case, path (relative to the root) and message, or what it is when it is not a
/// `DecodingError`.
private func errorText(_ error: any Error, relativeTo prefix: String = "$") -> String {
  guard let error = error as? DecodingError else { return "non-DecodingError \(error)" }
  let message = error.context?.debugDescription ?? ""
  return Observation.describe(error, relativeTo: prefix) + ": "
    + message.replacingOccurrences(of: " at \(prefix)", with: " at $")
}

/// An error's case and path, or what it is when it is not a `DecodingError`.
private func caseAndPath(_ error: any Error) -> String {
  guard let error = error as? DecodingError else { return "non-DecodingError \(error)" }
  return Observation.describe(error, relativeTo: "$")
}

/// One element of a sample decoded on its own, as the documentation says the wrapper reads it.
private struct ElementOutcome {
  /// `$[3]` or `$.key`: where the element sits in the collection.
  var place: String
  /// The element's key, in a dictionary.
  var key: String?
  var json: JSONValue
  /// The element's reports and, if it threw, its left-out report, relative to the element.
  var reports: [String]
  /// The error it threw, relative to the element; `nil` when it decoded.
  var failure: String?
  /// What the wrapper writes for it: its encoding when it decoded, its JSON when left out.
  var written: JSONValue
  var reportsUnknownValues: Bool
}

extension InvalidElementsSubject {
  /// Every sample of the subject as a case of its own.
  static var agreementChecks: [MismatchCheck] {
    samples.map { sample in
      MismatchCheck("\(Self.self) from \(sample)") { agreementMismatches(sample) }
    }
  }

  /// The mismatches of one sample under every handler; empty when everything agrees.
  static func agreementMismatches(_ sample: String) -> [String] {
    var mismatches: [String] = []
    for mode in HandlerMode.allCases {
      let problems = compare(sample, mode)
      mismatches += problems.map { "\(mode): \($0)" }
    }
    return mismatches
  }

  private static func compare(_ sample: String, _ mode: HandlerMode) -> [String] {
    let data = Data(sample.utf8)
    let wrapper = Outcome<Stored>(mode) { try $0.decode(Stored.self, from: data) }
    let plain = Outcome<Contents>(mode) { try $0.decode(Contents.self, from: data) }
    let plainReports = plain.reports.map { Observation.describe($0, relativeTo: "$") }
    let wrapperReports = wrapper.reports.map { Observation.describe($0, relativeTo: "$") }

    guard let parsed = try? JSONValue(parsing: sample), let elements = elements(of: parsed)
    else {
      // The collection itself is broken, or `null`: what the plain collection does. The
      // issue asks for the same case (and path); the message may say more.
      if wrapper.thrown != nil || plain.thrown != nil {
        let thrown = wrapper.thrown.map(caseAndPath)
        return thrown != nil && thrown == plain.thrown.map(caseAndPath) && wrapper.reports.isEmpty
          ? []
          : ["expected what plain Codable throws, \(describe(plain)), got \(describe(wrapper))"]
      }
      return expectSame(wrapper, plain, wrapperReports, plainReports)
    }
    let outcomes = elements.map { decodeAlone($0.place, $0.key, $0.json, mode) }
    let failures = outcomes.filter { $0.failure != nil }

    if failures.isEmpty {
      return expectSame(wrapper, plain, wrapperReports, plainReports)
        + expectWritten(wrapper, outcomes)
    }
    guard mode.isStrict else { return expectLeavingOut(wrapper, outcomes) }
    // A plain dictionary throws the error of whichever entry its hash order reaches first, and
    // reports what the entries before it reported; the wrapper reads every entry, then reports
    // (and so throws) what it left out in key order, the order of `outcomes`.
    if Contents.isKeyed, failures.count > 1 || outcomes.contains(where: \.reportsUnknownValues) {
      let first = failures[0]
      let thrown = wrapper.thrown.map { errorText($0, relativeTo: first.place) }
      return thrown == first.failure
        ? []
        : ["expected \(first.place)'s error, \(first.failure ?? "?"), got \(describe(wrapper))"]
    }
    var mismatches: [String] = []
    if wrapper.error == nil || wrapper.error != plain.error {
      mismatches.append("expected the plain error \(describe(plain)), got \(describe(wrapper))")
    }
    let leftOut = wrapperReports.filter { $0.hasPrefix("left out ") }
    if wrapperReports.filter({ !$0.hasPrefix("left out ") }) != plainReports || leftOut.count > 1 {
      mismatches.append(
        "expected the plain reports \(plainReports) and one left out, got \(wrapperReports)")
    }
    return mismatches
  }

  /// The elements of a collection the wrapper reads, each with its place; `nil` for any other
  /// JSON value. Keys are in sorted order, the order the wrapper reports entries left out in.
  private static func elements(
    of value: JSONValue
  ) -> [(place: String, key: String?, json: JSONValue)]? {
    switch value {
    case .array(let elements) where !Contents.isKeyed:
      return elements.enumerated().map { ("$[\($0.offset)]", nil, $0.element) }
    case .object(let members) where Contents.isKeyed:
      guard members.keys.allSatisfy(Contents.acceptsKey) else { return nil }
      return members.sorted { $0.key < $1.key }.map {
        (place(of: InvalidElement.Location.key($0.key)), $0.key, $0.value)
      }
    default:
      return nil
    }
  }

  /// The element decoded alone, at the top level, under the same handler.
  private static func decodeAlone(
    _ place: String, _ key: String?, _ json: JSONValue, _ mode: HandlerMode
  ) -> ElementOutcome {
    let data = Data(json.description.utf8)
    let outcome = Outcome<Element>(mode) { try $0.decode(Element.self, from: data) }
    var reports = outcome.reports.map { Observation.describe($0, relativeTo: "$") }
    var failure: String?
    var written = json
    if let value = outcome.value {
      written = (try? JSONValue(data: JSONEncoder().encode(value))) ?? "not encodable"
    } else {
      let error = decodingError(Element.self, data, mode)
      let described = error.map {
        Observation.describe(UnknownValue.ElementFailure($0), relativeTo: "$")
      }
      failure = outcome.error
      reports.append("left out \(Element.self) \(json) at $: \(described ?? "?")")
    }
    return ElementOutcome(
      place: place, key: key, json: json, reports: reports, failure: failure, written: written,
      reportsUnknownValues: outcome.reports.contains { $0.kind == .unknownValue })
  }

  /// The `DecodingError` decoding `data` alone throws under `mode`.
  private static func decodingError(_: Element.Type, _ data: Data, _ mode: HandlerMode)
    -> DecodingError?
  {
    let decoder = JSONDecoder()
    decoder.unknownValueHandler = mode.handler(collectingInto: UnknownValueCollector())
    do {
      _ = try decoder.decode(Element.self, from: data)
      return nil
    } catch {
      return error as? DecodingError
    }
  }

  /// Where they must agree: the same elements (or error, message included) and reports.
  private static func expectSame(
    _ wrapper: Outcome<Stored>, _ plain: Outcome<Contents>, _ wrapperReports: [String],
    _ plainReports: [String]
  ) -> [String] {
    var mismatches: [String] = []
    if describe(wrapper) != describe(plain) {
      mismatches.append(
        "expected what plain Codable gives, \(describe(plain)), got \(describe(wrapper))")
    }
    if let stored = wrapper.value, !stored.invalidElements.isEmpty {
      mismatches.append("left out \(stored.invalidElements) where plain Codable decodes all")
    }
    if wrapperReports != plainReports {
      mismatches.append("expected plain Codable's reports \(plainReports), got \(wrapperReports)")
    }
    return mismatches
  }

  /// Elsewhere: the elements that decode alone, each one that fails left out and reported.
  private static func expectLeavingOut(_ wrapper: Outcome<Stored>, _ outcomes: [ElementOutcome])
    -> [String]
  {
    guard let stored = wrapper.value else {
      return ["expected the elements that decode, got \(describe(wrapper))"]
    }
    var mismatches: [String] = []
    let decoded = outcomes.filter { $0.failure == nil }
    let collection: JSONValue =
      Contents.isKeyed
      ? .object(Dictionary(uniqueKeysWithValues: decoded.map { ($0.key ?? "", $0.json) }))
      : .array(decoded.map(\.json))
    // What plain `Codable` decodes from the collection without the elements that fail.
    if let expected = try? JSONDecoder().decode(
      Contents.self, from: Data(collection.description.utf8)),
      expected.describedElements != stored.wrappedValue.describedElements
    {
      mismatches.append(
        "expected the elements \(expected.describedElements), got \(stored.wrappedValue.describedElements)"
      )
    }
    let expectedLeftOut = outcomes.compactMap { outcome in
      outcome.failure.map { "\(outcome.place) \(outcome.json): \($0)" }
    }
    let leftOut = stored.invalidElements.map { element in
      let place = self.place(of: element.location)
      let failure = errorText(element.failure.error, relativeTo: place)
      return "\(place) \(element.json): \(failure)"
    }
    if leftOut != expectedLeftOut {
      mismatches.append("expected to leave out \(expectedLeftOut), left out \(leftOut)")
    }
    let reports = wrapper.reports.map { value in
      let place = self.place(of: value.codingPath.first)
      return "\(place) " + Observation.describe(value, relativeTo: place)
    }
    let expected = outcomes.flatMap { outcome in outcome.reports.map { "\(outcome.place) \($0)" } }
    if Contents.isKeyed {
      // Entries decode in hash order; those left out are reported after them, in key order.
      let isLeftOut = { (report: String) in report.contains(" left out ") }
      let others = reports.filter { !isLeftOut($0) }
      if others.sorted() != expected.filter({ !isLeftOut($0) }).sorted()
        || reports.drop(while: { !isLeftOut($0) }) != ArraySlice(expected.filter(isLeftOut))
      {
        mismatches.append("expected the reports \(expected), got \(reports)")
      }
    } else if reports != expected {
      mismatches.append("expected the reports \(expected), got \(reports)")
    }
    return mismatches + expectWritten(wrapper, outcomes)
  }

  /// Unmodified, each element as read when left out, as it encodes when it decoded.
  private static func expectWritten(_ wrapper: Outcome<Stored>, _ outcomes: [ElementOutcome])
    -> [String]
  {
    guard let stored = wrapper.value else { return [] }
    let written = (try? JSONValue(parsing: Self.written(stored)))?["value"]
    let expected: JSONValue
    if Contents.isKeyed {
      expected = .object(
        Dictionary(uniqueKeysWithValues: outcomes.map { ($0.key ?? "", $0.written) }))
    } else if Contents.keepsOrder || !stored.invalidElements.isEmpty {
      expected = .array(outcomes.map(\.written))
    } else {
      // A set that left nothing out writes each element once, in its own order.
      let unique = Set(outcomes.map(\.written.description)).sorted()
      let actual = written.map { sortingArrays($0).description }
      return actual == "[" + unique.joined(separator: ",") + "]"
        ? [] : ["expected to write the elements \(unique), wrote \(actual ?? "nothing")"]
    }
    return written == expected
      ? [] : ["expected to write \(expected), wrote \(written?.description ?? "nothing")"]
  }

  private static func describe<Value>(_ outcome: Outcome<Value>) -> String {
    if let error = outcome.error { return error }
    guard let value = outcome.value else { return "nothing" }
    if let stored = value as? Stored { return "\(stored.wrappedValue.describedElements)" }
    if let contents = value as? Contents { return "\(contents.describedElements)" }
    return "\(value)"
  }

  private static func place(of location: InvalidElement.Location) -> String {
    switch location {
    case .index(let index): "$[\(index)]"
    case .key(let key): UnknownValue.PathComponent.jsonPath([UnknownValue.PathComponent.key(key)])
    }
  }

  private static func place(of component: UnknownValue.PathComponent?) -> String {
    component.map { UnknownValue.PathComponent.jsonPath([$0]) } ?? "$"
  }
}

let invalidElementsAgreementChecks: [MismatchCheck] =
  ReservationList.agreementChecks + OptionalReservationList.agreementChecks
  + ReservationSet.agreementChecks + OptionalReservationSet.agreementChecks
  + ReservationsByName.agreementChecks + OptionalReservationsByName.agreementChecks
  + ReservationsByNumber.agreementChecks + FareList.agreementChecks + MealList.agreementChecks
  + JourneyList.agreementChecks

@Suite("SkipInvalidElements against plain Codable and its own elements")
struct SkipInvalidElementsAgreementTests {
  @Test(arguments: invalidElementsAgreementChecks)
  func agrees(_ agreement: MismatchCheck) {
    agreement.expectNone()
  }
}
