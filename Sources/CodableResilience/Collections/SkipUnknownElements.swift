/// An array or set of enum values that leaves out the elements it does not know, and keeps
/// them to write back.
///
/// ```swift
/// enum Amenity: String, Codable { case wifi, pool, parking }
///
/// struct Listing: Codable {
///   @SkipUnknownElements var amenities: [Amenity]
/// }
///
/// // {"amenities": ["wifi", "sauna", "pool"]} decodes with amenities == [.wifi, .pool] ...
/// // ... and, unmodified, encodes back to ["wifi", "sauna", "pool"].
/// ```
///
/// Use it where a new element should simply not show (a list of badges, of features), rather
/// than appear as `.unknown` the way an array of ``UnknownDecodable`` enums would. Each
/// skipped element is reported to the decoder's ``UnknownValueHandler`` with its path
/// (`$.amenities[1]`).
///
/// ## What is written back
///
/// - Unmodified since decoding: exactly the array that was read, skipped elements in their
///   places, duplicates and order included. (A `Set` that skipped nothing is written in its
///   own order, without duplicates, as any `Set` is.)
/// - Modified: the current elements, then the skipped raw values in the order they were read.
///   Skipped values are the server's, not the app's, so an edit of the known ones keeps them.
///   Call ``removeUnknownRawValues()`` (through the projected value:
///   `listing.$amenities.removeUnknownRawValues()`) to drop them.
///
/// Elements are matched with `Element(rawValue:)`, so an ``ExtensibleEnum`` element, which
/// accepts every raw value, is never skipped: use `[Currency]` itself, which reports values
/// outside its ``ExtensibleEnum/knownValues``.
///
/// A `null` element or one of the wrong JSON type still throws a `DecodingError`. As a
/// property, a missing key throws `keyNotFound`, as for a plain array.
///
/// ## Optional collections
///
/// `@SkipUnknownElements var tags: [Tag]?` decodes a missing key and `null` as `nil`, and
/// writes each back as it was read: absent stays absent, `null` stays `null`. Assigning `nil`
/// writes no key. An empty `[]` stays empty, not `nil`.
///
/// ## Arrays of tagged unions
///
/// Over an array of ``TaggedUnion`` values, unknown variants are left out of the list, each
/// reported once at its tag's path (`$.items[2].type`), and written back where they were
/// (see ``unknownVariants``). A known variant whose content is broken still throws.
///
/// ```swift
/// struct Feed: Codable {
///   @SkipUnknownElements var items: [FeedItem]  // a "reel" is left out, and kept
/// }
/// ```
///
/// Elements that are neither raw-value enums nor tagged unions are decoded as they are and
/// never skipped.
@propertyWrapper
public struct SkipUnknownElements<Elements: SkipUnknownElementsCollection> {
  /// The known elements.
  ///
  /// ```swift
  /// listing.amenities  // [.wifi, .pool]
  /// ```
  public var wrappedValue: Elements {
    didSet { readNull = false }
  }

  /// What decoding skipped, and the value as it was decoded; `nil` when nothing was skipped,
  /// so an all-known collection carries nothing extra.
  var skipped: Skipped?

  /// Whether an optional collection was read as `null`, to write `null` back rather than
  /// no key. Assigning ``wrappedValue`` clears it.
  var readNull = false

  /// What decoding left out, kept without its static type: the raw values of a raw-value
  /// enum's array, or the ``UnknownVariant``s of a union's.
  struct Skipped: @unchecked Sendable {
    // Unchecked: it holds only raw values of `Elements.Element`, elements, and
    // `UnknownVariant`s, and the wrapper is `Sendable` only when `Elements` is.
    /// ``wrappedValue`` right after decoding, to tell whether it was modified since.
    var decoded: Elements
    /// Every element in the form it is written back in, in the order it was read: raw values
    /// for raw-value enums, elements (unknown variants included) for unions.
    var writtenAsRead: [any Encodable]
    /// The skipped values, in the order they were read: raw values or `UnknownVariant`s.
    var unknown: [Any]
    /// The skipped values written back, in the order they were read.
    var unknownWritten: [any Encodable]
    /// The skipped values as text, for equality and hashing.
    var unknownDescriptions: [String]
  }

