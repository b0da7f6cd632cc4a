import CodableResilienceTesting
import SampleAPI
import Testing

/// Seeded, reproducible mutations of every fixture, decoded as each sample API type by
/// `PayloadFuzzer`: every input must decode or throw a `DecodingError`, the handlers must
/// agree, and whatever decodes must survive a round trip.
///
/// `FUZZ_SEED` (decimal or `0x` hex) sets the first seed and `FUZZ_ITERATIONS` the number of
/// inputs per type; a failure prints the command that replays its input alone. The two types
/// run in parallel, which is what the two-core CI machine has.
@Suite("Fuzzing")
struct FuzzTests {
  /// Inputs per type.
  static let iterations = 10_000

  static func fuzzer() throws -> PayloadFuzzer {
    try PayloadFuzzer(fixturesIn: "Fixtures/ListingPage", "Fixtures/Booking")
  }

  @Test func mutatedListingPages() throws {
    try Self.fuzzer().check(ListingPage.self, iterations: Self.iterations)
  }

  @Test func mutatedBookings() throws {
    try Self.fuzzer().check(Booking.self, iterations: Self.iterations)
  }

  /// A model of `@DecodeConvertingType` and `@DecodeOneOrMany`: the mutations that quote or
  /// unquote a value and put one value in place of an array reach its conversions.
  @Test func mutatedPayouts() throws {
    try PayloadFuzzer(fixturesIn: "Fixtures/HostPayout").check(
      HostPayout.self, iterations: Self.iterations / 2)
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
