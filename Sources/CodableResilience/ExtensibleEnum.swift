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
/// ``UnknownValueHandler`` (they are still kept). Dictionary keys are the exception: Foundation
/// turns a key into a value through `CodingKeyRepresentable`, without a `Decoder` to report
/// through, so a `[Currency: Double]` keeps a key outside ``knownValues`` silently. Check
/// ``isKnown`` on the keys where that matters.
///
/// A `public` type must also declare `public init(rawValue:)`, since Swift's memberwise
/// initialiser is internal.
///
/// Properties and arrays of these types are decoded by overloads of
/// `KeyedDecodingContainer.decode(_:forKey:)` that make the value with `init(rawValue:)`
/// directly, which is much faster than `JSONDecoder`'s generic path. To customise decoding,
/// implement `init(rawValue:)` rather than `init(from:)`.
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
  /// Decodes any raw value of the right JSON type; one outside a non-empty ``knownValues``
  /// is reported to the decoder's ``UnknownValueHandler`` and kept.
  ///
  /// - Throws: `DecodingError` when the value is missing, `null` or of the wrong JSON type,
  ///   or when the installed handler rejects the value (as ``UnknownValueHandler/strict`` does).
  ///
  /// ```swift
  /// let currency = try JSONDecoder().decode(Currency.self, from: Data(#""CHF""#.utf8))
  /// ```
  @inlinable
  public init(from decoder: any Decoder) throws {
    let rawValue = try decoder.singleValueContainer().decodeRawValue(RawValue.self)
    self.init(rawValue: rawValue)
    let knownValues = Self.knownValues
    if !knownValues.isEmpty, !knownValues.contains(self) {
      try decoder.reportUnknownValue(
        of: Self.self,
        rawValue: describeRawValue(rawValue),
        knownValues: { knownValues.map(\.description) }
      )
    }
  }

  /// Whether decoding this value reports nothing: the type lists no known values, or lists
  /// this one.
  @inlinable
  var decodesWithoutReport: Bool {
    let knownValues = Self.knownValues
    return knownValues.isEmpty || knownValues.contains(self)
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
    AnyCodingKey(stringValue: rawValue.description, intValue: rawValue as? Int)
  }

  /// Creates a value from a dictionary key. Any key whose text is a valid raw value is
  /// accepted, so a dictionary keyed by this type decodes every key the server sends.
  ///
  /// ```swift
  /// let fees = try JSONDecoder().decode([Currency: Double].self, from: data)  // any key
  /// ```
  public init?<T: CodingKey>(codingKey: T) {
    if let intValue = codingKey.intValue, let rawValue = intValue as? RawValue {
      self.init(rawValue: rawValue)
    } else if let rawValue = RawValue(codingKey.stringValue) {
      self.init(rawValue: rawValue)
    } else {
      return nil
    }
  }
}

// MARK: - Properties

// As for `UnknownDecodable` (see there): properties read their raw value straight from the
// keyed container, compiled for the concrete type, and a value to report is decoded again
// through `init(from:)`, so that its report and errors are exactly those of `init(from:)`.

extension KeyedDecodingContainer {
  /// Decodes an ``ExtensibleEnum`` property, reporting a value outside its non-empty
  /// ``ExtensibleEnum/knownValues``.
  ///
  /// Synthesized `init(from:)` calls it for every such property:
  ///
  /// ```swift
  /// currency = try container.decode(Currency.self, forKey: .currency)
  /// ```
  ///
  /// The value is made with `init(rawValue:)` without calling the type's `init(from:)`, so a
  /// type that replaces the default `init(from:)` should customise `init(rawValue:)` instead.
  @inlinable
  public func decode<Value: ExtensibleEnum>(_ type: Value.Type, forKey key: Key) throws -> Value {
    guard Value.RawValue.self == String.self else {
      return try decodeThroughInit(type, forKey: key)
    }
    let value = Value(rawValue: try decodeRawValue(Value.RawValue.self, forKey: key))
    return value.decodesWithoutReport ? value : try decodeThroughInit(type, forKey: key)
  }

