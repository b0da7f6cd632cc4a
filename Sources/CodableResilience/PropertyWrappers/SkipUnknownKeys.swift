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
/// Keys are matched by their exact text: `Key.RawValue(text)`, then `Key(rawValue:)`, so
/// `String` and `Int` raw values both work, and `"01"` is not the key `1` but an unknown key.
/// A key type with ``ValueAliases`` reads a key no raw value matches (for an ``ExtensibleEnum``,
/// whose every key matches: a key outside its known values) through its aliases and letter case,
/// as it reads a value, and reports it as renamed; a renamed key whose canonical key is in the
/// object too stays apart (an unknown entry, or an ``ExtensibleEnum`` key of its own).
/// Keys are read and written as they are, whatever the coder's key strategy. A value that
/// fails to decode still throws, under a known key or not. The array of alternating keys and
/// values a plain `[Platform: Int]` is written as reads too, each key as its raw value (an
/// unknown one reported at its index, `$.downloads[2]`), and is written back as such an array.
///
/// ## Optional dictionaries
///
/// `@SkipUnknownKeys var totals: [Currency: Double]?` decodes a missing key and `null` as
/// `nil`, and writes each back as it was read: absent stays absent, `null` stays `null`.
/// Assigning `nil` writes no key. An empty `{}` stays empty, not `nil`.
///
/// The generic parameter is the dictionary type: `SkipUnknownKeys<[Platform: Int]>`, or
/// `SkipUnknownKeys<[Platform: Int]?>`.
@propertyWrapper
public struct SkipUnknownKeys<Entries: SkipUnknownKeysDictionary> {
  /// The dictionary's key type, for the code here.
  @usableFromInline typealias Key = Entries.Key
  /// The dictionary's value type, for the code here.
  @usableFromInline typealias Value = Entries.Value

  /// The entries whose keys are known.
  ///
  /// ```swift
  /// release.downloads[.ios]  // 10
  /// ```
  public var wrappedValue: Entries {
    didSet { readNull = false }
  }

  /// Whether an optional dictionary was read as `null`, to write `null` back rather than
  /// no key. Assigning ``wrappedValue`` clears it.
  @usableFromInline var readNull = false

  /// Whether the dictionary was read as an array of keys and values, to write it back so.
  var readAsPairs = false

  /// The entries of unknown keys, in the order decoding met them.
  ///
  /// ```swift
  /// release.$downloads.unknownEntries  // [(key: "visionos", value: 2)]
  /// ```
  public var unknownEntries: [(key: String, value: Entries.Value)] { left?.records ?? [] }

  /// The entries decoding left out, as the collection wrappers keep them; `nil` when none were.
  var left: LeftOut<(key: String, value: Value)>?

  /// Creates the wrapper around a dictionary.
  ///
  /// ```swift
  /// @SkipUnknownKeys var downloads: [Platform: Int] = [:]
  /// ```
  public init(wrappedValue: Entries) {
    self.wrappedValue = wrappedValue
  }

  /// The wrapper itself, so `$downloads.unknownEntries` reads what was kept.
  ///
  /// ```swift
  /// release.$downloads.removeUnknownEntries()
  /// ```
  public var projectedValue: SkipUnknownKeys<Entries> {
    get { self }
    set { self = newValue }
  }

  /// Forgets the entries of unknown keys, so they are not written back.
  ///
  /// ```swift
  /// release.$downloads.removeUnknownEntries()
  /// ```
  public mutating func removeUnknownEntries() {
    left = nil
  }
}

// MARK: - Conditional Conformances

extension SkipUnknownKeys: Sendable where Entries: Sendable, Entries.Value: Sendable {}

/// Two wrappers are equal when their known entries are equal and they kept the same entries
/// of unknown keys (in any order).
extension SkipUnknownKeys: Equatable where Entries: Equatable, Entries.Value: Equatable {
  /// Whether both hold equal entries, known and kept.
  ///
  /// ```swift
  /// decodedRelease == expectedRelease  // known and kept entries, in any order
  /// ```
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.wrappedValue == rhs.wrappedValue
      && lhs.unknownEntries.count == rhs.unknownEntries.count
      && lhs.unknownEntriesByKey == rhs.unknownEntriesByKey
  }

  private var unknownEntriesByKey: [String: Value] {
    Dictionary(unknownEntries, uniquingKeysWith: { _, last in last })
  }
}

extension SkipUnknownKeys: Hashable where Entries: Hashable, Entries.Value: Hashable {
  /// Hashes the known entries and the number of kept ones.
  ///
  /// ```swift
  /// let releases: Set<SkipUnknownKeys<[Platform: Int]>> = [release.$downloads]
  /// ```
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
    hasher.combine(unknownEntries.count)
  }
}

