/// A dictionary keyed by an enum that leaves out the keys it does not know, and keeps their
/// entries to write back.
///
/// ```swift
/// enum Platform: String, Codable { case ios, android }
///
/// struct Release: Codable {
///   @SkipUnknownKeys var downloads: [Platform: Int]
/// }
///
/// // {"downloads": {"ios": 10, "visionos": 2}} decodes with downloads == [.ios: 10] ...
/// // ... and encodes back to {"ios": 10, "visionos": 2}.
/// ```
///
/// A plain `[Platform: Int]` fails here twice over: Foundation decodes a dictionary with
/// a non-`String` key from an array of alternating keys and values (or, when the key is
/// `CodingKeyRepresentable`, throws on the first unknown key), and mapping unknown keys to an
/// ``UnknownDecodable`` enum's `.unknown` would make them collide, keeping only one. This
/// wrapper decodes the JSON object, keeps the known keys in ``wrappedValue``, reports each
/// unknown key to the decoder's ``UnknownValueHandler`` with its path
/// (`$.downloads.visionos`), and keeps its entry.
///
/// ## What is written back
///
/// The current entries, then every kept entry of an unknown key, whether or not the
/// dictionary was modified: unknown keys are the server's, not the app's, and cannot collide
/// with a key the app sets. Call ``removeUnknownEntries()`` (through the projected value:
/// `release.$downloads.removeUnknownEntries()`) to drop them.
///
/// Keys are matched by their text: `Key.RawValue(text)`, then `Key(rawValue:)`, so
/// `String` and `Int` raw values both work. A value that fails to decode still throws,
/// under a known key or not.
@propertyWrapper
public struct SkipUnknownKeys<Key: Hashable & RawRepresentable, Value>
where Key.RawValue: LosslessStringConvertible {
  /// The entries whose keys are known.
  public var wrappedValue: [Key: Value]

  /// The entries of unknown keys, in the order decoding met them.
  public private(set) var unknownEntries: [(key: String, value: Value)] = []

  /// Creates the wrapper around a dictionary.
  ///
  /// ```swift
  /// @SkipUnknownKeys var downloads: [Platform: Int] = [:]
  /// ```
  public init(wrappedValue: [Key: Value]) {
    self.wrappedValue = wrappedValue
  }

  /// The wrapper itself, so `$downloads.unknownEntries` reads what was kept.
  public var projectedValue: SkipUnknownKeys<Key, Value> {
    get { self }
    set { self = newValue }
  }

  /// Forgets the entries of unknown keys, so they are not written back.
  ///
  /// ```swift
  /// release.$downloads.removeUnknownEntries()
  /// ```
  public mutating func removeUnknownEntries() {
    unknownEntries = []
  }
}

// MARK: - Conditional Conformances

extension SkipUnknownKeys: Sendable where Key: Sendable, Value: Sendable {}

/// Two wrappers are equal when their known entries are equal and they kept the same entries
/// of unknown keys (in any order).
extension SkipUnknownKeys: Equatable where Value: Equatable {
  /// Whether both hold equal entries, known and kept.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.wrappedValue == rhs.wrappedValue
      && lhs.unknownEntries.count == rhs.unknownEntries.count
      && lhs.unknownEntriesByKey == rhs.unknownEntriesByKey
  }

  private var unknownEntriesByKey: [String: Value] {
    Dictionary(unknownEntries, uniquingKeysWith: { _, last in last })
  }
}

extension SkipUnknownKeys: Hashable where Value: Hashable {
  /// Hashes the known entries and the number of kept ones.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
    hasher.combine(unknownEntries.count)
  }
}

extension SkipUnknownKeys: Decodable where Value: Decodable {
  /// Decodes a JSON object, keeping unknown keys aside and reporting each of them.
  ///
  /// ```swift
  /// let downloads = try JSONDecoder().decode(
  ///   SkipUnknownKeys<Platform, Int>.self, from: Data(#"{"ios": 10, "visionos": 2}"#.utf8))
  /// // downloads.wrappedValue == [.ios: 10]; downloads.unknownEntries: [("visionos", 2)]
  /// ```
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: AnyCodingKey.self)
    var known: [Key: Value] = [:]
    known.reserveCapacity(container.allKeys.count)
    for codingKey in container.allKeys {
      let value = try container.decode(Value.self, forKey: codingKey)
      if let rawValue = Key.RawValue(codingKey.stringValue), let key = Key(rawValue: rawValue) {
        known[key] = value
      } else {
        try decoder.reportUnknownValue(
          of: Key.self, rawValue: codingKey.stringValue, atKey: codingKey)
        unknownEntries.append((codingKey.stringValue, value))
      }
    }
    wrappedValue = known
  }
}

extension SkipUnknownKeys: Encodable where Value: Encodable {
  /// Writes the known entries and the kept entries of unknown keys as one JSON object.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: AnyCodingKey.self)
    for (key, value) in wrappedValue {
      try container.encode(value, forKey: AnyCodingKey(stringValue: key.rawValue.description))
    }
    for (key, value) in unknownEntries {
      try container.encode(value, forKey: AnyCodingKey(stringValue: key))
    }
  }
}
