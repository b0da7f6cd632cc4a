/// Reads the elements of an array, skipping those the element type does not know: raw values
/// no case matches (raw-value enums), or unknown tags (tagged unions). Any other element type
/// is read as it is.
///
/// Raw values are read straight from the array's container, one concrete `decode` a
/// element, the way a plain array reads `String`s: no nested decoder for each element, no
/// per-element casts, and nothing kept beyond the elements and their raw values until a value
/// is skipped. An element the container cannot read that way is read again through its own
/// decoder, so errors are the ones decoding element by element throws.
enum ElementReading<Element: Decodable> {
  struct Result {
    var elements: [Element] = []
    /// What was left out; `nil` when nothing was, so an all-known array builds nothing more.
    var skipped: SkippedElements?
  }

  static func read(
    from container: inout any UnkeyedDecodingContainer,
    of decoder: any Decoder
  ) throws -> Result {
    if let union = Element.self as? any TaggedUnion.Type {
      return try readUnions(union, from: &container)
    }
    if let raw = Element.self as? any RawRepresentable.Type,
      let result = try readRawValues(raw, from: &container, of: decoder)
    {
      return result
    }
    var result = Result()
    if let count = container.count {
      result.elements.reserveCapacity(count)
    }
    while !container.isAtEnd {
      result.elements.append(try container.decode(Element.self))
    }
    return result
  }

  private static func readUnions<Union: TaggedUnion>(
    _: Union.Type, from container: inout any UnkeyedDecodingContainer
  ) throws -> Result {
    var known: [Union] = []
    var unknown: [(position: Int, variant: UnknownVariant)] = []
    while !container.isAtEnd {
      // Decoding through a slot gives the element its own decoder, whose coding path
      // (`…[3]`) is the one an unknown tag is reported at.
      let slot = try container.decode(UnionSlot<Union>.self)
      if let variant = slot.unknownVariant {
        unknown.append((known.count + unknown.count, variant))
      } else {
        known.append(slot.value)
      }
    }
    // `Union` is `Element`, opened from an existential: the cast always succeeds.
    var result = Result(elements: known as! [Element])
    guard !unknown.isEmpty else { return result }
    // Positions ascend and each is the variant's place in the whole array, so inserting them
    // in order puts every variant back where it was read.
    var writtenAsRead: [any Encodable] = known.map(EncodableIfPossible.init)
    for (position, variant) in unknown {
      writtenAsRead.insert(variant, at: position)
    }
    let variants = unknown.map(\.variant)
    result.skipped = SkippedElements(
      writtenAsRead: writtenAsRead,
      unknown: variants,
      unknownWritten: variants,
      unknownDescriptions: variants.map(\.json.description)
    )
    return result
  }

  /// `nil` when the raw type is not `Decodable`: such an enum's elements are read as they
  /// are.
  private static func readRawValues<Raw: RawRepresentable>(
    _: Raw.Type, from container: inout any UnkeyedDecodingContainer, of decoder: any Decoder
  ) throws -> Result? {
    guard let rawType = Raw.RawValue.self as? any Decodable.Type else { return nil }
    return try readRawValues(Raw.self, rawType, from: &container, of: decoder)
  }

