import Foundation

// How a `JSONValue` is read. A `Decoder` tells a value's JSON kind only by letting a read of
// the wrong kind fail, and each failed read costs an error with its path and message. So the
// string read comes first (the commonest kind), and when it fails, the kind its error names
// (Foundation's decoders say "found number", "found a dictionary", …) is read next. Every
// other kind is still tried after it in the fixed order, so the hint only saves failed reads:
// with a decoder whose kinds exclude each other the value is the same, and a decoder that
// words its errors otherwise reads in the fixed order.

extension JSONValue: Decodable {
  /// Reads any value through the decoder's single-value container.
  ///
  /// Booleans before numbers and integers before doubles, so `true`, `1` and `1.5` stay
  /// apart. Objects are read as `[String: JSONValue]`, which keeps keys as they are whatever
  /// the decoder's key strategy.
  ///
  /// ```swift
  /// let value = try JSONDecoder().decode(JSONValue.self, from: Data(#"{"a": [1, 2.5]}"#.utf8))
  /// ```
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
      return
    }
    let hint: JSONKindHint?
    do {
      self = .string(try container.decode(String.self))
      return
    } catch DecodingError.typeMismatch(_, let context) {
      hint = JSONKindHint(foundIn: context.debugDescription)
    } catch let error where isJSONDecoderError(error) {
      // `JSONDecoder`'s own error for a string it cannot read (not valid UTF-8): the value
      // is a string, and no other kind reads it. Thrown as it is, it fails the decode as it
      // fails a `String` property ("The given data was not valid JSON."), not as an array.
      throw error
    } catch {
      hint = nil
    }
    self = try Self.read(from: container, kindFirst: hint)
  }

  /// Reads a value that is not a string or `null`: the hinted kind first, then booleans,
  /// numbers, objects and arrays, the array last so that a value of no JSON kind (a property
  /// list's date) throws the array's error, and an array's broken element its own error at
  /// its path.
  private static func read(
    from container: any SingleValueDecodingContainer,
    kindFirst hint: JSONKindHint?
  ) throws -> JSONValue {
    // The kind the decoder named is the value's kind: when it does not read, no other kind
    // will, and its own error (a member's, an element's, a number's) is the one to throw.
    switch hint {
    case .number:
      if let number = readNumber(from: container) { return number }
      throw unreadableNumber(in: container)
    case .object:
      return .object(try container.decode([String: JSONValue].self))
    case .array:
      return .array(try container.decode([JSONValue].self))
    case .bool, nil:
      break
    }
    if let value = try? container.decode(Bool.self) {
      return .bool(value)
    }
    if let number = readNumber(from: container) {
      return number
    }
    if let members = try? container.decode([String: JSONValue].self) {
      return .object(members)
    }
    return .array(try container.decode([JSONValue].self))
  }

  /// An `Int64`, a `UInt64` beyond it, a `Double` that holds it exactly, or a `Decimal` with
  /// the digits a `Double` would round; `nil` when the value is no number this decoder reads.
  private static func readNumber(from container: any SingleValueDecodingContainer) -> JSONValue? {
    // `JSONDecoder` (Swift 6.3) reads a number such as 9007199254740993.5 as the integer
    // 9007199254740993: beyond 2^53, where a `Double` holds no fractions, the integer read is
    // checked against the decimal one.
    if let value = try? container.decode(Int64.self) {
      // `-0` reads as the integer 0; a `Double` keeps its sign, and writes it back.
      if value == 0, (try? container.decode(Double.self))?.sign == .minus {
        return .double(-0.0)
      }
      guard value.magnitude > 1 << 53, let decimal = decimalDiffering(from: value, in: container)
      else { return .integer(value) }
      return .decimal(decimal)
    }
    if let value = try? container.decode(UInt64.self) {
      guard let decimal = decimalDiffering(from: value, in: container) else {
        return .unsigned(value)
      }
      return .decimal(decimal)
    }
    let double = try? container.decode(Double.self)
    // A decoder that reads numbers as decimals (`JSONDecoder`) keeps every digit; one that
    // does not (a property list's) has given all it has in the `Double`.
    if let decimal = try? container.decode(Decimal.self), decimal.isFinite,
      double.map({ Decimal(string: $0.description) != decimal }) ?? true
    {
      return .decimal(decimal)
    }
    return double.map(JSONValue.double)
  }

  /// The number as a decimal, when the decoder reads one and it is not `integer`.
  private static func decimalDiffering(
    from integer: some BinaryInteger, in container: any SingleValueDecodingContainer
  ) -> Decimal? {
    guard let decimal = try? container.decode(Decimal.self),
      decimal != Decimal(string: integer.description)
    else { return nil }
    return decimal
  }

  /// The error for a number no Swift number type reads, at the number's own path: `JSONDecoder`
  /// reports it without a path, as if the whole text were not JSON.
  private static func unreadableNumber(in container: any SingleValueDecodingContainer)
    -> DecodingError
  {
    let underlying: (any Error)?
    do {
      _ = try container.decode(Double.self)
      underlying = nil
    } catch {
      underlying = error
    }
    return .dataCorrupted(
      DecodingError.Context(
        codingPath: container.codingPath,
        debugDescription:
          "A number the decoder cannot read as any Swift number (beyond the range of Double), "
          + "so it cannot be kept as a JSONValue.",
        underlyingError: underlying))
  }
}