extension SkipUnknownKeys: Decodable where Entries.Value: Decodable {
  /// Decodes a JSON object, keeping unknown keys aside and reporting each of them.
  ///
  /// ```swift
  /// let downloads = try JSONDecoder().decode(
  ///   SkipUnknownKeys<[Platform: Int]>.self, from: Data(#"{"ios": 10, "visionos": 2}"#.utf8))
  /// // downloads.wrappedValue == [.ios: 10]; downloads.unknownEntries: [("visionos", 2)]
  /// ```
  public init(from decoder: any Decoder) throws {
    // `null` is `nil` for an optional dictionary, as a missing key is; for one that is not
    // optional, reading the object below throws what a plain dictionary does.
    if (try? decoder.singleValueContainer().decodeNil()) == true,
      let valueForNull = noneIfOptional(Entries.self)
    {
      self.init(wrappedValue: valueForNull)
      readNull = true
      return
    }
    // Decoded as `[String: Value]`, whose keys Foundation leaves as they are: a keyed
    // container would pass them through the decoder's key strategy (`apple_tv` → `appleTv`).
    // An array is read as `Dictionary` reads one, as keys and values.
    guard let entries = try Self.objectEntries(from: decoder) else {
      try self.init(pairsFrom: decoder)
      return
    }
    try self.init(entries: entries, from: decoder) { AnyCodingKey($0) }
  }
}

extension SkipUnknownKeys {
  /// The key a JSON key names, when its text is exactly the text of a key's raw value.
  ///
  /// Matching the text exactly keeps `"01"` and `"+1"` from collapsing onto the key `1`:
  /// they are different keys in the payload and are kept apart, as unknown entries.
  @inlinable
  static func key(matching text: String) -> Key? {
    if Key.RawValue.self == String.self {
      return Key(rawValue: text as! Key.RawValue)
    }
    guard let rawValue = Key.RawValue(text), rawValue.description == text else { return nil }
    return Key(rawValue: rawValue)
  }

  /// The key a JSON key names through the key type's ``ValueAliases``, if it has any.
  @usableFromInline
  static func renamedKey(matching text: String) -> Key? {
    guard let rawValue = Key.RawValue(text) else { return nil }
    return renamedValue(Key.self, rawValue)
  }

  /// The entries whose keys name a `Key`, the others, and the keys read through an alias or by
  /// their letter case (with the canonical key's text), sorted by key so that reports and
  /// re-encoding do not depend on the dictionary's hash order.
  ///
  /// A renamed key whose canonical key is in the object too is kept as an unknown entry: the
  /// exact spelling wins, and the other entry is not lost.
  ///
  /// - Parameter renamingUnlistedKeys: whether `Key` may be an ``ExtensibleEnum``, whose
  ///   `init(rawValue:)` takes every key: then a key outside its known values is looked up in
  ///   its ``ValueAliases`` too. Known when the caller is compiled, so other keys pay nothing.
  @inlinable
  static func split(
    _ entries: [String: Value],
    renamingUnlistedKeys: Bool = false
  ) -> (
    known: [Key: Value], unknown: [(key: String, value: Value)],
    renamed: [(key: String, canonical: String)]
  ) {
    // Sized at creation, in code compiled for `Key` and `Value`: reserving capacity on an
    // empty dictionary resizes it through generic code that looks up its storage type.
    var known = [Key: Value](minimumCapacity: entries.count)
    var unknown: [(key: String, value: Value)] = []
    for (text, value) in entries {
      if let key = key(matching: text) {
        known[key] = value
      } else {
        unknown.append((text, value))
      }
    }
    guard !unknown.isEmpty || renamingUnlistedKeys else { return (known, unknown, []) }
    // One question a dictionary, asked only when a key is unknown (or the key type may be an
    // ExtensibleEnum, whose every key is known): whether the key type has aliases at all.
    guard hasAliases else {
      if unknown.count > 1 {
        unknown.sort { isInUTF8Order($0.key, $1.key) }
      }
      return (known, unknown, [])
    }
    return resolveRenamedKeys(known: known, unknown: unknown)
  }

  /// Whether the key type adopts ``ValueAliases``.
  @usableFromInline
  static var hasAliases: Bool {
    Key.self is any ValueAliases.Type
  }

  /// Moves the unknown entries whose keys name a key through the key type's aliases into the
  /// known ones, unless that key is there already; sorts what stays unknown.
  ///
  /// For an ``ExtensibleEnum`` key type, whose every key is known, a key outside its known
  /// values that names one through its aliases moves to it in the same way; one that names a
  /// key already there stays a key of its own, as without aliases.
  @usableFromInline
  static func resolveRenamedKeys(
    known: [Key: Value], unknown: [(key: String, value: Value)]
  ) -> (
    known: [Key: Value], unknown: [(key: String, value: Value)],
    renamed: [(key: String, canonical: String)]
  ) {
    var known = known
    var unknown = unknown.sorted { isInUTF8Order($0.key, $1.key) }
    var renamed: [(key: String, canonical: String)] = []
    unknown.removeAll { entry in
      guard let key = renamedKey(matching: entry.key), known[key] == nil else { return false }
      known[key] = entry.value
      renamed.append((entry.key, key.rawValue.description))
      return true
    }
    let unlisted = known.keys.map { (key: $0, text: $0.rawValue.description) }
    for (key, text) in unlisted.sorted(by: { isInUTF8Order($0.text, $1.text) }) {
      guard let canonical = renamedUnlistedValue(Key.self, key.rawValue), known[canonical] == nil
      else { continue }
      known[canonical] = known.removeValue(forKey: key)
      renamed.append((text, canonical.rawValue.description))
    }
    renamed.sort { isInUTF8Order($0.key, $1.key) }
    return (known, unknown, renamed)
  }

