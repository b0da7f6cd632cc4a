import Foundation

/// Decodes seeded, reproducible mutations of your payloads as a model, and checks rules every
/// model must keep whatever the bytes.
///
/// Each input is one of the payloads after one to three mutations: bit flips and replaced
/// bytes, truncation, deleted and repeated ranges, splices of two payloads, deep nesting,
/// huge numbers, invalid UTF-8, inserted JSON tokens, enum values swapped with other values of
/// the payloads or invented, values of another type, and removed and `null`ed keys.
///
/// The rules: every input decodes or throws a `DecodingError` (anything else thrown fails);
/// a lenient, a collecting and a strict decode agree; whatever decodes encodes, and the
/// encoding decodes again to an equal value (when `Equatable`) that encodes to the same JSON.
///
/// ```swift
/// @Test func orderSurvivesMalformedPayloads() throws {
///   try PayloadFuzzer(fixturesIn: "Fixtures/Order").check(Order.self, iterations: 2_000)
/// }
/// ```
///
/// A failure names the seed of each failing input, how it was made, and a command that
/// replays it alone. `FUZZ_SEED` (decimal or `0x` hex) and `FUZZ_ITERATIONS` override the
/// arguments from the environment; `FUZZ_TRACE=1` prints each seed before it is tried, to find
/// the input of a crash.
public struct PayloadFuzzer: Sendable {
  /// The seed when neither the `seed:` argument nor `FUZZ_SEED` gives one.
  public static let defaultSeed: UInt64 = 0x4845_4152_5448_0001

  /// Failing inputs listed in one failure before the run stops.
  static let reportedFailureLimit = 5

  let mutator: PayloadMutator

  /// A fuzzer starting from the given payloads, each named in messages by its position.
  ///
  /// ```swift
  /// let fuzzer = try PayloadFuzzer(payloads: [Data(#"{"id": 1, "status": "paid"}"#.utf8)])
  /// ```
  public init(payloads: [Data]) throws {
    try self.init(
      named: payloads.enumerated().map { ("payload \($0.offset)", [UInt8]($0.element)) })
  }

  /// A fuzzer starting from every `*.json` payload in the given folders, each absolute or
  /// found from the calling test file (`filePath`) as ``PayloadFixture/all(in:filePath:)``
  /// finds it.
  ///
  /// ```swift
  /// let fuzzer = try PayloadFuzzer(fixturesIn: "Fixtures/Order", "Fixtures/Invoice")
  /// ```
  public init(fixturesIn folders: String..., filePath: StaticString = #filePath) throws {
    var payloads: [(name: String, bytes: [UInt8])] = []
    for folder in folders {
      for fixture in try PayloadFixture.all(in: folder, filePath: filePath) {
        payloads.append(("\(folder)/\(fixture.description)", [UInt8](try fixture.payload())))
      }
    }
    try self.init(named: payloads)
  }

  private init(named payloads: [(name: String, bytes: [UInt8])]) throws {
    guard !payloads.isEmpty else {
      throw PayloadCheckFailure("PayloadFuzzer: no payloads to mutate")
    }
    mutator = PayloadMutator(payloads: payloads)
  }

  /// Decodes `iterations` mutated payloads as `T` and throws a ``PayloadCheckFailure`` naming
  /// the inputs that break a rule. Input `i` is made from seed `seed + i`, so the same seed
  /// and payloads give the same inputs on every machine.
  ///
  /// ```swift
  /// try PayloadFuzzer(fixturesIn: "Fixtures/Order").check(Order.self, iterations: 2_000)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The model to decode.
  ///   - iterations: The number of inputs; `FUZZ_ITERATIONS` overrides it.
  ///   - seed: The first input's seed; `FUZZ_SEED` overrides it.
  ///   - decoder: The app's configured decoder. Inputs are decoded with copies of it that hold
  ///     the fuzzer's handlers: it is never changed, so other tests can use it meanwhile, and its
  ///     own handler is never called. A subclass is an error: a copy would not run its
  ///     `decode(_:from:)`.
  ///   - encoder: The app's configured encoder, used through a copy that sorts keys. A
  ///     subclass is an error.
  ///   - testName: The test's name, for the replay command; the calling function by default.
  public func check<T: Codable>(
    _ type: T.Type,
    iterations: Int = 1_000,
    seed: UInt64 = PayloadFuzzer.defaultSeed,
    decoder: JSONDecoder = JSONDecoder(),
    encoder: JSONEncoder = JSONEncoder(),
    testName: String = #function
  ) throws {
    try Self.requireCopyable(decoder, encoder)
    let environment = ProcessInfo.processInfo.environment
    let seed = try Self.seed(from: environment["FUZZ_SEED"]) ?? seed
    let iterations = try Self.iterations(from: environment["FUZZ_ITERATIONS"]) ?? iterations
    let trace = environment["FUZZ_TRACE"] == "1"
    var failures: [String] = []
    for iteration in 0..<iterations {
      let inputSeed = seed &+ UInt64(iteration)
      if trace { print("fuzz: trying seed \(hex(inputSeed))") }
      let mutant = mutator.mutant(seed: inputSeed)
      let input = Data(mutant.bytes)
      let violations = decodingInvariantViolations(
        decoding: input, as: T.self, decoder: decoder, encoder: encoder)
      guard !violations.isEmpty else { continue }
      failures.append(
        Self.report(violations, seed: inputSeed, mutant: mutant, input: input, testName: testName))
      if failures.count == Self.reportedFailureLimit { break }
    }
    if !failures.isEmpty {
      throw PayloadCheckFailure(
        "\(T.self) broke the fuzzing rules on \(failures.count == Self.reportedFailureLimit ? "at least " : "")"
          + "\(failures.count) of \(iterations) inputs from seed \(hex(seed)):\n\n"
          + failures.joined(separator: "\n\n"))
    }
  }

