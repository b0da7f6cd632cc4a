/// The SplitMix64 generator (Steele, Lea and Flood, 2014): tiny, fast, and the same sequence
/// on every platform and toolchain, so a fuzz seed reproduces its input anywhere.
///
/// ``PayloadFuzzer`` draws its mutations from it. As a `RandomNumberGenerator` it also makes
/// a test's own random choices repeatable:
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// let position = Int.random(in: 0..<payload.count, using: &random)  // the same on every run
/// ```
///
/// The standard library's `random(in:using:)` may change how it maps bits to ranges between
/// releases, so the fuzzer maps them to ranges itself; `next()` is the same everywhere.
package struct SplitMix64: RandomNumberGenerator, Sendable {
  private(set) var state: UInt64

  /// A generator whose sequence `seed` fixes.
  ///
  /// ```swift
  /// var random = SplitMix64(seed: 7)
  /// ```
  package init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  ///
  /// ```swift
  /// var random = SplitMix64(seed: 0)
  /// random.next()  // 0xE220A8397B1DCDAF
  /// ```
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A number in `0..<bound` (the high half of a full-width product: unbiased enough for
  /// fuzzing, and identical everywhere).
  mutating func int(below bound: Int) -> Int {
    precondition(bound > 0, "an empty range has no element")
    return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
  }

  /// A number in `range`.
  mutating func int(in range: ClosedRange<Int>) -> Int {
    range.lowerBound + int(below: range.count)
  }

  /// One element of a non-empty collection.
  mutating func element<C: Collection>(of collection: C) -> C.Element {
    collection[collection.index(collection.startIndex, offsetBy: int(below: collection.count))]
  }

  /// `true` with the given chance in percent.
  mutating func chance(_ percent: Int) -> Bool {
    int(below: 100) < percent
  }
}