  /// Creates the wrapper around known elements.
  ///
  /// ```swift
  /// @SkipUnknownElements var amenities: [Amenity] = [.wifi]
  /// ```
  public init(wrappedValue: Elements) {
    self.wrappedValue = wrappedValue
  }

  /// The wrapper itself, so `$amenities.unknownRawValues` reads what was skipped.
  ///
  /// ```swift
  /// listing.$amenities.unknownRawValues  // ["sauna"]
  /// ```
  public var projectedValue: SkipUnknownElements<Elements> {
    get { self }
    set { self = newValue }
  }
}

extension SkipUnknownElements where Elements.Element: RawRepresentable {
  /// The raw values decoding skipped, in the order they were read.
  ///
  /// ```swift
  /// listing.$amenities.unknownRawValues  // ["sauna"]
  /// ```
  public var unknownRawValues: [Elements.Element.RawValue] {
    skipped?.unknown.compactMap { $0 as? Elements.Element.RawValue } ?? []
  }

  /// Forgets the skipped raw values, so they are not written back.
  ///
  /// ```swift
  /// listing.$amenities.removeUnknownRawValues()
  /// ```
  public mutating func removeUnknownRawValues() {
    skipped = nil
  }
}

extension SkipUnknownElements where Elements.Element: TaggedUnion {
  /// The variants decoding left out, in the order they were read.
  ///
  /// ```swift
  /// feed.$items.unknownVariants.map(\.tag)  // ["reel"]
  /// ```
  public var unknownVariants: [UnknownVariant] {
    skipped?.unknown.compactMap { $0 as? UnknownVariant } ?? []
  }

  /// Forgets the variants decoding left out, so they are not written back.
  ///
  /// ```swift
  /// feed.$items.removeUnknownVariants()
  /// ```
  public mutating func removeUnknownVariants() {
    skipped = nil
  }
}

/// What ``SkipUnknownElements`` can hold: an `Array` or a `Set`, or an optional one.
///
/// ```swift
/// @SkipUnknownElements var tags: Set<Tag>
/// @SkipUnknownElements var labels: [Label]?
/// ```
public protocol SkipUnknownElementsCollection {
  /// The type of the elements.
  associatedtype Element

  /// Creates the collection from decoded elements, in the order they were read.
  ///
  /// ```swift
  /// let badges = Set<Badge>(decodedElements: [.verified, .superhost])
  /// ```
  init(decodedElements: [Element])

  /// The elements to write, in order; `nil` for an optional collection that is `nil`.
  ///
  /// ```swift
  /// [Badge.verified].elementsToEncode  // [.verified]
  /// ```
  var elementsToEncode: [Element]? { get }

  /// The value of a missing key or `null`: `nil` for an optional collection; `nil` too
  /// (no such value) for a collection that is not optional, where they throw.
  ///
  /// ```swift
  /// Optional<[Badge]>.valueForNull  // Optional(nil)
  /// ```
  static var valueForNull: Self? { get }
}

extension Array: SkipUnknownElementsCollection {
  /// The array of the decoded elements.
  ///
  /// ```swift
  /// let badges = [Badge](decodedElements: [.verified])
  /// ```
  public init(decodedElements: [Element]) {
    self = decodedElements
  }

  /// The array itself.
  ///
  /// ```swift
  /// [Badge.verified].elementsToEncode  // [.verified]
  /// ```
  public var elementsToEncode: [Element]? { self }

  /// None: an array is not optional.
  ///
  /// ```swift
  /// [Badge].valueForNull  // nil
  /// ```
  public static var valueForNull: [Element]? { nil }
}

