/// What ``SkipUnknownElements`` can hold: an `Array` or a `Set`, or an optional one.
///
/// ```swift
/// @SkipUnknownElements var tags: Set<Tag>
/// @SkipUnknownElements var labels: [Label]?
/// ```
///
/// The package makes `Array`, `Set` and `Optional` of them conform; the protocol has no
/// requirements of its own, so it adds nothing to those types a caller could see. Other types
/// cannot be held: decoding one throws a `DecodingError` that says so.
public protocol SkipUnknownElementsCollection {
  /// The type of the elements.
  associatedtype Element
}

extension Array: SkipUnknownElementsCollection {}

extension Set: SkipUnknownElementsCollection {}

extension Optional: SkipUnknownElementsCollection where Wrapped: SkipUnknownElementsCollection {
  /// The wrapped collection's element type.
  public typealias Element = Wrapped.Element
}

// MARK: - How the wrapper reads and writes its collection

/// The collection behind ``SkipUnknownElementsCollection``: how it is made of decoded elements,
/// which elements it writes, and what a missing key or `null` decodes as. Internal, so the
/// collections a user has show none of it.
protocol ElementStorage {
  associatedtype StoredElement

  /// The collection of the decoded elements, in the order they were read.
  init(storedElements: [StoredElement])

  /// The elements to write, in order; `nil` for an optional collection that is `nil`.
  var storedElements: [StoredElement]? { get }

  /// What a missing key or `null` decodes as: `nil` for an optional collection; no value for
  /// one that is not optional, where they throw.
  static var storageForNull: Self? { get }
}

extension Array: ElementStorage {
  init(storedElements: [Element]) {
    self = storedElements
  }

  var storedElements: [Element]? { self }

  static var storageForNull: [Element]? { nil }
}

extension Set: ElementStorage {
  init(storedElements: [Element]) {
    self.init(storedElements)
  }

  var storedElements: [Element]? { Array(self) }

  static var storageForNull: Set<Element>? { nil }
}

extension Optional: ElementStorage where Wrapped: ElementStorage {
  init(storedElements: [Wrapped.StoredElement]) {
    self = .some(Wrapped(storedElements: storedElements))
  }

  var storedElements: [Wrapped.StoredElement]? {
    flatMap(\.storedElements)
  }

  static var storageForNull: Wrapped?? { .some(nil) }
}

extension SkipUnknownElementsCollection {
  /// The collection of `elements`; throws for a conforming type that is not one the package
  /// makes conform. The coding path is read only for that error: a decoder's `codingPath`
  /// builds an array of keys.
  @inlinable
  init(
    decodedElements elements: [Element], codingPath: @autoclosure () -> [any CodingKey]
  ) throws {
    // Chosen when the model is compiled: an array, or an optional one, is made without a look-up.
    if Self.self == [Element].self {
      self = unsafeBitCast(elements, to: Self.self)
    } else if Self.self == [Element]?.self {
      self = unsafeBitCast([Element]?.some(elements), to: Self.self)
    } else {
      self = try Self.made(of: elements, codingPath: codingPath)
    }
  }

  @usableFromInline
  static func made(of elements: [Element], codingPath: () -> [any CodingKey]) throws -> Self {
    try storage(codingPath).make(elements)
  }

  /// The elements to write, in order; `nil` for an optional collection that is `nil`.
  func elementsToEncode(codingPath: [any CodingKey]) throws -> [Element]? {
    guard let storage = self as? any ElementStorage else {
      throw EncodingError.invalidValue(
        self, EncodingError.Context(codingPath: codingPath, debugDescription: Self.unsupported))
    }
    return storage.elements(as: Element.self)
  }

  /// What `null` decodes as: `nil` for an optional collection. Asked only once `null` was read.
  @usableFromInline
  static func valueForNull(codingPath: @autoclosure () -> [any CodingKey]) throws -> Self? {
    try storage(codingPath).null(as: Self.self)
  }

  private static func storage(
    _ codingPath: () -> [any CodingKey]
  ) throws -> any ElementStorage.Type {
    guard let storage = Self.self as? any ElementStorage.Type else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: codingPath(), debugDescription: unsupported))
    }
    return storage
  }

  private static var unsupported: String {
    "SkipUnknownElements holds an Array or a Set of elements, or an optional one; "
      + "\(Self.self) is none of them"
  }
}

extension ElementStorage {
  /// The collection of `elements`, which are of the stored element type.
  /// The casts are bit casts where the types are the same, as they are for every collection
  /// the package makes conform: a cast of an array checks each element.
  fileprivate static func make<Collection, Decoded>(_ elements: [Decoded]) -> Collection {
    let stored =
      Decoded.self == StoredElement.self
      ? unsafeBitCast(elements, to: [StoredElement].self) : elements as! [StoredElement]
    let made = Self(storedElements: stored)
    return Collection.self == Self.self
      ? unsafeBitCast(made, to: Collection.self) : made as! Collection
  }

  fileprivate func elements<Element>(as _: Element.Type) -> [Element]? {
    storedElements.map { $0 as! [Element] }
  }

  fileprivate static func null<Collection>(as _: Collection.Type) -> Collection? {
    storageForNull.map { $0 as! Collection }
  }
}
