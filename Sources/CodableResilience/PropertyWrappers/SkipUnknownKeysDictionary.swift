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

// MARK: - How the wrapper makes and writes its dictionary (`CollectionStorage`)

extension SkipUnknownKeysDictionary {
  /// The dictionary of the known entries; throws for a conforming type that is not one the
  /// package makes conform. The coding path is read only for that error. Compiled for the
  /// model's dictionary, the storage is chosen when the model is compiled.
  @inlinable
  init(knownEntries: [Key: Value], codingPath: @autoclosure () -> [any CodingKey]) throws {
    self = try makeCollection(
      Self.self, of: knownEntries, codingPath: codingPath, unsupported: Self.unsupported)
  }

  /// The entries to write; `nil` for an optional dictionary that is `nil`.
  func entriesToEncode(codingPath: [any CodingKey]) throws -> [Key: Value]? {
    try contentsToWrite(
      of: self, as: [Key: Value].self, codingPath: codingPath, unsupported: Self.unsupported)
  }

  @usableFromInline
  static var unsupported: String {
    "SkipUnknownKeys holds a Dictionary, or an optional one; \(Self.self) is neither"
  }
}
