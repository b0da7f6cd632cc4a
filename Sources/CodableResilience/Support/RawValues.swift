// Reading raw values with the containers' concrete entry points.

/// Decodes a raw value from `container`, taking its concrete `String` and `Int` entry points
/// when `R` is one of them: those skip the generic path's type checks.
///
/// A function of `R` alone (not a method of the container protocol) so that it is compiled for
/// the raw type even when the container is an existential, and the branch folds away.
@inlinable @inline(__always)
func decodeRawValue<R: Decodable>(
  _ type: R.Type,
  from container: any SingleValueDecodingContainer
) throws -> R {
  if R.self == String.self {
    return unsafeBitCast(try container.decode(String.self), to: R.self)
  }
  if R.self == Int.self {
    return unsafeBitCast(try container.decode(Int.self), to: R.self)
  }
  return try container.decode(R.self)
}

/// An array element passed over: reads nothing, so its container moves to the next element.
@usableFromInline
struct PassedElement: Decodable {
  @usableFromInline
  init(from decoder: any Decoder) {}
}

/// An array's container opened anew by `reopen` and moved to the element at `index`, passing
/// over the ones before it: how the toolkit reads an element again once its cursor moved on.
func container(
  atElement index: Int, reopening reopen: () throws -> any UnkeyedDecodingContainer
) throws -> any UnkeyedDecodingContainer {
  var container = try reopen()
  while container.currentIndex < index, !container.isAtEnd {
    _ = try container.decode(PassedElement.self)
  }
  return container
}

/// The next element's raw value, read with the container's concrete `decode` for the common
/// raw types, as a plain array of them is read.
@inlinable @inline(__always)
func decodeRawValue<RawValue: Decodable>(
  _: RawValue.Type,
  from container: inout any UnkeyedDecodingContainer
) throws -> RawValue {
  if RawValue.self == String.self {
    return unsafeBitCast(try container.decode(String.self), to: RawValue.self)
  }
  if RawValue.self == Int.self {
    return unsafeBitCast(try container.decode(Int.self), to: RawValue.self)
  }
  return try container.decode(RawValue.self)
}

/// `container.decodeIfPresent(Value.self, forKey: key)` through the overload a plain property
/// of `Value` takes: the container's own for the standard scalars, which read the value in
/// place, where the generic one makes a decoder for it. Chosen when the model is compiled.
@inlinable
func decodeIfPresentAsPlain<Value: Decodable, Key: CodingKey>(
  _: Value.Type, forKey key: Key, in container: KeyedDecodingContainer<Key>
) throws -> Value? {
  if Value.self == String.self {
    return try container.decodeIfPresent(String.self, forKey: key) as! Value?
  }
  if Value.self == Bool.self {
    return try container.decodeIfPresent(Bool.self, forKey: key) as! Value?
  }
  if Value.self == Int.self {
    return try container.decodeIfPresent(Int.self, forKey: key) as! Value?
  }
  if Value.self == Double.self {
    return try container.decodeIfPresent(Double.self, forKey: key) as! Value?
  }
  if Value.self == Int64.self {
    return try container.decodeIfPresent(Int64.self, forKey: key) as! Value?
  }
  return try container.decodeIfPresent(Value.self, forKey: key)
}

/// `container.decode(Value.self, forKey: key)` through the overload a plain property of `Value`
/// takes, as ``decodeIfPresentAsPlain(_:forKey:in:)`` does for `decodeIfPresent`: the same
/// look-up, and the same errors for a missing key, `null` and another type.
@inlinable
func decodeAsPlain<Value: Decodable, Key: CodingKey>(
  _: Value.Type, forKey key: Key, in container: KeyedDecodingContainer<Key>
) throws -> Value {
  if Value.self == String.self {
    return try container.decode(String.self, forKey: key) as! Value
  }
  if Value.self == Bool.self {
    return try container.decode(Bool.self, forKey: key) as! Value
  }
  if Value.self == Int.self {
    return try container.decode(Int.self, forKey: key) as! Value
  }
  if Value.self == Double.self {
    return try container.decode(Double.self, forKey: key) as! Value
  }
  if Value.self == Int64.self {
    return try container.decode(Int64.self, forKey: key) as! Value
  }
  return try container.decode(Value.self, forKey: key)
}

/// An optional of a decodable type, whose wrapped type a wrapper generic over the optional
/// reads as a plain optional property does.
@usableFromInline
protocol DecodableOptional {
  /// `decodeIfPresentAsPlain(Wrapped.self, forKey: key, in: container)` as `Value`, which is
  /// `Self`: `nil` for a missing key and for `null`.
  static func decodeWrappedIfPresent<Value, Key: CodingKey>(
    as _: Value.Type, forKey key: Key, in container: KeyedDecodingContainer<Key>
  ) throws -> Value?
}

extension Optional: DecodableOptional where Wrapped: Decodable {
  @inlinable
  static func decodeWrappedIfPresent<Value, Key: CodingKey>(
    as _: Value.Type, forKey key: Key, in container: KeyedDecodingContainer<Key>
  ) throws -> Value? {
    guard let wrapped = try decodeIfPresentAsPlain(Wrapped.self, forKey: key, in: container)
    else { return nil }
    return .some(Self.some(wrapped) as! Value)
  }
}
