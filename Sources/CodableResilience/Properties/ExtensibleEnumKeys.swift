// Dictionaries keyed by an `ExtensibleEnum`. Swift's `Dictionary` decodes them through
// `CodingKeyRepresentable`: a keyed container over the object, each key turned into the key
// type through an existential and cast back, each value decoded behind the generic path. The
// overload below does the same steps in code compiled for the key type.

extension KeyedDecodingContainer {
  /// Decodes a dictionary keyed by an ``ExtensibleEnum``, as `Dictionary` does: every key of
  /// the object (after the decoder's key strategy, as for any key that is not a `String`)
  /// becomes a key through ``ExtensibleEnum/init(codingKey:)``, and its value is decoded with
  /// the container's `decode(_:forKey:)`.
  ///
  /// Synthesized `init(from:)` calls it for `var prices: [Currency: Int]`:
  ///
  /// ```swift
  /// prices = try container.decode([Currency: Int].self, forKey: .prices)
  /// ```
  ///
  /// A value that is not an object, or a key the type refuses, is decoded through
  /// `Dictionary`'s own `init(from:)`, so it throws what `Dictionary` throws.
  @inlinable
  public func decode<EntryKey: ExtensibleEnum, Value: Decodable>(
    _ type: [EntryKey: Value].Type,
    forKey key: Key
  ) throws -> [EntryKey: Value] {
    guard let object = try? nestedContainer(keyedBy: AnyCodingKey.self, forKey: key) else {
      return try decodeThroughInit(type, forKey: key)
    }
    let codingKeys = object.allKeys
    var keys: [EntryKey] = []
    keys.reserveCapacity(codingKeys.count)
    for codingKey in codingKeys {
      // Every key first, before any value (which may report) is decoded, so that a refused
      // key can still go through `Dictionary`'s own path, which throws at it.
      guard let entryKey = EntryKey(codingKey: codingKey) else {
        return try decodeThroughInit(type, forKey: key)
      }
      keys.append(entryKey)
    }
    var entries: [EntryKey: Value] = [:]
    entries.reserveCapacity(keys.count)
    for (entryKey, codingKey) in zip(keys, codingKeys) {
      entries[entryKey] = try object.decode(Value.self, forKey: codingKey)
    }
    return entries
  }
}
