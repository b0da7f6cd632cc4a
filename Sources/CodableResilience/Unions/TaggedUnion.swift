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
/// own (`{"type": "post", "data": {"title": "Hi"}}`), name it in ``contentKey`` — **with its
/// type**:
///
/// ```swift
/// static let contentKey: String? = "data"  // right
/// static let contentKey = "data"           // wrong: a String, which is not the requirement
/// ```
///
/// A plain `static let contentKey = "data"` is a `String`, and a `String` does not satisfy a
/// `String?` requirement: Swift keeps the default (`nil`) without a word. Such a union then
/// reads each variant from the object itself and fails on the first field that sits under
/// `"data"`; the error's description says so, naming the member that looks like the content.
///
/// ## What still throws
///
/// - No tag key: `DecodingError.keyNotFound` at the object.
/// - A tag that is not a string: `typeMismatch` at the tag (`null`: `valueNotFound`).
/// - A known tag whose content does not decode: the content's own error at its path. A known
///   tag never falls back to `unknown(_:)`, so a broken variant is not mistaken for a new one.
/// - No content key when ``contentKey`` is set: `keyNotFound` at the object, for a known tag.
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

  /// The key under which the variant's content sits, or `nil` (the default) when its fields
  /// sit beside the tag.
  ///
  /// Declare it with its type: `static let contentKey = "data"` is a `String` and silently
  /// leaves the default in place.
  ///
  /// ```swift
  /// static let contentKey: String? = "data"  // {"type": "post", "data": {...}}
  /// ```
  static var contentKey: String? { get }

  /// The tags the union knows, listed in the reports of unknown ones; empty by default.
  ///
  /// ```swift
  /// static let knownTags = ["post", "ad"]
  /// ```
  static var knownTags: [String] { get }

  /// Decodes the variant a tag names, or returns `nil` for a tag the union does not know.
  ///
  /// `decoder` reads the variant's content: the object itself, or the value at
  /// ``contentKey``. Errors thrown here are the union's errors: a known variant that fails
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
  ///
  /// ```swift
  /// case unknown(UnknownVariant)
  /// ```
  static func unknown(_ variant: UnknownVariant) -> Self

  /// The tag and content to write for this value; only read by the `encode(to:)` of a union
  /// that is also `Encodable`, and required of such a union.
  ///
  /// A decode-only union writes nothing: the default is never read, and stops the program
  /// if called.
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

  /// `nil`: the variant's fields sit beside the tag.
  ///
  /// ```swift
  /// FeedItem.contentKey  // nil
  /// ```
  public static var contentKey: String? { nil }

  /// Empty: reports list no known tags.
  ///
  /// ```swift
  /// FeedItem.knownTags  // []
  /// ```
  public static var knownTags: [String] { [] }

  /// A decode-only union has no content to write; reading this is a programming error.
  ///
  /// ```swift
  /// // Declare Encodable and implement taggedContent to encode a union.
  /// ```
  public var taggedContent: TaggedContent {
    preconditionFailure(
      "\(Self.self) is a decode-only TaggedUnion: declare Encodable and implement taggedContent")
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
    guard let contentKey = Self.contentKey else {
      return try withContentKeyHint(Self.tagKey, decoder) {
        try Self(tag: tag, from: SharedObjectDecoder(decoder, object: object))
      }
    }
    return try Self(
      tag: tag, from: contentDecoder(from: decoder, object: object, contentKey: contentKey))
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
    preconditionFailure("unavailable")
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
    try taggedContent.encode(to: encoder, tagKey: Self.tagKey, contentKey: Self.contentKey)
  }
}
