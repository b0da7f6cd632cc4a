import Foundation

// How ``DecodeConvertingType`` reads a value of another JSON type: the value as sent, read once
// as a `JSONValue`, behind a decoder of its own whose single-value container answers the reads
// of the property's type with the converted value. The type's own `init(from:)` does the rest,
// so an enum's raw value, an `ExtensibleEnum` identifier and an optional convert as a plain
// `Int` or `String` does, and an unknown raw value is the type's own affair.

/// A scalar as it was sent: its text (a string's characters, a number's or a boolean's JSON)
/// and its JSON type.
@usableFromInline
struct SentScalar: Sendable {
  @usableFromInline let text: String
  @usableFromInline let type: UnknownValue.JSONType

  @usableFromInline
  init(text: String, type: UnknownValue.JSONType) {
    self.text = text
    self.type = type
  }

  /// The scalar `decoder` holds; `nil` for `null`, an object or an array, which convert to
  /// nothing.
  init?(readFrom decoder: any Decoder) {
    guard let value = try? JSONValue(from: decoder) else { return nil }
    switch value {
    case .string(let text): self.init(text: text, type: .string)
    case .bool(let flag): self.init(text: flag ? "true" : "false", type: .bool)
    case .integer, .unsigned, .double, .decimal:
      // `JSONDecoder` reads a number too small for a `Double` (`1e-400`) as the integer 0,
      // which it is not; a zero that is sent reads as a `Double` too.
      guard let text = plainNumberText(value),
        text != "0" || (try? decoder.singleValueContainer().decode(Double.self)) != nil
      else { return nil }
      self.init(text: text, type: .number)
    case .null, .array, .object: return nil
    }
  }

  /// The value as `T` when it converts exactly, as a plain `T` would read the same number
  /// (or text); `nil` otherwise.
  func converted<T>(to _: T.Type) -> T? {
    switch type {
    case .string:
      if T.self == Bool.self { return flag(text, true: "true", false: "false") as! T? }
      guard isJSONNumber(text) else { return nil }
      // The commonest number type first, as `exactInteger` starts: a whole number's digits.
      if T.self == Int.self, let integer = Int(text, radix: 10) {
        return unsafeBitCast(integer, to: T.self)
      }
      if let integer = T.self as? any FixedWidthInteger.Type {
        return exactInteger(of: integer, from: text) as! T?
      }
      if T.self == Double.self { return plainFloat(Double(text), from: text) as! T? }
      if T.self == Float.self { return plainFloat(Float(text), from: text) as! T? }
      if T.self == Decimal.self { return Decimal(string: text).flatMap(finite) as! T? }
      return nil
    case .number:
      if T.self == String.self, significantDigits(of: text) <= 38 { return text as? T }
      if T.self == Bool.self { return flag(text, true: "1", false: "0") as! T? }
      return nil
    case .bool:
      return T.self == String.self ? text as? T : nil
    case .singleValue:
      return nil
    }
  }
}

/// `true` for `yes`, `false` for `no`, `nil` for any other text.
private func flag(_ text: String, true yes: String, false no: String) -> Bool? {
  text == yes ? true : text == no ? false : nil
}

/// A number's text as the decoder read it: the integer's digits, or the decimal's without
/// trailing zeros (`12.50` as `12.5`); `nil` for a number beyond a `Decimal`'s range, which
/// has no exact decimal text (`1e200`, whose text would be the double's `1e+200`) and converts
/// to nothing.
private func plainNumberText(_ number: JSONValue) -> String? {
  switch number {
  case .decimal(let decimal): String(plainText(of: decimal))
  case .double(let double):
    Decimal(string: double.description).map { String(plainText(of: $0)) }
  default: number.description
  }
}

/// `value`, read from the JSON number `text`, when a plain property reads that number: finite,
/// and not a number too small for the type rounded to zero (`JSONDecoder` refuses `1e-400` for
/// a `Double` and `1e-46` for a `Float`, and reads the subnormal `3e-324`).
private func plainFloat<F: BinaryFloatingPoint>(_ value: F?, from text: String) -> F? {
  guard let value, value.isFinite, value != 0 || isZero(text) else { return nil }
  return value
}