extension JSONValue {
  /// Reads a value again as JSON: the one way the toolkit keeps what it did not decode (an
  /// unknown variant of a tagged union, an element or entry left out, the value of an element
  /// that was). Such a value is most likely an object, so the object is tried first. A
  /// decoder reads a value as one JSON kind only, so the result is the one ``init(from:)``
  /// gives; asking for the object first spares the failed reads of the kinds tried before it.
  init(decodingObjectFirst decoder: any Decoder) throws {
    do {
      self = .object(try decoder.singleValueContainer().decode([String: JSONValue].self))
    } catch let error as DecodingError where isAboutTheValueItself(error, decoder) {
      // Not an object (or `null`): read as whatever it is. A member that failed throws its
      // own error.
      try self.init(from: decoder)
    }
  }
}

/// The JSON kind a failed read's message names, as Foundation's decoders word it
/// (`Expected to decode String but found number instead.`).
enum JSONKindHint: Equatable {
  case number, bool, object, array

  /// The kind `description` names; `nil` for a message worded otherwise.
  init?(foundIn description: String) {
    guard description.hasSuffix(" instead.") else { return nil }
    if description.hasSuffix("found number instead.")
      || description.hasSuffix("found an integer instead.")
    {
      self = .number
    } else if description.hasSuffix("found bool instead.") {
      self = .bool
    } else if description.hasSuffix("found a dictionary instead.") {
      self = .object
    } else if description.hasSuffix("found an array instead.") {
      self = .array
    } else {
      return nil
    }
  }
}

/// Whether `error` says the value `decoder` reads is not an object (of another kind, or
/// `null`), rather than that one of its members failed.
private func isAboutTheValueItself(_ error: DecodingError, _ decoder: any Decoder) -> Bool {
  switch error {
  case .typeMismatch(_, let context), .valueNotFound(_, let context):
    context.codingPath.count == decoder.codingPath.count
  default:
    false
  }
}

/// ``JSONValue/init(decodingObjectFirst:)`` through a container, which hands it the value's own
/// decoder: `try container.decode(JSONReadAgain.self).json`.
struct JSONReadAgain: Decodable {
  let json: JSONValue

  init(from decoder: any Decoder) throws {
    json = try JSONValue(decodingObjectFirst: decoder)
  }
}

/// Whether `error` is `JSONDecoder`'s own, which its public API shows only as a
/// `DecodingError`: its type is internal to Foundation, so it is known by its name.
func isJSONDecoderError(_ error: any Error) -> Bool {
  let name = String(reflecting: type(of: error))
  return name == "FoundationEssentials.JSONError" || name == "Foundation.JSONError"
}
