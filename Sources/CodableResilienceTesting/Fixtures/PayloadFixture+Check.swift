import CodableResilience
import Foundation

extension PayloadFixture {
  /// The record mode for checks run in this task and the tasks it starts; `nil` leaves it to
  /// the `CODABLE_RESILIENCE_RECORD` environment variable. See ``RecordMode``.
  ///
  /// ```swift
  /// try PayloadFixture.$recordMode.withValue(.all) {
  ///   try fixture.check(Order.self)
  /// }
  /// ```
  @TaskLocal public static var recordMode: RecordMode?

  /// Decodes the payload as `T` and compares what happens with the `.expected` file.
  ///
  /// Compared: the outcome (decoded, or failed with the `DecodingError` case and JSON path);
  /// every unknown value a collecting handler reports (type, raw value, path, in any order);
  /// every element `@SkipInvalidElements` leaves out (type, path, and its own error); every
  /// value read in an old spelling (`ValueAliases`: type, spelling received, canonical value,
  /// path); what strict decoding does (it fails at the first unknown value or element left
  /// out, never at a renamed value); and, when `T` is `Encodable`, the round trip: the value
  /// encoded again must equal the payload by meaning, except where `roundTrip` in the file says
  /// otherwise. When `T` is also `Equatable`, what was written must decode to an equal value.
  /// Anything thrown while decoding that is not a `DecodingError` fails the check.
  ///
  /// A difference throws a ``PayloadCheckFailure`` listing expected against actual, one line
  /// per JSON path. A missing `.expected` file is written or reported as ``RecordMode`` says.
  ///
  /// ```swift
  /// @Test(arguments: try PayloadFixture.all(in: "Fixtures/Order"))
  /// func orderPayloads(_ fixture: PayloadFixture) throws {
  ///   try fixture.check(Order.self, decoder: .app, encoder: .app)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The model the payload decodes as.
  ///   - decoder: The app's configured decoder (key and date strategies); its handler, if
  ///     any, is left in place and called after the check's own.
  ///   - encoder: The encoder for the round trip, configured as the app's.
  ///   - record: Overrides ``recordMode`` and `CODABLE_RESILIENCE_RECORD` for this check.
  public func check<T: Decodable>(
    _ type: T.Type,
    decoder: JSONDecoder = JSONDecoder(),
    encoder: JSONEncoder = JSONEncoder(),
    record: RecordMode? = nil
  ) throws {
    let payload = try payload()
    let observed = try observe(T.self, payload: payload, decoder: decoder, encoder: encoder)
    let mode = try record ?? Self.recordMode ?? RecordMode.fromEnvironment()
    let exists = FileManager.default.fileExists(atPath: expectedURL.path)

    if !exists || mode == .all {
      if !exists, mode == .never {
        throw PayloadCheckFailure(
          "\(expectedURL.path) is missing, and the record mode is never (set "
            + "\(RecordMode.environmentVariable)=missing to record it)")
      }
      try failIfRulesBroken(observed, type: T.self)
      var outcome = observed.outcome
      outcome.note = exists ? (try? expected().note) : nil
      let text = try outcome.fileText()
      do {
        try Data(text.utf8).write(to: expectedURL, options: .atomic)
      } catch {
        throw PayloadCheckFailure("\(expectedURL.path): cannot record the expectation: \(error)")
      }
      throw PayloadCheckFailure(
        "recorded \(expectedURL.path) (record mode \(mode.rawValue)) from what decoding "
          + "\(description) as \(T.self) does now; check it, then run the test again:\n" + text)
    }

    let expected = try expected()
    var lines = Self.differingLines(
      expected: Self.lines(of: expected), actual: Self.lines(of: observed.outcome))
    if expected.outcome == .decoded, let written = observed.written,
      let original = observed.original
    {
      lines += try roundTripLines(expected: expected, original: original, written: written)
    }
    lines += observed.brokenRules.map { "! \($0)" }
    if !lines.isEmpty {
      throw PayloadCheckFailure(
        "\(description) decoded as \(T.self) does not match \(expectedURL.lastPathComponent) "
          + "(- expected, + actual, ! broken rule; one line per JSON path):\n"
          + lines.joined(separator: "\n"))
    }
  }

  /// What decoding the payload does, in the terms of the `.expected` format.
  struct Observation {
    var outcome: ExpectedOutcome
    /// The payload and the value written back, for `Encodable` types that decoded.
    var original: FixtureJSON?
    var written: FixtureJSON?
    /// Rules every model must keep, broken: a non-`DecodingError`, a round trip that does
    /// not read back.
    var brokenRules: [String] = []
  }