  private static func readRawValues<Raw: RawRepresentable, Decoded: Decodable>(
    _: Raw.Type,
    _: Decoded.Type,
    from container: inout any UnkeyedDecodingContainer,
    of decoder: any Decoder
  ) throws -> Result {
    // `Decoded` is `Raw.RawValue` and `Raw` is `Element`, both opened from existentials.
    precondition(Decoded.self == Raw.RawValue.self && Raw.self == Element.self)
    var known: [Raw] = []
    var rawValues: [Raw.RawValue] = []
    var unknownPositions: [Int] = []
    if let count = container.count {
      known.reserveCapacity(count)
      rawValues.reserveCapacity(count)
    }
    while !container.isAtEnd {
      let index = container.currentIndex
      let rawValue: Raw.RawValue
      do {
        rawValue = try decodeRawValue(Decoded.self, from: &container) as! Raw.RawValue
      } catch {
        // Read the element again through its own decoder, which throws the error decoding
        // it as an element does, when the container has not moved past it.
        guard container.currentIndex == index else { throw error }
        let slot = try container.decode(RawValueSlot<Raw, Decoded>.self)
        if let element = slot.element {
          known.append(element)
        } else {
          unknownPositions.append(rawValues.count)
        }
        rawValues.append(slot.rawValue)
        continue
      }
      if let element = Raw(rawValue: rawValue) {
        known.append(element)
      } else {
        unknownPositions.append(rawValues.count)
        try decoder.reportUnknownValue(
          of: Raw.self,
          rawValue: describeRawValue(rawValue),
          knownValues: .of(Raw.self),
          atKey: AnyCodingKey(intValue: index)
        )
      }
      rawValues.append(rawValue)
    }
    return Result(
      elements: known as! [Element],
      skipped: unknownPositions.isEmpty
        ? nil : SkippedElements(rawValues: rawValues, unknownAt: unknownPositions))
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
        knownValues: .of(Element.self)
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

/// What reading an array left out, kept without its static type, and everything it read in the
/// form it is written back in.
///
/// An array of raw values keeps just its raw values and the positions of the unknown ones; the
/// forms below are made from them when they are asked for (to write the array back, compare or
/// hash it), so an array that skipped a value costs no more than those two arrays to decode.
@usableFromInline
struct SkippedElements {
  @usableFromInline let source: any SkippedSource

  /// Every element in the form it is written back in, in the order it was read: raw values
  /// for raw-value enums, elements (unknown variants included) for unions.
  var writtenAsRead: [any Encodable] { source.writtenAsRead }
  /// The skipped values, in the order they were read: raw values or `UnknownVariant`s.
  var unknown: [Any] { source.unknown }
  /// The skipped values written back, in the order they were read.
  var unknownWritten: [any Encodable] { source.unknownWritten }
  /// The skipped values as text, for equality and hashing.
  var unknownDescriptions: [String] { source.unknownDescriptions }

  /// What an array of unions left out, listed in every form.
  init(
    writtenAsRead: [any Encodable], unknown: [Any], unknownWritten: [any Encodable],
    unknownDescriptions: [String]
  ) {
    source = ListedSkippedElements(
      writtenAsRead: writtenAsRead, unknown: unknown, unknownWritten: unknownWritten,
      unknownDescriptions: unknownDescriptions)
  }

  /// What an array of raw values left out: the raw values at `positions`.
  @inlinable
  init<RawValue>(rawValues: [RawValue], unknownAt positions: [Int]) {
    source = SkippedRawValues(rawValues: rawValues, positions: positions)
  }
}

/// Where ``SkippedElements`` reads its forms from.
@usableFromInline
protocol SkippedSource {
  var writtenAsRead: [any Encodable] { get }
  var unknown: [Any] { get }
  var unknownWritten: [any Encodable] { get }
  var unknownDescriptions: [String] { get }
}

/// Every form, listed when the array was read.
private struct ListedSkippedElements: SkippedSource {
  let writtenAsRead: [any Encodable]
  let unknown: [Any]
  let unknownWritten: [any Encodable]
  let unknownDescriptions: [String]
}

/// The raw values of an array and the positions of the unknown ones.
@usableFromInline
struct SkippedRawValues<RawValue>: SkippedSource {
  @usableFromInline let rawValues: [RawValue]
  @usableFromInline let positions: [Int]

  @inlinable
  init(rawValues: [RawValue], positions: [Int]) {
    self.rawValues = rawValues
    self.positions = positions
  }

  @usableFromInline
  var writtenAsRead: [any Encodable] { rawValues.map(EncodableIfPossible.init) }
  @usableFromInline
  var unknown: [Any] { positions.map { rawValues[$0] } }
  @usableFromInline
  var unknownWritten: [any Encodable] { positions.map { EncodableIfPossible(rawValues[$0]) } }
  @usableFromInline
  var unknownDescriptions: [String] { positions.map { describeRawValue(rawValues[$0]) } }
}

extension SkipUnknownElements where Elements.Element: RawRepresentable {
  /// The wrapper of an array read as raw values: `decoded` holds the known elements, and
  /// the raw values at `unknownAt` were skipped.
  @inlinable
  init(decoded: Elements, rawValues: [Elements.Element.RawValue], unknownAt positions: [Int]) {
    self.init(wrappedValue: decoded)
    guard !positions.isEmpty else { return }
    skipped = Skipped(
      decoded: decoded, values: SkippedElements(rawValues: rawValues, unknownAt: positions))
  }
}
