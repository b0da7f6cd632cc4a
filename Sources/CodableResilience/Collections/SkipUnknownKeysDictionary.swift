/// What ``SkipUnknownKeys`` can hold: a dictionary keyed by a raw-value enum (or any
/// `RawRepresentable` key whose raw value is `LosslessStringConvertible`), or an optional one.
///
/// ```swift
/// @SkipUnknownKeys var downloads: [Platform: Int]
/// @SkipUnknownKeys var totals: [Currency: Double]?
/// ```
///
/// The package makes `Dictionary` and `Optional` of it conform; the protocol has no
/// requirements of its own, so it adds nothing to those types a caller could see. Other types
/// cannot be held: decoding one throws a `DecodingError` that says so.
public protocol SkipUnknownKeysDictionary {
  /// The key type, matched against the payload's keys by the text of its raw value.
  associatedtype Key: Hashable & RawRepresentable where Key.RawValue: LosslessStringConvertible
  /// The value type.
  associatedtype Value
}

extension Dictionary: SkipUnknownKeysDictionary
where Key: RawRepresentable, Key.RawValue: LosslessStringConvertible {}

extension Optional: SkipUnknownKeysDictionary where Wrapped: SkipUnknownKeysDictionary {
  /// The wrapped dictionary's key type.
  public typealias Key = Wrapped.Key
  /// The wrapped dictionary's value type.
  public typealias Value = Wrapped.Value
}

/// The dictionary behind ``SkipUnknownKeysDictionary``: how it is made of the known entries,
/// which entries it writes, and what a missing key or `null` decodes as. Internal, so the
/// dictionaries a user has show none of it.
protocol EntryStorage {
  associatedtype StoredKey: Hashable
  associatedtype StoredValue

  init(storedEntries: [StoredKey: StoredValue])
  var storedEntries: [StoredKey: StoredValue]? { get }
  static var storageForNull: Self? { get }
}

extension Dictionary: EntryStorage {
  init(storedEntries: [Key: Value]) {
    self = storedEntries
  }

  var storedEntries: [Key: Value]? { self }

  static var storageForNull: [Key: Value]? { nil }
}

extension Optional: EntryStorage where Wrapped: EntryStorage {
  init(storedEntries: [Wrapped.StoredKey: Wrapped.StoredValue]) {
    self = .some(Wrapped(storedEntries: storedEntries))
  }

  var storedEntries: [Wrapped.StoredKey: Wrapped.StoredValue]? {
    flatMap(\.storedEntries)
  }

  static var storageForNull: Wrapped?? { .some(nil) }
}

extension SkipUnknownKeysDictionary {
  /// The dictionary of the known entries; throws for a conforming type that is not one the
  /// package makes conform. The coding path is read only for that error.
  @usableFromInline
  init(knownEntries: [Key: Value], codingPath: @autoclosure () -> [any CodingKey]) throws {
    self = try Self.storage(codingPath).make(knownEntries)
  }

  /// The entries to write; `nil` for an optional dictionary that is `nil`.
  func entriesToEncode(codingPath: [any CodingKey]) throws -> [Key: Value]? {
    guard let storage = self as? any EntryStorage else {
      throw EncodingError.invalidValue(
        self, EncodingError.Context(codingPath: codingPath, debugDescription: Self.unsupported))
    }
    return storage.entries(as: [Key: Value].self)
  }

  /// What `null` decodes as: `nil` for an optional dictionary. Asked only once `null` was
  /// read.
  static func valueForNull(codingPath: @autoclosure () -> [any CodingKey]) throws -> Self? {
    try storage(codingPath).null(as: Self.self)
  }

  private static func storage(_ codingPath: () -> [any CodingKey]) throws -> any EntryStorage.Type {
    guard let storage = Self.self as? any EntryStorage.Type else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: codingPath(), debugDescription: unsupported))
    }
    return storage
  }

  private static var unsupported: String {
    "SkipUnknownKeys holds a Dictionary, or an optional one; \(Self.self) is neither"
  }
}

extension EntryStorage {
  fileprivate static func make<Collection>(_ entries: some Any) -> Collection {
    Self(storedEntries: entries as! [StoredKey: StoredValue]) as! Collection
  }

  fileprivate func entries<Entries>(as _: Entries.Type) -> Entries? {
    storedEntries.map { $0 as! Entries }
  }

  fileprivate static func null<Collection>(as _: Collection.Type) -> Collection? {
    storageForNull.map { $0 as! Collection }
  }
}
