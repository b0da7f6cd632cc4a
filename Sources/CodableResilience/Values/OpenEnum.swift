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
/// field would throw, at every position, through its own `init(from:)`.
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
  @inlinable @inline(__always)
  public init(from decoder: any Decoder) throws {
    // Foundation calls this through the conformance's witness, unspecialized: always inlined
    // into that witness, it takes the type's metadata from there instead of making it again,
    // and it makes no value of the type before it knows the raw value is unknown.
    let rawValue = try decodeRawValue(Known.RawValue.self, from: decoder.singleValueContainer())
    if let known = Known(rawValue: rawValue) {
      self = .known(known)
    } else {
      self = try Self.decoded(unknown: rawValue, from: decoder)
    }
  }

  /// A raw value `Known` does not know: the value an alias names, or the raw value kept,
  /// reported.
  @usableFromInline @inline(never)
  static func decoded(unknown rawValue: Known.RawValue, from decoder: any Decoder) throws -> Self {
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
