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
  /// The payload, read into the one tree.
  let document: JSONDocument
  /// The value decoded: a node of ``document``; `nil` for a member that is not there, which
  /// reads as `null` (a `superDecoder()` without a `super` member).
  let node: Int?
  let codingPath: [any CodingKey]
  let options: DecodingOptions
  var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

  /// Decodes a top-level value, as `JSONDecoder.decode(_:from:)` does.
  static func decode<T: Decodable>(
    _ type: T.Type, from document: JSONDocument, options: DecodingOptions = .plain
  ) throws -> T {
    try LocatingDecoder(
      document: document, node: JSONDocument.root, codingPath: [], options: options
    ).decodeValue(type)
  }

  /// The kind of the value decoded.
  var kind: JSONValueKind { node.map { document.nodes[$0].kind } ?? .null }

  /// The decoder of another node of the same payload.
  func decoder(for node: Int?, at path: [any CodingKey]) -> LocatingDecoder {
    LocatingDecoder(document: document, node: node, codingPath: path, options: options)
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard let node, kind == .object else {
      throw mismatch([String: Any].self, at: codingPath)
    }
    // The first of duplicate keys counts, as in `JSONDecoder`.
    var members: [String: Int] = [:]
    var keys: [String] = []
    for member in document.elements(of: node) where members[member.key ?? ""] == nil {
      members[member.key ?? ""] = member.value
      keys.append(member.key ?? "")
    }
    return KeyedDecodingContainer(
      KeyedContainer<Key>(members: members, keys: keys, decoder: self))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard let node, kind == .array else {
      throw mismatch([Any].self, at: codingPath)
    }
    return UnkeyedContainer(items: document.elements(of: node).map(\.value), decoder: self)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleValueContainer(decoder: self)
  }

  private func mismatch(_ type: Any.Type, at path: [any CodingKey]) -> DecodingError {
    DecodingError.typeMismatch(
      type, DecodingError.Context(codingPath: path, debugDescription: "found \(kind.words)"))
  }
}

// MARK: - Values

extension LocatingDecoder {
  /// The text of a string value; `nil` for any other value.
  fileprivate var string: String? { node.flatMap(document.string) }

  /// The text of a number value as written; `nil` for any other value.
  fileprivate var number: String? { kind == .number ? node.map(document.literal) : nil }

  /// Decodes the value as a Swift type, the way `JSONDecoder` does by default.
  fileprivate func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
    try decodeOne(type, with: self)
  }
}

