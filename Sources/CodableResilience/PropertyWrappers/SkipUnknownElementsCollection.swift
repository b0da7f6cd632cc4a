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

// MARK: - How the wrapper makes and writes its collection (`CollectionStorage`)

extension SkipUnknownElementsCollection {
  /// The collection of `elements`; throws for a conforming type that is not one the package
  /// makes conform. The coding path is read only for that error: a decoder's `codingPath`
  /// builds an array of keys. Compiled for the model's collection, the storage is chosen when
  /// the model is compiled, and an array is the elements themselves.
  @inlinable
  init(
    decodedElements elements: [Element], codingPath: @autoclosure () -> [any CodingKey]
  ) throws {
    self = try makeCollection(
      Self.self, of: elements, codingPath: codingPath, unsupported: Self.unsupported)
  }

  /// The elements to write, in order; `nil` for an optional collection that is `nil`.
  func elementsToEncode(codingPath: [any CodingKey]) throws -> [Element]? {
    try contentsToWrite(
      of: self, as: [Element].self, codingPath: codingPath, unsupported: Self.unsupported)
  }

  @usableFromInline
  static var unsupported: String {
    "SkipUnknownElements holds an Array or a Set of elements, or an optional one; "
      + "\(Self.self) is none of them"
  }
}