  /// The wrapper of a dictionary's decoded entries.
  @usableFromInline
  init(known: Entries, unknownEntries: [(key: String, value: Value)]) {
    self.init(wrappedValue: known)
    left = unknownEntries.isEmpty ? nil : LeftOut(unknownEntries)
  }
}

extension SkipUnknownKeys: Encodable where Entries.Value: Encodable {
  /// Writes the known entries and the kept entries of unknown keys as one JSON object.
  ///
  /// ```swift
  /// let data = try JSONEncoder().encode(release)  // {"ios": 10, "visionos": 2}
  /// ```
  public func encode(to encoder: any Encoder) throws {
    guard let known = try wrappedValue.entriesToEncode(codingPath: encoder.codingPath) else {
      var container = encoder.singleValueContainer()
      try container.encodeNil()
      return
    }
    if readAsPairs {
      return try encodePairs(known, to: encoder)
    }
    // As a `[String: Value]`, so the encoder's key strategy leaves the keys as they were read.
    var entries: [String: Value] = [:]
    entries.reserveCapacity(known.count + unknownEntries.count)
    for (key, value) in known {
      entries[key.rawValue.description] = value
    }
    for (key, value) in unknownEntries {
      entries[key] = value
    }
    var container = encoder.singleValueContainer()
    try container.encode(entries)
  }
}

extension SkipUnknownKeys: ResilientPropertyWrapper, CollectionWrapper {
  /// A missing key (`nil` for an optional dictionary, remembered as missing; for any other, the
  /// `keyNotFound` a plain property throws), and an object, read straight from the container as
  /// a plain `[String: Value]` is and split in code compiled for the key type; unknown and
  /// renamed keys are reported through the decoder's own decoder for the property. Anything
  /// else (`null`, an array of pairs) through `init(from:)`. A value that fails throws here,
  /// once, after what it reported.
  @inlinable
  static func decodeWithoutDecoder<CodingKeys: CodingKey>(
    _ key: CodingKeys, in container: KeyedDecodingContainer<CodingKeys>
  ) throws -> KeyRead<Self> {
    guard let decodable = Value.self as? any Decodable.Type else { return .present }
    let object: [String: Value]?
    do {
      object = try CodableResilience.objectEntries(
        decodable, as: Value.self, forKey: key, in: container)
    } catch {
      // The key is looked for only now: reading an object already tells that it is there.
      guard !container.contains(key) else { throw error }
      return noneIfOptional(Entries.self).map { .read(Self(wrappedValue: $0)) } ?? .missing
    }
    guard let entries = object else { return .present }
    let split = split(entries, renamingUnlistedKeys: Key.self is any ExtensibleEnum.Type)
    guard split.unknown.isEmpty, split.renamed.isEmpty else {
      return .read(
        try Self(entries: entries, from: container.superDecoder(forKey: key)) { AnyCodingKey($0) })
    }
    return .read(
      Self(
        wrappedValue: try Entries(
          knownEntries: split.known, codingPath: container.codingPath + [key])))
  }
}

/// The object under `key` as `[String: Value]` (`Decoded` is `Value`), whose keys no key
/// strategy changes; `nil` when the value there is `null` or not an object, for
/// `init(from:)` to read or throw for. A value that fails throws its own error.
@inlinable
func objectEntries<Decoded: Decodable, Value, CodingKeys: CodingKey>(
  _: Decoded.Type, as _: Value.Type, forKey key: CodingKeys,
  in container: KeyedDecodingContainer<CodingKeys>
) throws -> [String: Value]? {
  guard Decoded.self == Value.self else { return nil }
  let entries: [String: Decoded]
  do {
    entries = try container.decode([String: Decoded].self, forKey: key)
  } catch let error as DecodingError {
    // Not an object (`null`, an array of pairs, another type): the property's own error, not
    // one of its values'.
    switch error {
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      guard context.codingPath.count == container.codingPath.count + 1 else { throw error }
      return nil
    default:
      throw error
    }
  }
  // `Decoded` is `Value`: a cast of the dictionary would check each entry, the bit cast none.
  return unsafeBitCast(entries, to: [String: Value].self)
}
