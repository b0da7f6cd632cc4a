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
  }

  let storage: Storage

  /// A known variant: its tag, and the content written beside it or under the content key.
  ///
  /// Without a content key, the content must write an object (its fields go beside the tag).
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

  /// The tag this content is written with.
  ///
  /// ```swift
  /// item.taggedContent.tag  // "post"
  /// ```
  public var tag: String {
    switch storage {
    case .known(let tag, _): tag
    case .unknown(let variant): variant.tag
    }
  }

  func encode(to encoder: any Encoder, tagKey: String, contentKey: String?) throws {
    switch storage {
    case .unknown(let variant):
      try variant.encode(to: encoder)
    case .known(let tag, let content):
      if let contentKey {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(tag, forKey: AnyCodingKey(tagKey))
        if let content {
          try container.encode(content, forKey: AnyCodingKey(contentKey))
        }
      } else {
        // The content first, then the tag into the same object, so the tag wins over a
        // content field of the same name.
        try content?.encode(to: encoder)
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(tag, forKey: AnyCodingKey(tagKey))
      }
    }
  }
}
