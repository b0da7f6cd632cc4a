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
    let tagKey = AnyCodingKey("type")
    tag = try decoder.container(keyedBy: AnyCodingKey.self).decode(String.self, forKey: tagKey)
    json = try JSONValue(decodingObjectFirst: decoder)
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
