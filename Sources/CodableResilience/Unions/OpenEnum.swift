/// A value of a raw-value enum, or the raw value the enum does not know: exhaustive *and*
/// lossless for a required field.
///
/// ```swift
/// enum Visibility: String, CaseIterable { case everyone, friends }  // need not be Codable
///
/// struct Album: Codable {
///   var visibility: OpenEnum<Visibility>
/// }
///
/// switch album.visibility {
/// case .known(.everyone): showToAll()
/// case .known(.friends): showToFriends()
/// case .unknown(let raw): log("new visibility \(raw)")  // "followers", written back as it came
/// }
/// ```
///
/// An unknown raw value is reported to the decoder's ``UnknownValueHandler`` under the name
/// of `Known` (`"Visibility"`), with its known values when `Known` is `CaseIterable`. A value
/// of the wrong JSON type, `null` or a missing key throws the error a plain `String` or `Int`
/// field would throw. As a property it decodes through the `KeyedDecodingContainer`
/// overloads, which cost what a plain enum costs.
///
/// Two values are equal when their raw values are, as for any `RawRepresentable` type.
///
/// Unlike an ``UnknownDecodable`` enum's `unknown` case, `.unknown` keeps the raw value, and
/// unlike `@DecodeUnknownAsNil` the field stays required.
public enum OpenEnum<Known: RawRepresentable> {
  /// A value the enum knows.
  ///
  /// ```swift
  /// let visibility: OpenEnum<Visibility> = .known(.friends)
  /// ```
  case known(Known)
  /// A raw value the enum does not know, kept to be written back.
  ///
  /// ```swift
  /// let visibility: OpenEnum<Visibility> = .unknown("followers")
  /// ```
  case unknown(Known.RawValue)
}

extension OpenEnum: RawRepresentable {
  /// The known value a raw value names, or `.unknown` holding it; never fails.
  ///
  /// ```swift
  /// OpenEnum<Visibility>(rawValue: "friends")    // .known(.friends)
  /// OpenEnum<Visibility>(rawValue: "followers")  // .unknown("followers")
  /// ```
  @inlinable
  public init(rawValue: Known.RawValue) {
    if let known = Known(rawValue: rawValue) {
      self = .known(known)
    } else {
      self = .unknown(rawValue)
    }
  }

  /// The raw value: the known value's, or the one kept.
  ///
  /// ```swift
  /// album.visibility.rawValue  // "followers"
  /// ```
  @inlinable
  public var rawValue: Known.RawValue {
    switch self {
    case .known(let known): known.rawValue
    case .unknown(let rawValue): rawValue
    }
  }
}

extension OpenEnum {
  /// The known value, or `nil` for an unknown raw value.
  ///
  /// ```swift
  /// if album.visibility.knownValue == .friends { … }
  /// ```
  @inlinable
  public var knownValue: Known? {
    if case .known(let known) = self { return known }
    return nil
  }
}

// MARK: - Conditional Conformances

extension OpenEnum: Sendable where Known: Sendable, Known.RawValue: Sendable {}
// Equality and hashing are the standard library's for RawRepresentable: by raw value.
extension OpenEnum: Equatable where Known: Equatable, Known.RawValue: Equatable {}
extension OpenEnum: Hashable where Known: Hashable, Known.RawValue: Hashable {}

extension OpenEnum: Decodable where Known.RawValue: Decodable {
  /// Decodes a raw value; one the enum does not know is kept and reported.
  ///
  /// ```swift
  /// let values = try JSONDecoder().decode(
  ///   [OpenEnum<Visibility>].self, from: Data(#"["friends", "followers"]"#.utf8))
  /// // [.known(.friends), .unknown("followers")]
  /// ```
  @inlinable
  public init(from decoder: any Decoder) throws {
    let rawValue = try decodeRawValue(Known.RawValue.self, from: decoder.singleValueContainer())
    if let known = Known(rawValue: rawValue) {
      self = .known(known)
      return
    }
    self =
      try renamedOrReported(Known.self, rawValue: rawValue, from: decoder, by: .openEnum)
      .map(Self.known) ?? .unknown(rawValue)
  }
}

extension OpenEnum: Encodable where Known.RawValue: Encodable {
  /// Writes the raw value, known or kept.
  ///
  /// ```swift
  /// let data = try JSONEncoder().encode(album)  // {"visibility":"followers"}
  /// ```
  @inlinable
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

// MARK: - Keyed Decoding

// The overloads run `OpenEnum`'s own `init(from:)` through the toolkit's keyed engine
// (`decodeResiliently` and its siblings): a light decoder reading from this container, and the
// container's generic path for whatever it cannot answer exactly. The value, the reports and the
// errors are those of `init(from:)` at every position; the cost is a plain enum's or less.

extension KeyedDecodingContainer {
  /// Decodes an ``OpenEnum`` property through its own `init(from:)`, without the nested
  /// decoder `JSONDecoder` would push for it.
  ///
  /// Synthesized `init(from:)` calls it; a hand-written one calls it the same way:
  ///
  /// ```swift
  /// visibility = try container.decode(OpenEnum<Visibility>.self, forKey: .visibility)
  /// ```
  @inlinable
  public func decode<Known>(
    _ type: OpenEnum<Known>.Type,
    forKey key: Key
  ) throws -> OpenEnum<Known> where Known.RawValue: Decodable {
    try decodeResiliently(type, forKey: key)
  }

  /// Decodes an optional ``OpenEnum`` property: `nil` for a missing key or `null`.
  ///
  /// ```swift
  /// visibility = try container.decodeIfPresent(OpenEnum<Visibility>.self, forKey: .visibility)
  /// ```
  @inlinable
  public func decodeIfPresent<Known>(
    _ type: OpenEnum<Known>.Type,
    forKey key: Key
  ) throws -> OpenEnum<Known>? where Known.RawValue: Decodable {
    try decodeResilientlyIfPresent(type, forKey: key)
  }

  /// Decodes an array of ``OpenEnum`` values, each through its own `init(from:)`.
  ///
  /// ```swift
  /// audiences = try container.decode([OpenEnum<Visibility>].self, forKey: .audiences)
  /// ```
  @inlinable
  public func decode<Known>(
    _ type: [OpenEnum<Known>].Type,
    forKey key: Key
  ) throws -> [OpenEnum<Known>] where Known.RawValue: Decodable {
    try decodeElementsResiliently(type, forKey: key)
  }

  /// Decodes an optional array of ``OpenEnum`` values: `nil` for a missing key or `null`.
  ///
  /// ```swift
  /// audiences = try container.decodeIfPresent([OpenEnum<Visibility>].self, forKey: .audiences)
  /// ```
  @inlinable
  public func decodeIfPresent<Known>(
    _ type: [OpenEnum<Known>].Type,
    forKey key: Key
  ) throws -> [OpenEnum<Known>]? where Known.RawValue: Decodable {
    try decodeElementsResilientlyIfPresent(type, forKey: key)
  }
}
