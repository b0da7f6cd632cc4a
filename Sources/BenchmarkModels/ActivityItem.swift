import CodableResilience

// An activity feed entry tagged by `type`: the record the tagged-union scenario decodes.
// `ActivityItem` is a `TaggedUnion`; `PlainActivityItem` is the same enum with the
// `init(from:)` and `encode(to:)` an app writes by hand, switching on the tag. The JSON is the
// same.

/// A post in the feed.
public struct ActivityPost: Codable, Equatable, Sendable {
  /// The post's identifier.
  public var id: Int
  /// Its title.
  public var title: String
  /// How many liked it.
  public var likes: Int
}

/// A photo in the feed.
public struct ActivityPhoto: Codable, Equatable, Sendable {
  /// The photo's identifier.
  public var id: Int
  /// Where it is.
  public var url: String
  /// Its width in pixels.
  public var width: Int
  /// Its height in pixels.
  public var height: Int
}

/// An advert in the feed.
public struct ActivityAd: Codable, Equatable, Sendable {
  /// The advert's identifier.
  public var id: Int
  /// Who paid for it.
  public var sponsor: String
}

/// A feed entry as a `TaggedUnion`.
public enum ActivityItem: TaggedUnion, Encodable, Equatable, Sendable {
  /// A post.
  case post(ActivityPost)
  /// A photo.
  case photo(ActivityPhoto)
  /// An advert.
  case ad(ActivityAd)
  /// An entry type this build does not know.
  case unknown(UnknownVariant)

  /// Decodes the entry a tag names.
  public init?(tag: String, from decoder: any Decoder) throws {
    switch tag {
    case "post": self = .post(try ActivityPost(from: decoder))
    case "photo": self = .photo(try ActivityPhoto(from: decoder))
    case "ad": self = .ad(try ActivityAd(from: decoder))
    default: return nil
    }
  }

  /// The tag and content written for each entry.
  public var taggedContent: TaggedContent {
    switch self {
    case .post(let post): TaggedContent(tag: "post", content: post)
    case .photo(let photo): TaggedContent(tag: "photo", content: photo)
    case .ad(let ad): TaggedContent(tag: "ad", content: ad)
    case .unknown(let variant): TaggedContent(variant)
    }
  }
}

/// The same feed entry, decoded and encoded by hand.
public enum PlainActivityItem: Codable, Equatable, Sendable {
  /// A post.
  case post(ActivityPost)
  /// A photo.
  case photo(ActivityPhoto)
  /// An advert.
  case ad(ActivityAd)

  enum CodingKeys: String, CodingKey {
    case type
  }

  /// Reads the tag, then the entry it names; an unknown tag fails.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    switch try container.decode(String.self, forKey: .type) {
    case "post": self = .post(try ActivityPost(from: decoder))
    case "photo": self = .photo(try ActivityPhoto(from: decoder))
    case "ad": self = .ad(try ActivityAd(from: decoder))
    case let tag:
      throw DecodingError.dataCorruptedError(
        forKey: .type, in: container, debugDescription: "unknown entry type \(tag)")
    }
  }

  /// Writes the entry's fields and its tag.
  public func encode(to encoder: any Encoder) throws {
    let tag: String
    switch self {
    case .post(let post):
      try post.encode(to: encoder)
      tag = "post"
    case .photo(let photo):
      try photo.encode(to: encoder)
      tag = "photo"
    case .ad(let ad):
      try ad.encode(to: encoder)
      tag = "ad"
    }
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(tag, forKey: .type)
  }
}
