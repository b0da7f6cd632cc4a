/// An optional enum property that decodes an unknown raw value, `null` and a missing key as
/// `nil`, and writes back exactly what it read.
///
/// ```swift
/// enum Heating: String, Codable { case gas, electric }
///
/// struct Listing: Codable {
///   @DecodeUnknownAsNil var heating: Heating?
/// }
///
/// // {"heating": "geothermal"} decodes with heating == nil ...
/// // ... and encodes back to {"heating": "geothermal"}.
/// ```
///
/// The wrapper keeps what the payload held, so a decode–encode round trip loses nothing:
/// a missing key stays missing, `null` stays `null`, and an unknown raw value is written back
/// unchanged (see ``unknownRawValue``). Assigning ``wrappedValue`` replaces what was kept;
/// assigning `nil` writes no value for the key.
///
/// A value of the wrong JSON type (`42` where the raw value is a `String`) still throws a
/// `DecodingError`: that is a broken payload, not a new case.
///
/// It also works outside keyed containers, as an array element or a top-level value
/// (`[DecodeUnknownAsNil<Heating>]`), and through any `Decoder` (JSON, property lists …).
/// There, a `nil` assigned in code is written as `null`, since an element cannot be absent.
///
/// Unknown values are reported to the decoder's ``UnknownValueHandler``; missing keys and
/// `null` are not. A value is unknown when `Enum(rawValue:)` returns `nil`, so the wrapper is
/// for real enums: an ``ExtensibleEnum`` accepts every raw value and is never `nil` here.
///
/// ## Limits
///
/// A missing key reaches the wrapper only through the `KeyedDecodingContainer` overload for
/// ``ResilientPropertyWrapper``s, which Swift picks where the property's type is known when the
/// model is compiled. In a property whose type is a generic parameter
/// (`struct Envelope<T: Codable> { var value: T }` with `T == DecodeUnknownAsNil<Heating>`),
/// Swift calls the generic `decode(_:forKey:)` instead,
/// and Foundation throws `keyNotFound` before the wrapper is asked; likewise, encoding such a
/// property writes `null` for a missing value rather than leaving the key out. Present values,
/// `null` and unknown raw values decode, report and encode the same at every position.
///
/// ```swift
/// struct Envelope<T: Codable>: Codable { var value: T }
/// try JSONDecoder().decode(Envelope<DecodeUnknownAsNil<Heating>>.self, from: Data("{}".utf8))
/// // throws DecodingError.keyNotFound at $.value
/// ```
@propertyWrapper
public struct DecodeUnknownAsNil<Enum: RawRepresentable> {
  /// What the payload held for this property.
  @usableFromInline
  enum Storage {
    /// No key in the payload, or `nil` assigned in code.
    case absent
    /// An explicit `null`.
    case null
    /// A raw value the enum knows.
    case known(Enum)
    /// A raw value the enum does not know, kept to be written back.
    case unknown(Enum.RawValue)
  }

  @usableFromInline
  var storage: Storage

  @inlinable
  init(storage: Storage) {
    self.storage = storage
  }

  /// Creates the wrapper around a value; `nil` is written as no value.
  ///
  /// ```swift
  /// @DecodeUnknownAsNil var heating: Heating? = .gas
  /// ```
  @inlinable
  public init(wrappedValue: Enum?) {
    storage = wrappedValue.map(Storage.known) ?? .absent
  }

  /// The decoded case, or `nil` for an unknown raw value, `null` or a missing key.
  ///
  /// Setting it replaces whatever the payload held.
  ///
  /// ```swift
  /// listing.heating = .gas  // replaces what was decoded, unknown raw value included
  /// ```
  @inlinable
  public var wrappedValue: Enum? {
    get {
      if case .known(let value) = storage { return value }
      return nil
    }
    set {
      storage = newValue.map(Storage.known) ?? .absent
    }
  }

  /// The wrapper itself, so `$heating.unknownRawValue` reads what was kept.
  ///
  /// ```swift
  /// listing.$heating.unknownRawValue  // "geothermal"
  /// ```
  public var projectedValue: DecodeUnknownAsNil<Enum> {
    get { self }
    set { self = newValue }
  }

