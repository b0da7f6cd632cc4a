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
    let tag = try decoder.container(keyedBy: TagCodingKey<Self>.self)
      .decode(String.self, forKey: TagCodingKey())
    if let value = try Self.decodeKnownVariant(tag: tag, from: decoder) {
      self = value
      return
    }
    self = .unknown(
      try decodeUnknownVariant(
        tag: tag, tagKey: Self.tagKey, of: Self.self, knownTags: Self.knownTags, from: decoder))
  }

  /// Decodes the tag, then the variant it names; for an unknown tag, reports it and returns
  /// `unknown(_:)` along with the variant, for callers that leave unknown variants out.
  @inlinable
  static func decodeTagged(
    from decoder: any Decoder
  ) throws -> (value: Self, unknownVariant: UnknownVariant?) {
    let tag = try decoder.container(keyedBy: TagCodingKey<Self>.self)
      .decode(String.self, forKey: TagCodingKey())
    if let value = try Self.decodeKnownVariant(tag: tag, from: decoder) {
      return (value, nil)
    }
    let variant = try decodeUnknownVariant(
      tag: tag, tagKey: Self.tagKey, of: Self.self, knownTags: Self.knownTags, from: decoder)
    return (.unknown(variant), variant)
  }

  /// The variant a tag names, read from the object or from the value at the content key;
  /// `nil` for a tag the union does not know.
  @inlinable @inline(__always)
  static func decodeKnownVariant(tag: String, from decoder: any Decoder) throws -> Self? {
    guard let contentKey = Self.contentKey else {
      return try withContentKeyHint(Self.tagKey, decoder) { try Self(tag: tag, from: $0) }
    }
    return try Self(tag: tag, from: contentDecoder(from: decoder, contentKey: contentKey))
  }
}

/// Runs `body` on `decoder`; a `DecodingError` it throws gets the content-key hint.
@inlinable @inline(__always)
func withContentKeyHint<Value>(
  _ tagKey: @autoclosure () -> String, _ decoder: any Decoder,
  _ body: (any Decoder) throws -> Value
) throws -> Value {
  do {
    return try body(decoder)
  } catch let error as DecodingError {
    throw contentKeyHint(for: error, from: decoder, tagKey: tagKey())
  }
}

/// The decoder of the value at the content key; for a missing key, one that reports it as
/// missing to whatever a known variant reads.
@usableFromInline
func contentDecoder(from decoder: any Decoder, contentKey: String) throws -> any Decoder {
  let container = try decoder.container(keyedBy: TextCodingKey.self)
  let key = TextCodingKey(contentKey)
  guard container.contains(key) else { return MissingContentDecoder(decoder, key) }
  return try container.superDecoder(forKey: key)
}

/// Reports an unknown tag at its path and reads the whole object it tags.
@usableFromInline
func decodeUnknownVariant(
  tag: String,
  tagKey: String,
  of union: Any.Type,
  knownTags: [String],
  from decoder: any Decoder
) throws -> UnknownVariant {
  try decoder.reportUnknownValue(
    of: union,
    rawValue: tag,
    knownValues: .listed(knownTags.isEmpty ? nil : knownTags),
    atKey: TextCodingKey(tagKey)
  )
  return UnknownVariant(tag: tag, json: try JSONValue(decodingObjectFirst: decoder))
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
        var container = encoder.container(keyedBy: TextCodingKey.self)
        try container.encode(tag, forKey: TextCodingKey(tagKey))
        if let content {
          try container.encode(content, forKey: TextCodingKey(contentKey))
        }
      } else {
        // The content first, then the tag into the same object, so the tag wins over a
        // content field of the same name.
        try content?.encode(to: encoder)
        var container = encoder.container(keyedBy: TextCodingKey.self)
        try container.encode(tag, forKey: TextCodingKey(tagKey))
      }
    }
  }
}

/// The variant of a ``TaggedUnion`` whose tag the union did not know: the tag and the whole
/// object as it was received, tag included.
///
/// ```swift
/// if case .unknown(let variant) = item {
///   print(variant.tag)            // "reel"
///   print(variant.json["clip"])   // Optional("r.mp4")
/// }
/// ```
///
/// Encoding it writes that object, so an unknown variant goes back to the server unchanged.
/// Decoding it on its own reads an object and takes the tag from its `"type"` member (a union
/// builds its unknown variants itself, with its own ``TaggedUnion/tagKey``).
public struct UnknownVariant: Hashable, Sendable {
  /// The tag the union did not know.
  ///
  /// ```swift
  /// variant.tag  // "reel"
  /// ```
  public var tag: String

