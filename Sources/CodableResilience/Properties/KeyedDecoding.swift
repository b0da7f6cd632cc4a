// The one engine behind every keyed overload of the toolkit (`UnknownDecodable`,
// `ExtensibleEnum` and `DecodeUnknownAsNil` properties, optional properties and arrays).
//
// Synthesized `Codable` decodes a property with `container.decode(Kind.self, forKey:)`, which on
// `JSONDecoder` pushes a nested decoder and checks the type against its special cases before it
// calls `init(from:)`. The toolkit's overloads are chosen instead for its types. Each answers a
// missing key and `null` the way its caller expects, and otherwise calls the value's own
// `init(from:)` with a light decoder that reads from this container (`PropertyDecoder`,
// `ElementDecoder`). Whatever the light decoder cannot answer exactly goes to the container's
// generic path, which is the reference. So a value decodes through its own `init(from:)` at
// every position, custom ones included, and costs less than behind the nested decoder.

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
      ?? decodeThroughInit(type, forKey: key)
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
      ?? decodeIfPresentThroughInit(type, forKey: key)
  }

  /// `Value.init(from:)` with a ``PropertyDecoder`` holding `string`; `nil` when it asked for
  /// `userInfo` (to report an unknown value), for the caller to decode the value again the
  /// generic way, which reports it once with the decoder's own `userInfo`.
  @inlinable
  func decodeInPlace<Value: Decodable>(
    _ type: Value.Type,
    forKey key: Key,
    string: String
  ) throws -> Value? {
    let decoder = PropertyDecoder(self, key: key, string: string)
    do {
      let value = try Value(from: decoder)
      return decoder.leftFastPath ? nil : value
    } catch  where decoder.leftFastPath {
      return nil
    }
  }

  /// Decodes a required array property, each element through `Element.init(from:)` with one
  /// ``ElementDecoder`` that reads the elements in turn.
  ///
  /// The elements that asked for `userInfo` (to report an unknown value) are read again
  /// through the array container's generic path, whose decoder has it. An array that decoder
  /// cannot read exactly (an element asks for more than one read or throws, or it is not an
  /// array at all) is decoded again through the container's generic path, which is the
  /// reference behaviour.
  @inlinable
  func decodeElementsResiliently<Element: Decodable>(
    _ type: [Element].Type,
    forKey key: Key
  ) throws -> [Element] {
    if let elements = try? nestedUnkeyedContainer(forKey: key),
      let decoded = ElementDecoder(elements).decodeAll(Element.self)
    {
      if decoded.askedUserInfo.isEmpty {
        return decoded.elements
      }
      return try decodeAgain(
        decoded.askedUserInfo, of: decoded.elements, passing: PassingRead(for: Element.self),
        forKey: key)
    }
    return try decodeThroughInit(type, forKey: key)
  }

  /// `elements` with those at `positions` (ascending) decoded again through the generic path
  /// of the array's container, as `Array.init(from:)` decodes each element: the others decoded
  /// alike without asking for `userInfo`, so only these can decode or report differently.
  ///
  /// The others are passed over with `read`: one read of their raw value's type, which costs
  /// less than a generic decode (see ``PassingRead``).
  @usableFromInline
  func decodeAgain<Element: Decodable>(
    _ positions: [Int], of elements: [Element], passing read: PassingRead, forKey key: Key
  ) throws -> [Element] {
    var elements = elements
    var container = try nestedUnkeyedContainer(forKey: key)
    var read = read
    for position in positions {
      while container.currentIndex < position {
        try read.pass(&container)
      }
      elements[position] = try container.decode(Element.self)
    }
    return elements
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

/// How ``KeyedDecodingContainer/decodeAgain(_:of:passing:forKey:)`` passes over an element
/// it does not decode again.
///
/// A generic decode of ``PassedElement`` moves the container on whatever the element holds,
/// but costs `JSONDecoder` its whole generic path (1,960 instructions). When the element type
/// decodes from a raw value, one read of it with `decodeRawValue(_:from:)` costs about 800
/// for a `String`. A successful read moves an unkeyed container to the next element, whatever
/// the element's own `init(from:)` did with it; once such a read fails (a `null`, or an
/// `init(from:)` of its own that reads something else), that element and the rest are passed
/// over the generic way.
@usableFromInline
struct PassingRead {
  /// The raw value's type, while reading it passes over elements.
  @usableFromInline
  var rawValue: (any Decodable.Type)?

  /// Inlined into code compiled for `Element`, where the casts are resolved when it is built.
  @inlinable
  init<Element>(for _: Element.Type) {
    if let type = Element.self as? any RawRepresentable.Type {
      rawValue = decodableRawValue(of: type)
    } else if let type = Element.self as? any RawValueHolder.Type {
      rawValue = type.rawValueType
    } else {
      rawValue = nil
    }
  }

  /// Moves `container` past its current element.
  @usableFromInline
  mutating func pass(_ container: inout any UnkeyedDecodingContainer) throws {
    let index = container.currentIndex
    if let rawValue, (try? decodeRawValue(rawValue, from: &container)) != nil {
      return
    }
    rawValue = nil
    // A failed read leaves a decoder's cursor where it was, as `JSONDecoder`'s does, or moves it.
    if container.currentIndex == index {
      _ = try container.decode(PassedElement.self)
    }
  }
}

/// `T`'s raw-value type, when it is `Decodable`.
@inlinable
func decodableRawValue<T: RawRepresentable>(of _: T.Type) -> (any Decodable.Type)? {
  T.RawValue.self as? any Decodable.Type
}

/// A toolkit wrapper that decodes from its enum's raw value without being `RawRepresentable`.
@usableFromInline
protocol RawValueHolder {
  /// The type of the raw value it decodes from.
  static var rawValueType: any Decodable.Type { get }
}

extension DecodeUnknownAsNil: RawValueHolder where Enum.RawValue: Decodable {
  @usableFromInline
  static var rawValueType: any Decodable.Type { Enum.RawValue.self }
}
