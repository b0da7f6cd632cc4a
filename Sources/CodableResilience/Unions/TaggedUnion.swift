/// An enum with associated values, chosen by a tag in the object (`"type": "post"`), that
/// survives new tags: a tag it does not know decodes as `unknown(_:)`, is reported, and is
/// written back exactly as it came.
///
/// ```swift
/// enum FeedItem: TaggedUnion, Encodable {  // Encodable is optional: see taggedContent
///   case post(Post)
///   case ad(Ad)
///   case unknown(UnknownVariant)           // satisfies `static func unknown(_:)`
///
///   static let knownTags = ["post", "ad"]  // optional: listed in reports
///
///   init?(tag: String, from decoder: any Decoder) throws {
///     switch tag {
///     case "post": self = .post(try Post(from: decoder))
///     case "ad": self = .ad(try Ad(from: decoder))
///     default: return nil
///     }
///   }
///
///   var taggedContent: TaggedContent {
///     switch self {
///     case .post(let post): TaggedContent(tag: "post", content: post)
///     case .ad(let ad): TaggedContent(tag: "ad", content: ad)
///     case .unknown(let variant): TaggedContent(variant)
///     }
///   }
/// }
///
/// // [{"type": "post", "title": "Hi"}, {"type": "reel", "clip": "r.mp4"}]
/// // decodes as [.post(Post(title: "Hi")), .unknown(UnknownVariant(tag: "reel", json: …))]
/// // and encodes back to the same two objects.
/// ```
///
/// ## Layout
///
/// By default the variant's fields sit beside the tag (`{"type": "post", "title": "Hi"}`) and
/// `init(tag:from:)` reads them from the object itself. When they sit under a key of their
/// own (`{"type": "post", "data": {"title": "Hi"}}`), say so in ``layout``:
///
/// ```swift
/// static let layout = TaggedUnionLayout.underKey("data")
/// ```
///
/// The layout is a value of its own type, so a declaration that does not say which layout it
/// is (`static let layout = "data"`, `static let layout = .underKey("data")` without the type)
/// is not a layout, and the second does not compile.
///
/// ## What still throws
///
/// - No tag key: `DecodingError.keyNotFound` at the object.
/// - A tag that is not a string: `typeMismatch` at the tag (`null`: `valueNotFound`).
/// - A known tag whose content does not decode: the content's own error at its path. A known
///   tag never falls back to `unknown(_:)`, so a broken variant is not mistaken for a new one.
/// - No content key when the ``layout`` is ``TaggedUnionLayout/underKey(_:)``: `keyNotFound` at
///   the object, for a known tag.
///
/// ## Reporting
///
/// An unknown tag is reported to the decoder's ``UnknownValueHandler`` as an ``UnknownValue``
/// with the union's name, the tag as the raw value, the tag's path (`$.items[2].type`) and
/// ``knownTags`` when listed; under ``UnknownValueHandler/strict`` decoding throws there.
public protocol TaggedUnion: Decodable {
  /// The key of the tag in the object; `"type"` by default.
  ///
  /// ```swift
  /// static let tagKey = "kind"
  /// ```
  static var tagKey: String { get }

  /// Where a variant's content sits: beside the tag (the default) or under a key of its own.
  ///
  /// ```swift
  /// static let layout = TaggedUnionLayout.underKey("data")  // {"type": "post", "data": {...}}
  /// ```
  static var layout: TaggedUnionLayout { get }

  /// Tags the server used before a rename, each mapped to the tag it is now; empty by default.
  ///
  /// A tag the union does not know is looked up here before it becomes `unknown(_:)`; a match
  /// decodes as the canonical tag's variant and is reported as
  /// ``UnknownValue/Kind-swift.enum/renamedValue(canonical:)`` at the tag's path (see
  /// ``ValueAliases``). `taggedContent` writes the canonical tag.
  ///
  /// ```swift
  /// static let tagAliases = ["status": "post"]  // "status" was renamed "post"
  /// ```
  static var tagAliases: [String: String] { get }

  /// The tags the union knows, listed in the reports of unknown ones; empty by default.
  ///
  /// ```swift
  /// static let knownTags = ["post", "ad"]
  /// ```
  static var knownTags: [String] { get }

