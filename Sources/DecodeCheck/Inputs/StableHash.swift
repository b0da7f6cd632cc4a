/// A 64-bit FNV-1a hash: the same on every run and every machine, unlike `Hasher`, so a
/// `--shard`'s share, a recorded fixture's name and the choice between duplicates never depend
/// on the run. The package's one stable hash.
///
/// ```swift
/// var hash = StableHash()
/// hash.add("ListingPage")
/// hash.hex  // 16 hex digits
/// ```
struct StableHash: Sendable, Hashable, Comparable {
  private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  /// The hash of nothing yet.
  init() {}

  /// The hash of `bytes`, with no separator after them.
  init<Bytes: Sequence<UInt8>>(bytes: Bytes) {
    add(bytes: bytes)
  }

  mutating func add<Bytes: Sequence<UInt8>>(bytes: Bytes) {
    for byte in bytes {
      value ^= UInt64(byte)
      value &*= 0x100_0000_01b3
    }
  }

  mutating func add(_ text: String) {
    add(bytes: text.utf8)
    // A separator, so that "ab" + "c" and "a" + "bc" differ.
    add(bytes: [0xFF])
  }

  /// The hash as 16 lower-case hex digits.
  var hex: String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  static func < (lhs: StableHash, rhs: StableHash) -> Bool { lhs.value < rhs.value }
}
