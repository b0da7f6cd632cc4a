/// Names the value a ``DecodeMissingAsDefault`` property reads when its key is missing or
/// `null`.
///
/// ```swift
/// enum NoHeader: DefaultValue {
///   static var defaultValue: URL? { nil }
/// }
///
/// enum Guest: DefaultValue {
///   static var defaultValue: String { "guest" }
/// }
/// ```
///
/// The package has four ready-made: ``FalseByDefault``, ``TrueByDefault``, ``ZeroByDefault``
/// and ``EmptyByDefault``.
public protocol DefaultValue {
  /// The type of the property.
  associatedtype Value: Decodable
  /// What a missing key or `null` reads as.
  static var defaultValue: Value { get }
}

/// A property that reads a missing key or `null` as a default, says so, and writes back what
/// it read.
///
/// ```swift
/// struct Account: Codable {
///   var id: Int
///   @DecodeMissingAsDefault<EmptyByDefault<[String]>> var roles: [String]
///   @DecodeMissingAsDefault<FalseByDefault> var isLocked: Bool
/// }
///
/// // {"id": 7} decodes with roles == [] and isLocked == false ...
/// // ... reports both defaults, and encodes back to {"id": 7}.
/// ```
///
/// Unlike the defaults of other libraries, it is not silent and it loses nothing:
/// - A value of the wrong type (`"yes"` for a `Bool`) still throws `typeMismatch`: a server
///   bug is not a default.
/// - Each default used is reported to the decoder's ``UnknownValueHandler`` as
///   ``UnknownValue/Kind-swift.enum/defaultUsed(_:)``, with the reason (missing or `null`).
///   Under ``UnknownValueHandler/strict`` the decode throws what a plain property would
///   there, exactly (`keyNotFound`, or the decoder's own error for `null`), so CI sees what a
///   plain model would break on.
/// - Encoding writes back what was read: no key for a missing key, `null` for `null`, and the
///   value otherwise. A value the app sets is written.
///
/// ## Limits
///
/// A missing key reaches the wrapper only through the `KeyedDecodingContainer` overload for
/// ``ResilientPropertyWrapper``s, which Swift picks where the property's type is known when the
/// model is compiled, generic models included
/// (`struct Slot<D: DefaultValue> { @DecodeMissingAsDefault<D> var value: D.Value }`). Where
/// the wrapper type itself is passed as a plain generic parameter
/// (`struct Envelope<T: Codable> { var value: T }`), Swift calls the generic
/// `decode(_:forKey:)` and Foundation throws `keyNotFound` before the wrapper is asked, as for
/// ``DecodeUnknownAsNil``; `null` still reads as the default there. Declared optional
/// (`var x: DecodeMissingAsDefault<D>?`), the property is Swift's optional, not the wrapper:
/// a missing key or `null` reads as `nil`, unreported, and `null` is written back as no key.
/// A missing key is reported through the decoder the container's `superDecoder(forKey:)`
/// gives, as `JSONDecoder` and `PropertyListDecoder` do; with a decoder that throws there the
/// default is read unreported, and `.strict` does not fail on it.
///
/// Under `.strict`, a default of an optional `Value` (`URL?`) never fails the decode: a plain
/// optional property reads a missing key or `null` as `nil`.
@propertyWrapper
public struct DecodeMissingAsDefault<Default: DefaultValue> {
  /// The value: as decoded, the default, or as the app set it.
  ///
  /// ```swift
  /// account.roles.append("admin")  // written on encoding, as a plain property is
  /// ```
  public var wrappedValue: Default.Value {
    didSet { defaultUsed = nil }
  }

  /// Why the value is the default (the key was missing, or `null`); `nil` when it was read
  /// from the payload or set by the app. Encoding writes back what it says.
  ///
  /// ```swift
  /// account.$roles.defaultUsed  // .missingKey
  /// ```
  public private(set) var defaultUsed: UnknownValue.DefaultReason?

  /// A property holding `wrappedValue`, written on encoding.
  ///
  /// ```swift
  /// @DecodeMissingAsDefault<FalseByDefault> var isLocked = true
  /// ```
  public init(wrappedValue: Default.Value) {
    self.wrappedValue = wrappedValue
  }

  /// A property holding the default, written on encoding (it was not read from a payload).
  ///
  /// ```swift
  /// @DecodeMissingAsDefault<EmptyByDefault<[String]>> var roles
  /// ```
  public init() {
    self.init(wrappedValue: Default.defaultValue)
  }

  /// The default, read for `reason`.
  @usableFromInline
  init(defaultFor reason: UnknownValue.DefaultReason) {
    wrappedValue = Default.defaultValue
    defaultUsed = reason
  }

  /// The wrapper itself, so `$roles.defaultUsed` says whether the default was read.
  ///
  /// ```swift
  /// if account.$roles.defaultUsed == .missingKey { … }
  /// ```
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }
}

