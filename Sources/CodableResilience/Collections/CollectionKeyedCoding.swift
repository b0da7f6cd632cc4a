// The keyed-container overloads of the collection wrappers. Synthesized `Codable` calls them
// for every wrapped property, so they are where a property's own speed is won:
//
// - Arrays and sets of plain raw-value enums are read straight from a nested container, in
//   code compiled for the element type (`@inlinable`), when every element is a raw value a case
//   matches. Any other array reads its elements through their own `init(from:)` from a container
//   of the same key (keyed containers are random access, so reading the key again is exact), and
//   skips, reports and throws exactly as the wrapper's own `init(from:)` does at every other
//   position. A missing key, `null` or another JSON type goes to that `init(from:)` itself.
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
    return try decodeSkippingUnknownElements(type, forKey: key) { $0 }
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
    return try decodeSkippingUnknownElements(type, forKey: key) { Set($0) }
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
    return try decodeSkippingUnknownElements(type, forKey: key) { $0 }
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
    return try decodeSkippingUnknownElements(type, forKey: key) { Set($0) }
  }

  /// Decodes a ``SkipUnknownElements`` array of ``ExtensibleEnum`` values: each through its
  /// own `init(from:)`, which reports (and so leaves out) a value outside a non-empty
  /// ``ExtensibleEnum/knownValues``.
  ///
  /// ```swift
  /// _currencies = try container.decode(SkipUnknownElements<[Currency]>.self, forKey: .currencies)
  /// ```
  @inlinable
  public func decode<Element: ExtensibleEnum>(
    _ type: SkipUnknownElements<[Element]>.Type,
    forKey key: Key
  ) throws -> SkipUnknownElements<[Element]> {
    try decodeSkippingUnknownElements(type, forKey: key) { $0 }
  }

  /// Decodes a ``SkipUnknownElements`` set of ``ExtensibleEnum`` values.
  ///
  /// ```swift
  /// _accepted = try container.decode(SkipUnknownElements<Set<Currency>>.self, forKey: .accepted)
  /// ```
  @inlinable
  public func decode<Element: ExtensibleEnum>(
    _ type: SkipUnknownElements<Set<Element>>.Type,
    forKey key: Key
  ) throws -> SkipUnknownElements<Set<Element>> {
    try decodeSkippingUnknownElements(type, forKey: key) { Set($0) }
  }

  /// Decodes a ``SkipUnknownElements`` array of ``OpenEnum`` values: each through its own
  /// `init(from:)`, which reports (and so leaves out) a raw value `Known` does not know.
  ///
  /// ```swift
  /// _audiences = try container.decode(
  ///   SkipUnknownElements<[OpenEnum<Visibility>]>.self, forKey: .audiences)
  /// ```
  @inlinable
  public func decode<Known>(
    _ type: SkipUnknownElements<[OpenEnum<Known>]>.Type,
    forKey key: Key
  ) throws -> SkipUnknownElements<[OpenEnum<Known>]> where Known.RawValue: Decodable {
    try decodeSkippingUnknownElements(type, forKey: key) { $0 }
  }

  /// Decodes a ``SkipUnknownElements`` set of ``OpenEnum`` values.
  ///
  /// ```swift
  /// _audiences = try container.decode(
  ///   SkipUnknownElements<Set<OpenEnum<Visibility>>>.self, forKey: .audiences)
  /// ```
  @inlinable
  public func decode<Known>(
    _ type: SkipUnknownElements<Set<OpenEnum<Known>>>.Type,
    forKey key: Key
  ) throws -> SkipUnknownElements<Set<OpenEnum<Known>>>
  where Known.RawValue: Decodable, Known: Hashable, Known.RawValue: Hashable {
    try decodeSkippingUnknownElements(type, forKey: key) { Set($0) }
  }

  /// Decodes an optional ``SkipUnknownElements`` array of ``ExtensibleEnum`` values: a missing
  /// key is `nil`, and remembered as missing.
  ///
  /// ```swift
  /// _currencies = try container.decode(SkipUnknownElements<[Currency]?>.self, forKey: .currencies)
  /// ```
  @inlinable
  public func decode<Element: ExtensibleEnum>(
    _ type: SkipUnknownElements<[Element]?>.Type,
    forKey key: Key
  ) throws -> SkipUnknownElements<[Element]?> {
    guard contains(key) else { return SkipUnknownElements(wrappedValue: nil) }
    return try decodeSkippingUnknownElements(type, forKey: key) { $0 }
  }

  /// Decodes an optional ``SkipUnknownElements`` set of ``ExtensibleEnum`` values.
  ///
  /// ```swift
  /// _accepted = try container.decode(SkipUnknownElements<Set<Currency>?>.self, forKey: .accepted)
  /// ```
  @inlinable
  public func decode<Element: ExtensibleEnum>(
    _ type: SkipUnknownElements<Set<Element>?>.Type,
    forKey key: Key
  ) throws -> SkipUnknownElements<Set<Element>?> {
    guard contains(key) else { return SkipUnknownElements(wrappedValue: nil) }
    return try decodeSkippingUnknownElements(type, forKey: key) { Set($0) }
  }

  /// Decodes an optional ``SkipUnknownElements`` array of ``OpenEnum`` values.
  ///
  /// ```swift
  /// _audiences = try container.decode(
  ///   SkipUnknownElements<[OpenEnum<Visibility>]?>.self, forKey: .audiences)
  /// ```
  @inlinable
  public func decode<Known>(
    _ type: SkipUnknownElements<[OpenEnum<Known>]?>.Type,
    forKey key: Key
  ) throws -> SkipUnknownElements<[OpenEnum<Known>]?> where Known.RawValue: Decodable {
    guard contains(key) else { return SkipUnknownElements(wrappedValue: nil) }
    return try decodeSkippingUnknownElements(type, forKey: key) { $0 }
  }

  /// Decodes an optional ``SkipUnknownElements`` set of ``OpenEnum`` values.
  ///
  /// ```swift
  /// _audiences = try container.decode(
  ///   SkipUnknownElements<Set<OpenEnum<Visibility>>?>.self, forKey: .audiences)
  /// ```
  @inlinable
  public func decode<Known>(
    _ type: SkipUnknownElements<Set<OpenEnum<Known>>?>.Type,
    forKey key: Key
  ) throws -> SkipUnknownElements<Set<OpenEnum<Known>>?>
  where Known.RawValue: Decodable, Known: Hashable, Known.RawValue: Hashable {
    guard contains(key) else { return SkipUnknownElements(wrappedValue: nil) }
    return try decodeSkippingUnknownElements(type, forKey: key) { Set($0) }
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

  /// Decodes an array that is not all known raw values: its elements through their own
  /// `init(from:)`, read from a container of the same key, or, for a missing key, `null` or
  /// another JSON type, through the wrapper's `init(from:)`, which throws as everywhere.
  @usableFromInline
  func decodeSkippingUnknownElements<Elements>(
    _ type: SkipUnknownElements<Elements>.Type,
    forKey key: Key,
    making make: ([Elements.Element]) -> Elements
  ) throws -> SkipUnknownElements<Elements> where Elements.Element: Decodable {
    guard let elements = try? nestedUnkeyedContainer(forKey: key) else {
      return try decodeThroughInit(type, forKey: key)
    }
    let read = try ElementReading<Elements.Element>.read(elements) {
      KeyedArraySource(self, key: key)
    }
    return SkipUnknownElements(decoded: make(read.elements), skipped: read.skipped)
  }

  /// The elements of the array under `key` when each is a raw value a case of `Element`
  /// matches; `nil` otherwise (an unknown value, `null`, a missing key, another type), for the
  /// caller to read the elements through their own `init(from:)`.
  ///
  /// Only for types whose `init(rawValue:)` tells known values apart: ``ExtensibleEnum`` and
  /// ``OpenEnum`` elements, which accept every raw value, have overloads of their own that
  /// read through `init(from:)`, chosen when the model is compiled, so this costs no check.
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
    try decodeSkippingUnknownKeys(type, forKey: key, renamingUnlistedKeys: false)
  }

  /// Decodes a ``SkipUnknownKeys`` dictionary keyed by an ``ExtensibleEnum``, whose every key is
  /// known: a key outside its ``ExtensibleEnum/knownValues`` that names one of them through the
  /// type's ``ValueAliases`` is read as that key, and reported as renamed.
  ///
  /// ```swift
  /// _totals = try container.decode(SkipUnknownKeys<[Currency: Double]>.self, forKey: .totals)
  /// ```
  @inlinable
  public func decode<EntryKey: ExtensibleEnum, Value: Decodable>(
    _ type: SkipUnknownKeys<[EntryKey: Value]>.Type,
    forKey key: Key
  ) throws -> SkipUnknownKeys<[EntryKey: Value]> {
    try decodeSkippingUnknownKeys(type, forKey: key, renamingUnlistedKeys: true)
  }

  /// The body of both overloads above.
  @inlinable
  func decodeSkippingUnknownKeys<EntryKey, Value: Decodable>(
    _ type: SkipUnknownKeys<[EntryKey: Value]>.Type,
    forKey key: Key,
    renamingUnlistedKeys: Bool
  ) throws -> SkipUnknownKeys<[EntryKey: Value]> {
    guard let entries = try objectEntries(Value.self, forKey: key) else {
      return try decodeThroughInit(type, forKey: key)
    }
    let (known, unknown, renamed) = SkipUnknownKeys<[EntryKey: Value]>.split(
      entries, renamingUnlistedKeys: renamingUnlistedKeys)
    if !unknown.isEmpty || !renamed.isEmpty {
      try reportUnknownValues(forKey: key) {
        let path = codingPath + [key]
        let unknownValues = unknown.map { entry in
          var value = UnknownValue(
            of: EntryKey.self, rawValue: entry.key, codingPath: path,
            atKey: AnyCodingKey(entry.key), knownValues: .of(EntryKey.self))
          value.tool = .skipUnknownKeys
          return value
        }
        return unknownValues
          + renamed.map { entry in
            var value = UnknownValue(
              of: EntryKey.self, rawValue: entry.key, codingPath: path,
              atKey: AnyCodingKey(entry.key), knownValues: .listed(nil))
            value.kind = .renamedValue(canonical: entry.canonical)
            value.tool = .skipUnknownKeys
            return value
          }
      }
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

// MARK: - Encoding

/// A wrapper of an optional collection, which writes no key when it read none.
protocol OptionalCollectionWrapper: Encodable {
  /// Whether the property is written: it holds a collection, or it read `null`.
  var writesKey: Bool { get }
}

extension SkipUnknownElements: OptionalCollectionWrapper
where Elements: ExpressibleByNilLiteral, Elements.Element: Encodable {
  var writesKey: Bool { (try? wrappedValue.elementsToEncode(codingPath: [])) != nil || readNull }
}

extension SkipUnknownKeys: OptionalCollectionWrapper
where Entries: ExpressibleByNilLiteral, Value: Encodable {
  var writesKey: Bool {
    (try? wrappedValue.entriesToEncode(codingPath: [])) != nil || readNull
  }
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
  ) throws where Wrapped.Element: Encodable {
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

// MARK: - SkipInvalidElements

extension KeyedDecodingContainer {
  /// Decodes a ``SkipInvalidElements`` array: each element with the array container's own
  /// `decode`, as a plain array property reads it, so an array whose elements all decode costs
  /// what the plain one does.
  ///
  /// Synthesized `init(from:)` calls it for `@SkipInvalidElements var statuses: [Status]`:
  ///
  /// ```swift
  /// _statuses = try container.decode(SkipInvalidElements<[Status]>.self, forKey: .statuses)
  /// ```
  @inlinable
  public func decode<Element: Decodable>(
    _ type: SkipInvalidElements<[Element]>.Type,
    forKey key: Key
  ) throws -> SkipInvalidElements<[Element]> {
    guard let read = try elementsSkippingInvalid(Element.self, forKey: key) else {
      // Missing, `null` or not an array: the wrapper's own `init(from:)` throws what a plain
      // array throws.
      return try decodeThroughInit(type, forKey: key)
    }
    return SkipInvalidElements(decodedElements: read.elements, invalid: read.invalid)
  }

  /// Decodes an optional ``SkipInvalidElements`` array: a missing key or `null` is `nil`, and
  /// remembered as it was read.
  ///
  /// ```swift
  /// _pinned = try container.decode(SkipInvalidElements<[Status]?>.self, forKey: .pinned)
  /// ```
  @inlinable
  public func decode<Element: Decodable>(
    _ type: SkipInvalidElements<[Element]?>.Type,
    forKey key: Key
  ) throws -> SkipInvalidElements<[Element]?> {
    guard contains(key) else { return SkipInvalidElements(wrappedValue: nil) }
    guard let read = try elementsSkippingInvalid(Element.self, forKey: key) else {
      return try decodeThroughInit(type, forKey: key)
    }
    return SkipInvalidElements(decodedElements: read.elements, invalid: read.invalid)
  }

  /// Decodes any other optional ``SkipInvalidElements`` collection (a set, a dictionary): a
  /// missing key is `nil`, and remembered as missing.
  ///
  /// ```swift
  /// _accounts = try container.decode(
  ///   SkipInvalidElements<[String: Account]?>.self, forKey: .accounts)
  /// ```
  public func decode<Wrapped>(
    _ type: SkipInvalidElements<Wrapped?>.Type,
    forKey key: Key
  ) throws -> SkipInvalidElements<Wrapped?> where Wrapped: Decodable {
    guard contains(key) else { return SkipInvalidElements(wrappedValue: nil) }
    return try decodeThroughInit(type, forKey: key)
  }

  /// The elements of the array at `key`, each read with the array container's own `decode`,
  /// leaving out those that throw a `DecodingError`; `nil` when the value there is missing,
  /// `null` or not an array. The array overloads' one read.
  @inlinable
  func elementsSkippingInvalid<Element: Decodable>(
    _: Element.Type, forKey key: Key
  ) throws -> (elements: [Element], invalid: [InvalidElement])? {
    guard var container = try? nestedUnkeyedContainer(forKey: key) else { return nil }
    return try readElementsSkippingInvalid(
      Element.self, from: &container,
      context: { decoderContext(forKey: key) },
      reopen: { try nestedUnkeyedContainer(forKey: key) })
  }

  /// The `userInfo` of the decoder that reads the value at `key`, and which decoder that is,
  /// asked for only when an element is left out.
  @usableFromInline
  func decoderContext(forKey key: Key) -> DecoderContext {
    (try? decode(DecoderContext.self, forKey: key)) ?? DecoderContext(userInfo: [:], decoder: nil)
  }
}

extension SkipInvalidElements {
  /// The wrapper of an array's decoded elements and those it left out.
  @inlinable
  init<Element>(decodedElements: [Element], invalid: [InvalidElement])
  where Value == [Element] {
    self.init(wrappedValue: decodedElements)
    if !invalid.isEmpty {
      setLeftOut(invalid)
    }
  }

  /// The wrapper of an optional array's decoded elements and those it left out.
  @inlinable
  init<Element>(decodedElements: [Element], invalid: [InvalidElement])
  where Value == [Element]? {
    self.init(wrappedValue: decodedElements)
    if !invalid.isEmpty {
      setLeftOut(invalid)
    }
  }

  @usableFromInline
  mutating func setLeftOut(_ invalid: [InvalidElement]) {
    left = LeftOutElements(invalid: invalid)
  }
}

extension SkipInvalidElements: OptionalCollectionWrapper
where Value: Encodable & ExpressibleByNilLiteral {
  var writesKey: Bool { (wrappedValue as? any HoldsNothing)?.holdsNothing == false || readNull }
}

/// An optional, asked whether it is `nil` without knowing what it wraps.
protocol HoldsNothing {
  var holdsNothing: Bool { get }
}

extension Optional: HoldsNothing {
  var holdsNothing: Bool { self == nil }
}

extension KeyedEncodingContainer {
  /// Encodes an optional ``SkipInvalidElements`` collection as it was read: no key when it was
  /// missing (or set to `nil`), `null` when it was `null`.
  ///
  /// ```swift
  /// try container.encode(_pinned, forKey: .pinned)
  /// ```
  public mutating func encode<Wrapped>(
    _ value: SkipInvalidElements<Wrapped?>,
    forKey key: Key
  ) throws where Wrapped: Encodable {
    guard value.writesKey else { return }
    try encodeThroughEncodable(value, forKey: key)
  }
}
