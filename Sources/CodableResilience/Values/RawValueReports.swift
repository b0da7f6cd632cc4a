// How the value tools report a raw value no case matched (or one read through an alias), with
// the known values of its type listed only when they are read.

// Out of line, so that the `init(from:)`s of the toolkit's types, inlined where their values
// are read, hold only the read and the match: a raw value no case matches is the rare path.

/// Reports `rawValue`, which no value of `T` matched, as unknown.
@usableFromInline
func reportUnmatched<T: RawRepresentable>(
  _: T.Type, rawValue: T.RawValue, from decoder: any Decoder, by tool: Tool
) throws {
  try decoder.reportUnknownValue(
    of: T.self, rawValue: describeRawValue(rawValue), knownValues: .of(T.self), by: tool)
}

/// The value `rawValue` names through `T`'s ``ValueAliases``, if it adopts them, reported as
/// renamed; `nil`, after reporting it as unknown, when nothing matches. For generic wrappers,
/// which learn whether their type has aliases only at run time.
@usableFromInline
func renamedOrReported<T: RawRepresentable>(
  _: T.Type, rawValue: T.RawValue, from decoder: any Decoder, by tool: Tool
) throws -> T? {
  try renamedOrReported(
    T.self, renamedValue(T.self, rawValue), rawValue: rawValue, from: decoder, by: tool)
}

private func renamedOrReported<T: RawRepresentable>(
  _: T.Type, _ renamed: T?, rawValue: T.RawValue, from decoder: any Decoder, by tool: Tool
) throws -> T? {
  guard let renamed else {
    try reportUnmatched(T.self, rawValue: rawValue, from: decoder, by: tool)
    return nil
  }
  try decoder.reportRenamedValue(
    of: T.self, received: describeRawValue(rawValue),
    canonical: describeRawValue(renamed.rawValue), by: tool)
  return renamed
}

extension Decoder {
  /// ``reportUnknownValue(of:rawValue:knownValues:atKey:by:)`` for callers that know the
  /// type only at run time.
  @usableFromInline
  func reportUnknownValue(
    of type: Any.Type,
    rawValue: Any,
    atKey key: (any CodingKey)? = nil,
    by tool: Tool
  ) throws {
    try reportUnknownValue(
      of: type, rawValue: describeRawValue(rawValue), knownValues: .of(type), atKey: key,
      by: tool)
  }
}

// MARK: - Known values

extension KnownValues {
  /// The known values of `type`, as ``knownValueDescriptions(of:)`` lists them when they are
  /// read.
  @usableFromInline
  static func of(_ type: Any.Type) -> KnownValues {
    .of(type, listedBy: ValueTypeKnownValues.self)
  }
}

/// Lists the known values of the value tools' types and plain enums.
@usableFromInline
enum ValueTypeKnownValues: KnownValueLister {
  @usableFromInline
  static func knownValues(of type: Any.Type) -> [String]? {
    knownValueDescriptions(of: type)
  }
}

/// The known values of a type as text, when it can list them: the cases of an
/// ``UnknownDecodable`` or other `CaseIterable` raw-value enum (without `unknown`), or an
/// ``ExtensibleEnum``'s ``ExtensibleEnum/knownValues``. Only called for unknown values.
///
/// ``UnknownDecodable`` types that are `CaseIterable` list their cases with
/// `describeKnownCases()` instead, compiled for the type itself.
@usableFromInline
func knownValueDescriptions(of type: Any.Type) -> [String]? {
  if let type = type as? any ExtensibleEnum.Type {
    return type.knownValues.map(\.description)
  }
  if let type = type as? any (UnknownDecodable & CaseIterable).Type {
    return knownCases(of: type)
  }
  guard let type = type as? any (CaseIterable & RawRepresentable).Type else { return nil }
  return rawValueDescriptions(of: type)
}

/// Opens an existential metatype to describe its cases' raw values, with no cast per case.
private func rawValueDescriptions<T: CaseIterable & RawRepresentable>(of type: T.Type) -> [String] {
  T.allCases.map { describeRawValue($0.rawValue) }
}

private func knownCases<T: UnknownDecodable & CaseIterable>(of type: T.Type) -> [String] {
  T.describeKnownCases()
}