  /// Decodes the variant a tag names, or returns `nil` for a tag the union does not know.
  ///
  /// `decoder` reads the variant's content: the object itself, or the value under the
  /// ``layout``'s key. Errors thrown here are the union's errors: a known variant that fails
  /// to decode fails the union.
  ///
  /// For fields beside the tag, `decoder` is the union's own: its `container(keyedBy:)` reads
  /// through the keyed container the tag was read from, so the object's keys are read once,
  /// with the same values, coding paths, key strategy and errors as a container of its own.
  /// Everything else (`userInfo`, other containers) comes from the decoder the union got. A
  /// variant that needs that decoder itself (a cast to a custom decoder type) can be read with
  /// `decoder.singleValueContainer().decode(Post.self)`, which reaches it.
  ///
  /// ```swift
  /// init?(tag: String, from decoder: any Decoder) throws {
  ///   switch tag {
  ///   case "post": self = .post(try Post(from: decoder))
  ///   default: return nil
  ///   }
  /// }
  /// ```
  init?(tag: String, from decoder: any Decoder) throws

  /// The value for a tag the union does not know; an enum's `case unknown(UnknownVariant)`
  /// satisfies it.
  static func unknown(_ variant: UnknownVariant) -> Self

  /// The tag and content to write for this value; only read by the `encode(to:)` of a union
  /// that is also `Encodable`, and required of such a union.
  ///
  /// A decode-only union writes nothing: its default content makes encoding throw an
  /// `EncodingError` that says so.
  ///
  /// ```swift
  /// var taggedContent: TaggedContent {
  ///   switch self {
  ///   case .post(let post): TaggedContent(tag: "post", content: post)
  ///   case .unknown(let variant): TaggedContent(variant)
  ///   }
  /// }
  /// ```
  var taggedContent: TaggedContent { get }
}

extension TaggedUnion {
  /// `"type"`.
  ///
  /// ```swift
  /// FeedItem.tagKey  // "type"
  /// ```
  public static var tagKey: String { "type" }

  /// ``TaggedUnionLayout/besideTag``: the variant's fields sit beside the tag.
  ///
  /// ```swift
  /// FeedItem.layout  // .besideTag
  /// ```
  public static var layout: TaggedUnionLayout { .besideTag }

  /// Empty: no tag was renamed.
  ///
  /// ```swift
  /// FeedItem.tagAliases  // [:]
  /// ```
  public static var tagAliases: [String: String] { [:] }

  /// Empty: reports list no known tags.
  ///
  /// ```swift
  /// FeedItem.knownTags  // []
  /// ```
  public static var knownTags: [String] { [] }

  /// A decode-only union has no content to write: encoding this content throws an
  /// `EncodingError` naming the union.
  ///
  /// ```swift
  /// // Declare Encodable and implement taggedContent to encode a union.
  /// ```
  public var taggedContent: TaggedContent {
    TaggedContent(decodeOnly: Self.self)
  }

  /// Decodes the tag, then the variant it names; an unknown tag is reported and kept whole.
  ///
  /// ```swift
  /// let items = try JSONDecoder().decode([FeedItem].self, from: data)
  /// ```
  @inlinable
  public init(from decoder: any Decoder) throws {
    self = try Self.decodeTagged(from: decoder).value
  }

  /// Decodes the tag, then the variant it names; for an unknown tag, reports it and returns
  /// `unknown(_:)` along with the variant, for callers that leave unknown variants out.
  @inlinable
  static func decodeTagged(
    from decoder: any Decoder
  ) throws -> (value: Self, unknownVariant: UnknownVariant?) {
    let object = try decoder.container(keyedBy: AnyCodingKey.self)
    let tag = try Self.decodeTag(from: object)
    if let value = try Self.decodeKnownVariant(tag: tag, from: decoder, object: object) {
      return (value, nil)
    }
    if let canonical = Self.tagAliases[tag],
      let value = try Self.decodeKnownVariant(tag: canonical, from: decoder, object: object)
    {
      try decoder.reportRenamedValue(
        of: Self.self, received: tag, canonical: canonical, atKey: AnyCodingKey(Self.tagKey),
        by: .taggedUnion)
      return (value, nil)
    }
    let variant = try decodeUnknownVariant(
      tag: tag, tagKey: Self.tagKey, of: Self.self, knownTags: Self.knownTags, from: decoder)
    return (.unknown(variant), variant)
  }

