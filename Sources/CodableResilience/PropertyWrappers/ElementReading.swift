/// Reads the elements of an array for ``SkipUnknownElements``, leaving out those the element
/// type does not know: elements whose own decoding reports an unknown value, raw values no case
/// of a plain enum matches, or unknown tags of tagged unions. Any other element type is read as
/// it is.
///
/// Raw-value elements decode through their own `init(from:)`, every one of them, known or not,
/// with one ``ElementDecoder``, which reads them from the array's container and holds what each
/// reports until it has decoded: an element that reported is left out, and its reports then
/// reach the decoder's handler.
@usableFromInline
enum ElementReading<Element: Decodable> {
  @usableFromInline
  struct Result {
    @usableFromInline var elements: [Element]
    /// What was left out; `nil` when nothing was, so an all-known array builds nothing more.
    @usableFromInline var skipped: LeftOut<Any>?

    @inlinable
    init(elements: [Element] = [], skipped: LeftOut<Any>? = nil) {
      self.elements = elements
      self.skipped = skipped
    }
  }

  /// Inlined into the wrapper's `init(from:)`, itself compiled for the model's element type, so
  /// the loop over the elements is too: generic code would look up the metadata of the
  /// element's arrays and optionals once per element.
  @inlinable
  static func read(
    _ container: any UnkeyedDecodingContainer, from source: () -> any ArraySource
  ) throws -> Result {
    var container = container
    // Raw values first: for a raw-value enum that test folds when the model is compiled, while
    // the union's is a look-up at run time (a type could adopt it in another module).
    if let raw = Element.self as? any RawRepresentable.Type, hasDecodableRawValue(raw) {
      return try ElementDecoder.reading(container, keepingReadValues: true, from: source) {
        try readThroughInit(with: $0, rejecting: raw)
      }
    }
    if let union = Element.self as? any TaggedUnion.Type {
      return try readUnions(union, from: &container)
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

  @usableFromInline
  static func readUnions<Union: TaggedUnion>(
    _: Union.Type, from container: inout any UnkeyedDecodingContainer
  ) throws -> Result {
    var known: [Union] = []
    var all: [Any] = []
    var unknown: [Any] = []
    while !container.isAtEnd {
      // Decoding through a slot gives the element its own decoder, whose coding path
      // (`…[3]`) is the one an unknown tag is reported at.
      let slot = try container.decode(UnionSlot<Union>.self)
      if let variant = slot.unknownVariant {
        unknown.append(variant)
        all.append(variant)
      } else {
        known.append(slot.value)
        all.append(slot.value)
      }
    }
    // `Union` is `Element`, opened from an existential: the cast always succeeds.
    return Result(
      elements: known as! [Element],
      skipped: unknown.isEmpty ? nil : LeftOut(unknown, readOrder: all))
  }

  /// Each element through its own `init(from:)`, leaving out those that report an unknown
  /// value of their own or that reject a raw value no case of `raw` (which is `Element`)
  /// matches.
  @inlinable
  static func readThroughInit(
    with decoder: ElementDecoder, rejecting raw: any RawRepresentable.Type
  ) throws -> Result {
    var read = ReadOrder<Element>(count: decoder.elements.count)
    while !decoder.isAtEnd(&decoder.elements) {
      do {
        let element = try decoder.decodeElement(Element.self)
        if _slowPath(decoder.currentReported) {
          try leaveOutReported(by: decoder, into: &read)
        } else {
          read.keep(element)
        }
      } catch let error as DecodingError {
        try readRejected(raw, error, by: decoder, into: &read)
      }
      try decoder.deliverReports()
    }
    return Result(elements: read.known, skipped: read.skipped)
  }

  /// Leaves out the current element, which reported an unknown value of its own.
  @usableFromInline
  static func leaveOutReported(
    by decoder: ElementDecoder, into read: inout ReadOrder<Element>
  ) throws {
    // The element's own report is the wrapper's: it is why the element is left out.
    decoder.reports?.values.mutateEach { report in
      if report.kind == .unknownValue { report.tool = .skipUnknownElements }
    }
    read.leaveOut(try decoder.lastRead ?? decoder.currentElementAsJSON())
  }

  /// After the current element threw `error`: reads it through an alias, or leaves it out,
  /// when `error` rejected a raw value no case matches; rethrows it otherwise.
  @usableFromInline
  static func readRejected(
    _ raw: any RawRepresentable.Type, _ error: DecodingError, by decoder: ElementDecoder,
    into read: inout ReadOrder<Element>
  ) throws {
    try readRejectedRawValue(raw, error, by: decoder, into: &read)
  }

  private static func readRejectedRawValue<Raw: RawRepresentable>(
    _: Raw.Type, _ error: DecodingError, by decoder: ElementDecoder,
    into read: inout ReadOrder<Element>
  ) throws {
    guard let rawValue = rejectedRawValue(Raw.self, error, decoder) else { throw error }
    // Reported to the element decoder's `userInfo`, whose handler holds the element's
    // reports until it is done, like those its own `init(from:)` made.
    if let renamed = renamedValue(Raw.self, rawValue) {
      // A plain enum's own `init(from:)` knows no aliases; the wrapper reads them.
      try decoder.reportRenamedValue(
        of: Raw.self, received: describeRawValue(rawValue),
        canonical: describeRawValue(renamed.rawValue), by: .skipUnknownElements)
      // `Raw` is `Element`, opened from an existential: the cast always succeeds.
      read.keep(renamed as! Element)
    } else {
      try decoder.reportUnknownValue(
        of: Raw.self, rawValue: describeRawValue(rawValue), knownValues: .of(Raw.self),
        by: .skipUnknownElements)
      read.leaveOut(rawValue)
    }
  }

  /// The raw value a plain enum's `init(from:)` rejected with `error` because no case matches
  /// it: the element's one read took a raw value, and the error is about the element itself.
  private static func rejectedRawValue<Raw: RawRepresentable>(
    _: Raw.Type, _ error: DecodingError, _ decoder: ElementDecoder
  ) -> Raw.RawValue? {
    guard case .dataCorrupted(let context) = error, decoder.consumed, !decoder.readFailed,
      !decoder.refused, context.codingPath.count == decoder.codingPath.count,
      let rawValue = decoder.lastRead as? Raw.RawValue, Raw(rawValue: rawValue) == nil
    else { return nil }
    return rawValue
  }
}

/// Whether `raw`'s raw values are `Decodable`: an enum whose are not has its elements read as
/// they are.
@inlinable
func hasDecodableRawValue(_ raw: any RawRepresentable.Type) -> Bool {
  func check<Raw: RawRepresentable>(_: Raw.Type) -> Bool { Raw.RawValue.self is any Decodable.Type }
  return check(raw)
}

/// The elements an array read kept, and, once one is left out, everything in the order it was
/// read: an array that leaves nothing out builds only its elements.
@usableFromInline
struct ReadOrder<Element> {
  @usableFromInline var known: [Element] = []
  @usableFromInline var all: [Any] = []
  @usableFromInline var left: [Any] = []

  @inlinable
  init(count: Int?) {
    known.reserveCapacity(count ?? 0)
  }

  @inlinable
  mutating func keep(_ element: Element) {
    known.append(element)
    if _slowPath(!left.isEmpty) { all.append(element) }
  }

  @usableFromInline
  mutating func leaveOut(_ value: Any) {
    if left.isEmpty { all = known.map { $0 } }
    left.append(value)
    all.append(value)
  }

  /// What was left out, with everything read; `nil` when nothing was.
  @inlinable
  var skipped: LeftOut<Any>? {
    left.isEmpty ? nil : LeftOut(left, readOrder: all)
  }
}

extension Array {
  /// Changes every element in place.
  fileprivate mutating func mutateEach(_ body: (inout Element) -> Void) {
    for index in indices {
      body(&self[index])
    }
  }
}

/// A value written as the encoder writes its type (a `Date` by the encoder's date strategy);
/// one that is not `Encodable` as its raw value when that is (a dictionary's key read from an
/// array of pairs). A value with neither cannot be written; encoding it throws.
struct EncodableIfPossible: Encodable {
  let value: Any

  init(_ value: Any) {
    self.value = value
  }

  func encode(to encoder: any Encoder) throws {
    // Through a container, so that the encoder sees the value's own type, as it sees an
    // element's in a plain collection; `encode(to:)` would bypass its strategies.
    var container = encoder.singleValueContainer()
    if let value = value as? any Encodable {
      try container.encode(value)
    } else if let value = value as? any RawRepresentable,
      let rawValue = value.rawValue as? any Encodable
    {
      try container.encode(rawValue)
    } else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: encoder.codingPath,
          debugDescription: "\(type(of: value)) is not Encodable, so it cannot be written back"))
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
