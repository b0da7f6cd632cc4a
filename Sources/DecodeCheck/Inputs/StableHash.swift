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
    let digits = Array("0123456789abcdef".utf8)
    return String(unsafeUninitializedCapacity: 16) { buffer in
      for index in 0..<16 {
        buffer[index] = digits[Int(value >> UInt64(60 - 4 * index) & 0xF)]
      }
      return 16
    }
  }

  static func < (lhs: StableHash, rhs: StableHash) -> Bool { lhs.value < rhs.value }
}
