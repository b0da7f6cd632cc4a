// The keyed-container overloads of the collection wrappers. Synthesized `Codable` calls them
// for every wrapped property, so they are where a property's own speed is won:
//
// - Arrays and sets of raw-value enums are read straight from a nested container, in code
//   compiled for the element type (`@inlinable`), when every element is known. Anything else
//   (an unknown element, a missing key, `null`, another JSON type) decodes the property again
//   through the wrapper's own `init(from:)`, which skips, reports and throws exactly as it
//   does at every other position. Keyed containers are random access, so reading the key
//   twice is exact; it costs only for the arrays that hold an unknown value.
// - Optional collections write back what they read: no key for a missing key, `null` for
//   `null`.

// MARK: - SkipUnknownElements

extension KeyedDecodingContainer {
  /// Decodes a ``SkipUnknownElements`` array of raw-value enums.
  ///
  /// Synthesized `init(from:)` calls it for `@SkipUnknownElements var amenities: [Amenity]`:
  ///
  /// ```swift
  /// _amenities = try container.decode(SkipUnknownElements<[Amenity]>.self, forKey: .amenities)
  /// ```
  @inlinable
  public func decode<Element: RawRepresentable & Decodable>(
    _ type: SkipUnknownElements<[Element]>.Type,
    forKey key: Key
  ) throws -> SkipUnknownElements<[Element]> where Element.RawValue: Decodable {
    if let elements = knownRawElements(Element.self, forKey: key) {
      return SkipUnknownElements(wrappedValue: elements)
    }
    return try decodeSkippingRawElements(type, forKey: key)
  }

  /// Decodes a ``SkipUnknownElements`` set of raw-value enums.
  ///
  /// ```swift
  /// _badges = try container.decode(SkipUnknownElements<Set<Badge>>.self, forKey: .badges)
  /// ```
  @inlinable
  public func decode<Element: RawRepresentable & Decodable>(
    _ type: SkipUnknownElements<Set<Element>>.Type,
    forKey key: Key
  ) throws -> SkipUnknownElements<Set<Element>> where Element.RawValue: Decodable {
    if let elements = knownRawElements(Element.self, forKey: key) {
      return SkipUnknownElements(wrappedValue: Set(elements))
    }
    return try decodeSkippingRawElements(type, forKey: key)
  }

  /// Decodes an optional ``SkipUnknownElements`` array of raw-value enums: a missing key is
  /// `nil`, and remembered as missing, instead of the `keyNotFound` synthesized `Codable`
  /// would throw.
  ///
  /// ```swift
  /// _labels = try container.decode(SkipUnknownElements<[Label]?>.self, forKey: .labels)
  /// ```
  @inlinable
  public func decode<Element: RawRepresentable & Decodable>(
    _ type: SkipUnknownElements<[Element]?>.Type,
    forKey key: Key
  ) throws -> SkipUnknownElements<[Element]?> where Element.RawValue: Decodable {
    guard contains(key) else { return SkipUnknownElements(wrappedValue: nil) }
    if let elements = knownRawElements(Element.self, forKey: key) {
      return SkipUnknownElements(wrappedValue: elements)
    }
    return try decodeSkippingRawElements(type, forKey: key)
  }

  /// Decodes an optional ``SkipUnknownElements`` set of raw-value enums: a missing key is
  /// `nil`, and remembered as missing.
  ///
  /// ```swift
  /// _badges = try container.decode(SkipUnknownElements<Set<Badge>?>.self, forKey: .badges)
  /// ```
  @inlinable
  public func decode<Element: RawRepresentable & Decodable>(
    _ type: SkipUnknownElements<Set<Element>?>.Type,
    forKey key: Key
  ) throws -> SkipUnknownElements<Set<Element>?> where Element.RawValue: Decodable {
    guard contains(key) else { return SkipUnknownElements(wrappedValue: nil) }
    if let elements = knownRawElements(Element.self, forKey: key) {
      return SkipUnknownElements(wrappedValue: Set(elements))
    }
    return try decodeSkippingRawElements(type, forKey: key)
  }

  /// Decodes any other optional ``SkipUnknownElements`` collection (of tagged unions, say):
  /// a missing key is `nil`, and remembered as missing.
  ///
  /// ```swift
  /// _items = try container.decode(SkipUnknownElements<[FeedItem]?>.self, forKey: .items)
  /// ```
  public func decode<Wrapped>(
    _ type: SkipUnknownElements<Wrapped?>.Type,
    forKey key: Key
  ) throws -> SkipUnknownElements<Wrapped?> where Wrapped.Element: Decodable {
    guard contains(key) else { return SkipUnknownElements(wrappedValue: nil) }
    return try decodeThroughInit(type, forKey: key)
  }

