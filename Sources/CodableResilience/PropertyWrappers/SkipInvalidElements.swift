import Foundation

/// A collection that leaves out the elements that fail to decode, reports each, and keeps them
/// to write back.
///
/// ```swift
/// struct Timeline: Codable {
///   @SkipInvalidElements var notifications: [Notice]        // an element that fails is left out
///   @SkipInvalidElements var pinned: [Status]?               // optional: missing or null is nil
///   @SkipInvalidElements var accounts: [String: Account]     // an entry whose value fails is left out
/// }
/// ```
///
/// Use it where one element of a new shape, or one the server sent broken, must not fail the
/// whole list: a timeline, a notification feed, search results. An element (or a dictionary
/// entry) whose decoding throws a `DecodingError` is left out; the others keep their order.
///
/// ## What still throws
///
/// Breakage of the collection itself throws as plain `Codable` does: a missing key
/// (`keyNotFound`), `null` for a collection that is not optional (`valueNotFound`), a value that
/// is not an array or object (`typeMismatch`). The optional forms read a missing key and `null`
/// as `nil`. An error that is not a `DecodingError` (one a handler throws) is not caught.
///
/// A number that does not fit its type (`2.5` for an `Int`) fails the element, which is left
/// out: `JSONDecoder` throws it as an error of its own until the decode leaves the top level,
/// where a plain collection throws it as `dataCorrupted`, "The given data was not valid JSON.",
/// with no coding path. That is the element's error, in its report and under `.strict`.
///
/// ## Reported
///
/// Each element left out is reported to the decoder's ``UnknownValueHandler`` at its own path
/// (`$.notifications[3]`), as an ``UnknownValue`` of kind
/// ``UnknownValue/Kind-swift.enum/invalidElement(_:)`` with the error it threw; its
/// ``UnknownValue/rawValue`` is the element's JSON. A handler that only logs keeps working, and
/// one that cares can tell it from an unknown value. Under ``UnknownValueHandler/strict`` the
/// element's own error is thrown, exactly as a plain array throws it.
///
/// ## Kept, and written back
///
/// The elements left out are kept as ``JSONValue``s with their places
/// (``invalidElements``). Written back, the wrapper follows the same rule as
/// ``SkipUnknownElements``:
///
/// - Unmodified since decoding: the collection that was read, each element left out exactly as
///   it came and in its place; the others are written as they encode.
/// - Modified (``wrappedValue`` assigned, or changed in place): the current elements, then the
///   elements left out, in the order they were read (for a dictionary, the entries left out
///   beside the current ones, a current entry winning over a kept one of the same key). Call
///   ``removeInvalidElements()`` (through the projected value) to drop them.
///
/// ## Dictionaries
///
/// `[String: Value]` keeps its keys as they were sent, whatever the decoder's key strategy, as
/// a plain `[String: Value]` does; `[Int: Value]` and keys that are `CodingKeyRepresentable`
/// are read as `Dictionary` reads them. Other keys (`Double`, `Bool`, a struct, an enum that is
/// not `CodingKeyRepresentable`) are read and written as `Dictionary` does, as an array of
/// alternating keys and values: an entry whose key or value fails is left out, reported and
/// kept at the index of the element that failed, and written back with its pair.
@propertyWrapper
public struct SkipInvalidElements<Value: SkipInvalidElementsCollection> {
  /// The elements that decoded.
  ///
  /// ```swift
  /// timeline.notifications.count  // without the ones left out
  /// ```
  public var wrappedValue: Value {
    didSet {
      readNull = false
      isModified = true
    }
  }

  /// What decoding left out, with everything it read in order; `nil` when nothing was.
  var left: LeftOutElements?

  /// Whether ``wrappedValue`` was set since decoding.
  var isModified = false

  /// Whether an optional collection was read as `null`, to write `null` back rather than no
  /// key. Assigning ``wrappedValue`` clears it.
  @usableFromInline var readNull = false

  /// Creates the wrapper around a collection.
  ///
  /// ```swift
  /// @SkipInvalidElements var notifications: [Notice] = []
  /// ```
  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }

  init(decoded: Value, left: LeftOutElements?) {
    self.init(wrappedValue: decoded)
    self.left = left
  }

  /// The wrapper itself, so `$notifications.invalidElements` reads what was left out.
  ///
  /// ```swift
  /// timeline.$notifications.invalidElements.map(\.failure.errorKind)  // ["keyNotFound"]
  /// ```
  public var projectedValue: SkipInvalidElements<Value> {
    get { self }
    set { self = newValue }
  }

  /// The elements decoding left out, in the order they were read, each with its place, its
  /// JSON and the error it threw.
  ///
  /// ```swift
  /// for element in timeline.$notifications.invalidElements {
  ///   print(element.location, element.failure)  // index(3) keyNotFound at …
  /// }
  /// ```
  public var invalidElements: [InvalidElement] {
    left?.records ?? []
  }

  /// Forgets the elements decoding left out, so they are not written back.
  ///
  /// ```swift
  /// timeline.$notifications.removeInvalidElements()
  /// ```
  public mutating func removeInvalidElements() {
    left = nil
  }
}

