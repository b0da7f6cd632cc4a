// The toolkit's only keyed-container overloads: one `decode` and one `encode`, for the property
// wrappers, which alone need a say over a missing key. Synthesized `Codable` calls the
// container's `decode(_:forKey:)` for every property, so each overload of it is weighed at
// every property of a model layer that imports the toolkit; one overload, constrained to a
// protocol only the wrappers adopt, keeps that cost near nothing. A present key decodes through
// the wrapper's own `init(from:)` behind the decoder's own nested decoder, exactly as at every
// other position.

/// One of the toolkit's property wrappers, which alone decide what a missing key reads as and
/// whether their key is written.
///
/// Synthesized `Codable` throws `keyNotFound` for a missing key and always writes a key. The
/// toolkit's wrappers adopt this protocol so that a missing key can read as something (`nil`
/// for `@DecodeUnknownAsNil` and optional collections) and be left out again when encoding:
///
/// ```swift
/// struct Listing: Codable {
///   @DecodeUnknownAsNil var heating: Heating?      // {} decodes, and encodes back to {}
///   @SkipUnknownElements var tags: [Amenity]?      // likewise
/// }
/// ```
///
/// The protocol has no requirements a caller sees: how a wrapper reads a missing key is the
/// toolkit's own. A type of yours that adopts it decodes and encodes as it would without.
public protocol ResilientPropertyWrapper {}

/// What a toolkit wrapper reads straight from its container, and whether it writes its key:
/// the rules behind ``ResilientPropertyWrapper``, internal so that no wrapper shows them.
@usableFromInline
protocol MissingKeyRule: ResilientPropertyWrapper {
  /// The property read straight from the container, without a decoder of its own: what a
  /// missing key reads as, and whatever else the wrapper answers as its `init(from:)` would
  /// (a known raw value, say); otherwise whether the key is there, so that the overload asks
  /// the container no second time (each `contains` hashes the key again).
  ///
  /// An answer here must be exactly `init(from:)`'s, reports and errors included.
  static func decodeWithoutDecoder<Key: CodingKey>(
    _ key: Key, in container: KeyedDecodingContainer<Key>
  ) throws -> KeyRead<Self>

  /// Whether the property writes its key: `false` for one that was read from a missing key,
  /// or set to `nil` since, so that a round trip leaves the key out as it found it.
  var writesKey: Bool { get }

  /// Whether the property read nothing (an empty collection), asked after an
  /// ``KeyRead/unchecked`` read: only such a read can have come from a decoder that gives a
  /// missing key a value of its own, an empty array, where `JSONDecoder` gives `null`.
  var readNothing: Bool { get }
}

/// What a ``MissingKeyRule`` made of its key.
@usableFromInline
enum KeyRead<Wrapper> {
  /// The property, read straight from the container.
  case read(Wrapper)
  /// The key is there: the property decodes through its `init(from:)`.
  case present
  /// The key is missing and reads as nothing: the `keyNotFound` a plain property throws.
  case missing
  /// Not asked, for a wrapper that reads a missing key as nothing: the property decodes through
  /// its `init(from:)`, and only when that fails or reads nothing is the key looked for, a
  /// missing one making the `keyNotFound` a plain property throws. (`JSONDecoder` gives a
  /// missing key's decoder `null`, which such a wrapper fails to read; another decoder may
  /// throw, or give an empty value.)
  case unchecked
}

extension MissingKeyRule {
  /// ``decodeWithoutDecoder(_:in:)``'s answer as `Wrapper`, which is `Self`: the overload
  /// below reaches the rule through its generic parameter.
  @inlinable
  static func decoded<Wrapper, Key: CodingKey>(
    as _: Wrapper.Type, _ key: Key, in container: KeyedDecodingContainer<Key>
  ) throws -> KeyRead<Wrapper> {
    switch try decodeWithoutDecoder(key, in: container) {
    case .read(let wrapper): .read(wrapper as! Wrapper)
    case .present: .present
    case .missing: .missing
    case .unchecked: .unchecked
    }
  }

  /// Whether `value`, which is of type `Self`, writes its key.
  @inlinable
  static func writesKey<Wrapper>(of value: Wrapper) -> Bool {
    (value as! Self).writesKey
  }

  /// Whether `value`, which is of type `Self`, read nothing.
  @inlinable
  static func readNothing<Wrapper>(_ value: Wrapper) -> Bool {
    (value as! Self).readNothing
  }

  @inlinable
  var readNothing: Bool { false }
}

extension KeyedDecodingContainer {
  /// Decodes a property wrapped by one of the toolkit's wrappers: what the wrapper makes of a
  /// missing key, otherwise the wrapper's own `init(from:)`.
  ///
  /// Synthesized `init(from:)` calls it for every wrapped property; a hand-written one calls it
  /// the same way:
  ///
  /// ```swift
  /// _heating = try container.decode(DecodeUnknownAsNil<Heating>.self, forKey: .heating)
  /// ```
  @inlinable
  public func decode<Wrapper: ResilientPropertyWrapper & Decodable>(
    _ type: Wrapper.Type,
    forKey key: Key
  ) throws -> Wrapper {
    // Chosen when the model is compiled: the cast names the concrete wrapper.
    if let rule = Wrapper.self as? any MissingKeyRule.Type {
      switch try rule.decoded(as: Wrapper.self, key, in: self) {
      case .read(let wrapper): return wrapper
      case .missing: return try decodeThroughInit(type, forKey: key)
      case .present: break
      case .unchecked:
        do {
          let wrapper = try decodeThroughNestedDecoder(type, forKey: key)
          guard rule.readNothing(wrapper), !contains(key) else { return wrapper }
        } catch {
          guard !contains(key) else { throw error }
        }
        return try decodeThroughInit(type, forKey: key)
      }
    } else if !contains(key) {
      return try decodeThroughInit(type, forKey: key)
    }
    return try decodeThroughNestedDecoder(type, forKey: key)
  }