  /// Decodes an array holding an unknown element: reads it again keeping every raw value,
  /// reports the unknown ones, and keeps them to write back; through the wrapper's
  /// `init(from:)` when an element is not a raw value, so errors are the ones it throws.
  @inlinable
  func decodeSkippingRawElements<Elements>(
    _ type: SkipUnknownElements<Elements>.Type,
    forKey key: Key
  ) throws -> SkipUnknownElements<Elements>
  where Elements.Element: RawRepresentable & Decodable, Elements.Element.RawValue: Decodable {
    guard var container = try? nestedUnkeyedContainer(forKey: key) else {
      return try decodeThroughInit(type, forKey: key)
    }
    var elements: [Elements.Element] = []
    var rawValues: [Elements.Element.RawValue] = []
    var reports: [PendingReport] = []
    while !container.isAtEnd {
      guard
        let rawValue = try? decodeRawValue(Elements.Element.RawValue.self, from: &container)
      else {
        return try decodeThroughInit(type, forKey: key)
      }
      if let element = Elements.Element(rawValue: rawValue) {
        elements.append(element)
      } else {
        reports.append(.atIndex(rawValues.count, rawValue: describeRawValue(rawValue)))
      }
      rawValues.append(rawValue)
    }
    try report(reports, of: Elements.Element.self, forKey: key)
    return SkipUnknownElements(
      decoded: Elements(decodedElements: elements), rawValues: rawValues,
      unknownAt: reports.map(\.index))
  }

  /// The elements of the array under `key` when each is a raw value `Element` knows; `nil`
  /// when it cannot be read so (an unknown value, `null`, a missing key, another type), for
  /// the caller to decode it through the wrapper's `init(from:)`.
  @inlinable
  func knownRawElements<Element: RawRepresentable>(
    _: Element.Type,
    forKey key: Key
  ) -> [Element]? where Element.RawValue: Decodable {
    guard var container = try? nestedUnkeyedContainer(forKey: key) else { return nil }
    var elements: [Element] = []
    if let count = container.count {
      elements.reserveCapacity(count)
    }
    while !container.isAtEnd {
      guard let rawValue = try? decodeRawValue(Element.RawValue.self, from: &container),
        let element = Element(rawValue: rawValue)
      else { return nil }
      elements.append(element)
    }
    return elements
  }
}

// MARK: - SkipUnknownKeys

extension KeyedDecodingContainer {
  /// Decodes a ``SkipUnknownKeys`` dictionary.
  ///
  /// Synthesized `init(from:)` calls it for `@SkipUnknownKeys var fees: [FeeKind: Int]`:
  ///
  /// ```swift
  /// _fees = try container.decode(SkipUnknownKeys<[FeeKind: Int]>.self, forKey: .fees)
  /// ```
  ///
  /// The object is read as a `[String: Value]`, whose keys every decoder leaves as they are
  /// (no key strategy applies), and split in code compiled for the key type. Unknown keys are
  /// reported, in key order, from the decoder Foundation's generic path gives the property,
  /// as the wrapper's own `init(from:)` reports them; an object that does not read so
  /// decodes through that `init(from:)`, which throws as at every other position.
  @inlinable
  public func decode<EntryKey, Value: Decodable>(
    _ type: SkipUnknownKeys<[EntryKey: Value]>.Type,
    forKey key: Key
  ) throws -> SkipUnknownKeys<[EntryKey: Value]> {
    guard let entries = try? decode([String: Value].self, forKey: key) else {
      return try decodeThroughInit(type, forKey: key)
    }
    let (known, unknown) = SkipUnknownKeys<[EntryKey: Value]>.split(entries)
    if !unknown.isEmpty {
      try report(unknown.map { .atKey($0.key) }, of: EntryKey.self, forKey: key)
    }
    return SkipUnknownKeys(known: known, unknownEntries: unknown)
  }

  /// Decodes an optional ``SkipUnknownKeys`` dictionary: a missing key is `nil`, and
  /// remembered as missing, instead of the `keyNotFound` synthesized `Codable` would throw.
  ///
  /// ```swift
  /// _totals = try container.decode(SkipUnknownKeys<[Currency: Double]?>.self, forKey: .totals)
  /// ```
  public func decode<Wrapped>(
    _ type: SkipUnknownKeys<Wrapped?>.Type,
    forKey key: Key
  ) throws -> SkipUnknownKeys<Wrapped?> where Wrapped.Value: Decodable {
    guard contains(key) else { return SkipUnknownKeys(wrappedValue: nil) }
    return try decodeThroughInit(type, forKey: key)
  }
}

