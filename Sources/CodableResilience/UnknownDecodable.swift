/// An enum that decodes any raw value it does not recognise as its `unknown` case.
///
/// Adopt it by declaring the conformance and an `unknown` case; the default
/// `init(from:)` does the rest:
///
/// ```swift
/// enum ListingKind: String, Codable, UnknownDecodable {
///   case house, flat, cabin
///   case unknown
/// }
///
/// let kinds = try JSONDecoder().decode([ListingKind].self, from: #"["house", "castle"]"#.data(using: .utf8)!)
/// // [.house, .unknown]
/// ```
///
/// Only an *unrecognised value of the right type* becomes `.unknown`. Everything that
/// signals a broken payload still throws the usual `DecodingError`: a wrong JSON type
/// (`42` for a `String` raw value), `null` for a non-optional property, a missing
/// required key. An optional property (`var kind: ListingKind?`) therefore tells
/// "no value" (`nil`, from a missing key or `null`) apart from "a value this build does
/// not know" (`.unknown`).
///
/// Every raw type Swift enums allow works: `String`, `Int` and the other integer types,
/// `Float` and `Double`.
///
/// Each value that falls back to `.unknown` is reported to the ``UnknownValueHandler``
/// installed in the decoder's `userInfo` (see ``Swift/CodingUserInfoKey/unknownValueHandler``),
/// so it can be logged in production and rejected in CI. Known values never touch `userInfo`.
///
/// ## Encoding is lossy for unknown values
///
/// Known values re-encode exactly. `.unknown` has only its own raw value (`"unknown"`
/// above), so a decoded `"castle"` is written back as `"unknown"`: the original value is
/// gone. Where a payload is sent back to the server, use ``DecodeUnknownAsNil`` (keeps the
/// raw value behind a `nil`) or ``ExtensibleEnum`` (keeps every value), which re-encode
/// exactly what they read.
///
/// A payload that literally holds the `unknown` case's raw value decodes to `.unknown`
/// without a report: it is a value the enum declares.
///
/// Every position decodes the same way: at the top level, as an array element, as a concrete,
/// optional or generic property, in nested collections, and through `superDecoder`. The type's
/// `init(from:)` (this default, or your own) is the one that runs everywhere. For properties and
/// arrays, overloads of `KeyedDecodingContainer.decode(_:forKey:)` call it with a light decoder
/// that reads from the keyed container, which costs less than `JSONDecoder`'s nested decoder.
///
/// ## Limits
///
/// Where a model puts the enum changes nothing: value, reports and errors are the same.
/// Re-encoding `.unknown` writes the `unknown` case's own raw value (see above).
public protocol UnknownDecodable: Decodable, RawRepresentable where RawValue: Decodable {
  /// The case every unrecognised raw value decodes to.
  ///
  /// ```swift
  /// enum ListingKind: String, Codable, UnknownDecodable {
  ///   case house, flat
  ///   case unknown  // satisfies the requirement
  /// }
  /// ```
  static var unknown: Self { get }
}

extension UnknownDecodable {
  /// Decodes a raw value, falling back to ``unknown`` when no case matches it.
  ///
  /// ```swift
  /// let kind = try JSONDecoder().decode(ListingKind.self, from: Data(#""castle""#.utf8))
  /// // .unknown, reported to the decoder's unknown-value handler
  /// ```
  ///
  /// - Throws: `DecodingError` when the value is missing, `null` or of the wrong JSON
  ///   type, or when the installed ``UnknownValueHandler`` rejects the unknown value
  ///   (as ``UnknownValueHandler/strict`` does).
  @inlinable
  public init(from decoder: any Decoder) throws {
    let rawValue = try decodeRawValue(RawValue.self, from: decoder.singleValueContainer())
    if let value = Self(rawValue: rawValue) {
      self = value
      return
    }
    try reportUnmatched(Self.self, rawValue: rawValue, from: decoder, by: .unknownDecodable)
    self = Self.unknown
  }
}