extension Set: SkipUnknownElementsCollection {
  /// The set of the decoded elements.
  ///
  /// ```swift
  /// let badges = Set<Badge>(decodedElements: [.verified])
  /// ```
  public init(decodedElements: [Element]) {
    self.init(decodedElements)
  }

  /// The elements in the set's order.
  ///
  /// ```swift
  /// Set([Badge.verified]).elementsToEncode  // [.verified]
  /// ```
  public var elementsToEncode: [Element]? { Array(self) }

  /// None: a set is not optional.
  ///
  /// ```swift
  /// Set<Badge>.valueForNull  // nil
  /// ```
  public static var valueForNull: Set<Element>? { nil }
}

extension Optional: SkipUnknownElementsCollection where Wrapped: SkipUnknownElementsCollection {
  /// The wrapped collection of the decoded elements.
  ///
  /// ```swift
  /// let badges = [Badge]?(decodedElements: [.verified])  // Optional([.verified])
  /// ```
  public init(decodedElements: [Wrapped.Element]) {
    self = .some(Wrapped(decodedElements: decodedElements))
  }

  /// The wrapped collection's elements; `nil` when there is none.
  ///
  /// ```swift
  /// ([Badge]?.none).elementsToEncode  // nil
  /// ```
  public var elementsToEncode: [Wrapped.Element]? {
    flatMap(\.elementsToEncode)
  }

  /// `nil`: a missing key and `null` decode as no collection.
  ///
  /// ```swift
  /// [Badge]?.valueForNull  // Optional(nil)
  /// ```
  public static var valueForNull: Wrapped?? { .some(nil) }
}

// MARK: - Conditional Conformances

extension SkipUnknownElements: Sendable where Elements: Sendable {}

/// Two wrappers are equal when they hold equal elements and skipped the same values.
///
/// Where the skipped values sat among the known ones is not compared, although an unmodified
/// value writes them back in their places: `["x", "wifi"]` equals `["wifi", "x"]`. A missing
/// key and `null` both mean "no collection" and compare equal.
extension SkipUnknownElements: Equatable where Elements: Equatable {
  /// Whether both hold equal elements and skipped the same values.
  ///
  /// ```swift
  /// SkipUnknownElements(wrappedValue: [Badge.verified]) == decoded  // compares elements and skipped values
  /// ```
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.wrappedValue == rhs.wrappedValue && lhs.unknownDescriptions == rhs.unknownDescriptions
  }

  private var unknownDescriptions: [String] {
    skipped?.unknownDescriptions ?? []
  }
}

extension SkipUnknownElements: Hashable where Elements: Hashable {
  /// Hashes what equality compares.
  ///
  /// ```swift
  /// let seen: Set<SkipUnknownElements<[Badge]>> = [profile.$badges]
  /// ```
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
    hasher.combine(skipped?.unknownDescriptions ?? [])
  }
}

extension SkipUnknownElements: Decodable where Elements.Element: Decodable {
  /// Decodes an array, skipping (and reporting) the elements it does not know: raw values no
  /// case matches, or variants whose tag the union does not know.
  ///
  /// ```swift
  /// let amenities = try JSONDecoder().decode(
  ///   SkipUnknownElements<[Amenity]>.self, from: Data(#"["wifi", "sauna"]"#.utf8))
  /// // amenities.wrappedValue == [.wifi], amenities.unknownRawValues == ["sauna"]
  /// ```
  public init(from decoder: any Decoder) throws {
    if let valueForNull = Elements.valueForNull, try decoder.singleValueContainer().decodeNil() {
      wrappedValue = valueForNull
      readNull = true
      return
    }
    var container = try decoder.unkeyedContainer()
    let read = try ElementReading<Elements.Element>.read(from: &container)
    let value = Elements(decodedElements: read.elements)
    wrappedValue = value
    if !read.unknown.isEmpty {
      skipped = Skipped(
        decoded: value,
        writtenAsRead: read.writtenAsRead,
        unknown: read.unknown,
        unknownWritten: read.unknownWritten,
        unknownDescriptions: read.unknownDescriptions
      )
    }
  }
}

