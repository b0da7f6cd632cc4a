import CodableResilience
import Foundation

/// A second, slower decoder run only when `JSONDecoder` rejects well-formed JSON without a
/// coding path: it does so when a number does not fit its Swift type (`2.5` or `1e400` for an
/// `Int`, `-1` for a `UInt`). Decoding the same model through this decoder finds the path of
/// that number, so the finding can name it and its line and column.
///
/// It follows `JSONDecoder`'s behaviour: integers accept `1.0` and `1e2` but not `2.5`, `URL`
/// and `Decimal` are read from a string and a number, and keys, dates, `Data`, non-conforming
/// floats and `userInfo` follow the app's decoder (``DecodingOptions``).
struct LocatingDecoder: Decoder {
  let value: JSONTree
  let codingPath: [any CodingKey]
  let options: DecodingOptions
  var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

  /// Decodes a top-level value, as `JSONDecoder.decode(_:from:)` does.
  static func decode<T: Decodable>(
    _ type: T.Type, from value: JSONTree, options: DecodingOptions = .plain
  ) throws -> T {
    try decodeValue(type, from: value, at: [], options: options)
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let members, let keys) = value else {
      throw mismatch([String: Any].self, at: codingPath)
    }
    return KeyedDecodingContainer(
      KeyedContainer<Key>(members: members, keys: keys, codingPath: codingPath, options: options))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let items) = value else {
      throw mismatch([Any].self, at: codingPath)
    }
    return UnkeyedContainer(items: items, codingPath: codingPath, options: options)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleValueContainer(value: value, codingPath: codingPath, options: options)
  }

  private func mismatch(_ type: Any.Type, at path: [any CodingKey]) -> DecodingError {
    DecodingError.typeMismatch(
      type, DecodingError.Context(codingPath: path, debugDescription: "found \(value.kind.words)"))
  }
}

// MARK: - Values

/// Decodes one JSON value as a Swift type, the way `JSONDecoder` does by default.
private func decodeValue<T: Decodable>(
  _ type: T.Type, from value: JSONTree, at path: [any CodingKey], options: DecodingOptions
) throws -> T {
  let decoder = LocatingDecoder(value: value, codingPath: path, options: options)
  func fail(_ message: String) -> DecodingError {
    DecodingError.dataCorrupted(DecodingError.Context(codingPath: path, debugDescription: message))
  }
  // As in `JSONDecoder`, `null` fails only a value read directly; a type with its own
  // `init(from:)` may accept it.
  func mismatch(_ expected: Any.Type) -> DecodingError {
    let context = DecodingError.Context(
      codingPath: path, debugDescription: "found \(value.kind.words)")
    if case .null = value { return DecodingError.valueNotFound(expected, context) }
    return DecodingError.typeMismatch(expected, context)
  }
  switch T.self {
  case is Bool.Type:
    guard case .boolean(let flag) = value else { throw mismatch(Bool.self) }
    return flag as! T
  case is String.Type:
    guard case .string(let text) = value else { throw mismatch(String.self) }
    return text as! T
  case let integer as any FixedWidthInteger.Type:
    guard case .number(let text) = value else { throw mismatch(T.self) }
    return try decodeInteger(integer, from: text, fail: fail) as! T
  case is Double.Type:
    if let number = nonConformingFloat(value, options.nonConformingFloats) { return number as! T }
    guard case .number(let text) = value else { throw mismatch(T.self) }
    guard let number = Double(text), number.isFinite else {
      throw fail("the number \(text) is out of range for Double")
    }
    return number as! T
  case is Float.Type:
    if let number = nonConformingFloat(value, options.nonConformingFloats) {
      return Float(number) as! T
    }
    guard case .number(let text) = value else { throw mismatch(T.self) }
    guard let number = Float(text), number.isFinite else {
      throw fail("the number \(text) is out of range for Float")
    }
    return number as! T
  case is Decimal.Type:
    guard case .number(let text) = value else { throw mismatch(T.self) }
    guard let number = Decimal(string: text) else {
      throw fail("the number \(text) is out of range for Decimal")
    }
    return number as! T
  case is URL.Type:
    guard case .string(let text) = value else { throw mismatch(String.self) }
    guard let url = URL(string: text) else { throw fail("\(jsonQuoted(text)) is not a URL") }
    return url as! T
  case is Data.Type:
    switch options.data {
    case .deferredToData: return try T(from: decoder)
    case .custom(let decode): return try decode(decoder) as! T
    default: break
    }
    guard case .string(let text) = value else { throw mismatch(String.self) }
    guard let data = Data(base64Encoded: text) else {
      throw fail("\(jsonQuoted(text)) is not Base64-encoded data")
    }
    return data as! T
  case is Date.Type:
    return try decodeDate(from: decoder, options.dates, fail: fail) as! T
  default:
    guard let trail = options.trail else { return try T(from: decoder) }
    trail.enter(T.self, at: path)
    defer { trail.leave() }
    return try T(from: decoder)
  }
}

/// A date, read as the app's date strategy says: a `.custom` strategy is given this decoder,
/// every other one is left to the app's own `JSONDecoder`, given the one value.
private func decodeDate(
  from decoder: LocatingDecoder,
  _ strategy: JSONDecoder.DateDecodingStrategy,
  fail: (String) -> DecodingError
) throws -> Date {
  switch strategy {
  case .deferredToDate:
    return try Date(from: decoder)
  case .custom(let decode):
    return try decode(decoder)
  default:
    let text: String
    switch decoder.value {
    case .number(let number): text = number
    case .string(let string):
      text = String(decoding: try JSONEncoder().encode(string), as: UTF8.self)
    default: throw fail("expected a date, found \(decoder.value.kind.words)")
    }
    do {
      return try decoder.options.decoder.decode([Date].self, from: Data("[\(text)]".utf8))[0]
    } catch {
      throw fail("\(text) is not a date as the decoder reads dates")
    }
  }
}

