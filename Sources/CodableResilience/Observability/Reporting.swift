import Foundation

extension CodingUserInfoKey {
  /// The `userInfo` key under which a decoder carries its ``UnknownValueHandler``.
  ///
  /// Any `Decoder` works: JSON, property lists, or a third-party decoder that exposes
  /// `userInfo`. Without a handler, unknown values are decoded leniently and not reported.
  ///
  /// ```swift
  /// let decoder = JSONDecoder()
  /// decoder.userInfo[.unknownValueHandler] = UnknownValueHandler.strict
  /// // or, on JSONDecoder and PropertyListDecoder:
  /// decoder.unknownValueHandler = .strict
  /// ```
  public static let unknownValueHandler = CodingUserInfoKey(
    rawValue: "CodableResilience.unknownValueHandler"
  )!
}

extension SingleValueDecodingContainer {
  /// Decodes a raw value, taking the container's concrete `String` and `Int` entry points
  /// when `R` is one of them: those skip the generic path's type checks, and the branch
  /// folds away once the caller is specialised.
  @inlinable
  func decodeRawValue<R: Decodable>(_ type: R.Type) throws -> R {
    if R.self == String.self {
      return try decode(String.self) as! R
    }
    if R.self == Int.self {
      return try decode(Int.self) as! R
    }
    return try decode(R.self)
  }
}

extension Decoder {
  /// Hands an unknown value to the installed handler, if there is one.
  ///
  /// This is the only place the toolkit reads `userInfo`, and it is reached only for
  /// values that are not known, so known values cost no dictionary look-up.
  ///
  /// - Parameter key: the key below this decoder's coding path where the value sits, when
  ///   the value is a key of the object this decoder reads rather than the decoder's own value.
  @usableFromInline
  func reportUnknownValue(
    of type: Any.Type,
    rawValue: Any,
    atKey key: (any CodingKey)? = nil
  ) throws {
    guard let handler = userInfo[.unknownValueHandler] as? UnknownValueHandler else { return }
    var path = codingPath
    if let key {
      path.append(key)
    }
    let value = UnknownValue(
      typeName: String(describing: type),
      rawValue: describeRawValue(rawValue),
      codingPath: path,
      knownValues: knownValueDescriptions(of: type)
    )
    try handler.handle(value)
  }
}

/// The text a raw value is reported as: strings as they are, other values as Swift prints them.
@usableFromInline
func describeRawValue(_ rawValue: Any) -> String {
  if let string = rawValue as? String { return string }
  return String(describing: rawValue)
}

/// The known values of a type as text, when it can list them: the cases of an
/// ``UnknownDecodable`` or other `CaseIterable` raw-value enum (without `unknown`), or an
/// ``ExtensibleEnum``'s ``ExtensibleEnum/knownValues``. Only called for unknown values.
func knownValueDescriptions(of type: Any.Type) -> [String]? {
  if let type = type as? any ExtensibleEnum.Type {
    return type.knownValues.map(\.description)
  }
  guard let iterable = type as? any CaseIterable.Type else { return nil }
  var unknownRawValue: String?
  if let type = type as? any UnknownDecodable.Type {
    unknownRawValue = unknownRawValueDescription(type)
  }
  return allCases(of: iterable).compactMap { element in
    guard let element = element as? any RawRepresentable else { return nil }
    let description = describeRawValue(element.rawValue)
    return description == unknownRawValue ? nil : description
  }
}

private func unknownRawValueDescription<T: UnknownDecodable>(_ type: T.Type) -> String {
  describeRawValue(T.unknown.rawValue)
}

/// Opens an existential `CaseIterable` metatype to list its cases.
private func allCases<T: CaseIterable>(of type: T.Type) -> [Any] {
  type.allCases.map { $0 }
}