/// Whether the JSON number `text` is zero: no digit but `0` before its exponent.
private func isZero(_ text: String) -> Bool {
  text.prefix { $0 != "e" && $0 != "E" }.allSatisfy { "0-.".contains($0) }
}

private func finite(_ decimal: Decimal) -> Decimal? {
  decimal.isFinite ? decimal : nil
}

/// The integer `text` (a JSON number) is, when it is a whole number that fits: `7.0` and
/// `1e2` are, `7.5` and `300` for a `UInt8` are not.
private func exactInteger<I: FixedWidthInteger>(of _: I.Type, from text: String) -> I? {
  if let integer = I(text, radix: 10) { return integer }
  guard text.contains(where: { ".eE".contains($0) }), let decimal = Decimal(string: text),
    decimal.isFinite
  else { return nil }
  let digits = plainText(of: decimal)
  guard !digits.contains(".") else { return nil }
  return I(digits, radix: 10)
}

/// How many digits a number's text carries, leading zeros and the point left out.
private func significantDigits(of text: String) -> Int {
  text.drop { !("1"..."9").contains($0) }.count { $0.isASCII && $0.isNumber }
}

// MARK: - The decoder that answers with the converted value

/// A decoder at the converted value's place, with the base decoder's path and `userInfo`,
/// whose single-value container converts the value sent to each type asked for, or throws
/// what a plain property threw. The first read that converts reports the conversion.
final class ConvertingDecoder: Decoder {
  let codingPath: [any CodingKey]
  let userInfo: [CodingUserInfoKey: Any]
  let sent: SentScalar
  let plainError: DecodingError
  let reportedType: Any.Type
  let tool: Tool
  private(set) var didConvert = false

  init(
    _ base: any Decoder, sent: SentScalar, plainError: DecodingError, reporting type: Any.Type,
    by tool: Tool
  ) {
    codingPath = base.codingPath
    userInfo = base.userInfo
    self.sent = sent
    self.plainError = plainError
    self.reportedType = type
    self.tool = tool
  }

  func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
    throw plainError
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    throw plainError
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    ConvertingContainer(decoder: self)
  }

  /// `sent` as `T`, reported once; what a plain property threw when it does not convert.
  func convert<T: Decodable>(to type: T.Type) throws -> T {
    guard let value = sent.converted(to: type) else {
      // An enum's or an identifier's raw value is read through the type's own `init(from:)`.
      guard isConvertible(type), !isStandardScalar(type) else { throw plainError }
      return try T(from: self)
    }
    if !didConvert {
      try reportConversion(
        .converted(rawValue: sent.text, from: sent.type), of: reportedType, at: codingPath,
        by: tool, to: userInfo, plainError: plainError)
      didConvert = true
    }
    return value
  }
}

/// Whether a value of `type` (an optional's wrapped type) converts: a standard scalar, or a
/// raw-value type whose raw value does. A `Date`, a `URL` or a struct of yours does not: how
/// it reads a number or a string is the decoder's affair (its strategies), not a conversion.
func isConvertible(_ type: Any.Type) -> Bool {
  // The common scalars by identity first: each cast below asks the runtime for a conformance.
  if isCommonScalar(type) { return true }
  let type = (type as? any OptionalValue.Type)?.wrappedType ?? type
  return isStandardScalar(type) || type is any RawRepresentable.Type
}

/// Whether `type` is one of the standard scalars most models hold, told by identity alone.
private func isCommonScalar(_ type: Any.Type) -> Bool {
  type == Int.self || type == String.self || type == Bool.self || type == Double.self
    || type == Decimal.self
}

/// Whether `type` is one the container converts to itself, rather than by asking the type's
/// own `init(from:)`.
private func isStandardScalar(_ type: Any.Type) -> Bool {
  isCommonScalar(type) || type == Float.self || type is any FixedWidthInteger.Type
}

