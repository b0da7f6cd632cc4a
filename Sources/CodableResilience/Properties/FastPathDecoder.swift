/// What the toolkit's light decoders, ``PropertyDecoder`` and ``ElementDecoder``, share: a
/// flag set when the value's `init(from:)` asks for something they do not answer exactly, and
/// the `userInfo` that sets it (asked only for an unknown value).
///
/// Each class still returns itself from `singleValueContainer()`: that is asked for every
/// value, and through this protocol's extension it cost 0.04% more instructions on the
/// `unknown-decodable-string` row (callgrind, 1,000 records).
@usableFromInline
protocol FastPathDecoder: AnyObject, Decoder, SingleValueDecodingContainer {
  /// Whether `init(from:)` asked for something this decoder does not answer exactly; the
  /// overload then decodes the value again through the container's generic path.
  var leftFastPath: Bool { get set }
}

extension FastPathDecoder {
  /// Empty, and marks the decode to be done again: a container does not expose the decoding's
  /// `userInfo`, and asking it for a decoder (`superDecoder(forKey:)`) is something
  /// third-party decoders may not support. The toolkit asks only to report an unknown value,
  /// so the overload decodes that value again through the container's generic path, whose
  /// decoder has the `userInfo` and reports it once, with its own coding path and handler.
  @usableFromInline
  var userInfo: [CodingUserInfoKey: Any] {
    leftFastPath = true
    return [:]
  }
}