/// An element ``SkipInvalidElements`` left out: where it was, its JSON, and the error it threw.
/// Two are equal when their places, their JSON and their errors are.
///
/// ```swift
/// let element = timeline.$notifications.invalidElements[0]
/// element.location  // .index(3)
/// element.json      // {"type": "quote", …}
/// element.failure   // keyNotFound at $.notifications[3].status: No value associated with …
/// ```
public struct InvalidElement: Sendable, Hashable, CustomStringConvertible {
  /// Where an element sat in its collection.
  public enum Location: Sendable, Hashable {
    /// Its index in an array (or in the array a set was read from).
    case index(Int)
    /// Its key in an object.
    case key(String)
  }

  /// Where the element sat.
  public let location: Location

  /// The element as it was read.
  public let json: JSONValue

  /// The error decoding it threw.
  public let failure: UnknownValue.ElementFailure

  init(location: Location, json: JSONValue, failure: UnknownValue.ElementFailure) {
    self.location = location
    self.json = json
    self.failure = failure
  }

  /// One line: the place, and the error.
  ///
  /// ```swift
  /// print(element)  // [3]: keyNotFound at $.notifications[3].status: …
  /// ```
  public var description: String {
    switch location {
    case .index(let index): "[\(index)]: \(failure)"
    case .key(let key): "\(jsonQuoted(key)): \(failure)"
    }
  }
}

/// What ``SkipInvalidElements`` can hold: an `Array`, a `Set` or a `Dictionary`, or an optional
/// one. The wrapper decodes when the collection does, encodes when it does.
///
/// ```swift
/// @SkipInvalidElements var statuses: [Status]
/// @SkipInvalidElements var accounts: [String: Account]?
/// ```
///
/// The protocol has no requirements, so it adds nothing to those types a caller could see.
public protocol SkipInvalidElementsCollection {}

extension Array: SkipInvalidElementsCollection {}

extension Set: SkipInvalidElementsCollection {}

extension Dictionary: SkipInvalidElementsCollection {}

extension Optional: SkipInvalidElementsCollection where Wrapped: SkipInvalidElementsCollection {}

// MARK: - Conditional Conformances

extension SkipInvalidElements: Sendable where Value: Sendable {}

/// Two wrappers are equal when their collections are, and they left out the same elements at
/// the same places.
extension SkipInvalidElements: Equatable where Value: Equatable {
  /// Whether both hold equal collections and left out the same elements.
  ///
  /// ```swift
  /// decoded.$notifications == expected.$notifications
  /// ```
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.wrappedValue == rhs.wrappedValue && lhs.invalidElements == rhs.invalidElements
  }
}

extension SkipInvalidElements: Hashable where Value: Hashable {
  /// Hashes what equality compares.
  ///
  /// ```swift
  /// let seen: Set<SkipInvalidElements<[Int]>> = [decoded.$numbers]
  /// ```
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
    hasher.combine(invalidElements)
  }
}

extension SkipInvalidElements: Decodable where Value: Decodable {
  /// Decodes the collection, leaving out (and reporting, and keeping) each element whose
  /// decoding throws a `DecodingError`.
  ///
  /// ```swift
  /// let numbers = try JSONDecoder().decode(
  ///   SkipInvalidElements<[Int]>.self, from: Data(#"[1, "two", 3]"#.utf8))
  /// // numbers.wrappedValue == [1, 3], numbers.invalidElements[0].json == "two"
  /// ```
  public init(from decoder: any Decoder) throws {
    guard let reading = Value.self as? any InvalidElementsReading.Type else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription: "SkipInvalidElements holds an Array, a Set or a Dictionary, or an "
            + "optional one; \(Value.self) is none of them"))
    }
    let read = try reading.readSkippingInvalidElements(from: decoder)
    self.init(decoded: read.value as! Value, left: read.left)
    readNull = read.readNull
  }
}

extension SkipInvalidElements: Encodable where Value: Encodable {
  /// Writes the collection that was read when unmodified, elements left out in their places;
  /// otherwise the current elements, then the ones left out.
  ///
  /// ```swift
  /// let data = try JSONEncoder().encode(timeline)  // the notifications left out included
  /// ```
  public func encode(to encoder: any Encoder) throws {
    guard let left, let writing = wrappedValue as? any InvalidElementsWriting else {
      try wrappedValue.encode(to: encoder)
      return
    }
    try writing.write(keeping: left, asRead: !isModified, to: encoder)
  }
}

extension SkipInvalidElements: ResilientPropertyWrapper, CollectionWrapper {}
