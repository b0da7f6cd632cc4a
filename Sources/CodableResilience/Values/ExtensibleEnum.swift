/// A `RawRepresentable` struct of named values that accepts any raw value, so it never
/// fails to decode and never loses a value.
///
/// ```swift
/// struct Currency: ExtensibleEnum, ExpressibleByStringLiteral {
///   var rawValue: String
///   static let usd: Currency = "USD"
///   static let eur: Currency = "EUR"
///   static let knownValues: [Currency] = [.usd, .eur]
/// }
///
/// let fees = try JSONDecoder().decode([Currency: Double].self, from: Data(#"{"USD": 10, "CHF": 9}"#.utf8))
/// // [.usd: 10, Currency(rawValue: "CHF"): 9], re-encoded as the same JSON object
/// ```
///
/// Adopting it gives single-value `Codable`, `Hashable`, `Sendable`, a `description` that is
/// the raw value, and `CodingKeyRepresentable`, so a dictionary keyed by the type is a JSON
/// object rather than Swift's default array of alternating keys and values. Declaring
/// `ExpressibleByStringLiteral` (for a `String` raw value) or `ExpressibleByIntegerLiteral`
/// (for an `Int` raw value) needs nothing more: the initialiser comes from this protocol.
///
/// Because any value is valid, a `switch` over it needs a `default` branch. Declare
/// ``knownValues`` to have values outside it reported to the decoder's
/// ``UnknownValueHandler`` (they are still kept).
///
/// A `public` type must also declare `public init(rawValue:)`, since Swift's memberwise
/// initialiser is internal.
///
/// Every position decodes the same way, through the type's own `init(from:)` (the default, or
/// your own): at the top level, as an array element, as a concrete, optional or generic
/// property, in nested collections and through `superDecoder`, with the decoder the `Decoder`
/// itself hands it.
///
/// ## Limits
///
/// As a dictionary key (`[Currency: Double]`), a value outside ``knownValues`` is kept but not
/// reported: Foundation turns a key into a value through `CodingKeyRepresentable`, without a
/// `Decoder` to report through. Check ``isKnown`` on the keys where that matters, or use
/// ``SkipUnknownKeys``, which reports unknown keys (and leaves them out).
public protocol ExtensibleEnum: RawRepresentable, Codable, Hashable, Sendable,
  CustomStringConvertible, CodingKeyRepresentable
where RawValue: Codable & Hashable & Sendable & LosslessStringConvertible {
  /// Creates a value from any raw value.
  ///
  /// ```swift
  /// let chf = Currency(rawValue: "CHF")
  /// ```
  init(rawValue: RawValue)

  /// The values this build knows; empty by default.
  ///
  /// When it is not empty, a decoded value outside it is reported as an ``UnknownValue``
  /// (and kept). Declare it as a `static let` so it is built once.
  ///
  /// ```swift
  /// static let knownValues: [Currency] = [.usd, .eur]
  /// ```
  static var knownValues: [Self] { get }
}

extension ExtensibleEnum {
  /// No known values: every value is accepted without a report.
  ///
  /// ```swift
  /// LanguageCode.knownValues  // [] unless the type declares its own
  /// ```
  public static var knownValues: [Self] { [] }

  /// Whether ``knownValues`` holds this value. Always `false` for a type that declares no
  /// known values.
  ///
  /// ```swift
  /// Currency(rawValue: "CHF").isKnown  // false
  /// Currency.usd.isKnown               // true
  /// ```
  public var isKnown: Bool {
    Self.knownValues.contains(self)
  }

  /// The raw value as text.
  ///
  /// ```swift
  /// print(Currency.usd)  // USD
  /// ```
  public var description: String {
    rawValue.description
  }
}

extension ExtensibleEnum {
  /// Decodes any raw value of the right JSON type. One outside a non-empty ``knownValues`` is
  /// read through an alias or by its letter case when the type has ``ValueAliases`` and one
  /// matches; otherwise it is reported to the decoder's ``UnknownValueHandler`` and kept.
  /// Aliases are looked up only for such a value, so a type without them pays nothing.
  ///
  /// - Throws: `DecodingError` when the value is missing, `null` or of the wrong JSON type,
  ///   or when the installed handler rejects the value (as ``UnknownValueHandler/strict`` does).
  ///
  /// ```swift
  /// let currency = try JSONDecoder().decode(Currency.self, from: Data(#""CHF""#.utf8))
  /// ```
  @inlinable
  public init(from decoder: any Decoder) throws {
    let rawValue = try decodeRawValue(RawValue.self, from: decoder.singleValueContainer())
    self.init(rawValue: rawValue)
    let knownValues = Self.knownValues
    if !knownValues.isEmpty, !knownValues.contains(self),
      let renamed = try renamedOrReported(
        Self.self, rawValue: rawValue, from: decoder, by: .extensibleEnum)
    {
      self = renamed
    }
  }

  /// Encodes the raw value as a single value.
  ///
  /// ```swift
  /// try JSONEncoder().encode(Currency.usd)  // "USD"
  /// ```
  @inlinable
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

extension ExtensibleEnum {
  /// The dictionary key for this value: its raw value as text (and as an integer, when the
  /// raw value is one).
  ///
  /// ```swift
  /// Currency.usd.codingKey.stringValue  // "USD"
  /// ```
  public var codingKey: any CodingKey {
    AnyCodingKey(rawValue.description)
  }

  /// Creates a value from a dictionary key. Any key whose text is a valid raw value is
  /// accepted, so a dictionary keyed by this type decodes every key the server sends.
  ///
  /// ```swift
  /// let fees = try JSONDecoder().decode([Currency: Double].self, from: data)  // any key
  /// ```
  @inlinable @inline(__always)
  public init?<T: CodingKey>(codingKey: T) {
    // Foundation calls this through the conformance's witness, compiled for the enum but not
    // for the key type: always inlined there, the test of the raw type folds away.
    if RawValue.self == String.self {
      // A text raw value is the key's text.
      self.init(rawValue: unsafeBitCast(codingKey.stringValue, to: RawValue.self))
    } else if let intValue = codingKey.intValue, let rawValue = intValue as? RawValue {
      self.init(rawValue: rawValue)
    } else if let rawValue = RawValue(codingKey.stringValue) {
      self.init(rawValue: rawValue)
    } else {
      return nil
    }
  }
}

extension ExtensibleEnum where RawValue == String {
  /// Creates a value from a string literal: `static let usd: Currency = "USD"`.
  public init(stringLiteral value: String) {
    self.init(rawValue: value)
  }
}

extension ExtensibleEnum where RawValue == Int {
  /// Creates a value from an integer literal: `static let notFound: StatusCode = 404`.
  public init(integerLiteral value: Int) {
    self.init(rawValue: value)
  }
}