  /// The raw value the payload held when the enum did not know it; `nil` otherwise.
  ///
  /// ```swift
  /// if listing.heating == nil, let raw = listing.$heating.unknownRawValue {
  ///   print("server sent a heating type this build does not know: \(raw)")
  /// }
  /// ```
  public var unknownRawValue: Enum.RawValue? {
    if case .unknown(let rawValue) = storage { return rawValue }
    return nil
  }
}

// MARK: - Conditional Conformances

extension DecodeUnknownAsNil: Sendable where Enum: Sendable, Enum.RawValue: Sendable {}
extension DecodeUnknownAsNil.Storage: Sendable where Enum: Sendable, Enum.RawValue: Sendable {}

/// Two wrappers are equal when they hold the same case, or the same unknown raw value.
///
/// A missing key and `null` both mean "no value" and compare equal, although each is
/// written back as it was read.
extension DecodeUnknownAsNil: Equatable where Enum: Equatable, Enum.RawValue: Equatable {
  /// Whether both hold the same case, or the same unknown raw value.
  ///
  /// ```swift
  /// DecodeUnknownAsNil<Heating>(wrappedValue: .gas) == decoded.$heating
  /// ```
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.wrappedValue == rhs.wrappedValue && lhs.unknownRawValue == rhs.unknownRawValue
  }
}

extension DecodeUnknownAsNil: Hashable where Enum: Hashable, Enum.RawValue: Hashable {
  /// Hashes what equality compares: the case and the unknown raw value.
  ///
  /// ```swift
  /// let seen: Set<DecodeUnknownAsNil<Heating>> = [listing.$heating]
  /// ```
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
    hasher.combine(unknownRawValue)
  }
}

extension DecodeUnknownAsNil: Decodable where Enum.RawValue: Decodable {
  /// Decodes `null` or a raw value; an unknown raw value is kept and reported.
  ///
  /// ```swift
  /// let fuels = try JSONDecoder().decode(
  ///   [DecodeUnknownAsNil<Heating>].self, from: Data(#"["gas", null, "geothermal"]"#.utf8))
  /// // wrapped values: [.gas, nil, nil]
  /// ```
  @inlinable
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self.init(storage: .null)
      return
    }
    let rawValue = try decodeRawValue(Enum.RawValue.self, from: container)
    if let value = Enum(rawValue: rawValue) {
      self.init(storage: .known(value))
      return
    }
    let renamed = try renamedOrReported(
      Enum.self, rawValue: rawValue, from: decoder, by: .decodeUnknownAsNil)
    self.init(storage: renamed.map(Storage.known) ?? .unknown(rawValue))
  }
}

extension DecodeUnknownAsNil: Encodable where Enum.RawValue: Encodable {
  /// Writes what was read: the case's raw value, the kept unknown raw value, or `null`.
  ///
  /// Outside a keyed container a missing value cannot be expressed, so it is written as
  /// `null`. As a property, the `KeyedEncodingContainer` overload omits the key instead.
  ///
  /// ```swift
  /// let data = try JSONEncoder().encode([DecodeUnknownAsNil<Heating>(wrappedValue: .gas)])  // ["gas"]
  /// ```
  @inlinable
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch storage {
    case .absent, .null: try container.encodeNil()
    case .known(let value): try container.encode(value.rawValue)
    case .unknown(let rawValue): try container.encode(rawValue)
    }
  }
}

extension DecodeUnknownAsNil: ResilientPropertyWrapper, MissingKeyRule {
  /// A missing key (`nil`, remembered as missing), and, for a `String` raw value, `null` and a
  /// raw value a case matches, read straight from the container; an unknown value, which is
  /// reported, through `init(from:)`.
  @inlinable
  static func decodeWithoutDecoder<Key: CodingKey>(
    _ key: Key, in container: KeyedDecodingContainer<Key>
  ) throws -> KeyRead<Self> {
    guard Enum.RawValue.self == String.self else {
      return container.contains(key) ? .present : .read(Self(storage: .absent))
    }
    let rawValue: String?
    do {
      rawValue = try container.decodeIfPresent(String.self, forKey: key)
    } catch {
      return .present
    }
    guard let rawValue else {
      return .read(Self(storage: container.contains(key) ? .null : .absent))
    }
    return Enum(rawValue: rawValue as! Enum.RawValue).map { .read(Self(storage: .known($0))) }
      ?? .present
  }

  /// Whether the key is written: not when it was missing, or `nil` was assigned since.
  @usableFromInline
  var writesKey: Bool {
    if case .absent = storage { return false }
    return true
  }
}
