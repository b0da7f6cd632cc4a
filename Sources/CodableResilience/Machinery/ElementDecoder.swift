/// The decoder each element's `init(from:)` gets from the toolkit's array reading: one per
/// array, reading the elements one after the other from the array's unkeyed container.
///
/// An unkeyed container is a cursor, and each element's value is taken from it once. This
/// decoder answers what an element's `init(from:)` asks as a nested decoder would: single-value
/// reads (a read that fails without moving the cursor can be followed by another, as a custom
/// `init(from:)` that accepts a string or a number does), `decodeNil()`, and a keyed or unkeyed
/// container of the element. What it cannot answer exactly (a second read of an element already
/// taken, or an element that reads nothing) it refuses, and the array reads that one element
/// again through the container's generic path from the array's ``ArraySource``; an element whose
/// read failed is read so too, so its error is the one decoding it as an element throws.
///
/// `userInfo` is the decoder's own, read from the source when first asked, with the handler
/// replaced by one that holds the current element's reports until the element has decoded. They
/// then reach the decoder's handler in order, each once: an element read again discards what it
/// reported the first time. Under ``UnknownValueHandler/strict`` the first of them throws, at
/// its path, right after the element's `init(from:)` returns instead of inside it, which only an
/// `init(from:)` that catches the error of its own report could tell.
///
/// It is not generic, so that making and releasing one costs little: the coding path comes
/// from the unkeyed container, which knows the array's own path. Its state is read and written
/// by one decode on one thread and never borrowed across a call that could touch it again, so
/// its properties skip Swift's run-time exclusivity checks (3% of an array-heavy decode).
@usableFromInline
final class ElementDecoder: Decoder, SingleValueDecodingContainer {
  @usableFromInline @exclusivity(unchecked)
  var elements: any UnkeyedDecodingContainer

  /// Where the array came from, to read its `userInfo` and read it again from the start; made
  /// only when needed, by a closure that ``reading(_:keepingReadValues:from:_:)`` lends for the
  /// length of one read and takes back.
  ///
  /// A keyed container is a type of the standard library, whose layout a client does not know:
  /// a value holding one (a source, or an escaping closure's context capturing it) looks up the
  /// container's metadata to be copied or freed, about 2,000 instructions each time, on every
  /// array (measured). A non-escaping closure captures it in place, on the stack.
  @usableFromInline @exclusivity(unchecked)
  var makeSource: (() -> any ArraySource)?

  /// What the rare paths need (the source, `userInfo`, the held reports), made when one is
  /// first taken, so that an array that takes none frees one empty reference.
  @usableFromInline @exclusivity(unchecked)
  var detour: Detour?

  /// The state of an element decoder's rare paths.
  @usableFromInline
  final class Detour {
    /// The array's source.
    @usableFromInline let source: any ArraySource
    /// The decoder's `userInfo` with the holding handler, once asked for.
    @usableFromInline var heldUserInfo: [CodingUserInfoKey: Any]?
    /// The decoder's own handler, read with ``heldUserInfo``.
    @usableFromInline var handler: UnknownValueHandler?
    /// The current element's reports, held until it has decoded; made with ``heldUserInfo``.
    @usableFromInline var reports: HeldReports?

    @usableFromInline
    init(source: any ArraySource) {
      self.source = source
    }
  }

  /// The rare paths' state, made with the source the first time one is taken.
  @usableFromInline
  var takenDetour: Detour {
    if let detour { return detour }
    // Only asked during a read, while the closure is lent.
    let detour = Detour(source: makeSource!())
    self.detour = detour
    return detour
  }

  /// The source, once made.
  @usableFromInline
  var source: any ArraySource { takenDetour.source }

  /// The current element's reports, held until it has decoded; `nil` until `userInfo` is asked.
  @inlinable
  var reports: HeldReports? { detour?.reports }

  /// The handle the last element was given and did not keep, for the next one: one is made
  /// per array, and one more per element that keeps it. It refers back to this decoder, so
  /// ``reading(_:keepingReadValues:from:_:)`` lets it go when the array is read.
  @usableFromInline @exclusivity(unchecked)
  var spareHandle: ElementHandle?