  /// Checks each payload as it is, unmutated, under the same rules and with the same use of
  /// `decoder` and `encoder` as ``check(_:iterations:seed:decoder:encoder:testName:)``: for
  /// inputs a fuzzer once failed on, kept as regression tests.
  ///
  /// ```swift
  /// try PayloadFuzzer(fixturesIn: "Tests/FuzzRegressions").checkPayloadsAsTheyAre(Order.self)
  /// ```
  public func checkPayloadsAsTheyAre<T: Codable>(
    _ type: T.Type,
    decoder: JSONDecoder = JSONDecoder(),
    encoder: JSONEncoder = JSONEncoder()
  ) throws {
    try Self.requireCopyable(decoder, encoder)
    let failures = mutator.payloads.compactMap { payload -> String? in
      let violations = decodingInvariantViolations(
        decoding: Data(payload.bytes), as: T.self, decoder: decoder, encoder: encoder)
      guard !violations.isEmpty else { return nil }
      return "\(payload.name):\n" + violations.map { "  \($0)" }.joined(separator: "\n")
    }
    if !failures.isEmpty {
      throw PayloadCheckFailure(
        "\(T.self) broke the fuzzing rules on payloads as they are:\n"
          + failures.joined(separator: "\n"))
    }
  }

  // MARK: - Configuration and messages

  /// Throws unless the coders are `JSONDecoder` and `JSONEncoder` themselves, which the rules
  /// copy rather than change.
  static func requireCopyable(_ decoder: JSONDecoder, _ encoder: JSONEncoder) throws {
    let coders: [(coder: Any.Type, base: Any.Type)] = [
      (type(of: decoder), JSONDecoder.self), (type(of: encoder), JSONEncoder.self),
    ]
    for (coder, base) in coders where coder != base {
      throw PayloadCheckFailure(
        "PayloadFuzzer: \(coder) is a subclass of \(base). The fuzzer decodes and encodes with "
          + "copies of the coders you pass, so that it never changes them while other tests "
          + "use them, and a copy would not run the subclass's own code; pass a \(base) "
          + "configured as your app's")
    }
  }

  /// The seed `FUZZ_SEED` gives (decimal or `0x` hex); `nil` when it is not set.
  static func seed(from text: String?) throws -> UInt64? {
    guard let text, !text.isEmpty else { return nil }
    let value =
      text.lowercased().hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
    guard let value else {
      throw PayloadCheckFailure("FUZZ_SEED=\(text) is not a decimal or 0x-hex 64-bit seed")
    }
    return value
  }

  /// The count `FUZZ_ITERATIONS` gives; `nil` when it is not set.
  static func iterations(from text: String?) throws -> Int? {
    guard let text, !text.isEmpty else { return nil }
    guard let value = Int(text), value > 0 else {
      throw PayloadCheckFailure("FUZZ_ITERATIONS=\(text) is not a positive whole number")
    }
    return value
  }

  /// One failing input: what broke, how it was made, and how to replay it.
  static func report(
    _ violations: [String],
    seed: UInt64,
    mutant: PayloadMutator.Mutant,
    input: Data,
    testName: String
  ) -> String {
    let filter = testName.prefix { $0 != "(" }
    return """
      seed \(hex(seed)): \(violations.joined(separator: "\n  "))
        made from: \(mutant.steps.joined(separator: ", "))
        replay: FUZZ_SEED=\(hex(seed)) FUZZ_ITERATIONS=1 swift test --filter \(filter)
        input (\(input.count) bytes, base64): \(input.base64EncodedString())
        input (escaped): \(escaped(input))
      """
  }
}

private func hex(_ value: UInt64) -> String {
  "0x" + String(value, radix: 16)
}

/// The bytes as readable text: printable ASCII as is, everything else escaped, cut after
/// 2,000 characters (the base64 form is always complete).
private func escaped(_ data: Data) -> String {
  var text = ""
  for byte in data {
    switch byte {
    case UInt8(ascii: "\\"): text += "\\\\"
    case UInt8(ascii: "\n"): text += "\\n"
    case 0x20..<0x7F: text.unicodeScalars.append(Unicode.Scalar(byte))
    default: text += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
    }
    if text.count > 2_000 { return text + "…" }
  }
  return text
}
