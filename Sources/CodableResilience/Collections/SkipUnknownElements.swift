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
  @usableFromInline var skipped: Skipped?

  /// Whether an optional collection was read as `null`, to write `null` back rather than
  /// no key. Assigning ``wrappedValue`` clears it.
  var readNull = false

  /// What decoding left out, and the value as it was decoded.
  @usableFromInline
  struct Skipped: @unchecked Sendable {
    // Unchecked: the wrapper is `Sendable` only when `Elements` is, and `values` holds only
    // raw values of `Elements.Element`, elements and `UnknownVariant`s.
    /// ``wrappedValue`` right after decoding, to tell whether it was modified since.
    @usableFromInline var decoded: Elements
    /// The values left out, and everything read in the form it is written back in.
    @usableFromInline var values: SkippedElements

    @inlinable
    init(decoded: Elements, values: SkippedElements) {
      self.decoded = decoded
      self.values = values
    }
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
    skipped?.values.unknown.compactMap { $0 as? Elements.Element.RawValue } ?? []
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
    skipped?.values.unknown.compactMap { $0 as? UnknownVariant } ?? []
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
    skipped?.values.unknownDescriptions ?? []
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
    hasher.combine(skipped?.values.unknownDescriptions ?? [])
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
    let read = try ElementReading<Elements.Element>.read(from: &container, of: decoder)
    let value = Elements(decodedElements: read.elements)
    wrappedValue = value
    if let left = read.skipped {
      skipped = Skipped(decoded: value, values: left)
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
      for value in skipped.values.writtenAsRead {
        try container.encode(value)
      }
      return
    }
    for element in elements {
      try container.encode(writtenForm(of: element))
    }
    for value in skipped?.values.unknownWritten ?? [] {
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