  /// The index of the current element.
  @usableFromInline @exclusivity(unchecked)
  var index = 0

  /// The array's coding path, once asked: the same for every element, and `elements` reopened.
  @usableFromInline @exclusivity(unchecked)
  var arrayPath: [any CodingKey]?

  /// Whether the current element's value has been taken from `elements`.
  @usableFromInline @exclusivity(unchecked)
  var consumed = false

  /// Whether a read of the current element failed.
  @usableFromInline @exclusivity(unchecked)
  var readFailed = false

  /// Whether the current element asked for something this decoder does not answer exactly.
  @usableFromInline @exclusivity(unchecked)
  var refused = false

  /// What a decoder that keeps read values holds (see ``KeptValues``); `nil` for one that
  /// does not, so an array of toolkit values frees one empty reference.
  @usableFromInline
  let kept: KeptValues?

  /// The values an element decoder for ``SkipUnknownElements`` keeps: the current element's
  /// last read, to keep an element left out as it was read.
  @usableFromInline
  final class KeptValues {
    /// The current element's last successful single-value read.
    @usableFromInline var lastRead: Any?

    @usableFromInline
    init() {}
  }

  /// The current element's last successful single-value read, for a decoder that keeps them.
  @inlinable
  var lastRead: Any? { kept?.lastRead }

  @inlinable
  init(_ elements: any UnkeyedDecodingContainer, keepingReadValues: Bool = false) {
    self.elements = elements
    kept = keepingReadValues ? KeptValues() : nil
  }

  /// Runs `body` with a decoder reading `elements`, whose source `source` makes when one is
  /// needed; the decoder gives the closure back before this returns.
  @inlinable
  static func reading<Result>(
    _ elements: any UnkeyedDecodingContainer,
    keepingReadValues: Bool = false,
    from source: () -> any ArraySource,
    _ body: (ElementDecoder) throws -> Result
  ) throws -> Result {
    // The decoder is made outside the closure, which captures it rather than `elements`: an
    // existential captured would be copied, with its value witnesses, on every array.
    let decoder = ElementDecoder(elements, keepingReadValues: keepingReadValues)
    return try withoutActuallyEscaping(source) { source in
      decoder.makeSource = source
      defer {
        decoder.makeSource = nil
        decoder.spareHandle = nil
      }
      return try body(decoder)
    }
  }

  /// Decodes the current element; its reports are held (see ``deliverReports()``), unless it
  /// throws: then they are delivered first, as they were made before its error.
  ///
  /// Inlined into the caller with the element's `init(from:)`: the checks that follow it are
  /// two flags, and whatever is rare (an element read again, an error) is out of line.
  @inlinable @inline(__always)
  func decodeElement<Element: Decodable>(_: Element.Type) throws -> Element {
    index = elements.currentIndex
    consumed = false
    readFailed = false
    refused = false
    kept?.lastRead = nil
    let element: Element
    var handle = spareHandle ?? ElementHandle(self)
    spareHandle = nil
    do {
      element = try Element(from: handle)
    } catch {
      try settleIfKept(&handle)
      return try recover(from: error, Element.self)
    }
    try settleIfKept(&handle)
    if _slowPath(refused || !consumed) {
      return try decodeAgainDelivering(Element.self)
    }
    return element
  }

  /// After the current element threw: reads it again when its error may be this decoder's
  /// (a refused or failed read), and otherwise delivers what it reported, then throws.
  @usableFromInline
  func recover<Element: Decodable>(from error: any Error, _: Element.Type) throws -> Element {
    if refused || readFailed {
      return try decodeAgainDelivering(Element.self)
    }
    try deliverReports()
    throw error
  }

  /// ``decodeAgain(_:)``, delivering what the element reported before its error, if it throws.
  @usableFromInline
  func decodeAgainDelivering<Element: Decodable>(_: Element.Type) throws -> Element {
    do {
      return try decodeAgain(Element.self)
    } catch {
      try deliverReports()
      throw error
    }
  }