  /// Decodes a value through its `init(from:)` with the decoder's own decoder for the key,
  /// called here, where `T` is the model's concrete type: the wrapper's `@inlinable`
  /// `init(from:)` is compiled for it. Through the container's generic `decode(_:forKey:)`,
  /// Foundation would call it unspecialized, making the wrapper's generic metadata on every
  /// property (a third of a decode's time).
  @inlinable
  func decodeThroughNestedDecoder<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    guard let decoder = try? superDecoder(forKey: key) else {
      return try decodeThroughInit(type, forKey: key)
    }
    return try T(from: decoder)
  }

  /// Decodes a value with the container's generic `decode(_:forKey:)`, that is through the
  /// type's own `init(from:)` behind the decoder's nested decoder, bypassing the overload above.
  @inlinable
  func decodeThroughInit<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try decode(type, forKey: key)
  }
}

extension KeyedEncodingContainer {
  /// Encodes a property wrapped by one of the toolkit's wrappers as it was read: no key when it
  /// was missing (or set to `nil`), otherwise the wrapper's own `encode(to:)`.
  ///
  /// Synthesized `encode(to:)` calls it for every wrapped property:
  ///
  /// ```swift
  /// try container.encode(_heating, forKey: .heating)
  /// ```
  @inlinable
  public mutating func encode<Wrapper: ResilientPropertyWrapper & Encodable>(
    _ value: Wrapper,
    forKey key: Key
  ) throws {
    if let rule = Wrapper.self as? any MissingKeyRule.Type, !rule.writesKey(of: value) {
      return
    }
    try encodeThroughEncodable(value, forKey: key)
  }

  /// Encodes a value with the container's generic `encode(_:forKey:)`, bypassing the overload
  /// above.
  @inlinable
  mutating func encodeThroughEncodable<T: Encodable>(_ value: T, forKey key: Key) throws {
    try encode(value, forKey: key)
  }
}

// MARK: - Optional Collections

/// A collection wrapper, whose collection may be optional: a missing key reads as `nil` for an
/// optional collection (the `keyNotFound` a plain property throws for any other), and the key
/// is written unless the collection is `nil` and was not read as `null`.
@usableFromInline
protocol CollectionWrapper: MissingKeyRule {
  associatedtype Held
  var wrappedValue: Held { get }
  var readNull: Bool { get }
  init(wrappedValue: Held)
}

extension CollectionWrapper {
  /// A missing key: `nil` for an optional collection, remembered as missing. A present key
  /// decodes through `init(from:)`; for a collection that is not optional, the key is not
  /// looked for first.
  @inlinable
  static func decodeWithoutDecoder<Key: CodingKey>(
    _ key: Key, in container: KeyedDecodingContainer<Key>
  ) throws -> KeyRead<Self> {
    guard let none = noneIfOptional(Held.self) else { return .unchecked }
    return container.contains(key) ? .present : .read(Self(wrappedValue: none))
  }

  @usableFromInline
  var writesKey: Bool { readNull || !holdsNothing(wrappedValue) }

  /// Whether the collection is empty.
  @inlinable
  var readNothing: Bool { (wrappedValue as? any Collection)?.isEmpty ?? false }
}

/// An optional, made or asked about without knowing what it wraps: the collection wrappers hold
/// `[T]` or `[T]?` alike, and only the optional ones read a missing key as `nil`.
@usableFromInline
protocol OptionalValue {
  /// `nil`.
  static var none: Self { get }

  /// Whether the value is `nil`.
  var holdsNothing: Bool { get }

  /// The type it wraps.
  static var wrappedType: Any.Type { get }

  /// The value it wraps, if any.
  var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
  @usableFromInline var holdsNothing: Bool { self == nil }
  @usableFromInline static var wrappedType: Any.Type { Wrapped.self }
  @usableFromInline var wrappedValue: Any? { self.map { $0 } }
}

/// `nil` of `Value` when it is an optional; `nil` (no value at all) when it is not. Inlinable,
/// so the test folds where `Value` is known: no dynamic cast is left. The compiler's own test
/// of the type comes first: for a type that is no optional, the cast alone would ask the
/// runtime for a conformance on every call (about 350 instructions a property).
@inlinable
func noneIfOptional<Value>(_: Value.Type) -> Value? {
  guard _isOptional(Value.self), let optional = Value.self as? any OptionalValue.Type else {
    return nil
  }
  return none(of: optional, as: Value.self)
}

/// `Optional.none` as `Value`, which is `Optional`: a bit cast behind the test of the type.
@inlinable
func none<Optional: OptionalValue, Value>(of _: Optional.Type, as _: Value.Type) -> Value? {
  guard Optional.self == Value.self else { return nil }
  return unsafeBitCast(Optional.none, to: Value.self)
}

/// Whether `value` is an optional holding `nil`.
func holdsNothing(_ value: some Any) -> Bool {
  (value as? any OptionalValue)?.holdsNothing == true
}