  /// The tag, read from the union's container of the object; a missing or mistyped tag
  /// throws the error a container keyed by the tag's own key throws.
  @inlinable @inline(__always)
  static func decodeTag(from object: KeyedDecodingContainer<AnyCodingKey>) throws -> String {
    do {
      return try object.decode(String.self, forKey: AnyCodingKey(Self.tagKey))
    } catch let error as DecodingError {
      throw error.naming(TagCodingKey<Self>(), at: object.codingPath.count)
    }
  }

  /// The variant a tag names, read from the object (through the container the tag was read
  /// from) or from the value at the content key; `nil` for a tag the union does not know.
  @inlinable @inline(__always)
  static func decodeKnownVariant(
    tag: String, from decoder: any Decoder, object: KeyedDecodingContainer<AnyCodingKey>
  ) throws -> Self? {
    switch Self.layout.storage {
    case .besideTag:
      return try withContentKeyHint(Self.tagKey, decoder) {
        try Self(tag: tag, from: SharedObjectDecoder(decoder, object: object))
      }
    case .underKey(let contentKey):
      return try Self(
        tag: tag, from: contentDecoder(from: decoder, object: object, contentKey: contentKey))
    }
  }
}

extension TaggedUnion where Self: Encodable {
  /// An `Encodable` union must say what to write for each variant.
  ///
  /// ```swift
  /// var taggedContent: TaggedContent { … }  // see TaggedUnion
  /// ```
  @available(
    *, unavailable,
    message: "an Encodable TaggedUnion implements taggedContent: TaggedContent"
  )
  public var taggedContent: TaggedContent {
    TaggedContent(decodeOnly: Self.self)
  }

  /// Writes the variant's content with its tag in the layout it was read in, or an unknown
  /// variant as the exact object it was read from.
  ///
  /// This, not Swift's synthesized `{"post": {"_0": …}}`, is the encoding of every
  /// `Encodable` union.
  ///
  /// ```swift
  /// let data = try JSONEncoder().encode(items)  // [{"type": "post", "title": "Hi"}, …]
  /// ```
  public func encode(to encoder: any Encoder) throws {
    try taggedContent.encode(to: encoder, tagKey: Self.tagKey, layout: Self.layout)
  }
}

/// Where a ``TaggedUnion``'s variants keep their content: beside the tag, or under a key of
/// their own.
///
/// ```swift
/// // {"type": "post", "title": "Hi"}
/// static let layout = TaggedUnionLayout.besideTag
/// // {"kind": "post", "data": {"title": "Hi"}}
/// static let layout = TaggedUnionLayout.underKey("data")
/// ```
public struct TaggedUnionLayout: Sendable, Hashable {
  @usableFromInline
  enum Storage: Sendable, Hashable {
    case besideTag
    case underKey(String)
  }

  @usableFromInline
  let storage: Storage

  /// The variant's fields sit in the object beside the tag: `{"type": "post", "title": "Hi"}`.
  ///
  /// ```swift
  /// static let layout = TaggedUnionLayout.besideTag
  /// ```
  public static let besideTag = TaggedUnionLayout(storage: .besideTag)

  /// The variant's content sits under `key`: `{"type": "post", "data": {"title": "Hi"}}`. A
  /// variant without content may leave the key out.
  ///
  /// ```swift
  /// static let layout = TaggedUnionLayout.underKey("data")
  /// ```
  public static func underKey(_ key: String) -> TaggedUnionLayout {
    TaggedUnionLayout(storage: .underKey(key))
  }

  /// The key the content sits under; `nil` beside the tag. Not public: the union's decoding
  /// and encoding read it, and a user never does; the package's tests do.
  package var contentKey: String? {
    if case .underKey(let key) = storage { return key }
    return nil
  }
}
