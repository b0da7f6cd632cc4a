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
    switch hint {
    case .number:
      if let number = readNumber(from: container) { return number }
    case .object:
      if let members = try? container.decode([String: JSONValue].self) { return .object(members) }
    case .array:
      if let values = try? container.decode([JSONValue].self) { return .array(values) }
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

  /// An `Int64`, a `UInt64` beyond it, or a `Double`; `nil` when the value is no number.
  private static func readNumber(from container: any SingleValueDecodingContainer) -> JSONValue? {
    if let value = try? container.decode(Int64.self) {
      return .integer(value)
    }
    if let value = try? container.decode(UInt64.self) {
      return .unsigned(value)
    }
    if let value = try? container.decode(Double.self) {
      return .double(value)
    }
    return nil
  }
}

extension JSONValue {
  /// Decodes a value that is most likely an object (an unknown variant of a tagged union) by
  /// trying the object first. A decoder reads a value as one JSON kind only, so the result is
  /// the one ``init(from:)`` gives; asking for the object first spares the failed reads of
  /// the kinds tried before it.
  init(decodingObjectFirst decoder: any Decoder) throws {
    if let members = try? decoder.singleValueContainer().decode([String: JSONValue].self) {
      self = .object(members)
    } else {
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
