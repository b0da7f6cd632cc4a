import CodableResilienceTesting
import SampleAPI
import Testing

/// Seeded, reproducible mutations of every fixture, decoded as each sample API type by
/// `PayloadFuzzer`: every input must decode or throw a `DecodingError`, the handlers must
/// agree, and whatever decodes must survive a round trip.
///
/// `FUZZ_SEED` (decimal or `0x` hex) sets the base seed and `FUZZ_ITERATIONS` the number of
/// inputs of each shard; a failure prints the command that replays its input alone.
@Suite("Fuzzing")
struct FuzzTests {
  /// Inputs per type, split into shards that run in parallel.
  static let iterations = 10_000
  static let shardCount = 4

  static func fuzzer() throws -> PayloadFuzzer {
    try PayloadFuzzer(fixturesIn: "Fixtures/ListingPage", "Fixtures/Booking")
  }

  /// The seed of a shard's first input: the shards cover consecutive seeds.
  static func seed(ofShard shard: Int) -> UInt64 {
    PayloadFuzzer.defaultSeed &+ UInt64(shard * iterations / shardCount)
  }

  @Test(arguments: 0..<shardCount)
  func mutatedListingPages(shard: Int) throws {
    try Self.fuzzer().check(
      ListingPage.self, iterations: Self.iterations / Self.shardCount,
      seed: Self.seed(ofShard: shard))
  }

  @Test(arguments: 0..<shardCount)
  func mutatedBookings(shard: Int) throws {
    try Self.fuzzer().check(
      Booking.self, iterations: Self.iterations / Self.shardCount,
      seed: Self.seed(ofShard: shard))
  }

  @Test func regressionInputsKeepEveryRule() throws {
    let regressions = try PayloadFuzzer(fixturesIn: "Tests/Fuzz/Regressions")
    // Several times over: some failures depend on the order Foundation visits dictionary
    // entries in, which can change from one decode to the next (rarely within a process,
    // often between processes); CodableResilienceTestingTests checks the rule that allows
    // for it without depending on that chance.
    for _ in 0..<20 {
      try regressions.checkPayloadsAsTheyAre(ListingPage.self)
      try regressions.checkPayloadsAsTheyAre(Booking.self)
    }
  }
}
