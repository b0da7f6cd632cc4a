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
/// `init(from:)` (this default, or your own) is the one that runs everywhere, with the decoder
/// the `Decoder` itself hands it: the toolkit adds no container overload for plain types, so a
/// model layer that imports it type-checks as fast as one that does not.
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
  /// Decodes a raw value, then, for a type with ``ValueAliases``, an alias or a spelling in
  /// another letter case, falling back to ``unknown`` when nothing matches.
  ///
  /// ```swift
  /// let kind = try JSONDecoder().decode(ListingKind.self, from: Data(#""castle""#.utf8))
  /// // .unknown, reported to the decoder's unknown-value handler
  /// ```
  ///
  /// Aliases are looked up only for a raw value no case matches, so a type without them pays
  /// nothing for them.
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
    self =
      try renamedOrReported(Self.self, rawValue: rawValue, from: decoder, by: .unknownDecodable)
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
