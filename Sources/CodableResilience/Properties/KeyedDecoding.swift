// The one engine behind every keyed overload of the toolkit (`UnknownDecodable`,
// `ExtensibleEnum` and `DecodeUnknownAsNil` properties, optional properties and arrays).
//
// Synthesized `Codable` decodes a property with `container.decode(Kind.self, forKey:)`, which on
// `JSONDecoder` pushes a nested decoder and checks the type against its special cases before it
// calls `init(from:)`. The toolkit's overloads are chosen instead for its types. Each answers a
// missing key and `null` the way its caller expects, and otherwise calls the value's own
// `init(from:)` with a light decoder that reads from this container (`PropertyDecoder`,
// `ElementDecoder`). Each answers what the value's `init(from:)` asks exactly as a nested decoder
// would, `userInfo` included, so a value decodes once, through its own `init(from:)`, at every
// position, custom ones included, and costs less than behind the nested decoder.

extension KeyedDecodingContainer {
  /// Decodes a required property through `Value.init(from:)`.
  ///
  /// A `String`-backed value is read once as a string, which also answers whether the key is
  /// there, and handed to `init(from:)` inside a ``PropertyDecoder``. Any other raw type, and
  /// any value that is not a string (missing, `null`, a number), takes the container's generic
  /// path, which is the reference behaviour and throws the container's own errors.
  @inlinable
  func decodeResiliently<Value: RawRepresentable & Decodable>(
    _ type: Value.Type,
    forKey key: Key
  ) throws -> Value {
    guard Value.RawValue.self == String.self,
      let string = try? decode(String.self, forKey: key)
    else {
      return try decodeThroughInit(type, forKey: key)
    }
    return try decodeInPlace(type, forKey: key, string: string)
  }

  /// Decodes an optional property: `nil` for a missing key or `null`, otherwise as
  /// ``decodeResiliently(_:forKey:)`` does.
  @inlinable
  func decodeResilientlyIfPresent<Value: RawRepresentable & Decodable>(
    _ type: Value.Type,
    forKey key: Key
  ) throws -> Value? {
    guard Value.RawValue.self == String.self else {
      return try decodeIfPresentThroughInit(type, forKey: key)
    }
    let string: String?
    do {
      string = try decodeIfPresent(String.self, forKey: key)
    } catch {
      return try decodeIfPresentThroughInit(type, forKey: key)
    }
    guard let string else { return nil }
    return try decodeInPlace(type, forKey: key, string: string)
  }

  /// `Value.init(from:)` with a ``PropertyDecoder`` holding `string`, the value at `key`.
  @inlinable
  func decodeInPlace<Value: Decodable>(
    _ type: Value.Type,
    forKey key: Key,
    string: String
  ) throws -> Value {
    try Value(from: PropertyDecoder(self, key: key, string: string))
  }

  /// Decodes a required array property, each element through `Element.init(from:)` with one
  /// ``ElementDecoder`` that reads the elements in turn; a value that is not an array throws
  /// what the container's generic path throws.
  @inlinable
  func decodeElementsResiliently<Element: Decodable>(
    _ type: [Element].Type,
    forKey key: Key
  ) throws -> [Element] {
    guard let elements = try? nestedUnkeyedContainer(forKey: key) else {
      return try decodeThroughInit(type, forKey: key)
    }
    return try ElementDecoder.reading(
      elements, from: { KeyedArraySource(self, key: key) },
      { try $0.decodeAll(Element.self) })
  }

  /// Decodes an optional array property: `nil` for a missing key or `null`, otherwise as
  /// ``decodeElementsResiliently(_:forKey:)`` does.
  @inlinable
  func decodeElementsResilientlyIfPresent<Element: Decodable>(
    _ type: [Element].Type,
    forKey key: Key
  ) throws -> [Element]? {
    guard contains(key), try !decodeNil(forKey: key) else { return nil }
    return try decodeElementsResiliently(type, forKey: key)
  }

  /// Decodes a value with the container's generic `decode(_:forKey:)`, that is through the
  /// type's own `init(from:)` behind the decoder's nested decoder, bypassing the toolkit's
  /// overloads for its types.
  @inlinable
  func decodeThroughInit<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try decode(type, forKey: key)
  }

  /// Decodes a value with the container's generic `decodeIfPresent(_:forKey:)`, bypassing the
  /// toolkit's overloads for its types.
  @inlinable
  func decodeIfPresentThroughInit<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    try decodeIfPresent(type, forKey: key)
  }
}

/// Decodes a raw value from `container`, taking its concrete `String` and `Int` entry points
/// when `R` is one of them: those skip the generic path's type checks.
///
/// A function of `R` alone (not a method of the container protocol) so that it is compiled for
/// the raw type even when the container is an existential, and the branch folds away.
@inlinable
func decodeRawValue<R: Decodable>(
  _ type: R.Type,
  from container: any SingleValueDecodingContainer
) throws -> R {
  if R.self == String.self {
    return try container.decode(String.self) as! R
  }
  if R.self == Int.self {
    return try container.decode(Int.self) as! R
  }
  return try container.decode(R.self)
}

/// An array element passed over: reads nothing, so its container moves to the next element.
@usableFromInline
struct PassedElement: Decodable {
  @usableFromInline
  init(from decoder: any Decoder) {}
}
