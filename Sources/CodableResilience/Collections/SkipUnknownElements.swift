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
@propertyWrapper
public struct SkipUnknownElements<Elements: SkipUnknownElementsCollection> {
  /// The known elements.
  ///
  /// ```swift
  /// listing.amenities  // [.wifi, .pool]
  /// ```
  public var wrappedValue: Elements

  /// What decoding skipped, and the value as it was decoded; `nil` when nothing was skipped,
  /// so an all-known collection carries nothing extra.
  @usableFromInline
  var skipped: Skipped?

  @usableFromInline
  struct Skipped {
    /// ``wrappedValue`` right after decoding, to tell whether it was modified since.
    var decoded: Elements
    /// Every raw value in the order it was read, known and unknown.
    var rawValuesAsRead: [Elements.Element.RawValue]
    /// The raw values that were skipped, in the order they were read.
    var unknownRawValues: [Elements.Element.RawValue]
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

  /// The raw values decoding skipped, in the order they were read.
  ///
  /// ```swift
  /// listing.$amenities.unknownRawValues  // ["sauna"]
  /// ```
  public var unknownRawValues: [Elements.Element.RawValue] {
    skipped?.unknownRawValues ?? []
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

/// A collection ``SkipUnknownElements`` can hold: `Array` and `Set` of raw-value enums.
///
/// ```swift
/// @SkipUnknownElements var tags: Set<Tag>
/// ```
public protocol SkipUnknownElementsCollection: Sequence where Element: RawRepresentable {
  /// Creates the collection from decoded elements, in the order they were read.
  ///
  /// ```swift
  /// let badges = Set<Badge>([.verified, .superhost])
  /// ```
  init(_ elements: [Element])
}

extension Array: SkipUnknownElementsCollection where Element: RawRepresentable {}
extension Set: SkipUnknownElementsCollection where Element: RawRepresentable {}

// MARK: - Conditional Conformances

extension SkipUnknownElements: Sendable
where Elements: Sendable, Elements.Element.RawValue: Sendable {}
extension SkipUnknownElements.Skipped: Sendable
where Elements: Sendable, Elements.Element.RawValue: Sendable {}

/// Two wrappers are equal when they hold equal elements and skipped the same raw values.
///
/// Where the skipped values sat among the known ones is not compared, although an unmodified
/// value writes them back in their places: `["x", "wifi"]` equals `["wifi", "x"]`.
extension SkipUnknownElements: Equatable
where Elements: Equatable, Elements.Element.RawValue: Equatable {
  /// Whether both hold equal elements and skipped the same raw values.
  ///
  /// ```swift
  /// SkipUnknownElements(wrappedValue: [Badge.verified]) == decoded  // compares elements and skipped values
  /// ```
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.wrappedValue == rhs.wrappedValue && lhs.unknownRawValues == rhs.unknownRawValues
  }
}

extension SkipUnknownElements: Hashable
where Elements: Hashable, Elements.Element.RawValue: Hashable {
  /// Hashes what equality compares.
  ///
  /// ```swift
  /// let seen: Set<SkipUnknownElements<[Badge]>> = [profile.$badges]
  /// ```
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
    hasher.combine(unknownRawValues)
  }
}

extension SkipUnknownElements: Decodable where Elements.Element.RawValue: Decodable {
  /// Decodes an array, skipping (and reporting) the raw values no element matches.
  ///
  /// ```swift
  /// let amenities = try JSONDecoder().decode(
  ///   SkipUnknownElements<[Amenity]>.self, from: Data(#"["wifi", "sauna"]"#.utf8))
  /// // amenities.wrappedValue == [.wifi], amenities.unknownRawValues == ["sauna"]
  /// ```
  public init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    var elements: [Elements.Element] = []
    var rawValuesAsRead: [Elements.Element.RawValue] = []
    var unknownRawValues: [Elements.Element.RawValue] = []
    if let count = container.count {
      elements.reserveCapacity(count)
    }
    while !container.isAtEnd {
      // Decoding through a slot gives the element its own decoder, whose coding path
      // (`…[3]`) is the one an unknown value is reported at.
      let slot = try container.decode(RawValueSlot<Elements.Element>.self)
      if let element = slot.element {
        elements.append(element)
      } else {
        unknownRawValues.append(slot.rawValue)
      }
      rawValuesAsRead.append(slot.rawValue)
    }
    let value = Elements(elements)
    wrappedValue = value
    if !unknownRawValues.isEmpty {
      skipped = Skipped(
        decoded: value,
        rawValuesAsRead: rawValuesAsRead,
        unknownRawValues: unknownRawValues
      )
    }
  }
}

extension SkipUnknownElements: Encodable
where Elements: Equatable, Elements.Element.RawValue: Encodable {
  /// Writes the array that was read when unmodified; otherwise the current elements followed
  /// by the skipped raw values.
  ///
  /// ```swift
  /// let data = try JSONEncoder().encode(listing)  // ["wifi", "sauna", "pool"] when unmodified
  /// ```
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    if let skipped, skipped.decoded == wrappedValue {
      try container.encode(contentsOf: skipped.rawValuesAsRead)
      return
    }
    for element in wrappedValue {
      try container.encode(element.rawValue)
    }
    try container.encode(contentsOf: unknownRawValues)
  }
}

/// One decoded raw value and the element it names, if any. Reports the value when no element
/// matches, from the element's own decoder.
@usableFromInline
struct RawValueSlot<Element: RawRepresentable>: Decodable where Element.RawValue: Decodable {
  var rawValue: Element.RawValue
  var element: Element?

  @usableFromInline
  init(from decoder: any Decoder) throws {
    rawValue = try decodeRawValue(Element.RawValue.self, from: decoder.singleValueContainer())
    element = Element(rawValue: rawValue)
    if element == nil {
      try decoder.reportUnknownValue(of: Element.self, rawValue: rawValue)
    }
  }
}
