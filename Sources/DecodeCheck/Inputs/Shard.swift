/// One job's share of a run (`--shard i/n`): the inputs whose key hashes to shard `i` of `n`.
///
/// A key is a name, never a position: a file's path below the folder it was found in (or as
/// given, when it was named itself), a HAR entry's method and URL path (what a baseline keys
/// its findings by), a schema's name under `--openapi`. Its hash is FNV-1a of its UTF-8
/// bytes, the same in every process, so the `n` shards are disjoint, together they are the
/// whole run, and a shard holds the same inputs on every run and every machine.
///
/// ```swift
/// let shard = try Shard(parsing: "2/4")
/// shard.contains("Booking/v1-confirmed.json")  // true in exactly one of the 4 shards
/// shard.contains(Shard.requestKey(method: "GET", url: "https://api.example.com/v2/listings"))
/// ```
struct Shard: Hashable, Sendable, CustomStringConvertible {
  /// This shard's number, from 1 to ``count``.
  let index: Int
  /// How many shards the run is split into.
  let count: Int

  /// Reads `i/n` with 1 ≤ i ≤ n.
  ///
  /// - Throws: a message naming `text` and saying what it should be.
  init(parsing text: String) throws(ShardError) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Self.number(parts[0]), let count = Self.number(parts[1])
    else {
      throw ShardError(message: "`--shard` needs i/n, such as 2/4, not `\(text)`")
    }
    guard count >= 1 else {
      throw ShardError(message: "`--shard \(text)`: n in i/n must be at least 1")
    }
    guard (1...count).contains(index) else {
      throw ShardError(message: "`--shard \(text)`: i in i/n must be from 1 to \(count)")
    }
    self.index = index
    self.count = count
  }

  /// A whole number of plain digits: no sign, no spaces.
  private static func number(_ text: Substring) -> Int? {
    guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    return Int(text)
  }

  /// `2/4`.
  var description: String { "\(index)/\(count)" }

  /// Whether the input with this key is in this shard.
  func contains(_ key: String) -> Bool {
    Int(Self.hash(key) % UInt64(count)) == index - 1
  }

  /// Whether a HAR entry is in this shard, by its request (``requestKey(method:url:)``).
  func contains(_ entry: HAREntry) -> Bool {
    contains(Self.requestKey(method: entry.method, url: entry.url))
  }

  /// The key of a HAR entry: its method and URL path, without the host or query, so every
  /// entry a baseline entry could accept is in one shard: `GET /api/v2/listings`.
  static func requestKey(method: String?, url: String?) -> String {
    "\(method ?? "?") \(URLGlob.path(of: url ?? ""))"
  }

  /// ``StableHash`` (FNV-1a, 64-bit) of the key's UTF-8 bytes, its bits then mixed (the finalizer of
  /// SplitMix64) so that the remainder by a small count spreads keys evenly.
  static func hash(_ key: String) -> UInt64 {
    var hash = StableHash(bytes: key.utf8).value
    hash = (hash ^ (hash >> 30)) &* 0xbf58_476d_1ce4_e5b9
    hash = (hash ^ (hash >> 27)) &* 0x94d0_49bb_1331_11eb
    return hash ^ (hash >> 31)
  }
}

/// A `--shard` value that is not `i/n` with 1 ≤ i ≤ n, in one line naming it.
struct ShardError: Error, Equatable {
  var message: String
}
