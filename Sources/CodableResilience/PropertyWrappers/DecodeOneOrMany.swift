/// A collection that also reads a single value as a collection of one, says so, and writes it
/// back as a single value.
///
/// ```swift
/// struct Post: Codable {
///   @DecodeOneOrMany var tags: [String]      // "swift" or ["swift", "codable"]
///   @DecodeOneOrMany var labels: [String]?   // optional: missing or null is nil
/// }
/// ```
///
/// Use it where a backend sends one value where it otherwise sends a list, or starts sending
/// a list where it sent one value.
///
/// - An array reads as a plain array does, with no report; an element that fails throws as a
///   plain array's element does.
/// - A single value that reads as an element is a collection of it, reported to the
///   decoder's ``UnknownValueHandler`` at its path as
///   ``UnknownValue/Kind-swift.enum/convertedType(from:)`` with
///   ``UnknownValue/JSONType/singleValue``; the report's ``UnknownValue/rawValue`` is its
///   JSON. Under ``UnknownValueHandler/strict`` the decode throws what a plain collection
///   throws there (`typeMismatch`).
/// - A single value that does not read as an element throws what a plain collection throws
///   (`typeMismatch`), as does `null` for a collection that is not optional (`valueNotFound`).
///
/// It holds what ``SkipUnknownElements`` holds: an `Array` or a `Set`, or an optional one. A
/// single value is written back as a single value until the app sets the property; then the
/// collection is written as a plain one is. An optional writes back `null` as `null` and a
/// missing key as no key.
@propertyWrapper
public struct DecodeOneOrMany<Value: SkipUnknownElementsCollection> {
  /// The collection: as decoded, or as the app set it.
  ///
  /// ```swift
  /// post.tags.append("news")  // written as an array from now on
  /// ```
  public var wrappedValue: Value {
    didSet {
      readSingleValue = false
      readNull = false
    }
  }

  /// Whether the collection was read from a single value, and is written back as one.
  ///
  /// ```swift
  /// post.$tags.readSingleValue  // true for "tags": "swift"
  /// ```
  public private(set) var readSingleValue = false

  /// Whether an optional collection was read as `null`, to write `null` back rather than no
  /// key.
  @usableFromInline var readNull = false

  /// A property holding `wrappedValue`, written as a plain collection.
  ///
  /// ```swift
  /// @DecodeOneOrMany var tags: [String] = []
  /// ```
  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }

  /// The wrapper itself, so `$tags.readSingleValue` says how the collection arrived.
  ///
  /// ```swift
  /// if post.$tags.readSingleValue { … }
  /// ```
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }
}

// MARK: - Conditional Conformances

extension DecodeOneOrMany: Sendable where Value: Sendable {}

/// Two wrappers are equal when their collections are, however each arrived.
extension DecodeOneOrMany: Equatable where Value: Equatable {
  /// Whether both hold equal collections.
  ///
  /// ```swift
  /// DecodeOneOrMany(wrappedValue: ["swift"]) == post.$tags
  /// ```
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.wrappedValue == rhs.wrappedValue
  }
}

extension DecodeOneOrMany: Hashable where Value: Hashable {
  /// Hashes what equality compares: the collection.
  ///
  /// ```swift
  /// let seen: Set<DecodeOneOrMany<[String]>> = [post.$tags]
  /// ```
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
  }
}

