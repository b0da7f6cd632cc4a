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
/// ## Which elements are left out
///
/// Each element decodes through its own `init(from:)`, as in a plain array, custom ones
/// included. It is left out when that decoding reports an unknown value of its own (an
/// ``UnknownDecodable`` enum's `.unknown`, an ``ExtensibleEnum`` value outside its
/// ``ExtensibleEnum/knownValues``, an ``OpenEnum``'s `.unknown`), or, for a plain raw-value
/// enum, when it rejects a raw value no case matches. A `null` element or one of the wrong JSON
/// type still throws its `DecodingError`, as in a plain array; as a property, a missing key
/// throws `keyNotFound`.
///
/// ## What is written back
///
/// - Unmodified since decoding: the array that was read, skipped elements exactly as they came
///   and in their places, duplicates and order included; known elements are written as they
///   encode themselves (a plain raw-value enum as its raw value, so an element its own
///   `init(from:)` read from another form is written in its canonical one). A `Set` that
///   skipped nothing is written in its own order, without duplicates, as any `Set` is.
/// - Modified (``wrappedValue`` assigned, or changed in place): the current elements, then the
///   skipped values in the order they were read. Skipped values are the server's, not the
///   app's, so an edit of the known ones keeps them. Call ``removeUnknownElements()`` (through
///   the projected value: `listing.$amenities.removeUnknownElements()`) to drop them.
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
    didSet {
      readNull = false
      isModified = true
    }
  }

  /// What decoding left out, with everything it read in the form it is written back in; `nil`
  /// when nothing was left out, so an all-known collection carries nothing extra.
  @usableFromInline var skipped: LeftOut<Any>?

  /// Whether ``wrappedValue`` was set since decoding, so the skipped values are written after
  /// the current elements rather than in their places.
  var isModified = false

  /// Whether an optional collection was read as `null`, to write `null` back rather than
  /// no key. Assigning ``wrappedValue`` clears it.
  @usableFromInline var readNull = false

  /// Creates the wrapper around known elements.
  ///
  /// ```swift
  /// @SkipUnknownElements var amenities: [Amenity] = [.wifi]
  /// ```
  public init(wrappedValue: Elements) {
    self.wrappedValue = wrappedValue
  }

  /// The wrapper of decoded elements and what decoding left out.
  @inlinable
  init(decoded: Elements, skipped: LeftOut<Any>?) {
    self.init(wrappedValue: decoded)
    self.skipped = skipped
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

  /// Forgets the elements decoding left out, so they are not written back.
  ///
  /// ```swift
  /// listing.$amenities.removeUnknownElements()
  /// ```
  public mutating func removeUnknownElements() {
    skipped = nil
  }
}

extension SkipUnknownElements where Elements.Element: RawRepresentable {
  /// The raw values decoding skipped, in the order they were read.
  ///
  /// ```swift
  /// listing.$amenities.unknownRawValues  // ["sauna"]
  /// ```
  public var unknownRawValues: [Elements.Element.RawValue] {
    skipped?.records.compactMap { $0 as? Elements.Element.RawValue } ?? []
  }
}

extension SkipUnknownElements where Elements.Element: TaggedUnion {
  /// The variants decoding left out, in the order they were read.
  ///
  /// ```swift
  /// feed.$items.unknownVariants.map(\.tag)  // ["reel"]
  /// ```
  public var unknownVariants: [UnknownVariant] {
    skipped?.records.compactMap { $0 as? UnknownVariant } ?? []
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
    skipped?.descriptions ?? []
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
    hasher.combine(skipped?.descriptions ?? [])
  }
}

extension SkipUnknownElements: Decodable where Elements.Element: Decodable {
  /// Decodes an array, skipping (and reporting) the elements it does not know: those whose
  /// decoding reports an unknown value of their own, raw values no case of a plain enum
  /// matches, or variants whose tag the union does not know.
  ///
  /// ```swift
  /// let amenities = try JSONDecoder().decode(
  ///   SkipUnknownElements<[Amenity]>.self, from: Data(#"["wifi", "sauna"]"#.utf8))
  /// // amenities.wrappedValue == [.wifi], amenities.unknownRawValues == ["sauna"]
  /// ```
  @inlinable
  public init(from decoder: any Decoder) throws {
    // `null` is `nil` for an optional collection, as a missing key is; for one that is not
    // optional, reading the array below throws what a plain array does.
    if (try? decoder.singleValueContainer().decodeNil()) == true,
      let valueForNull = noneIfOptional(Elements.self)
    {
      self.init(wrappedValue: valueForNull)
      readNull = true
      return
    }
    let read = try ElementReading<Elements.Element>.read(try decoder.unkeyedContainer()) {
      DecoderArraySource(decoder)
    }
    self.init(
      decoded: try Elements(decodedElements: read.elements, codingPath: decoder.codingPath),
      skipped: read.skipped)
  }
}

extension SkipUnknownElements: Encodable where Elements.Element: Encodable {
  /// Writes the array that was read when unmodified; otherwise the current elements followed
  /// by the skipped values. An optional collection that is `nil` is written as `null` here;
  /// as a property, the keyed overload writes no key unless `null` was read.
  ///
  /// ```swift
  /// let data = try JSONEncoder().encode(listing)  // ["wifi", "sauna", "pool"] when unmodified
  /// ```
  public func encode(to encoder: any Encoder) throws {
    guard let elements = try wrappedValue.elementsToEncode(codingPath: encoder.codingPath) else {
      var container = encoder.singleValueContainer()
      try container.encodeNil()
      return
    }
    var container = encoder.unkeyedContainer()
    if let skipped, !isModified {
      for value in skipped.readOrder ?? [] {
        try container.encode(EncodableIfPossible(value))
      }
      return
    }
    for element in elements {
      try container.encode(element)
    }
    for value in skipped?.records ?? [] {
      try container.encode(EncodableIfPossible(value))
    }
  }
}

extension SkipUnknownElements: ResilientPropertyWrapper, CollectionWrapper {}

extension LeftOut<Any> {
  /// The values left out as text, for the wrapper's equality and hashing.
  var descriptions: [String] {
    records.map { record in
      switch record {
      case let variant as UnknownVariant: variant.json.description
      case let json as JSONValue: json.description
      case let value: describeRawValue(value)
      }
    }
  }
}
