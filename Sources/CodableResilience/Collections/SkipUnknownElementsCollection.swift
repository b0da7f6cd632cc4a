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
