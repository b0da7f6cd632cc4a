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

extension LeftOut<Any> {
  /// The values left out as text, for equality and hashing.
  var descriptions: [String] {
    records.map { record in
      switch record {
      case let variant as UnknownVariant: variant.json.description
      case let json as JSONValue: json.description
      case let value: describeRawValue(value)
      }
    }
  }
}