/// Decodes one JSON value as a Swift type, the way `JSONDecoder` does by default.
private func decodeOne<T: Decodable>(_ type: T.Type, with decoder: LocatingDecoder) throws -> T {
  let path = decoder.codingPath
  let options = decoder.options
  func fail(_ message: String) -> DecodingError {
    DecodingError.dataCorrupted(DecodingError.Context(codingPath: path, debugDescription: message))
  }
  // As in `JSONDecoder`, `null` fails only a value read directly; a type with its own
  // `init(from:)` may accept it.
  func mismatch(_ expected: Any.Type) -> DecodingError {
    let context = DecodingError.Context(
      codingPath: path, debugDescription: "found \(decoder.kind.words)")
    if decoder.kind == .null { return DecodingError.valueNotFound(expected, context) }
    return DecodingError.typeMismatch(expected, context)
  }
  switch T.self {
  case is Bool.Type:
    guard let flag = decoder.node.flatMap(decoder.document.boolean) else {
      throw mismatch(Bool.self)
    }
    return flag as! T
  case is String.Type:
    guard let text = decoder.string else { throw mismatch(String.self) }
    return text as! T
  case let integer as any FixedWidthInteger.Type:
    guard let text = decoder.number else { throw mismatch(T.self) }
    return try decodeInteger(integer, from: text, fail: fail) as! T
  case is Double.Type:
    if let number = nonConformingFloat(decoder, options.nonConformingFloats) { return number as! T }
    guard let text = decoder.number else { throw mismatch(T.self) }
    guard let number = Double(text), number.isFinite else {
      throw fail("the number \(text) is out of range for Double")
    }
    return number as! T
  case is Float.Type:
    if let number = nonConformingFloat(decoder, options.nonConformingFloats) {
      return Float(number) as! T
    }
    guard let text = decoder.number else { throw mismatch(T.self) }
    guard let number = Float(text), number.isFinite else {
      throw fail("the number \(text) is out of range for Float")
    }
    return number as! T
  case is Decimal.Type:
    guard let text = decoder.number else { throw mismatch(T.self) }
    guard let number = Decimal(string: text) else {
      throw fail("the number \(text) is out of range for Decimal")
    }
    return number as! T
  case is URL.Type:
    guard let text = decoder.string else { throw mismatch(String.self) }
    guard let url = URL(string: text) else { throw fail("\(jsonQuoted(text)) is not a URL") }
    return url as! T
  case is Data.Type:
    switch options.data {
    case .deferredToData: return try T(from: decoder)
    case .custom(let decode): return try decode(decoder) as! T
    default: break
    }
    guard let text = decoder.string else { throw mismatch(String.self) }
    guard let data = Data(base64Encoded: text) else {
      throw fail("\(jsonQuoted(text)) is not Base64-encoded data")
    }
    return data as! T
  case is Date.Type:
    return try decodeDate(from: decoder, options.dates, fail: fail) as! T
  default:
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
    if let number = decoder.number {
      text = number
    } else if let string = decoder.string {
      text = String(decoding: try JSONEncoder().encode(string), as: UTF8.self)
    } else {
      throw fail("expected a date, found \(decoder.kind.words)")
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
  _ decoder: LocatingDecoder, _ strategy: JSONDecoder.NonConformingFloatDecodingStrategy
) -> Double? {
  guard let text = decoder.string,
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
  /// The node of each member's value, by key.
  let members: [String: Int]
  let keys: [String]
  /// The decoder of the object.
  let decoder: LocatingDecoder
  var codingPath: [any CodingKey] { decoder.codingPath }

  /// Converts the payload's keys as the app's decoder does. As in `JSONDecoder`, the keys of a
  /// `[String: Value]` dictionary stay as they are.
  init(members: [String: Int], keys: [String], decoder: LocatingDecoder) {
    self.decoder = decoder
    let codingPath = decoder.codingPath
    let options = decoder.options
    let isDictionary = String(reflecting: Key.self).contains("DictionaryCodingKey")
    guard !options.keys.isIdentity, !isDictionary else {
      (self.members, self.keys) = (members, keys)
      return
    }
    let path = codingPath.map(UnknownValue.PathComponent.init)
    var converted: [String: Int] = [:]
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

  private func value(for key: Key) throws -> Int {
    guard let value = members[key.stringValue] else {
      throw DecodingError.keyNotFound(
        key, DecodingError.Context(codingPath: codingPath, debugDescription: "no such key"))
    }
    return value
  }

  private func memberDecoder(for key: Key) throws -> LocatingDecoder {
    decoder.decoder(for: try value(for: key), at: codingPath + [key])
  }

  func decodeNil(forKey key: Key) throws -> Bool {
    try memberDecoder(for: key).kind == .null
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try memberDecoder(for: key).decodeValue(type)
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try memberDecoder(for: key).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try memberDecoder(for: key).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    let key = Key(stringValue: "super")
    return decoder.decoder(
      for: members["super"], at: codingPath + (key.map { [$0] } ?? []))
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    decoder.decoder(for: members[key.stringValue], at: codingPath + [key])
  }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
  /// The node of each element.
  let items: [Int]
  /// The decoder of the array.
  let decoder: LocatingDecoder
  var codingPath: [any CodingKey] { decoder.codingPath }
  var currentIndex = 0

  init(items: [Int], decoder: LocatingDecoder) {
    self.items = items
    self.decoder = decoder
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
    return decoder.decoder(for: items[currentIndex], at: codingPath + [currentKey])
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd, decoder.document.nodes[items[currentIndex]].kind == .null else {
      return false
    }
    currentIndex += 1
    return true
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try next().decodeValue(type)
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
  let decoder: LocatingDecoder
  var codingPath: [any CodingKey] { decoder.codingPath }

  func decodeNil() -> Bool { decoder.kind == .null }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try decoder.decodeValue(type)
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
