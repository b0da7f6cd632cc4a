// The decoder a tagged union hands a variant whose fields sit beside the tag. `JSONDecoder`
// builds a dictionary of an object's keys for every keyed container it makes, about 5,000
// instructions for a four-key object: a hand-written `init(from:)` that reads the tag and then
// calls the variant's `init(from:)` pays for two. The union reads the tag from one container
// and gives the variant that same container under the variant's own key type, so the object's
// keys are read once.

/// A decoder that answers `container(keyedBy:)` with a keyed container the union already
/// holds for the same object, and forwards everything else to the decoder it came from.
///
/// A keyed container is random access, so every read the variant makes gets what it would get
/// from a container of its own: the same values, coding path, key strategy and errors (errors
/// name the variant's keys, as from its own container).
@usableFromInline
final class SharedObjectDecoder: Decoder {
  @usableFromInline
  let base: any Decoder

  @usableFromInline
  let object: KeyedDecodingContainer<AnyCodingKey>

  @usableFromInline
  init(_ base: any Decoder, object: KeyedDecodingContainer<AnyCodingKey>) {
    self.base = base
    self.object = object
  }

  @usableFromInline
  var codingPath: [any CodingKey] { base.codingPath }

  @usableFromInline
  var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

  @usableFromInline
  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(RekeyedContainer<Key>(object))
  }

  @usableFromInline
  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try base.unkeyedContainer()
  }

  @usableFromInline
  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    try base.singleValueContainer()
  }
}

/// A keyed container read through another one of the same object, with the caller's key type.
struct RekeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let object: KeyedDecodingContainer<AnyCodingKey>

  init(_ object: KeyedDecodingContainer<AnyCodingKey>) {
    self.object = object
  }

  var codingPath: [any CodingKey] { object.codingPath }

  var allKeys: [Key] { object.allKeys.compactMap { Key(stringValue: $0.stringValue) } }

  func contains(_ key: Key) -> Bool {
    object.contains(AnyCodingKey(key.stringValue))
  }

  /// Runs `body` with `key` as the object's key; a `DecodingError` it throws names `key`
  /// itself, as the object's own container under `Key` would.
  @inline(__always)
  private func read<T>(_ key: Key, _ body: (AnyCodingKey) throws -> T) throws -> T {
    do {
      return try body(AnyCodingKey(key.stringValue))
    } catch let error as DecodingError {
      throw error.naming(key, at: object.codingPath.count)
    }
  }

  func decodeNil(forKey key: Key) throws -> Bool {
    try read(key) { try object.decodeNil(forKey: $0) }
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try read(key) { try object.decode(type, forKey: $0) }
  }

  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try read(key) { try object.decode(type, forKey: $0) }
  }

  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try read(key) { try object.decode(type, forKey: $0) }
  }

  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    try read(key) { try object.decode(type, forKey: $0) }
  }

  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    try read(key) { try object.decode(type, forKey: $0) }
  }

  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
    try read(key) { try object.decode(type, forKey: $0) }
  }

  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
    try read(key) { try object.decode(type, forKey: $0) }
  }

  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
    try read(key) { try object.decode(type, forKey: $0) }
  }

  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    try read(key) { try object.decode(type, forKey: $0) }
  }

  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
    try read(key) { try object.decode(type, forKey: $0) }
  }

  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
    try read(key) { try object.decode(type, forKey: $0) }
  }

  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    try read(key) { try object.decode(type, forKey: $0) }
  }

  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    try read(key) { try object.decode(type, forKey: $0) }
  }

  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try read(key) { try object.decode(type, forKey: $0) }
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try read(key) { try object.decode(type, forKey: $0) }
  }

  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    try read(key) { try object.decodeIfPresent(type, forKey: $0) }
  }

  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    try read(key) { try object.decodeIfPresent(type, forKey: $0) }
  }

  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    try read(key) { try object.decodeIfPresent(type, forKey: $0) }
  }

  func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
    try read(key) { try object.decodeIfPresent(type, forKey: $0) }
  }

  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    try read(key) { try object.decodeIfPresent(type, forKey: $0) }
  }

  func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
    try read(key) { try object.decodeIfPresent(type, forKey: $0) }
  }

  func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
    try read(key) { try object.decodeIfPresent(type, forKey: $0) }
  }

  func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
    try read(key) { try object.decodeIfPresent(type, forKey: $0) }
  }

  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
    try read(key) { try object.decodeIfPresent(type, forKey: $0) }
  }

  func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
    try read(key) { try object.decodeIfPresent(type, forKey: $0) }
  }

  func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
    try read(key) { try object.decodeIfPresent(type, forKey: $0) }
  }

  func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
    try read(key) { try object.decodeIfPresent(type, forKey: $0) }
  }

  func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
    try read(key) { try object.decodeIfPresent(type, forKey: $0) }
  }

  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
    try read(key) { try object.decodeIfPresent(type, forKey: $0) }
  }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    try read(key) { try object.decodeIfPresent(type, forKey: $0) }
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try read(key) { try object.nestedContainer(keyedBy: type, forKey: $0) }
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try read(key) { try object.nestedUnkeyedContainer(forKey: $0) }
  }

  func superDecoder() throws -> any Decoder {
    try object.superDecoder()
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    try read(key) { try object.superDecoder(forKey: $0) }
  }
}

extension DecodingError {
  /// The error with `key` in place of the text key standing for it: as the missing key (and in
  /// the message, which names it), and in the coding path at `depth`, right below the
  /// container that read it.
  @usableFromInline
  func naming(_ key: some CodingKey, at depth: Int) -> DecodingError {
    func renamed(_ context: Context, message: (String) -> String = { $0 }) -> Context {
      var path = context.codingPath
      if path.indices.contains(depth), path[depth] is AnyCodingKey,
        path[depth].stringValue == key.stringValue
      {
        path[depth] = key
      }
      return Context(
        codingPath: path, debugDescription: message(context.debugDescription),
        underlyingError: context.underlyingError)
    }
    switch self {
    case .keyNotFound(let missing, let context)
    where missing is AnyCodingKey && missing.stringValue == key.stringValue:
      // Foundation's message prints the key (`No value associated with key CodingKeys(…)`).
      let context = renamed(context) {
        $0.replacingOccurrences(
          of: String(describing: missing), with: String(describing: key))
      }
      return .keyNotFound(key, context)
    case .keyNotFound(let missing, let context):
      return .keyNotFound(missing, renamed(context))
    case .typeMismatch(let type, let context):
      return .typeMismatch(type, renamed(context))
    case .valueNotFound(let type, let context):
      return .valueNotFound(type, renamed(context))
    case .dataCorrupted(let context):
      return .dataCorrupted(renamed(context))
    @unknown default:
      return self
    }
  }
}