extension SkipUnknownElements: Encodable where Elements: Equatable, Elements.Element: Encodable {
  /// Writes the array that was read when unmodified; otherwise the current elements followed
  /// by the skipped values. An optional collection that is `nil` is written as `null` here;
  /// as a property, the keyed overload writes no key unless `null` was read.
  ///
  /// ```swift
  /// let data = try JSONEncoder().encode(listing)  // ["wifi", "sauna", "pool"] when unmodified
  /// ```
  public func encode(to encoder: any Encoder) throws {
    guard let elements = wrappedValue.elementsToEncode else {
      var container = encoder.singleValueContainer()
      try container.encodeNil()
      return
    }
    var container = encoder.unkeyedContainer()
    if let skipped, skipped.decoded == wrappedValue {
      for value in skipped.writtenAsRead {
        try container.encode(value)
      }
      return
    }
    for element in elements {
      try container.encode(writtenForm(of: element))
    }
    for value in skipped?.unknownWritten ?? [] {
      try container.encode(value)
    }
  }
}

/// What a known element is written as: its raw value for a raw-value enum (the form it was
/// read in), the element itself otherwise.
func writtenForm<Element: Encodable>(of element: Element) -> any Encodable {
  if let element = element as? any RawRepresentable,
    let rawValue = element.rawValue as? any Encodable
  {
    return rawValue
  }
  return element
}

// MARK: - Keyed Containers

extension KeyedDecodingContainer {
  /// Decodes an optional ``SkipUnknownElements`` collection: a missing key is `nil`, and
  /// remembered as missing, instead of the `keyNotFound` synthesized `Codable` would throw.
  ///
  /// ```swift
  /// _tags = try container.decode(SkipUnknownElements<[Tag]?>.self, forKey: .tags)
  /// ```
  public func decode<Wrapped>(
    _ type: SkipUnknownElements<Wrapped?>.Type,
    forKey key: Key
  ) throws -> SkipUnknownElements<Wrapped?> where Wrapped.Element: Decodable {
    guard contains(key) else { return SkipUnknownElements(wrappedValue: nil) }
    return try decodeThroughInit(type, forKey: key)
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
  ) throws where Wrapped: Equatable, Wrapped.Element: Encodable {
    guard value.wrappedValue != nil || value.readNull else { return }
    try encodeThroughEncodable(value, forKey: key)
  }

  /// Encodes a value with the container's generic `encode(_:forKey:)`, bypassing the
  /// toolkit's overloads for its types.
  mutating func encodeThroughEncodable<T: Encodable>(_ value: T, forKey key: Key) throws {
    try encode(value, forKey: key)
  }
}

// MARK: - Reading Elements

/// Reads the elements of an array, skipping those the element type does not know: raw values
/// no case matches (raw-value enums), or unknown tags (tagged unions). Any other element type
/// is read as it is.
enum ElementReading<Element: Decodable> {
  struct Result {
    var elements: [Element] = []
    var writtenAsRead: [any Encodable] = []
    var unknown: [Any] = []
    var unknownWritten: [any Encodable] = []
    var unknownDescriptions: [String] = []
  }

  static func read(from container: inout any UnkeyedDecodingContainer) throws -> Result {
    if let union = Element.self as? any TaggedUnion.Type {
      return try readUnions(union, from: &container)
    }
    if let raw = Element.self as? any RawRepresentable.Type,
      let result = try readRawValues(raw, from: &container)
    {
      return result
    }
    var result = Result()
    while !container.isAtEnd {
      let element = try container.decode(Element.self)
      result.elements.append(element)
      result.writtenAsRead.append(EncodableIfPossible(element))
    }
    return result
  }

