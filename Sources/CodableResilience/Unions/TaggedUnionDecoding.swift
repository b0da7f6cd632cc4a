// How a ``TaggedUnion`` decodes: the tag's key, the decoder of the content key's value (or of
// its absence), an unknown tag's report, and the hint for a content key declared with the
// wrong type. The protocol and its `init(from:)` are in TaggedUnion.swift.

/// Runs `body`, which reads a variant from `decoder`'s object; a `DecodingError` it throws
/// gets the content-key hint.
@inlinable @inline(__always)
func withContentKeyHint<Value>(
  _ tagKey: @autoclosure () -> String, _ decoder: any Decoder,
  _ body: () throws -> Value
) throws -> Value {
  do {
    return try body()
  } catch let error as DecodingError {
    throw contentKeyHint(for: error, from: decoder, tagKey: tagKey())
  }
}

/// The decoder of the value at the content key, from the union's container of the object;
/// for a missing key, one that reports it as missing to whatever a known variant reads.
@usableFromInline
func contentDecoder(
  from decoder: any Decoder, object: KeyedDecodingContainer<AnyCodingKey>, contentKey: String
) throws -> any Decoder {
  let key = AnyCodingKey(contentKey)
  guard object.contains(key) else { return MissingContentDecoder(decoder, key) }
  return try object.superDecoder(forKey: key)
}

/// Reports an unknown tag at its path and reads the whole object it tags.
@usableFromInline
func decodeUnknownVariant(
  tag: String,
  tagKey: String,
  of union: Any.Type,
  knownTags: [String],
  from decoder: any Decoder
) throws -> UnknownVariant {
  try decoder.reportUnknownValue(
    of: union,
    rawValue: tag,
    knownValues: .listed(knownTags.isEmpty ? nil : knownTags),
    atKey: AnyCodingKey(tagKey), by: .taggedUnion
  )
  return UnknownVariant(tag: tag, json: try JSONValue(decodingObjectFirst: decoder))
}

/// The key of a union's tag: no storage, its text read from the union, so decoders copy and
/// read it as cheaply as a synthesized `CodingKeys` case.
@usableFromInline
struct TagCodingKey<Union: TaggedUnion>: CodingKey {
  @inlinable
  init() {}

  @inlinable
  var stringValue: String { Union.tagKey }

  @inlinable
  var intValue: Int? { nil }

  @inlinable
  init?(stringValue: String) {
    guard stringValue == Union.tagKey else { return nil }
  }

  @inlinable
  init?(intValue: Int) {
    nil
  }
}

/// The decoder handed to a variant when the content key is missing: whatever the variant
/// reads, it is told the content key is not there, at the object that lacks it.
@usableFromInline
struct MissingContentDecoder: Decoder {
  let base: any Decoder
  let contentKey: AnyCodingKey

  @usableFromInline
  init(_ base: any Decoder, _ contentKey: AnyCodingKey) {
    self.base = base
    self.contentKey = contentKey
  }

  @usableFromInline var codingPath: [any CodingKey] { base.codingPath + [contentKey] }
  @usableFromInline var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

  private var error: DecodingError {
    .keyNotFound(
      contentKey,
      DecodingError.Context(
        codingPath: base.codingPath,
        debugDescription: "No value associated with key \"\(contentKey.stringValue)\", "
          + "the tagged union's content key."))
  }

  @usableFromInline
  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    throw error
  }

  @usableFromInline
  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    throw error
  }

  @usableFromInline
  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    throw error
  }
}

/// The error a variant threw, with a hint added to its description when the union reads
/// fields beside the tag but the object looks like it holds them under a content key: the
/// missing `layout`. The error's case and path are unchanged.
@usableFromInline
func contentKeyHint(for error: DecodingError, from decoder: any Decoder, tagKey: String)
  -> DecodingError
{
  guard case .keyNotFound(let key, let context) = error,
    context.codingPath.count == decoder.codingPath.count,
    let container = try? decoder.container(keyedBy: AnyCodingKey.self),
    // The first by name: `allKeys` comes in hash order, which differs between two decodes of
    // the same object, and the error must not.
    let suspect = container.allKeys.sorted(by: { isInUTF8Order($0.stringValue, $1.stringValue) })
      .first(where: {
        candidate in
        candidate.stringValue != tagKey
          && (try? container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: candidate))
            != nil
      })
  else { return error }
  let hint =
    " (The union reads its variants' fields beside the tag, but \"\(suspect.stringValue)\" "
    + "holds an object: if the fields sit under it, declare "
    + "static let layout = TaggedUnionLayout.underKey(\"\(suspect.stringValue)\").)"
  return .keyNotFound(
    key,
    DecodingError.Context(
      codingPath: context.codingPath,
      debugDescription: context.debugDescription + hint,
      underlyingError: context.underlyingError))
}
