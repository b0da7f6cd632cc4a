/// What an `Encodable` ``TaggedUnion`` writes for one value: a tag and its content, or an
/// unknown variant as it was read.
///
/// ```swift
/// TaggedContent(tag: "post", content: post)
/// TaggedContent(variant)  // an UnknownVariant, written back whole
/// ```
public struct TaggedContent {
  enum Storage {
    case known(tag: String, content: (any Encodable)?)
    case unknown(UnknownVariant)
    /// The content of a union that is not `Encodable`, named here.
    case decodeOnly(union: String)
  }

  let storage: Storage

  /// A known variant: its tag, and the content written beside it or under the content key.
  ///
  /// Beside the tag, the content must write an object (its fields go beside the tag); content
  /// that writes a single value or an array makes encoding throw an `EncodingError` naming it.
  ///
  /// ```swift
  /// case .post(let post): TaggedContent(tag: "post", content: post)
  /// ```
  public init(tag: String, content: some Encodable) {
    storage = .known(tag: tag, content: content)
  }

  /// A known variant without content: only its tag is written.
  ///
  /// ```swift
  /// case .ping: TaggedContent(tag: "ping")  // {"kind": "ping"}
  /// ```
  public init(tag: String) {
    storage = .known(tag: tag, content: nil)
  }

  /// An unknown variant, written back as the exact object it was read from.
  ///
  /// ```swift
  /// case .unknown(let variant): TaggedContent(variant)
  /// ```
  public init(_ variant: UnknownVariant) {
    storage = .unknown(variant)
  }

  /// The content of a decode-only union, which encoding refuses.
  init(decodeOnly union: Any.Type) {
    storage = .decodeOnly(union: typeName(union))
  }

  /// The tag this content is written with; empty for the content of a decode-only union.
  /// Not public: the union's encoding writes it, and a user never reads it back; the
  /// package's tests do.
  package var tag: String {
    switch storage {
    case .known(let tag, _): tag
    case .unknown(let variant): variant.tag
    case .decodeOnly: ""
    }
  }

  func encode(to encoder: any Encoder, tagKey: String, layout: TaggedUnionLayout) throws {
    switch storage {
    case .unknown(let variant):
      try variant.encode(to: encoder)
    case .decodeOnly(let union):
      throw EncodingError.invalidValue(
        union,
        EncodingError.Context(
          codingPath: encoder.codingPath,
          debugDescription: "\(union) is a decode-only TaggedUnion: "
            + "declare Encodable and implement taggedContent to encode it"))
    case .known(let tag, let content):
      switch layout.storage {
      case .underKey(let contentKey):
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(tag, forKey: AnyCodingKey(tagKey))
        if let content {
          try container.encode(content, forKey: AnyCodingKey(contentKey))
        }
      case .besideTag:
        // The content first, then the tag into the same object, so the tag wins over a
        // content field of the same name. The content may write an object only: a single
        // value or an array has no place beside a tag.
        if let content {
          try content.encode(to: ObjectOnlyEncoder(encoder, tag: tag, content: content))
        }
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(tag, forKey: AnyCodingKey(tagKey))
      }
    }
  }
}

// MARK: - Content beside the tag

/// The encoder a variant's content writes through when it sits beside the tag: its keyed
/// container is the union's object, and writing anything else throws instead of trapping in the
/// encoder (`JSONEncoder` stops the process when a keyed container follows a single value).
struct ObjectOnlyEncoder: Encoder {
  let base: any Encoder
  let refusal: @Sendable (_ value: Any, _ codingPath: [any CodingKey]) -> EncodingError

  init(_ base: any Encoder, tag: String, content: any Encodable) {
    self.base = base
    let contentType = typeName(type(of: content))
    refusal = { value, codingPath in
      EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: codingPath,
          debugDescription: "the content of \"\(tag)\" (\(contentType)) writes a single value "
            + "or an array, which cannot sit beside the tag: give the union the layout "
            + "TaggedUnionLayout.underKey(\"…\"), or make the content an object"))
    }
  }

  var codingPath: [any CodingKey] { base.codingPath }
  var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    base.container(keyedBy: type)
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    RefusingContainer(codingPath: codingPath, refusal: refusal)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    RefusingContainer(codingPath: codingPath, refusal: refusal)
  }
}

/// A single-value or unkeyed container whose every write throws `refusal`'s error.
private struct RefusingContainer: SingleValueEncodingContainer, UnkeyedEncodingContainer {
  let codingPath: [any CodingKey]
  let refusal: @Sendable (_ value: Any, _ codingPath: [any CodingKey]) -> EncodingError
  var count: Int { 0 }

  func encodeNil() throws {
    throw refusal(Optional<Any>.none as Any, codingPath)
  }

  func encode<T: Encodable>(_ value: T) throws {
    throw refusal(value, codingPath)
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    KeyedEncodingContainer(RefusingKeyedContainer(codingPath: codingPath, refusal: refusal))
  }

  func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    self
  }

  func superEncoder() -> any Encoder {
    RefusingEncoder(codingPath: codingPath, refusal: refusal)
  }
}

/// A keyed container inside a refused one: every write throws.
private struct RefusingKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let codingPath: [any CodingKey]
  let refusal: @Sendable (_ value: Any, _ codingPath: [any CodingKey]) -> EncodingError

  func encodeNil(forKey key: Key) throws {
    throw refusal(Optional<Any>.none as Any, codingPath + [key])
  }

  func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    throw refusal(value, codingPath + [key])
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    KeyedEncodingContainer(
      RefusingKeyedContainer<NestedKey>(codingPath: codingPath + [key], refusal: refusal))
  }

  func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    RefusingContainer(codingPath: codingPath + [key], refusal: refusal)
  }

  func superEncoder() -> any Encoder {
    RefusingEncoder(codingPath: codingPath, refusal: refusal)
  }

  func superEncoder(forKey key: Key) -> any Encoder {
    RefusingEncoder(codingPath: codingPath + [key], refusal: refusal)
  }
}

/// An encoder inside a refused container: every write throws.
private struct RefusingEncoder: Encoder {
  let codingPath: [any CodingKey]
  let refusal: @Sendable (_ value: Any, _ codingPath: [any CodingKey]) -> EncodingError
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(RefusingKeyedContainer(codingPath: codingPath, refusal: refusal))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    RefusingContainer(codingPath: codingPath, refusal: refusal)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    RefusingContainer(codingPath: codingPath, refusal: refusal)
  }
}
