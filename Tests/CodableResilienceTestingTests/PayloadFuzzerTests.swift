import CodableResilience
import Foundation
import Testing

@testable import CodableResilienceTesting

/// `PayloadFuzzer`: the rules it checks, shown with deliberately wrong models, and its
/// seeded, reproducible mutations.
@Suite("Fuzzing")
struct PayloadFuzzerTests {
  static func petFuzzer() throws -> PayloadFuzzer {
    try PayloadFuzzer(fixturesIn: "\(fixturesFolder)/Pet")
  }

  @Test func aCorrectModelKeepsEveryRule() throws {
    try Self.petFuzzer().check(Pet.self, iterations: 2_000)
  }

  @Test func aModelThatThrowsItsOwnErrorFailsWithASeedThatReplaysIt() throws {
    let fuzzer = try Self.petFuzzer()
    let error = try #require(throws: PayloadCheckFailure.self) {
      try fuzzer.check(PetRejectingOldAge.self, iterations: 2_000)
    }
    #expect(error.message.hasPrefix("PetRejectingOldAge broke the fuzzing rules on "))
    #expect(error.message.contains("threw ImplausibleAge, not a DecodingError"))
    #expect(error.message.contains("  made from: \(fixturesFolder)/Pet/"))

    // The first failing input's replay line, run as it says, fails on that input alone.
    let replay = try #require(
      error.message.split(separator: "\n").first { $0.contains("replay: ") })
    #expect(
      replay.hasSuffix(
        " FUZZ_ITERATIONS=1 swift test --filter aModelThatThrowsItsOwnErrorFailsWithASeedThatReplaysIt"
      ))
    let seedText = try #require(
      replay.split(separator: " ").first { $0.hasPrefix("FUZZ_SEED=") }?.dropFirst(10))
    let seed = try #require(try PayloadFuzzer.seed(from: String(seedText)))
    let replayed = try #require(throws: PayloadCheckFailure.self) {
      try fuzzer.check(PetRejectingOldAge.self, iterations: 1, seed: seed)
    }
    #expect(replayed.message.contains("on 1 of 1 inputs from seed \(seedText)"))
    #expect(replayed.message.contains("seed \(seedText): ignore threw ImplausibleAge"))
    // The correct model keeps the rules on that input.
    try fuzzer.check(Pet.self, iterations: 1, seed: seed)
  }

  @Test func aModelWhoseEncodeDropsAFieldBreaksTheRoundTripRule() throws {
    let error = try #require(throws: PayloadCheckFailure.self) {
      try Self.petFuzzer().check(PetDroppingAge.self, iterations: 200)
    }
    #expect(error.message.contains("re-decoding the re-encoded value gave a different value"))
  }

  @Test func payloadsAsTheyAreAreCheckedUnderTheSameRules() throws {
    let payloads = [#"{"name": "Rex", "species": "dog", "age": 31}"#, "[", "{}"].map {
      Data($0.utf8)
    }
    let fuzzer = try PayloadFuzzer(payloads: payloads)
    try fuzzer.checkPayloadsAsTheyAre(Pet.self)
    let error = try #require(throws: PayloadCheckFailure.self) {
      try fuzzer.checkPayloadsAsTheyAre(PetRejectingOldAge.self)
    }
    #expect(error.message.contains("payload 0:\n  ignore threw ImplausibleAge"))
    #expect(!error.message.contains("payload 1"))
  }

  @Test func theAppsDecoderAndEncoderAreUsedAndLeftAsTheyWere() throws {
    let fuzzer = try PayloadFuzzer(fixturesIn: "\(fixturesFolder)/Owner")
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let collector = UnknownValueCollector()
    decoder.unknownValueHandler = .collect(into: collector)
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    try fuzzer.check(Owner.self, iterations: 300, decoder: decoder, encoder: encoder)
    #expect(encoder.outputFormatting == [])
    let handler = decoder.unknownValueHandler
    _ = try decoder.decode(Species.self, from: Data(#""dragon""#.utf8))
    #expect(collector.values.map(\.rawValue) == ["dragon"], "\(handler)")
  }

  /// Swift Testing runs tests in parallel, and tests share decoders: while the fuzzer checks
  /// with a decoder and an encoder, another thread using them sees them as they were
  /// (issue 21, item 7: the fuzzer used to install `.strict` on the caller's decoder).
  @Test func aDecoderAndEncoderUsedByAnotherThreadMeanwhileAreNeverChanged() throws {
    let decoder = JSONDecoder()
    let encoder = JSONEncoder()
    let watcher = CoderWatcher(decoder: decoder, encoder: encoder)
    // The model meets the watcher from inside the fuzzer's first decode that reads a pet: a
    // handshake proves the other thread checked the coders while the fuzzer was at work.
    decoder.userInfo[.coderWatcher] = watcher
    let fuzzer = try Self.petFuzzer()
    watcher.start()
    // The other thread's decodes must not reach the fuzzer's handlers either.
    let fuzzing = Result {
      try fuzzer.check(
        PetMeetingTheWatcher.self, iterations: 2_000, decoder: decoder, encoder: encoder)
    }
    let (checks, changes) = watcher.stop()
    #expect(throws: Never.self) { try fuzzing.get() }
    #expect(watcher.metWhileWorking == true, "no check ran while the fuzzer waited for one")
    #expect(changes.isEmpty, "\(changes.count) of \(checks) checks: \(changes.prefix(3))")
  }

  /// The rules decode and encode with copies of the app's coders: every setting must come
  /// along, or the fuzzer would check another decoding than the app's.
  @Test func theCodersCopiesKeepEverySetting() throws {
    struct Settings: Codable, Equatable {
      var createdAt: Date
      var blob: Data
      var ratio: Double
      var species: Species
    }
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    decoder.dateDecodingStrategy = .secondsSince1970
    decoder.dataDecodingStrategy = .deferredToData
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
    decoder.allowsJSON5 = true
    decoder.assumesTopLevelDictionary = true
    let apiVersion = try #require(CodingUserInfoKey(rawValue: "apiVersion"))
    decoder.userInfo[apiVersion] = 3
    let collector = UnknownValueCollector()
    let copied = decoder.configuredCopy(handler: .collect(into: collector))
    #expect(copied.userInfo[apiVersion] as? Int == 3)
    // JSON5, without the top level's braces, in snake case, with the strategies' forms.
    let payload = Data(
      #"created_at: 10, blob: [1, 2], ratio: "+inf", species: "dragon", // a comment"#.utf8)
    #expect(
      try copied.decode(Settings.self, from: payload)
        == Settings(
          createdAt: Date(timeIntervalSince1970: 10), blob: Data([1, 2]), ratio: .infinity,
          species: .unknown))
    #expect(collector.values.map(\.rawValue) == ["dragon"])

    let encoder = JSONEncoder()
    encoder.outputFormatting = .prettyPrinted
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.dateEncodingStrategy = .secondsSince1970
    encoder.dataEncodingStrategy = .deferredToData
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
    encoder.userInfo[apiVersion] = 3
    let copiedEncoder = copy(of: encoder, adding: .sortedKeys)
    #expect(copiedEncoder.userInfo[apiVersion] as? Int == 3)
    let settings = Settings(
      createdAt: Date(timeIntervalSince1970: 10), blob: Data([1]), ratio: .infinity, species: .dog)
    #expect(
      String(decoding: try copiedEncoder.encode(settings), as: UTF8.self) == """
        {
          "blob" : [
            1
          ],
          "created_at" : 10,
          "ratio" : "+inf",
          "species" : "dog"
        }
        """)
  }

  @Test func aSubclassOfTheCodersIsAnErrorNamingIt() throws {
    final class AppDecoder: JSONDecoder, @unchecked Sendable {}
    final class AppEncoder: JSONEncoder, @unchecked Sendable {}
    let fuzzer = try Self.petFuzzer()
    let decoderError = try #require(throws: PayloadCheckFailure.self) {
      try fuzzer.check(Pet.self, iterations: 1, decoder: AppDecoder())
    }
    #expect(decoderError.message.contains("AppDecoder is a subclass of JSONDecoder"))
    let encoderError = try #require(throws: PayloadCheckFailure.self) {
      try fuzzer.checkPayloadsAsTheyAre(Pet.self, encoder: AppEncoder())
    }
    #expect(encoderError.message.contains("AppEncoder is a subclass of JSONEncoder"))
  }

  @Test func noPayloadsOrAMissingFolderIsAnError() throws {
    #expect(throws: PayloadCheckFailure.self) { try PayloadFuzzer(payloads: []) }
    #expect(throws: PayloadCheckFailure.self) {
      try PayloadFuzzer(fixturesIn: "\(fixturesFolder)/Nothing")
    }
  }

  @Test func environmentOverridesAreReadOrRejected() throws {
    #expect(try PayloadFuzzer.seed(from: nil) == nil)
    #expect(try PayloadFuzzer.seed(from: "0x1f") == 31)
    #expect(try PayloadFuzzer.seed(from: "31") == 31)
    #expect(throws: PayloadCheckFailure.self) { try PayloadFuzzer.seed(from: "0xzz") }
    #expect(try PayloadFuzzer.iterations(from: nil) == nil)
    #expect(try PayloadFuzzer.iterations(from: "5") == 5)
    #expect(throws: PayloadCheckFailure.self) { try PayloadFuzzer.iterations(from: "0") }
  }

  // MARK: - Mutations

  static func mutator() throws -> PayloadMutator {
    let fixtures = try PayloadFixture.all(in: "\(fixturesFolder)/Pet")
    return PayloadMutator(
      payloads: try fixtures.map { ($0.description, [UInt8](try $0.payload())) })
  }

  @Test func theSameSeedGivesTheSameInput() throws {
    let mutator = try Self.mutator()
    let seeds = PayloadFuzzer.defaultSeed..<PayloadFuzzer.defaultSeed + 50
    for seed in seeds {
      #expect(mutator.mutant(seed: seed).bytes == mutator.mutant(seed: seed).bytes)
    }
    let distinct = Set(seeds.map { mutator.mutant(seed: $0).bytes })
    #expect(distinct.count > 40, "consecutive seeds should give different inputs")
  }

  @Test func mutantsUseEveryMutationAndBothDecodeAndFail() throws {
    let mutator = try Self.mutator()
    var mutations: Set<String> = []
    var decoded = 0
    var failed = 0
    for seed in PayloadFuzzer.defaultSeed..<PayloadFuzzer.defaultSeed + 500 {
      let mutant = mutator.mutant(seed: seed)
      mutations.formUnion(mutant.steps.dropFirst().map { String($0.prefix { $0 != "(" }) })
      if (try? JSONDecoder().decode(Pet.self, from: Data(mutant.bytes))) != nil {
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

  @Test func removeKeyAndNullKeyEditOneMember() throws {
    let payload = Array(#"{"name": "Rex", "tags": ["a", {"b": 1}], "age": 3}"#.utf8)
    let mutator = PayloadMutator(payloads: [("pet", payload)])
    var results: Set<String> = []
    var random = SplitMix64(seed: 7)
    for _ in 0..<60 {
      var removed = payload
      var nulled = payload
      var first = random
      _ = mutator.apply(.removeKey, to: &removed, using: &first)
      _ = mutator.apply(.nullKey, to: &nulled, using: &random)
      results.insert(String(decoding: removed, as: UTF8.self))
      results.insert(String(decoding: nulled, as: UTF8.self))
    }
    #expect(
      results == [
        // The member and one comma go; the whitespace around them stays.
        #"{ "tags": ["a", {"b": 1}], "age": 3}"#, #"{"name": "Rex",  "age": 3}"#,
        #"{"name": "Rex", "tags": ["a", {"b": 1}]}"#,
        #"{"name": "Rex", "tags": ["a", {}], "age": 3}"#,
        #"{"name": null, "tags": ["a", {"b": 1}], "age": 3}"#,
        #"{"name": "Rex", "tags": null, "age": 3}"#,
        #"{"name": "Rex", "tags": ["a", {"b": null}], "age": 3}"#,
        #"{"name": "Rex", "tags": ["a", {"b": 1}], "age": null}"#,
      ])
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

  // MARK: - Failures that count as the same

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
    // Inside an object kept whole, two broken members at different depths.
    let payout: [UnknownValue.PathComponent] = [.key("timeline"), .index(1)]
    #expect(
      isSameFailure(
        mismatch(payout + [.key("at")]), mismatch(payout + [.key("amount"), .key("value")])))
    #expect(
      !isSameFailure(
        mismatch(payout + [.key("at")]), mismatch([.key("timeline"), .index(2), .key("at")])))

    // A number Foundation cannot convert is reported at the root, wherever it is.
    let invalidJSON = DecodingError.dataCorrupted(
      DecodingError.Context(codingPath: [], debugDescription: "The given data was not valid JSON."))
    #expect(isSameFailure(invalidJSON, mismatch(fees + [.key("tier")])))
    #expect(isSameFailure(mismatch(fees + [.key("tier")]), invalidJSON))
    #expect(!isSameFailure(invalidJSON, mismatch([.key("listings"), .index(2)])))
    #expect(!isSameFailure(invalidJSON, mismatch([])))
  }

  /// The rule used to take any `dataCorrupted` at the root for any failure at a key. Only
  /// Foundation's invalid-number error may stand for another failure now.
  @Test func otherRootFailuresNoLongerCountAsADictionaryEntry() {
    let tier = DecodingError.typeMismatch(
      Double.self,
      DecodingError.Context(
        codingPath: [UnknownValue.PathComponent.key("cleaning_fees"), .key("tier")],
        debugDescription: ""))
    // The strict handler rejecting a top-level value.
    let rejectedAtRoot = DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: [], debugDescription: "unknown Kind value \"castle\" at $",
        underlyingError: UnknownValueError(
          unknownValue: UnknownValue(typeName: "Kind", rawValue: "castle", codingPath: []))))
    #expect(!isSameFailure(rejectedAtRoot, tier))
    #expect(!isSameFailure(tier, rejectedAtRoot))
    // A type's own init(from:) refusing the whole payload.
    let customAtRoot = DecodingError.dataCorrupted(
      DecodingError.Context(codingPath: [], debugDescription: "not a listing page"))
    #expect(!isSameFailure(customAtRoot, tier))
    #expect(!isSameFailure(tier, customAtRoot))
  }

  /// Pins Foundation's text: if `JSONDecoder` reports an unconvertible number differently, this
  /// fails and `foundationInvalidJSONMessage` must follow.
  @Test func foundationsInvalidNumberErrorStandsForAnEntryOfItsDictionary() throws {
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(
        [String: [String: Int]].self, from: Data(#"{"cleaning_fees": {"tier": 0605}}"#.utf8))
    }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("expected dataCorrupted, got \(error)")
      return
    }
    #expect(context.codingPath.isEmpty)
    #expect(context.debugDescription == foundationInvalidJSONMessage)
    let languages = DecodingError.valueNotFound(
      Int.self,
      DecodingError.Context(
        codingPath: [UnknownValue.PathComponent.key("cleaning_fees"), .key("languages")],
        debugDescription: ""))
    #expect(isSameFailure(error, languages))
    #expect(isSameFailure(languages, error))
  }
}
