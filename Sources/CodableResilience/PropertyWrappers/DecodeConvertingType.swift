import Foundation

/// A property that reads a value of another JSON type when it converts exactly, says so, and
/// writes it back in the JSON type it arrived as.
///
/// ```swift
/// struct Listing: Codable {
///   @DecodeConvertingType var id: Int                // 7 or "7"
///   @DecodeConvertingType var price: Decimal         // 12.5 or "12.50"
///   @DecodeConvertingType var isActive: Bool         // true, "true" or 1
///   @DecodeConvertingType var rating: EnergyRating   // an Int-backed enum sent as "3"
/// }
/// ```
///
/// ## What converts
///
/// - A string to a number type, when it is a JSON number (RFC 8259) that a plain property of
///   that type reads from the same number: `"7"`, `"7.0"` and `"1e2"` are the `Int` 7, 7 and
///   100; `"7.5"`, `"+7"`, `" 7"`, `"0x7"` and `"300"` for a `UInt8` are not.
/// - A number to a `String`, as the decimal text of the value the decoder reads (`12.50` as
///   `"12.5"`), exact up to 38 digits; a longer number throws as a plain `String` does.
/// - `"true"` and `"false"`, and `0` and `1`, to a `Bool`; a `Bool` to a `String`.
/// - A raw-value type (an enum, an ``ExtensibleEnum`` identifier) whose raw value converts. A
///   converted raw value that names no case does what the type does with any unknown value: a
///   plain enum throws its own `dataCorrupted`, an ``UnknownDecodable`` reads as `.unknown`
///   (the conversion is reported first, then the unknown value).
///
/// Anything else throws what a plain property throws (`typeMismatch`): `null` for a value that
/// is not optional, an object, `true` for a number, and every type that is neither a standard
/// scalar nor a raw-value type. A `Date` or a `URL` is not converted: how it reads a string or
/// a number is the decoder's strategy, and a guess at it would lose data. A value of the
/// property's own type is read as a plain property reads it.
///
/// ## Reported
///
/// Each converted value is reported to the decoder's ``UnknownValueHandler`` at its path, as
/// ``UnknownValue/Kind-swift.enum/convertedType(from:)`` with the JSON type it arrived as;
/// its ``UnknownValue/rawValue`` is the value as sent. Under ``UnknownValueHandler/strict``
/// the decode throws the decoder's own error for the value, exactly what a plain property
/// throws, so CI sees what a plain model breaks on.
///
/// ## Written back as received
///
/// A converted value is written in the JSON type it arrived as: `"7"` stays `"7"`, and
/// `"12.50"` read as a `Double` stays `"12.50"` until the app sets the property. A value the
/// app sets is written in that type too (`8` as `"8"`) when it can be; one that cannot
/// (`"abc"` for a `String` that arrived as a number), and a value the app builds, is written
/// as its own type. An optional reads a missing key and `null` as `nil`, and writes them back
/// as they came: no key, or `null`.
@propertyWrapper
public struct DecodeConvertingType<Value: Decodable> {
  /// The value: as decoded (converted or not), or as the app set it.
  ///
  /// ```swift
  /// listing.id += 1  // written back as a string when it arrived as one
  /// ```
  public var wrappedValue: Value {
    didSet {
      // The text sent is written back no more, nor `null`; the JSON type received still is.
      if let arrival, arrival.text != nil || arrival === Arrival.null {
        self.arrival = arrival.type.map { Arrival(type: $0, text: nil) }
      }
    }
  }

  /// How the value arrived when not simply as its own type: converted (with the JSON type and
  /// the text sent), or `null` for an optional. One reference, `nil` for a value of its own
  /// type, so the wrapper is its value and a word: a model of many is copied and allocated
  /// as a plain one nearly is (three fields here made a model of five 3.2 times its plain size).
  @usableFromInline var arrival: Arrival?

  /// The JSON type the value arrived as when it was converted; `nil` when it arrived as its
  /// own type or was built by the app. Encoding writes the value in this type.
  ///
  /// ```swift
  /// listing.$id.convertedFrom  // .string
  /// ```
  public var convertedFrom: UnknownValue.JSONType? { arrival?.type }

  /// The value as it was sent, written back until the app sets the property.
  var sentText: String? { arrival?.text }

  /// Whether an optional value was read as `null`, to write `null` back rather than no key.
  @usableFromInline var readNull: Bool {
    get { arrival === Arrival.null }
    set { arrival = newValue ? Arrival.null : readNull ? nil : arrival }
  }

  /// A property holding `wrappedValue`, written as its own type.
  ///
  /// ```swift
  /// @DecodeConvertingType var id: Int = 0
  /// ```
  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }

  /// The wrapper itself, so `$id.convertedFrom` says how the value arrived.
  ///
  /// ```swift
  /// if listing.$id.convertedFrom == .string { … }
  /// ```
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// The value `decoder` holds, converted from the JSON type it arrived as; `plainError` (what
  /// a plain property threw) when it does not convert.
  @usableFromInline
  init(converting decoder: any Decoder, plainError: DecodingError) throws {
    guard isConvertible(Value.self), let sent = SentScalar(readFrom: decoder) else {
      throw plainError
    }
    let converter = ConvertingDecoder(
      decoder, sent: sent, plainError: plainError, reporting: unwrappedType(Value.self),
      by: .decodeConvertingType)
    let value = try converter.singleValueContainer().decode(Value.self)
    guard converter.didConvert else { throw plainError }
    self.init(wrappedValue: value)
    arrival = Arrival(type: sent.type, text: sent.text)
  }
}

