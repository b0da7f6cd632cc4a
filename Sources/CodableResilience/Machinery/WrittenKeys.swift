// What ``KeepUnknownFields`` asks of a model: which members its own `encode(to:)` writes. The
// model is run through an encoder that writes nothing and keeps only the keys asked for at its
// top level, so no value below them (a nested object, an array) is encoded at all.

/// The keys a value's `encode(to:)` writes at its top level; `nil` when it writes no object
/// (a single value or an array), so that nothing can be added beside its members.
///
/// A single value of an `Encodable` type is written where it stands, as `JSONEncoder` writes it:
/// a model that forwards its `encode(to:)` to a wrapped object writes that object's keys.
func writtenKeys(
  of value: some Encodable, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any]
) -> Set<String>? {
  let recorder = KeyRecorder(codingPath: codingPath, userInfo: userInfo)
  // A model that throws while encoding cannot be written back, so there is nothing to keep
  // for it: it is treated as one that writes no object.
  guard (try? value.encode(to: recorder)) != nil, recorder.writesObject, !recorder.writesOther
  else { return nil }
  return recorder.keys
}

/// The encoder ``writtenKeys(of:codingPath:userInfo:)`` runs a value through.
private final class KeyRecorder: Encoder {
  let codingPath: [any CodingKey]
  let userInfo: [CodingUserInfoKey: Any]
  /// The keys written at the top level.
  var keys: Set<String> = []
  /// Whether a keyed container was asked for at the top level.
  var writesObject = false
  /// Whether a single value or an array was written at the top level.
  var writesOther = false

  init(codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any]) {
    self.codingPath = codingPath
    self.userInfo = userInfo
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    writesObject = true
    return KeyedEncodingContainer(RecordingContainer(recorder: self, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    writesOther = true
    return DiscardingContainer(codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    TopLevelValueContainer(recorder: self)
  }
}

/// The top-level keyed container: records each key written, and writes nothing below it.
/// Without a recorder (inside a discarded value) it records nothing.
private struct RecordingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let recorder: KeyRecorder?
  let codingPath: [any CodingKey]

  private func record(_ key: some CodingKey) {
    recorder?.keys.insert(key.stringValue)
  }

  func encodeNil(forKey key: Key) throws {
    record(key)
  }

  func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    record(key)
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    record(key)
    return KeyedEncodingContainer(
      RecordingContainer<NestedKey>(recorder: nil, codingPath: codingPath + [key]))
  }

  func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    record(key)
    return DiscardingContainer(codingPath: codingPath + [key])
  }

  func superEncoder() -> any Encoder {
    record(AnyCodingKey("super"))
    return DiscardingEncoder(codingPath: codingPath + [AnyCodingKey("super")])
  }

  func superEncoder(forKey key: Key) -> any Encoder {
    record(key)
    return DiscardingEncoder(codingPath: codingPath + [key])
  }
}

/// The top-level single-value container: an `Encodable` value is written where it stands, so
/// its keys are the top level's; anything else is a single value.
private struct TopLevelValueContainer: SingleValueEncodingContainer {
  let recorder: KeyRecorder
  var codingPath: [any CodingKey] { recorder.codingPath }

  func encodeNil() throws {
    recorder.writesOther = true
  }

  func encode<T: Encodable>(_ value: T) throws {
    switch value {
    case is String, is Bool, is Double, is Float, is Int, is Int8, is Int16, is Int32, is Int64,
      is UInt, is UInt8, is UInt16, is UInt32, is UInt64:
      recorder.writesOther = true
    default:
      try value.encode(to: recorder)
    }
  }
}

/// A container below the top level: writes and records nothing.
private struct DiscardingContainer: UnkeyedEncodingContainer, SingleValueEncodingContainer {
  let codingPath: [any CodingKey]
  var count: Int { 0 }

  func encodeNil() throws {}

  func encode<T: Encodable>(_ value: T) throws {}

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    KeyedEncodingContainer(RecordingContainer(recorder: nil, codingPath: codingPath))
  }

  func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    self
  }

  func superEncoder() -> any Encoder {
    DiscardingEncoder(codingPath: codingPath)
  }
}

/// An encoder below the top level (a `superEncoder`'s): writes and records nothing.
private struct DiscardingEncoder: Encoder {
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(RecordingContainer(recorder: nil, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    DiscardingContainer(codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    DiscardingContainer(codingPath: codingPath)
  }
}