  /// Decodes an optional ``ExtensibleEnum`` property: `nil` for a missing key or `null`.
  ///
  /// ```swift
  /// currency = try container.decodeIfPresent(Currency.self, forKey: .currency)
  /// ```
  @inlinable
  public func decodeIfPresent<Value: ExtensibleEnum>(
    _ type: Value.Type,
    forKey key: Key
  ) throws -> Value? {
    guard Value.RawValue.self == String.self,
      let rawValue = try decodeRawValueIfPresent(Value.RawValue.self, forKey: key)
    else {
      return try decodeIfPresentThroughInit(type, forKey: key)
    }
    let value = Value(rawValue: rawValue)
    return value.decodesWithoutReport ? value : try decodeIfPresentThroughInit(type, forKey: key)
  }

  /// Decodes an array of ``ExtensibleEnum`` values, reporting each outside a non-empty
  /// ``ExtensibleEnum/knownValues``.
  ///
  /// ```swift
  /// languages = try container.decode([LanguageCode].self, forKey: .languages)
  /// ```
  @inlinable
  public func decode<Element: ExtensibleEnum>(
    _ type: [Element].Type,
    forKey key: Key
  ) throws -> [Element] {
    guard Element.RawValue.self == String.self || Element.RawValue.self == Int.self,
      let elements = try decodeArray(forKey: key, elements: Element.decodeWithoutReport)
    else {
      return try decodeThroughInit(type, forKey: key)
    }
    return elements
  }

  /// Decodes an optional array of ``ExtensibleEnum`` values: `nil` for a missing key or
  /// `null`.
  ///
  /// ```swift
  /// languages = try container.decodeIfPresent([LanguageCode].self, forKey: .languages)
  /// ```
  @inlinable
  public func decodeIfPresent<Element: ExtensibleEnum>(
    _ type: [Element].Type,
    forKey key: Key
  ) throws -> [Element]? {
    guard Element.RawValue.self == String.self || Element.RawValue.self == Int.self,
      contains(key), try !decodeNil(forKey: key),
      let elements = try decodeArray(forKey: key, elements: Element.decodeWithoutReport)
    else {
      return try decodeIfPresentThroughInit(type, forKey: key)
    }
    return elements
  }
}

extension ExtensibleEnum {
  /// The next element of `container` when decoding it reports nothing; `nil` when it is to
  /// be reported.
  @inlinable
  static func decodeWithoutReport(from container: inout any UnkeyedDecodingContainer) throws
    -> Self?
  {
    let value = Self(rawValue: try container.decodeRawValue(RawValue.self))
    return value.decodesWithoutReport ? value : nil
  }
}

extension ExtensibleEnum where RawValue == String {
  /// Creates a value from a string literal: `static let usd: Currency = "USD"`.
  ///
  /// ```swift
  /// static let usd: Currency = "USD"
  /// ```
  public init(stringLiteral value: String) {
    self.init(rawValue: value)
  }
}

extension ExtensibleEnum where RawValue == Int {
  /// Creates a value from an integer literal: `static let notFound: StatusCode = 404`.
  ///
  /// ```swift
  /// static let notFound: StatusCode = 404
  /// ```
  public init(integerLiteral value: Int) {
    self.init(rawValue: value)
  }
}

/// A coding key for any key text, with an integer value when the key is a number.
struct AnyCodingKey: CodingKey {
  var stringValue: String
  var intValue: Int?

  init(stringValue: String, intValue: Int?) {
    self.stringValue = stringValue
    self.intValue = intValue
  }

  init(stringValue: String) {
    self.init(stringValue: stringValue, intValue: nil)
  }

  init(intValue: Int) {
    self.init(stringValue: String(intValue), intValue: intValue)
  }
}