/// The infinity or NaN a string stands for, when the app's decoder reads them from strings.
private func nonConformingFloat(
  _ value: JSONTree, _ strategy: JSONDecoder.NonConformingFloatDecodingStrategy
) -> Double? {
  guard case .string(let text) = value,
    case .convertFromString(let positiveInfinity, let negativeInfinity, let nan) = strategy
  else { return nil }
  switch text {
  case positiveInfinity: return .infinity
  case negativeInfinity: return -.infinity
  case nan: return .nan
  default: return nil
  }
}

/// An integer from a number's text: `1.0` and `1e2` are whole numbers, `2.5` is not.
private func decodeInteger<I: FixedWidthInteger>(
  _ type: I.Type, from text: String, fail: (String) -> DecodingError
) throws -> I {
  if let integer = I(text) { return integer }
  guard let decimal = Decimal(string: text) else {
    throw fail("the number \(text) does not fit \(I.self)")
  }
  var rounded = Decimal()
  var copy = decimal
  NSDecimalRound(&rounded, &copy, 0, .plain)
  guard rounded == decimal else {
    throw fail("the number \(text) is not a whole number, as \(I.self) needs")
  }
  guard let integer = I(NSDecimalNumber(decimal: decimal).stringValue) else {
    throw fail("the number \(text) is out of range for \(I.self)")
  }
  return integer
}

// MARK: - Containers

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let members: [String: JSONTree]
  let keys: [String]
  let codingPath: [any CodingKey]
  let options: DecodingOptions

  /// Converts the payload's keys as the app's decoder does. As in `JSONDecoder`, the keys of a
  /// `[String: Value]` dictionary stay as they are.
  init(
    members: [String: JSONTree], keys: [String], codingPath: [any CodingKey],
    options: DecodingOptions
  ) {
    self.codingPath = codingPath
    self.options = options
    let isDictionary = String(reflecting: Key.self).contains("DictionaryCodingKey")
    guard !options.keys.isIdentity, !isDictionary else {
      (self.members, self.keys) = (members, keys)
      return
    }
    let path = codingPath.map(UnknownValue.PathComponent.init)
    var converted: [String: JSONTree] = [:]
    var convertedKeys: [String] = []
    for key in keys {
      let codingKey = options.keys.codingKey(for: key, at: path)
      if converted[codingKey] == nil {
        converted[codingKey] = members[key]
        convertedKeys.append(codingKey)
      }
    }
    (self.members, self.keys) = (converted, convertedKeys)
  }

  var allKeys: [Key] { keys.compactMap(Key.init(stringValue:)) }

  func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

  private func value(for key: Key) throws -> JSONTree {
    guard let value = members[key.stringValue] else {
      throw DecodingError.keyNotFound(
        key, DecodingError.Context(codingPath: codingPath, debugDescription: "no such key"))
    }
    return value
  }

  private func decoder(for key: Key) throws -> LocatingDecoder {
    LocatingDecoder(value: try value(for: key), codingPath: codingPath + [key], options: options)
  }

  func decodeNil(forKey key: Key) throws -> Bool {
    if case .null = try value(for: key) { return true }
    return false
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try decodeValue(type, from: value(for: key), at: codingPath + [key], options: options)
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try decoder(for: key).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try decoder(for: key).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    let key = Key(stringValue: "super")
    return LocatingDecoder(
      value: members["super"] ?? .null, codingPath: codingPath + (key.map { [$0] } ?? []),
      options: options)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    LocatingDecoder(
      value: members[key.stringValue] ?? .null, codingPath: codingPath + [key], options: options)
  }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
  let items: [JSONTree]
  let codingPath: [any CodingKey]
  let options: DecodingOptions
  var currentIndex = 0

  init(items: [JSONTree], codingPath: [any CodingKey], options: DecodingOptions) {
    self.items = items
    self.codingPath = codingPath
    self.options = options
  }

  var count: Int? { items.count }
  var isAtEnd: Bool { currentIndex >= items.count }

  private var currentKey: any CodingKey { IndexKey(index: currentIndex) }

  private mutating func next() throws -> LocatingDecoder {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        Any.self,
        DecodingError.Context(codingPath: codingPath + [currentKey], debugDescription: "at end"))
    }
    defer { currentIndex += 1 }
    return LocatingDecoder(
      value: items[currentIndex], codingPath: codingPath + [currentKey], options: options)
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd, case .null = items[currentIndex] else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let decoder = try next()
    return try decodeValue(type, from: decoder.value, at: decoder.codingPath, options: options)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try next().container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try next().unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder {
    try next()
  }
}

private struct SingleValueContainer: SingleValueDecodingContainer {
  let value: JSONTree
  let codingPath: [any CodingKey]
  let options: DecodingOptions

  func decodeNil() -> Bool {
    if case .null = value { return true }
    return false
  }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try decodeValue(type, from: value, at: codingPath, options: options)
  }
}

/// An array position as decoders name it: `"Index 3"`, with the index as its integer value.
private struct IndexKey: CodingKey {
  let index: Int
  init(index: Int) { self.index = index }
  init?(stringValue: String) { nil }
  init?(intValue: Int) { index = intValue }
  var stringValue: String { "Index \(index)" }
  var intValue: Int? { index }
}