/// One unknown value a keyed overload found, to be reported below the property: at a key of
/// the object (`$.fees.city_tax`) or at an index of the array (`$.badges[2]`).
@usableFromInline
struct PendingReport: Sendable {
  let rawValue: String
  let text: String?
  @usableFromInline let index: Int

  @usableFromInline
  static func atKey(_ text: String) -> PendingReport {
    PendingReport(rawValue: text, text: text, index: 0)
  }

  @usableFromInline
  static func atIndex(_ index: Int, rawValue: String) -> PendingReport {
    PendingReport(rawValue: rawValue, text: nil, index: index)
  }

  var key: any CodingKey {
    text.map { TextCodingKey($0) } ?? AnyCodingKey(intValue: index)
  }
}

extension KeyedDecodingContainer {
  /// Reports `reports` through Foundation's generic path for `key`: the decoder it makes for
  /// the property reports them, so reports carry that decoder's `userInfo` and coding path,
  /// exactly as the wrapper's own `init(from:)` reports them.
  @usableFromInline
  func report<Reported>(
    _ reports: [PendingReport], of type: Reported.Type, forKey key: Key
  ) throws {
    try PendingReports.$current.withValue(reports) {
      _ = try decodeThroughInit(PendingReporter<Reported>.self, forKey: key)
    }
  }
}

/// Reports the values ``KeyedDecodingContainer/report(_:of:forKey:)`` hands it from the
/// decoder it is decoded with, reading nothing.
struct PendingReporter<Reported>: Decodable {
  init(from decoder: any Decoder) throws {
    for report in PendingReports.current {
      try decoder.reportUnknownValue(
        of: Reported.self, rawValue: report.rawValue, knownValues: .of(Reported.self),
        atKey: report.key)
    }
  }
}

/// The values the reporter is to report, for the length of one report.
enum PendingReports {
  @TaskLocal static var current: [PendingReport] = []
}

// MARK: - Encoding

/// A wrapper of an optional collection, which writes no key when it read none.
protocol OptionalCollectionWrapper: Encodable {
  /// Whether the property is written: it holds a collection, or it read `null`.
  var writesKey: Bool { get }
}

extension SkipUnknownElements: OptionalCollectionWrapper
where Elements: Equatable & ExpressibleByNilLiteral, Elements.Element: Encodable {
  var writesKey: Bool { wrappedValue != nil || readNull }
}

extension SkipUnknownKeys: OptionalCollectionWrapper
where Entries: ExpressibleByNilLiteral, Value: Encodable {
  var writesKey: Bool { wrappedValue.knownEntries != nil || readNull }
}

extension KeyedEncodingContainer {
  /// Encodes an optional ``SkipUnknownElements`` collection as it was read: no key when it
  /// was missing (or set to `nil`), `null` when it was `null`.
  ///
  /// ```swift
  /// try container.encode(_tags, forKey: .tags)
  /// ```
  public mutating func encode<Wrapped>(
    _ value: SkipUnknownElements<Wrapped?>,
    forKey key: Key
  ) throws where Wrapped: Equatable, Wrapped.Element: Encodable {
    try encodeIfRead(value, forKey: key)
  }

  /// Encodes an optional ``SkipUnknownKeys`` dictionary as it was read: no key when it was
  /// missing (or set to `nil`), `null` when it was `null`.
  ///
  /// ```swift
  /// try container.encode(_totals, forKey: .totals)
  /// ```
  public mutating func encode<Wrapped>(
    _ value: SkipUnknownKeys<Wrapped?>,
    forKey key: Key
  ) throws where Wrapped.Value: Encodable {
    try encodeIfRead(value, forKey: key)
  }

  private mutating func encodeIfRead(_ value: some OptionalCollectionWrapper, forKey key: Key)
    throws
  {
    guard value.writesKey else { return }
    try encodeThroughEncodable(value, forKey: key)
  }

  /// Encodes a value with the container's generic `encode(_:forKey:)`, bypassing the
  /// toolkit's overloads for its types.
  mutating func encodeThroughEncodable<T: Encodable>(_ value: T, forKey key: Key) throws {
    try encode(value, forKey: key)
  }
}

// MARK: - Raw Values

/// The next element's raw value, read with the container's concrete `decode` for the common
/// raw types, as a plain array of them is read.
@inlinable
func decodeRawValue<RawValue: Decodable>(
  _: RawValue.Type,
  from container: inout any UnkeyedDecodingContainer
) throws -> RawValue {
  if RawValue.self == String.self {
    return try container.decode(String.self) as! RawValue
  }
  if RawValue.self == Int.self {
    return try container.decode(Int.self) as! RawValue
  }
  return try container.decode(RawValue.self)
}