extension UnknownDecodable where Self: ValueAliases {
  /// Decodes a raw value, then an alias or a spelling in another letter case (see
  /// ``ValueAliases``), falling back to ``unknown`` when nothing matches. Chosen when the model
  /// is compiled for a type that adopts both protocols, so other types pay nothing for aliases.
  ///
  /// ```swift
  /// let method = try JSONDecoder().decode(PaymentMethod.self, from: Data(#""credit_card""#.utf8))
  /// // .card, reported as a renamed value to handlers that receive them
  /// ```
  @inlinable
  public init(from decoder: any Decoder) throws {
    let rawValue = try decodeRawValue(RawValue.self, from: decoder.singleValueContainer())
    if let value = Self(rawValue: rawValue) {
      self = value
      return
    }
    self =
      try aliasedOrReported(Self.self, rawValue: rawValue, from: decoder, by: .unknownDecodable)
      ?? Self.unknown
  }
}

extension UnknownDecodable where Self: CaseIterable {
  /// The raw values of every case but ``unknown``, as text.
  @inlinable
  static func describeKnownCases() -> [String] {
    let unknownRawValue = describeRawValue(Self.unknown.rawValue)
    let cases = allCases
    var descriptions: [String] = []
    descriptions.reserveCapacity(cases.count)
    for element in cases {
      let description = describeRawValue(element.rawValue)
      if description != unknownRawValue { descriptions.append(description) }
    }
    return descriptions
  }
}

// MARK: - Properties

// Synthesized `Codable` decodes a property with `container.decode(Kind.self, forKey:)`. These
// overloads are chosen instead for `UnknownDecodable` properties: they call the type's own
// `init(from:)` with a decoder that reads straight from the keyed container, which costs less
// than `JSONDecoder`'s nested decoder and behaves the same (see `Properties/KeyedDecoding.swift`).

extension KeyedDecodingContainer {
  /// Decodes an ``UnknownDecodable`` property: its case, or ``UnknownDecodable/unknown``
  /// (reported) for a raw value no case matches.
  ///
  /// Synthesized `init(from:)` calls it for every such property; a hand-written one calls it
  /// the same way:
  ///
  /// ```swift
  /// kind = try container.decode(ListingKind.self, forKey: .kind)
  /// ```
  ///
  /// The value decodes through the type's own `init(from:)`, custom or default, exactly as it
  /// would at any other position; a missing key throws `keyNotFound`.
  @inlinable
  public func decode<Value: UnknownDecodable>(
    _ type: Value.Type,
    forKey key: Key
  ) throws -> Value {
    try decodeResiliently(type, forKey: key)
  }

  /// Decodes an optional ``UnknownDecodable`` property: `nil` for a missing key or `null`,
  /// otherwise its case, or ``UnknownDecodable/unknown`` (reported).
  ///
  /// ```swift
  /// status = try container.decodeIfPresent(ListingStatus.self, forKey: .status)
  /// ```
  @inlinable
  public func decodeIfPresent<Value: UnknownDecodable>(
    _ type: Value.Type,
    forKey key: Key
  ) throws -> Value? {
    try decodeResilientlyIfPresent(type, forKey: key)
  }

  /// Decodes an array of ``UnknownDecodable`` values: each element its case, or
  /// ``UnknownDecodable/unknown`` (reported) for a raw value no case matches.
  ///
  /// ```swift
  /// amenities = try container.decode([Amenity].self, forKey: .amenities)
  /// ```
  @inlinable
  public func decode<Element: UnknownDecodable>(
    _ type: [Element].Type,
    forKey key: Key
  ) throws -> [Element] {
    try decodeElementsResiliently(type, forKey: key)
  }

  /// Decodes an optional array of ``UnknownDecodable`` values: `nil` for a missing key or
  /// `null`, otherwise each element its case, or ``UnknownDecodable/unknown`` (reported).
  ///
  /// ```swift
  /// amenities = try container.decodeIfPresent([Amenity].self, forKey: .amenities)
  /// ```
  @inlinable
  public func decodeIfPresent<Element: UnknownDecodable>(
    _ type: [Element].Type,
    forKey key: Key
  ) throws -> [Element]? {
    try decodeElementsResilientlyIfPresent(type, forKey: key)
  }
}