  private func observe<T: Decodable>(
    _ type: T.Type,
    payload: Data,
    decoder: JSONDecoder,
    encoder: JSONEncoder
  ) throws -> Observation {
    let collecting = Result { try decoder.decodeCollectingEveryReport(T.self, from: payload) }
    let strict = Result { try decoder.decodeStrictly(T.self, from: payload) }
    switch collecting {
    case .success(let (value, reports)):
      // Unknown values, elements left out, defaults used and converted values fail strict
      // decoding; renamed values and unknown fields never do.
      let rejected = reports.filter {
        switch $0.kind {
        case .unknownValue, .invalidElement, .defaultUsed, .convertedType: true
        case .renamedValue, .unknownField: false
        }
      }
      let unknownValues = rejected.filter { $0.kind == .unknownValue }
      let leftOut = reports.compactMap(ExpectedOutcome.LeftOutElement.init)
      let renamed = reports.compactMap(ExpectedOutcome.RenamedValue.init)
      let defaults = reports.compactMap(ExpectedOutcome.DefaultUsed.init)
      let fields = reports.compactMap(ExpectedOutcome.UnknownField.init)
      let converted = reports.compactMap(ExpectedOutcome.ConvertedValue.init)
      var observed = Observation(
        outcome: ExpectedOutcome(
          outcome: .decoded, unknownValues: unknownValues.map(ExpectedOutcome.ReportedValue.init),
          invalidElements: leftOut.isEmpty ? nil : leftOut,
          renamedValues: renamed.isEmpty ? nil : renamed,
          defaultsUsed: defaults.isEmpty ? nil : defaults,
          unknownFields: fields.isEmpty ? nil : fields))
      observed.outcome.convertedValues = converted.isEmpty ? nil : converted
      observeStrict(strict, lenient: nil, reported: rejected, into: &observed)
      if let encodable = value as? any Encodable {
        try observeRoundTrip(
          of: value, encodable, payload: payload, decoder: decoder, encoder: encoder,
          into: &observed)
      }
      return observed
    case .failure(let error):
      guard let failure = ExpectedOutcome.Failure(error) else {
        throw PayloadCheckFailure(
          "\(description): decoding as \(T.self) threw \(Swift.type(of: error)), not a "
            + "DecodingError: \(error)")
      }
      var observed = Observation(outcome: ExpectedOutcome(outcome: .failed, error: failure))
      observeStrict(strict, lenient: failure, reported: [], into: &observed)
      return observed
    }
  }

  /// Compares strict decoding with the lenient outcome: `reported` are the unknown values and
  /// elements left out, in order, each of which strict decoding must fail at.
  private func observeStrict<T>(
    _ strict: Result<T, any Error>,
    lenient: ExpectedOutcome.Failure?,
    reported: [UnknownValue],
    into observed: inout Observation
  ) {
    switch strict {
    case .success:
      if let lenient {
        observed.brokenRules.append("\(lenient.path): strict decoding decoded, lenient failed")
      } else if let first = reported.first {
        observed.brokenRules.append("\(first.path): strict decoding decoded although reported")
      }
    case .failure(let error):
      guard let failure = ExpectedOutcome.Failure(error) else {
        observed.brokenRules.append(
          "$: strict decoding threw \(type(of: error)), not a DecodingError: \(error)")
        return
      }
      if failure != lenient { observed.outcome.strictError = failure }
      // An element left out first: strict decoding throws its own error, as a plain array does.
      if lenient == nil, let first = reported.first,
        case .invalidElement(let element) = first.kind,
        let thrown = ExpectedOutcome.Failure(element.error), thrown != failure
      {
        observed.brokenRules.append(
          "\(first.path): strict decoding failed with \(failure), not with the error of the "
            + "element left out first, \(thrown)")
      }
      // When the lenient decode failed too, the values it reported before failing are not
      // known here; the fuzzing rules check that case.
      if lenient == nil, case DecodingError.dataCorrupted(let context) = error,
        let rejected = (context.underlyingError as? UnknownValueError)?.unknownValue,
        rejected != reported.first
      {
        observed.brokenRules.append(
          "\(rejected.path): strict decoding rejected \(rejected.rawValue), but the first value "
            + "reported was \(reported.first.map(String.init(describing:)) ?? "none")")
      }
    }
  }