  /// Whether the current element reported an unknown value of its own.
  @inlinable
  var currentReported: Bool {
    guard let reports else { return false }
    return reports.values.contains { $0.kind == .unknownValue }
  }

  /// Hands the current element's reports to the decoder's handler, in order, and forgets them.
  @inlinable
  func deliverReports() throws {
    if detour != nil {
      try deliverHeldReports()
    }
  }

  @usableFromInline
  func deliverHeldReports() throws {
    guard let reports, !reports.values.isEmpty else { return }
    let values = reports.values
    reports.values = []
    guard let handler = detour?.handler else { return }
    for value in values {
      try handler.handle(value)
    }
  }

  /// Reads the current element again through the generic path of a container the source opens
  /// anew, forgetting what it reported the first time, and goes on reading from that container.
  /// What it reports this time is held, as on the first.
  @usableFromInline
  func decodeAgain<Element: Decodable>(_: Element.Type) throws -> Element {
    _ = userInfo
    reports?.values = []
    var container = try CodableResilience.container(atElement: index, reopening: source.reopen)
    let slot: HoldingSlot<Element>
    do {
      slot = try container.decode(HoldingSlot<Element>.self)
    } catch let failure as HoldingSlotFailure {
      reports?.values = failure.reports
      throw failure.error
    }
    reports?.values = slot.reports
    elements = container
    return slot.element
  }

  /// Hands an element that kept its decoder over to the decoder's own decoder for it, read
  /// from the source: this one moves on to the next element, and lends its source only for
  /// the length of one read.
  @inlinable
  func settleIfKept(_ handle: inout ElementHandle) throws {
    if _slowPath(!isKnownUniquelyReferenced(&handle)) {
      try settle(handle)
    } else {
      spareHandle = handle
    }
  }

  @usableFromInline
  func settle(_ handle: ElementHandle) throws {
    var container = try CodableResilience.container(atElement: index, reopening: source.reopen)
    handle.base = try container.superDecoder()
  }

  /// Reads the current element again, through the generic path, as a `JSONValue`: what an
  /// element that was left out is kept as when its value was not read as a single value.
  @usableFromInline
  func currentElementAsJSON() throws -> JSONValue {
    var container = try CodableResilience.container(atElement: index, reopening: source.reopen)
    return try container.decode(JSONReadAgain.self).json
  }

  /// The decoder's own `userInfo`, read from the source when first asked, whose handler holds
  /// the current element's reports until it has decoded.
  @usableFromInline
  var userInfo: [CodingUserInfoKey: Any] {
    let detour = takenDetour
    if let heldUserInfo = detour.heldUserInfo { return heldUserInfo }
    let userInfo = detour.source.userInfo
    let reports = HeldReports()
    detour.handler = userInfo[.unknownValueHandler] as? UnknownValueHandler
    detour.reports = reports
    let heldUserInfo = reports.holding(userInfo)
    detour.heldUserInfo = heldUserInfo
    return heldUserInfo
  }
}

/// What ``ElementDecoder`` throws for a question it does not answer exactly.
@usableFromInline
struct LeftFastPath: Error {
  @usableFromInline
  init() {}
}

// MARK: - Sources

/// Where an array an ``ElementDecoder`` reads came from: what answers its `userInfo`, and opens
/// it again from the start for an element read the generic way.
@usableFromInline
protocol ArraySource {
  /// The `userInfo` of the decoder the array is read with.
  var userInfo: [CodingUserInfoKey: Any] { get }

  /// The array's unkeyed container, at its first element.
  func reopen() throws -> any UnkeyedDecodingContainer
}

/// The array a decoder reads.
@usableFromInline
struct DecoderArraySource: ArraySource {
  @usableFromInline let decoder: any Decoder

  @usableFromInline
  init(_ decoder: any Decoder) {
    self.decoder = decoder
  }

  @usableFromInline
  var userInfo: [CodingUserInfoKey: Any] { decoder.userInfo }

  @usableFromInline
  func reopen() throws -> any UnkeyedDecodingContainer {
    try decoder.unkeyedContainer()
  }
}