/// How a ``DecodeConvertingType`` value arrived, when not simply as its own type.
@usableFromInline
final class Arrival: Sendable {
  /// The JSON type a converted value arrived as; `nil` for `null`.
  let type: UnknownValue.JSONType?
  /// The text sent, written back until the app sets the property.
  let text: String?

  init(type: UnknownValue.JSONType?, text: String?) {
    self.type = type
    self.text = text
  }

  /// An optional read as `null`, shared.
  @usableFromInline static let null = Arrival(type: nil, text: nil)
}

/// The type an optional wraps, or `type` itself (asked of the runtime only for an optional).
func unwrappedType<T>(_ type: T.Type) -> Any.Type {
  guard _isOptional(type) else { return type }
  return (type as? any OptionalValue.Type)?.wrappedType ?? type
}

/// Whether `error` is a value's `typeMismatch`, which a conversion may mend.
@inlinable
func isTypeMismatch(_ error: DecodingError) -> Bool {
  if case .typeMismatch = error { return true }
  return false
}

// MARK: - Conditional Conformances

extension DecodeConvertingType: Sendable where Value: Sendable {}

/// Two wrappers are equal when their values are, however each arrived.
extension DecodeConvertingType: Equatable where Value: Equatable {
  /// Whether both hold equal values.
  ///
  /// ```swift
  /// DecodeConvertingType(wrappedValue: 7) == listing.$id
  /// ```
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.wrappedValue == rhs.wrappedValue
  }
}

extension DecodeConvertingType: Hashable where Value: Hashable {
  /// Hashes what equality compares: the value.
  ///
  /// ```swift
  /// let seen: Set<DecodeConvertingType<Int>> = [listing.$id]
  /// ```
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
  }
}

extension DecodeConvertingType: Decodable {
  /// Decodes the value as a plain property does, or converted from the JSON type it arrived
  /// as (reported).
  ///
  /// ```swift
  /// let ids = try JSONDecoder().decode(
  ///   [DecodeConvertingType<Int>].self, from: Data(#"[7, "8"]"#.utf8))
  /// // wrapped values: [7, 8]
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
      self.init(wrappedValue: try decodeRawValue(Value.self, from: container))
    } catch let error as DecodingError where isTypeMismatch(error) {
      try self.init(converting: decoder, plainError: error)
    }
  }
}

extension DecodeConvertingType: Encodable where Value: Encodable {
  /// Writes the value in the JSON type it arrived as, when it can; otherwise as its own type.
  ///
  /// ```swift
  /// let data = try JSONEncoder().encode(listing)  // {"id":"7", …}, as read
  /// ```
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if let convertedFrom, let text = sentText ?? scalarText(of: wrappedValue),
      try write(text, as: convertedFrom, to: &container)
    {
      return
    }
    try container.encode(wrappedValue)
  }
}

extension DecodeConvertingType: ResilientPropertyWrapper, MissingKeyRule {
  /// The property read straight from the container: a value of its own type as a plain
  /// property reads it, one of another type converted, and for an optional a missing key or
  /// `null` as `nil`.
  @inlinable
  static func decodeWithoutDecoder<Key: CodingKey>(
    _ key: Key, in container: KeyedDecodingContainer<Key>
  ) throws -> KeyRead<Self> {
    if let none = noneIfOptional(Value.self) {
      if let optional = Value.self as? any DecodableOptional.Type {
        return try decodeOptional(optional, none: none, key, in: container)
      }
      guard container.contains(key) else { return .read(Self(wrappedValue: none)) }
      guard try container.decodeNil(forKey: key) else { return .present }
      var read = Self(wrappedValue: none)
      read.readNull = true
      return .read(read)
    }
    // A missing key or `null` throws what a plain property throws, from the same call.
    do {
      return .read(Self(wrappedValue: try decodeAsPlain(Value.self, forKey: key, in: container)))
    } catch let error as DecodingError where isTypeMismatch(error) {
      return .read(try Self(converting: container.superDecoder(forKey: key), plainError: error))
    }
  }

  /// An optional property read as a plain one is, through the container's `decodeIfPresent`
  /// for the wrapped type (one look-up of the key, where asking whether it is there and
  /// whether it is `null` first took two more, and a nested decoder a third); only when that
  /// reads nothing is the key looked for, to tell `null` from a missing key.
  @inlinable @inline(__always)
  static func decodeOptional<Key: CodingKey>(
    _ optional: any DecodableOptional.Type, none: Value, _ key: Key,
    in container: KeyedDecodingContainer<Key>
  ) throws -> KeyRead<Self> {
    do {
      if let value = try optional.decodeWrappedIfPresent(as: Value.self, forKey: key, in: container)
      {
        return .read(Self(wrappedValue: value))
      }
    } catch let error as DecodingError where isTypeMismatch(error) {
      return .read(try Self(converting: container.superDecoder(forKey: key), plainError: error))
    }
    var read = Self(wrappedValue: none)
    read.readNull = container.contains(key)
    return .read(read)
  }

  /// Whether the key is written: not for an optional that is `nil` and was not read as `null`.
  @usableFromInline
  var writesKey: Bool { readNull || !holdsNothing(wrappedValue) }
}