  private func observeRoundTrip<T: Decodable>(
    of value: T,
    _ encodable: any Encodable,
    payload: Data,
    decoder: JSONDecoder,
    encoder: JSONEncoder,
    into observed: inout Observation
  ) throws {
    let bytes: Data
    do {
      bytes = try encoder.encode(encodable)
    } catch {
      observed.brokenRules.append("$: the decoded value does not encode: \(error)")
      return
    }
    let original = try FixtureJSON(parsing: payload)
    let written = try FixtureJSON(parsing: bytes)
    let changes = original.changes(to: written)
    observed.original = original
    observed.written = written
    observed.outcome.roundTrip = changes.isEmpty ? nil : changes
    guard let equatable = value as? any Equatable else { return }
    do {
      let reread = try decoder.decodeCollectingUnknownValues(T.self, from: bytes).value
      if !isEqual(equatable, reread) {
        observed.brokenRules.append("$: what was written back decodes to a different value")
      }
    } catch {
      observed.brokenRules.append("$: what was written back does not decode: \(error)")
    }
  }

  private func failIfRulesBroken<T>(_ observed: Observation, type: T.Type) throws {
    guard !observed.brokenRules.isEmpty else { return }
    throw PayloadCheckFailure(
      "\(description) decoded as \(T.self) breaks rules every model must keep, so nothing was "
        + "recorded:\n" + observed.brokenRules.map { "! \($0)" }.joined(separator: "\n"))
  }

  /// The round trip's differences: the payload with the file's changes applied, against what
  /// was written.
  private func roundTripLines(
    expected: ExpectedOutcome,
    original: FixtureJSON,
    written: FixtureJSON
  ) throws -> [String] {
    var documented = original
    let roundTrip = expected.roundTrip ?? ExpectedOutcome.RoundTrip()
    do {
      for (path, replacement) in roundTrip.replaced.sorted(by: { $0.key < $1.key }) {
        try documented.replace(at: path, with: replacement)
      }
      for path in roundTrip.removed {
        try documented.remove(at: path)
      }
      for (path, value) in roundTrip.added.sorted(by: { $0.key < $1.key }) {
        try documented.add(at: path, value: value)
      }
    } catch {
      return ["! \(expectedURL.lastPathComponent), roundTrip: \(error)"]
    }
    return written.differences(from: documented).map { "± round trip \($0)" }
  }

  /// The outcome as lines that start with a JSON path, one per fact.
  static func lines(of outcome: ExpectedOutcome) -> [String] {
    var lines: [String] = []
    switch outcome.outcome {
    case .decoded:
      lines.append("$: decodes")
    case .failed:
      if let error = outcome.error {
        lines.append("\(error.path): fails with \(error.caseDescription)")
      }
    }
    for value in outcome.unknownValues ?? [] {
      lines.append("\(value.path): unknown value \(value.type) \(jsonText(value.rawValue))")
    }
    for element in outcome.invalidElements ?? [] {
      lines.append(
        "\(element.path): element left out, \(element.type) fails with \(element.error)")
    }
    for value in outcome.renamedValues ?? [] {
      lines.append(
        "\(value.path): renamed value \(value.type) \(jsonText(value.rawValue)) read as "
          + jsonText(value.canonical))
    }
    for value in outcome.defaultsUsed ?? [] {
      lines.append("\(value.path): default \(value.type) read for \(value.reason)")
    }
    for field in outcome.unknownFields ?? [] {
      lines.append("\(field.path): unknown field of \(field.type) \(field.json)")
    }
    for value in outcome.convertedValues ?? [] {
      lines.append(
        "\(value.path): \(value.type) converted from the \(value.received.rawValue) "
          + jsonText(value.rawValue))
    }
    if let strictError = outcome.strictError {
      lines.append("\(strictError.path): strict decoding fails with \(strictError.caseDescription)")
    }
    return lines
  }

  /// The lines only one side has, `- ` for expected and `+ ` for actual, sorted by path;
  /// repeated lines count as often as they appear.
  static func differingLines(expected: [String], actual: [String]) -> [String] {
    var onlyActual = actual
    var onlyExpected: [String] = []
    for line in expected {
      if let index = onlyActual.firstIndex(of: line) {
        onlyActual.remove(at: index)
      } else {
        onlyExpected.append(line)
      }
    }
    let marked: [(line: String, mark: String)] =
      onlyExpected.map { ($0, "- ") } + onlyActual.map { ($0, "+ ") }
    return marked.sorted { ($0.line, $0.mark) < ($1.line, $1.mark) }.map { $0.mark + $0.line }
  }
}
