// How `SkipUnknownKeys` reads a dictionary that `Dictionary` itself writes as an array of
// alternating keys and values (its key type is not `CodingKeyRepresentable`): so a payload a
// plain `[Key: Value]` wrote reads too, and is written back in the form it came in. Each key
// is read as its raw value and matched by that value's text, as an object's key is; one that
// names no key is left out, reported at its index, and kept with its value.

extension SkipUnknownKeys where Value: Decodable {
  /// The object `decoder` holds, as `[String: Value]`, whose keys every decoder leaves as they
  /// are; `nil` when it holds an array, for ``init(pairsFrom:)``.
  static func objectEntries(from decoder: any Decoder) throws -> [String: Value]? {
    do {
      return try decoder.singleValueContainer().decode([String: Value].self)
    } catch let error as DecodingError {
      guard case .typeMismatch(_, let context) = error,
        context.codingPath.count == decoder.codingPath.count,
        Key.RawValue.self is any Decodable.Type, (try? decoder.unkeyedContainer()) != nil
      else { throw error }
      return nil
    }
  }

  /// The wrapper of the array of keys and values `decoder` holds, read as `Dictionary` reads
  /// it, each key as its raw value.
  init(pairsFrom decoder: any Decoder) throws {
    var container = try keyValuePairs(in: decoder)
    var entries: [String: Value] = [:]
    var indices: [String: Int] = [:]
    while !container.isAtEnd {
      let index = container.currentIndex
      let text = try Self.rawValueText(Key.RawValue.self, from: &container)
      try requireValue(after: container, in: decoder)
      entries[text] = try container.decode(Value.self)
      indices[text] = index
    }
    try self.init(entries: entries, from: decoder) { AnyCodingKey(intValue: indices[$0] ?? 0) }
    readAsPairs = true
  }

  /// The text of the next element, read as a raw value.
  private static func rawValueText<RawValue: LosslessStringConvertible>(
    _: RawValue.Type, from container: inout any UnkeyedDecodingContainer
  ) throws -> String {
    guard let decodable = RawValue.self as? any Decodable.Type else {
      throw DecodingError.typeMismatch(
        RawValue.self,
        DecodingError.Context(
          codingPath: container.codingPath,
          debugDescription: "\(RawValue.self) is not Decodable, so no key can be read as it"))
    }
    return (try container.decode(decodable) as! RawValue).description
  }
}

extension SkipUnknownKeys {
  /// The wrapper of an object's or an array's entries, each unknown or renamed key reported at
  /// `codingKey(text)`.
  @usableFromInline
  init(
    entries: [String: Value], from decoder: any Decoder, codingKey: (String) -> any CodingKey
  ) throws {
    let (known, unknown, renamed) = Self.split(
      entries, renamingUnlistedKeys: Key.self is any ExtensibleEnum.Type)
    for (text, _) in unknown {
      try decoder.reportUnknownValue(
        of: Key.self, rawValue: text, atKey: codingKey(text), by: .skipUnknownKeys)
    }
    for (text, canonical) in renamed {
      try decoder.reportRenamedValue(
        of: Key.self, received: text, canonical: canonical, atKey: codingKey(text),
        by: .skipUnknownKeys)
    }
    self.init(
      known: try Entries(knownEntries: known, codingPath: decoder.codingPath),
      unknownEntries: unknown)
  }
}

extension SkipUnknownKeys where Value: Encodable {
  /// Writes the known entries, then the kept entries of unknown keys, as an array of keys and
  /// values, as `Dictionary` writes one.
  func encodePairs(_ known: [Key: Value], to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    for (key, value) in known {
      try container.encode(EncodableIfPossible(key))
      try container.encode(value)
    }
    for (text, value) in unknownEntries {
      try container.encode(EncodableIfPossible(Key.RawValue(text).map { $0 as Any } ?? text))
      try container.encode(value)
    }
  }
}

/// The container of the array of alternating keys and values `decoder` holds, as `Dictionary`
/// reads one: an odd-length array throws the error `Dictionary` throws.
func keyValuePairs(in decoder: any Decoder) throws -> any UnkeyedDecodingContainer {
  let container = try decoder.unkeyedContainer()
  if let count = container.count, !count.isMultiple(of: 2) {
    throw DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: decoder.codingPath,
        debugDescription:
          "Expected collection of key-value pairs; encountered odd-length array instead."))
  }
  return container
}

/// Throws what `Dictionary` throws for a key with no value after it, for a decoder that does
/// not count its arrays.
func requireValue(after container: any UnkeyedDecodingContainer, in decoder: any Decoder) throws {
  guard container.isAtEnd else { return }
  throw DecodingError.dataCorrupted(
    DecodingError.Context(
      codingPath: decoder.codingPath,
      debugDescription: "Unkeyed container reached end before value in key-value pair."))
}