  /// The whole object as it was received, tag included.
  ///
  /// ```swift
  /// variant.json["type"]  // "reel"
  /// ```
  public var json: JSONValue

  /// Creates an unknown variant from its tag and object.
  ///
  /// ```swift
  /// let variant = UnknownVariant(tag: "reel", json: ["type": "reel", "clip": "r.mp4"])
  /// ```
  public init(tag: String, json: JSONValue) {
    self.tag = tag
    self.json = json
  }
}

extension UnknownVariant: Codable {
  /// Reads an object whose `"type"` member is a string.
  ///
  /// ```swift
  /// let variant = try JSONDecoder().decode(UnknownVariant.self, from: data)
  /// ```
  public init(from decoder: any Decoder) throws {
    let tagKey = TextCodingKey("type")
    tag = try decoder.container(keyedBy: TextCodingKey.self).decode(String.self, forKey: tagKey)
    json = try JSONValue(from: decoder)
  }

  /// Writes the object exactly as it was received.
  ///
  /// ```swift
  /// let data = try JSONEncoder().encode(variant)  // {"type":"reel","clip":"r.mp4"}
  /// ```
  public func encode(to encoder: any Encoder) throws {
    try json.encode(to: encoder)
  }
}

// MARK: - Decoding Support

/// A coding key of any text: a union's tag and content keys, a dictionary's unknown keys.
@usableFromInline
struct TextCodingKey: CodingKey {
  @usableFromInline var stringValue: String
  @usableFromInline var intValue: Int? { nil }

  @usableFromInline
  init(_ stringValue: String) {
    self.stringValue = stringValue
  }

  @usableFromInline
  init(stringValue: String) {
    self.stringValue = stringValue
  }

  @usableFromInline
  init?(intValue: Int) {
    nil
  }
}

/// The key of a union's tag: no storage, its text read from the union, so decoders copy and
/// read it as cheaply as a synthesized `CodingKeys` case.
@usableFromInline
struct TagCodingKey<Union: TaggedUnion>: CodingKey {
  @inlinable
  init() {}

  @inlinable
  var stringValue: String { Union.tagKey }

  @inlinable
  var intValue: Int? { nil }

  @inlinable
  init?(stringValue: String) {
    guard stringValue == Union.tagKey else { return nil }
  }

  @inlinable
  init?(intValue: Int) {
    nil
  }
}

/// The decoder handed to a variant when the content key is missing: whatever the variant
/// reads, it is told the content key is not there, at the object that lacks it.
@usableFromInline
struct MissingContentDecoder: Decoder {
  let base: any Decoder
  let contentKey: TextCodingKey

  @usableFromInline
  init(_ base: any Decoder, _ contentKey: TextCodingKey) {
    self.base = base
    self.contentKey = contentKey
  }

  @usableFromInline var codingPath: [any CodingKey] { base.codingPath + [contentKey] }
  @usableFromInline var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

  private var error: DecodingError {
    .keyNotFound(
      contentKey,
      DecodingError.Context(
        codingPath: base.codingPath,
        debugDescription: "No value associated with key \"\(contentKey.stringValue)\", "
          + "the tagged union's content key."))
  }

  @usableFromInline
  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    throw error
  }

  @usableFromInline
  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    throw error
  }

  @usableFromInline
  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    throw error
  }
}

/// The error a variant threw, with a hint added to its description when the union reads
/// fields beside the tag but the object looks like it holds them under a content key: the
/// `static let contentKey = "data"` mistake. The error's case and path are unchanged.
@usableFromInline
func contentKeyHint(for error: DecodingError, from decoder: any Decoder, tagKey: String)
  -> DecodingError
{
  guard case .keyNotFound(let key, let context) = error,
    context.codingPath.count == decoder.codingPath.count,
    let container = try? decoder.container(keyedBy: TextCodingKey.self),
    let suspect = container.allKeys.first(where: { candidate in
      candidate.stringValue != tagKey
        && (try? container.nestedContainer(keyedBy: TextCodingKey.self, forKey: candidate))
          != nil
    })
  else { return error }
  let hint =
    " (The union reads its variants' fields beside the tag, but \"\(suspect.stringValue)\" "
    + "holds an object: if the fields sit under it, declare the content key with its type, "
    + "static let contentKey: String? = \"\(suspect.stringValue)\"; a plain "
    + "static let contentKey = \"\(suspect.stringValue)\" is a String and is ignored.)"
  return .keyNotFound(
    key,
    DecodingError.Context(
      codingPath: context.codingPath,
      debugDescription: context.debugDescription + hint,
      underlyingError: context.underlyingError))
}