extension DecodeOneOrMany: Decodable where Value: Decodable, Value.Element: Decodable {
  /// Decodes the collection as a plain one, or a single value as a collection of it
  /// (reported).
  ///
  /// ```swift
  /// let tags = try JSONDecoder().decode(DecodeOneOrMany<[String]>.self, from: Data(#""swift""#.utf8))
  /// // tags.wrappedValue == ["swift"]
  /// ```
  @inlinable
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let none = noneIfOptional(Value.self), container.decodeNil() {
      self.init(wrappedValue: none)
      readNull = true
      return
    }
    do {
      self.init(wrappedValue: try container.decode(Value.self))
    } catch let error as DecodingError
      where isTypeMismatch(error) && isAbout(decoder.codingPath, error)
    {
      try self.init(single: decoder, plainError: error)
    }
  }

  /// The single value `decoder` holds, as a collection of it; `plainError` (what a plain
  /// collection threw) when it is no element.
  @usableFromInline
  init(single decoder: any Decoder, plainError: DecodingError) throws {
    let element: Value.Element
    do {
      element = try decoder.singleValueContainer().decode(Value.Element.self)
    } catch is DecodingError {
      throw plainError
    }
    try reportConversion(
      .oneForMany((try? JSONValue(from: decoder)) ?? .null), of: unwrappedType(Value.self),
      at: decoder.codingPath, by: .decodeOneOrMany, to: decoder.userInfo,
      plainError: plainError)
    self.init(
      wrappedValue: try Value(decodedElements: [element], codingPath: decoder.codingPath))
    readSingleValue = true
  }
}

/// Whether `error` is about the value at `codingPath` itself, not something inside it.
@usableFromInline
func isAbout(_ codingPath: [any CodingKey], _ error: DecodingError) -> Bool {
  guard case .typeMismatch(_, let context) = error else { return false }
  return context.codingPath.count == codingPath.count
}

extension DecodeOneOrMany: Encodable where Value: Encodable, Value.Element: Encodable {
  /// Writes a single value back as a single value while the property is as read; otherwise
  /// the collection, as a plain one is written.
  ///
  /// ```swift
  /// let data = try JSONEncoder().encode(post)  // {"tags":"swift"}, as read
  /// ```
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if readSingleValue, let elements = try wrappedValue.elementsToEncode(codingPath: []),
      elements.count == 1
    {
      try container.encode(elements[0])
    } else {
      try container.encode(wrappedValue)
    }
  }
}

extension DecodeOneOrMany: ResilientPropertyWrapper, CollectionWrapper {
  /// A collection that is not optional read straight from the container, as a plain one is:
  /// one look-up of the key and no decoder of its own, a missing key, `null` and a failing
  /// element throwing from the same call as plain. A single value goes on to `init(from:)`,
  /// which reads it through a decoder of its own and reports it. An optional collection reads
  /// a missing key as `nil`, remembered as missing, and anything else through `init(from:)`.
  @inlinable
  static func decodeWithoutDecoder<Key: CodingKey>(
    _ key: Key, in container: KeyedDecodingContainer<Key>
  ) throws -> KeyRead<Self> {
    if let none = noneIfOptional(Value.self) {
      return container.contains(key) ? .present : .read(Self(wrappedValue: none))
    }
    guard let decodable = Value.self as? any Decodable.Type else { return .unchecked }
    return try readCollection(decodable, key, in: container)
  }

  /// The collection read as `decodable`, which is `Value`: inlined, so that the type is known
  /// where the model is compiled and the read is the plain property's own.
  @inlinable @inline(__always)
  static func readCollection<Key: CodingKey>(
    _ decodable: any Decodable.Type, _ key: Key, in container: KeyedDecodingContainer<Key>
  ) throws -> KeyRead<Self> {
    do {
      guard let collection = try decodeCollection(decodable, as: Value.self, key, in: container)
      else { return .unchecked }
      return .read(Self(wrappedValue: collection))
    } catch let error as DecodingError
      where isTypeMismatch(error) && isAbout(container.codingPath + [key], error)
    {
      return .present
    }
  }
}

/// `container.decode(Decoded.self, forKey: key)` as `Value`, which is `Decoded`; `nil` if it
/// is not.
@inlinable
func decodeCollection<Decoded: Decodable, Value, Key: CodingKey>(
  _: Decoded.Type, as _: Value.Type, _ key: Key, in container: KeyedDecodingContainer<Key>
) throws -> Value? {
  guard Decoded.self == Value.self else { return nil }
  return unsafeBitCast(try container.decode(Decoded.self, forKey: key), to: Value.self)
}