  private static func readUnions<Union: TaggedUnion>(
    _: Union.Type, from container: inout any UnkeyedDecodingContainer
  ) throws -> Result {
    var result = Result()
    while !container.isAtEnd {
      // Decoding through a slot gives the element its own decoder, whose coding path
      // (`…[3]`) is the one an unknown tag is reported at.
      let slot = try container.decode(UnionSlot<Union>.self)
      if let variant = slot.unknownVariant {
        result.unknown.append(variant)
        result.unknownWritten.append(variant)
        result.unknownDescriptions.append(variant.json.description)
        result.writtenAsRead.append(variant)
      } else {
        let element = slot.value as! Element
        result.elements.append(element)
        result.writtenAsRead.append(EncodableIfPossible(element))
      }
    }
    return result
  }

  /// `nil` when the raw type is not `Decodable`: such an enum's elements are read as they
  /// are.
  private static func readRawValues<Raw: RawRepresentable>(
    _: Raw.Type, from container: inout any UnkeyedDecodingContainer
  ) throws -> Result? {
    guard let rawType = Raw.RawValue.self as? any Decodable.Type else { return nil }
    return try readRawValues(Raw.self, rawType, from: &container)
  }

  private static func readRawValues<Raw: RawRepresentable, Decoded: Decodable>(
    _: Raw.Type, _: Decoded.Type, from container: inout any UnkeyedDecodingContainer
  ) throws -> Result {
    var result = Result()
    if let count = container.count {
      result.elements.reserveCapacity(count)
      result.writtenAsRead.reserveCapacity(count)
    }
    while !container.isAtEnd {
      let slot = try container.decode(RawValueSlot<Raw, Decoded>.self)
      if let element = slot.element {
        result.elements.append(element as! Element)
      } else {
        result.unknown.append(slot.rawValue)
        result.unknownWritten.append(EncodableIfPossible(slot.rawValue))
        result.unknownDescriptions.append(describeRawValue(slot.rawValue))
      }
      result.writtenAsRead.append(EncodableIfPossible(slot.rawValue))
    }
    return result
  }
}

/// A value written through its own `Encodable` conformance when it has one. Raw values of a
/// `Decodable` raw type that is not `Encodable` cannot be written; encoding them throws.
struct EncodableIfPossible: Encodable {
  let value: Any

  init(_ value: Any) {
    self.value = value
  }

  func encode(to encoder: any Encoder) throws {
    guard let value = value as? any Encodable else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: encoder.codingPath,
          debugDescription: "\(type(of: value)) is not Encodable, so it cannot be written back"))
    }
    try value.encode(to: encoder)
  }
}

/// One decoded raw value and the element it names, if any. Reports the value when no element
/// matches, from the element's own decoder.
struct RawValueSlot<Element: RawRepresentable, Decoded: Decodable>: Decodable {
  var rawValue: Element.RawValue
  var element: Element?

  init(from decoder: any Decoder) throws {
    let decoded = try decodeRawValue(Decoded.self, from: decoder.singleValueContainer())
    // `Decoded` is `Element.RawValue`, opened from an existential: the cast always succeeds.
    rawValue = decoded as! Element.RawValue
    element = Element(rawValue: rawValue)
    if element == nil {
      try decoder.reportUnknownValue(
        of: Element.self,
        rawValue: describeRawValue(rawValue),
        knownValues: { knownValueDescriptions(of: Element.self) }
      )
    }
  }
}

/// One decoded union value, with its unknown variant when its tag was not known (already
/// reported by the union's decoding).
struct UnionSlot<Union: TaggedUnion>: Decodable {
  var value: Union
  var unknownVariant: UnknownVariant?

  init(from decoder: any Decoder) throws {
    (value, unknownVariant) = try Union.decodeTagged(from: decoder)
  }
}