/// Reports a conversion through the one report function. When ``UnknownValueHandler/strict``
/// refuses it, `plainError` is thrown: the decoder's own error for the value as a plain
/// property reads it. Any other error a handler throws is thrown as it is.
func reportConversion(
  _ value: @autoclosure () -> ReportedValue, of type: Any.Type, at codingPath: [any CodingKey],
  by tool: Tool, to userInfo: [CodingUserInfoKey: Any], plainError: DecodingError
) throws {
  do {
    try report(value(), of: type, at: codingPath, by: tool, to: userInfo)
  } catch DecodingError.typeMismatch(_, let context)
    where (context.underlyingError as? UnknownValueError)?.unknownValue.kind.isConversion == true
  {
    throw plainError
  }
}

extension UnknownValue.Kind {
  fileprivate var isConversion: Bool {
    if case .convertedType = self { return true }
    return false
  }
}

private struct ConvertingContainer: SingleValueDecodingContainer {
  let decoder: ConvertingDecoder
  var codingPath: [any CodingKey] { decoder.codingPath }

  func decodeNil() -> Bool { false }
  func decode(_ type: Bool.Type) throws -> Bool { try decoder.convert(to: type) }
  func decode(_ type: String.Type) throws -> String { try decoder.convert(to: type) }
  func decode(_ type: Double.Type) throws -> Double { try decoder.convert(to: type) }
  func decode(_ type: Float.Type) throws -> Float { try decoder.convert(to: type) }
  func decode(_ type: Int.Type) throws -> Int { try decoder.convert(to: type) }
  func decode(_ type: Int8.Type) throws -> Int8 { try decoder.convert(to: type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try decoder.convert(to: type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try decoder.convert(to: type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try decoder.convert(to: type) }
  func decode(_ type: UInt.Type) throws -> UInt { try decoder.convert(to: type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.convert(to: type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.convert(to: type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.convert(to: type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.convert(to: type) }
  func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.convert(to: type) }
}

// MARK: - Writing back in the JSON type received

/// The text of a scalar value as a conversion reads it back: a string's characters, a
/// number's decimal text, `true` or `false`, a raw-value type's raw value's; `nil` for `nil`
/// and for a value that is no scalar.
func scalarText(of value: Any) -> String? {
  switch value {
  case let optional as any OptionalValue:
    return optional.wrappedValue.flatMap(scalarText)
  case let string as String: return string
  case let flag as Bool: return flag ? "true" : "false"
  case let decimal as Decimal: return decimal.isFinite ? String(plainText(of: decimal)) : nil
  case let double as Double: return double.isFinite ? numberText(double) : nil
  case let float as Float: return float.isFinite ? numberText(float) : nil
  case let integer as any FixedWidthInteger: return "\(integer)"
  case let raw as any RawRepresentable: return scalarText(of: raw.rawValue)
  default: return nil
  }
}

/// A double's or a float's shortest text, whole numbers without `.0`: a `Float`'s own (`0.1`),
/// not that of the `Double` it widens to (`0.10000000149011612`).
private func numberText<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F) -> String {
  if let integer = Int64(exactly: value) { return integer.description }
  return value.description
}

/// Writes `text` as a value of `type`, the JSON type a value arrived as: a string as it is, a
/// number when `text` is the text a number reads back as (`12.5`, not `12.50`, `+7`, `007`,
/// `-0` or `1e2`, which a `String` would read back otherwise), a boolean when it is `true` or
/// `false` (`1` and `0` for a `Bool` that arrived as a number). Returns whether it wrote.
func write(
  _ text: String, as type: UnknownValue.JSONType,
  to container: inout any SingleValueEncodingContainer
) throws -> Bool {
  switch type {
  case .string:
    try container.encode(text)
  case .number:
    let digits = ["true": "1", "false": "0"][text] ?? text
    guard isJSONNumber(digits) else { return false }
    if let integer = Int64(digits), integer.description == digits {
      try container.encode(integer)
    } else if let unsigned = UInt64(digits), unsigned.description == digits {
      try container.encode(unsigned)
    } else if let decimal = Decimal(string: digits), decimal.isFinite,
      plainText(of: decimal) == digits
    {
      try container.encode(decimal)
    } else {
      return false
    }
  case .bool:
    guard let flag = ["true": true, "false": false][text] else { return false }
    try container.encode(flag)
  case .singleValue:
    return false
  }
  return true
}
