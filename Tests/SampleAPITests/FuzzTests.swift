import CodableResilience
import Foundation
import SampleAPI
import Testing

/// Seeded, reproducible mutations of every fixture, decoded as each sample API type with
/// each handler: every input must decode or throw a `DecodingError`, and whatever decodes must
/// survive a round trip (see `decodingInvariantViolations`).
///
/// `FUZZ_SEED` (decimal or `0x` hex) sets the base seed and `FUZZ_ITERATIONS` the number of
/// inputs; iteration `i` uses seed `FUZZ_SEED + i`, so a failure's seed with
/// `FUZZ_ITERATIONS=1` replays exactly that input. `FUZZ_TRACE=1` prints each seed before it
/// is tried, to find the input of a crash.
@Suite("Fuzzing")
struct FuzzTests {
  /// The base seed when `FUZZ_SEED` is not set.
  static let defaultSeed: UInt64 = 0x4845_4152_5448_0001
  /// The number of inputs when `FUZZ_ITERATIONS` is not set.
  static let defaultIterations = 10_000
  /// The work is split into this many test cases, so they can run in parallel.
  static let shardCount = 8

  @Test(arguments: 0..<shardCount)
  func mutatedFixturesDecodeOrThrowDecodingError(shard: Int) throws {
    let environment = ProcessInfo.processInfo.environment
    let seed = try #require(
      Self.seed(from: environment["FUZZ_SEED"]), "FUZZ_SEED must be a decimal or 0x-hex UInt64")
    let iterations = try #require(
      Self.iterations(from: environment["FUZZ_ITERATIONS"]),
      "FUZZ_ITERATIONS must be a positive integer")
    let trace = environment["FUZZ_TRACE"] == "1"
    let mutator = try Self.mutator()

    for iteration in stride(from: shard, to: iterations, by: Self.shardCount) {
      let iterationSeed = seed &+ UInt64(iteration)
      if trace { print("fuzz: trying seed \(hex(iterationSeed))") }
      let mutant = mutator.mutant(seed: iterationSeed)
      let input = Data(mutant.bytes)
      let violations =
        decodingInvariantViolations(decoding: input, as: ListingPage.self).map {
          "ListingPage, \($0)"
        }
        + decodingInvariantViolations(decoding: input, as: Booking.self).map { "Booking, \($0)" }
      if !violations.isEmpty {
        Issue.record(
          Comment(
            rawValue: Self.report(violations, seed: iterationSeed, mutant: mutant, input: input)))
      }
    }
  }

  @Test func regressionInputsKeepEveryRule() throws {
    let inputs = try Self.regressionInputs()
    #expect(!inputs.isEmpty, "no inputs in Tests/Fuzz/Regressions")
    for (name, input) in inputs {
      // Several times over: some failures depend on the order Foundation visits dictionary
      // entries in, which can change from one decode to the next (rarely within a process,
      // often between processes); `failuresAtTwoEntriesOfOneDictionaryCountAsTheSame` checks
      // the rule that allows for it without depending on that chance.
      for _ in 0..<20 {
        let violations =
          decodingInvariantViolations(decoding: input, as: ListingPage.self)
          + decodingInvariantViolations(decoding: input, as: Booking.self)
        #expect(violations == [], "\(name)")
        if !violations.isEmpty { break }
      }
    }
  }

  @Test func failuresAtTwoEntriesOfOneDictionaryCountAsTheSame() {
    func mismatch(_ path: [UnknownValue.PathComponent]) -> DecodingError {
      .typeMismatch(Double.self, DecodingError.Context(codingPath: path, debugDescription: ""))
    }
    let fees: [UnknownValue.PathComponent] = [.key("listings"), .index(0), .key("cleaning_fees")]
    #expect(isSameFailure(mismatch(fees + [.key("EUR")]), mismatch(fees + [.key("EUR")])))
    #expect(isSameFailure(mismatch(fees + [.key("EUR")]), mismatch(fees + [.key("GBP")])))
    #expect(!isSameFailure(mismatch(fees + [.key("EUR")]), mismatch(fees)))
    #expect(
      !isSameFailure(
        mismatch([.key("listings"), .index(0)]), mismatch([.key("listings"), .index(1)])))
    #expect(
      !isSameFailure(
        mismatch([.key("listings"), .index(0), .key("kind")]),
        mismatch([.key("listings"), .index(1), .key("kind")])))
    #expect(!isSameFailure(mismatch(fees), CocoaError(.fileReadUnknown)))

    // A number Foundation cannot convert is reported at the root, wherever it is.
    let invalidJSON = DecodingError.dataCorrupted(
      DecodingError.Context(codingPath: [], debugDescription: "The given data was not valid JSON."))
    #expect(isSameFailure(invalidJSON, mismatch(fees + [.key("tier")])))
    #expect(isSameFailure(mismatch(fees + [.key("tier")]), invalidJSON))
    #expect(!isSameFailure(invalidJSON, mismatch([.key("listings"), .index(2)])))
    #expect(!isSameFailure(invalidJSON, mismatch([])))
  }

  @Test func theSameSeedGivesTheSameInput() throws {
    let mutator = try Self.mutator()
    for seed in Self.defaultSeed..<Self.defaultSeed + 50 {
      #expect(mutator.mutant(seed: seed).bytes == mutator.mutant(seed: seed).bytes)
    }
    let distinct = Set((0..<50).map { mutator.mutant(seed: Self.defaultSeed + $0).bytes })
    #expect(distinct.count > 45, "consecutive seeds should give different inputs")
  }

  @Test func mutantsUseEveryMutationAndBothDecodeAndFail() throws {
    let mutator = try Self.mutator()
    var mutations: Set<String> = []
    var decoded = 0
    var failed = 0
    for seed in Self.defaultSeed..<Self.defaultSeed + 500 {
      let mutant = mutator.mutant(seed: seed)
      mutations.formUnion(mutant.steps.dropFirst().map { String($0.prefix { $0 != "(" }) })
      if (try? JSONDecoder().decode(ListingPage.self, from: Data(mutant.bytes))) != nil {
        decoded += 1
      } else {
        failed += 1
      }
    }
    #expect(mutations == Set(PayloadMutator.Mutation.allCases.map(\.rawValue)))
    // Inputs that all fail at the first byte would test only the JSON parser.
    #expect(decoded > 0)
    #expect(failed > 0)
  }

  @Test func splitMix64MatchesItsReferenceOutput() {
    // The first outputs for seed 1234567, as published with the algorithm.
    var random = SplitMix64(seed: 1_234_567)
    let outputs = (0..<5).map { _ in random.next() }
    #expect(
      outputs == [
        6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423,
        4_593_380_528_125_082_431, 16_408_922_859_458_223_821,
      ])
  }

  // MARK: - Configuration

  static func seed(from text: String?) -> UInt64? {
    guard let text else { return defaultSeed }
    if text.lowercased().hasPrefix("0x") { return UInt64(text.dropFirst(2), radix: 16) }
    return UInt64(text)
  }

  static func iterations(from text: String?) -> Int? {
    guard let text else { return defaultIterations }
    return Int(text).flatMap { $0 > 0 ? $0 : nil }
  }

  /// A mutator over every fixture payload; fails when there are none.
  static func mutator() throws -> PayloadMutator {
    let payloads = try FixtureCatalog.shared.fixtures.map {
      (name: $0.testDescription, bytes: [UInt8](try $0.payload()))
    }
    try #require(!payloads.isEmpty, "no fixtures to mutate")
    return PayloadMutator(payloads: payloads)
  }

  /// The inputs in `Tests/Fuzz/Regressions`: inputs the fuzzers once failed on.
  static func regressionInputs() throws -> [(name: String, data: Data)] {
    let root = try #require(FixtureCatalog.shared.folder).deletingLastPathComponent()
    let folder = root.appending(path: "Tests/Fuzz/Regressions", directoryHint: .isDirectory)
    return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
      .filter { !$0.hasPrefix(".") }
      .map { (name: $0, data: try Data(contentsOf: folder.appending(path: $0))) }
  }

  /// The failure message: what broke, and everything needed to replay it.
  static func report(
    _ violations: [String],
    seed: UInt64,
    mutant: PayloadMutator.Mutant,
    input: Data
  ) -> String {
    """
    \(violations.joined(separator: "\n"))
    seed \(hex(seed)); replay: FUZZ_SEED=\(hex(seed)) FUZZ_ITERATIONS=1 swift test --filter FuzzTests
    made from: \(mutant.steps.joined(separator: ", "))
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
