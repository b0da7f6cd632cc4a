// What the collection wrappers hold and what they left out: one record of what was left out
// for all three, and one storage for the two that make their collection of what they kept.

/// What a collection wrapper left out, and what it needs to write the collection back as it was
/// read: the one record the collection wrappers keep.
///
/// - ``SkipUnknownElements``: the raw values, unknown variants or `JSONValue`s of the elements
///   it did not know, and every element in the order it was read.
/// - ``SkipInvalidElements``: each element that failed, as an ``InvalidElement`` (its place, its
///   JSON, its error), and, for a set or a dictionary read as pairs, everything in the order it
///   was read.
///
/// Kept without static types. Unchecked `Sendable`: a wrapper is `Sendable` only when its
/// collection is, and a record holds only the collection's own elements, their raw values,
/// `UnknownVariant`s, `JSONValue`s and `InvalidElement`s.
@usableFromInline
struct LeftOut<Record>: @unchecked Sendable {
  /// What was left out, in the order it was read.
  @usableFromInline let records: [Record]
  /// Every element as it was read, known or left out, in order (duplicates included), when
  /// writing back needs it.
  @usableFromInline let readOrder: [Any]?

  @usableFromInline
  init(_ records: [Record], readOrder: [Any]? = nil) {
    self.records = records
    self.readOrder = readOrder
  }
}

// MARK: - What a collection wrapper holds

/// The collection a collection wrapper holds, as the wrapper makes it of what it decoded and
/// reads back what to write: an array or a set (of `[Element]`), a dictionary (of
/// `[Key: Value]`), or an optional one of these. The one storage of ``SkipUnknownElements`` and
/// ``SkipUnknownKeys``; internal, so the collections a user has show none of it. (What a missing
/// key or `null` reads as is `noneIfOptional`'s, for every wrapper.)
///
/// ```swift
/// let tags = Set<Tag>(contents: [.new, .sale])   // made of what was decoded
/// tags.contents                                   // [.new, .sale] in some order, to write
/// ```
///
/// Inlinable, with the functions that make a collection: in a wrapper's `init(from:)`, compiled
/// for the model's collection, the look-up of the conformance folds away and a set is built by
/// code compiled for its element.
@usableFromInline
protocol CollectionStorage {
  /// What the collection is made of: `[Element]` for an array or a set, `[Key: Value]` for a
  /// dictionary.
  associatedtype Contents

  /// The collection of `contents`, in the order they were read.
  init(contents: Contents)

  /// What to write; `nil` for an optional collection that is `nil`.
  var contents: Contents? { get }
}

extension Array: CollectionStorage {
  @inlinable
  init(contents: [Element]) {
    self = contents
  }

  @usableFromInline
  var contents: [Element]? { self }
}

extension Set: CollectionStorage {
  @inlinable
  init(contents: [Element]) {
    self.init(contents)
  }

  @usableFromInline
  var contents: [Element]? { Array(self) }
}

extension Dictionary: CollectionStorage {
  @inlinable
  init(contents: [Key: Value]) {
    self = contents
  }

  @usableFromInline
  var contents: [Key: Value]? { self }
}

extension Optional: CollectionStorage where Wrapped: CollectionStorage {
  @inlinable
  init(contents: Wrapped.Contents) {
    self = .some(Wrapped(contents: contents))
  }

  @usableFromInline
  var contents: Wrapped.Contents? { flatMap(\.contents) }
}

/// `Held` made of `contents`, for a wrapper that holds `Held`; throws the `DecodingError`
/// `unsupported` words for a type the package does not make conform. The casts are bit casts
/// where the types are the same, as they are for every collection the package makes conform:
/// a cast of an array checks each element.
@inlinable
func makeCollection<Held, Made>(
  _: Held.Type, of contents: Made, codingPath: () -> [any CodingKey],
  unsupported: @autoclosure () -> String
) throws -> Held {
  guard let storage = Held.self as? any CollectionStorage.Type else {
    throw DecodingError.dataCorrupted(
      DecodingError.Context(codingPath: codingPath(), debugDescription: unsupported()))
  }
  return storage.make(contents)
}

/// What `collection` holds to write, as `Contents`; `nil` for an optional one that is `nil`.
/// Throws the `EncodingError` `unsupported` words for a type the package does not make conform.
func contentsToWrite<Held, Contents>(
  of collection: Held, as _: Contents.Type, codingPath: [any CodingKey],
  unsupported: @autoclosure () -> String
) throws -> Contents? {
  guard let storage = collection as? any CollectionStorage else {
    throw EncodingError.invalidValue(
      collection, EncodingError.Context(codingPath: codingPath, debugDescription: unsupported()))
  }
  return storage.contents(as: Contents.self)
}

extension CollectionStorage {
  @inlinable
  static func make<Held, Made>(_ contents: Made) -> Held {
    let stored =
      Made.self == Contents.self
      ? unsafeBitCast(contents, to: Contents.self) : contents as! Contents
    let made = Self(contents: stored)
    return Held.self == Self.self ? unsafeBitCast(made, to: Held.self) : made as! Held
  }

  fileprivate func contents<Wanted>(as _: Wanted.Type) -> Wanted? {
    contents.map { $0 as! Wanted }
  }
}