// MARK: - Conditional Conformances

extension DecodeMissingAsDefault: Sendable where Default.Value: Sendable {}

/// Two wrappers are equal when their values are, however each was read.
extension DecodeMissingAsDefault: Equatable where Default.Value: Equatable {
  /// Whether both hold equal values.
  ///
  /// ```swift
  /// DecodeMissingAsDefault<FalseByDefault>() == decoded.$isLocked
  /// ```
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.wrappedValue == rhs.wrappedValue
  }
}

extension DecodeMissingAsDefault: Hashable where Default.Value: Hashable {
  /// Hashes what equality compares: the value.
  ///
  /// ```swift
  /// let seen: Set<DecodeMissingAsDefault<FalseByDefault>> = [account.$isLocked]
  /// ```
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
  }
}

extension DecodeMissingAsDefault: Decodable {
  /// Decodes the value, or the default for `null` (reported); a value of the wrong type
  /// throws.
  ///
  /// ```swift
  /// let flags = try JSONDecoder().decode(
  ///   [DecodeMissingAsDefault<FalseByDefault>].self, from: Data("[true, null]".utf8))
  /// // wrapped values: [true, false]
  /// ```
  @inlinable
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    guard container.decodeNil() else {
      self.init(wrappedValue: try decodeRawValue(Default.Value.self, from: container))
      return
    }
    try reportDefault(Default.Value.self, .null, at: decoder.codingPath, to: decoder.userInfo) {
      _ = try container.decode(Default.Value.self)
    }
    self.init(defaultFor: .null)
  }
}

extension DecodeMissingAsDefault: Encodable where Default.Value: Encodable {
  /// Writes the value, or `null` when `null` was read as the default. As a property, the
  /// `KeyedEncodingContainer` overload writes no key when the key was missing.
  ///
  /// ```swift
  /// let data = try JSONEncoder().encode(account)  // {"id":7}, as read
  /// ```
  @inlinable
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if defaultUsed == .null {
      try container.encodeNil()
    } else {
      try container.encode(wrappedValue)
    }
  }
}

extension DecodeMissingAsDefault: ResilientPropertyWrapper, MissingKeyRule {
  /// The whole property read straight from the container: a present value as a plain
  /// property reads it, and a missing key or `null` as the default, reported.
  @inlinable
  static func decodeWithoutDecoder<Key: CodingKey>(
    _ key: Key, in container: KeyedDecodingContainer<Key>
  ) throws -> KeyRead<Self> {
    if let value = try decodeIfPresentAsPlain(Default.Value.self, forKey: key, in: container) {
      return .read(Self(wrappedValue: value))
    }
    let reason: UnknownValue.DefaultReason = container.contains(key) ? .null : .missingKey
    // The decoder for the key, missing or not, carries the handler and the key's path.
    if let decoder = try? container.superDecoder(forKey: key) {
      try reportDefault(Default.Value.self, reason, at: decoder.codingPath, to: decoder.userInfo) {
        _ = try container.decode(Default.Value.self, forKey: key)
      }
    }
    return .read(Self(defaultFor: reason))
  }

  /// Whether the key is written: not when it was missing and the app has not set a value.
  @usableFromInline
  var writesKey: Bool { defaultUsed != .missingKey }
}

/// Whether `error` is ``UnknownValueHandler/strict``'s refusal of a default, which carries the
/// report it refused.
@usableFromInline
func isStrictRefusal(_ error: DecodingError) -> Bool {
  let context: DecodingError.Context
  switch error {
  case .keyNotFound(_, let found), .valueNotFound(_, let found): context = found
  default: return false
  }
  guard let refused = context.underlyingError as? UnknownValueError,
    case .defaultUsed = refused.unknownValue.kind
  else { return false }
  return true
}

/// Reports a default of `Value` read for `reason` at `codingPath`, through the one report
/// function. When ``UnknownValueHandler/strict`` refuses it, the decode goes as a plain
/// property's would, exactly: for an optional `Value` (which a plain property reads as `nil`)
/// it goes on; otherwise `plainDecode` reads the value as a plain property would, and its error
/// is thrown (Foundation's own case and message, `typeMismatch` for `null` where a `Bool` was
/// expected). Any other error a handler throws is thrown as it is.
@usableFromInline
func reportDefault<Value>(
  _: Value.Type, _ reason: UnknownValue.DefaultReason, at codingPath: [any CodingKey],
  to userInfo: [CodingUserInfoKey: Any], plainDecode: () throws -> Void
) throws {
  do {
    try report(
      .defaulted(reason), of: Value.self, at: codingPath, by: .decodeMissingAsDefault,
      to: userInfo)
  } catch let refusal as DecodingError where isStrictRefusal(refusal) {
    if noneIfOptional(Value.self) != nil { return }
    try plainDecode()
    // A value that reads `null` itself (`JSONValue`): a plain property would not fail either.
  }
}
