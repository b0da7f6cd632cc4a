// A reference model of another library's technique, for the benchmark to compare against;
// the package has no dependencies, so the library itself cannot be measured here.

/// A reference model of BetterCodable's `@LossyArray`, written for this benchmark from what
/// its public source does (marksands/BetterCodable, `Sources/BetterCodable/LossyArray.swift`,
/// read at commit 2b4a27f); none of its code is copied.
///
/// ```swift
/// struct Timeline: Decodable {
///   @LossyArrayReference var notifications: [TimelineNotification]
/// }
/// ```
///
/// The technique, as that file has it: the wrapper's own `init(from:)` (BetterCodable declares
/// no keyed overload for it, so synthesized `Codable` reaches it through the container's
/// generic `decode(_:forKey:)`) opens the decoder's unkeyed container and decodes each element
/// with `container.decode(T.self)`. When that throws (any error), it decodes an empty
/// `Decodable` struct in the element's place, ignoring that read's own error, only to move
/// the cursor past the element: the element is neither kept nor reported. Encoding writes the
/// elements that decoded.
@propertyWrapper
public struct LossyArrayReference<Element> {
  /// The elements that decoded.
  public var wrappedValue: [Element]

  /// Wraps an array.
  ///
  /// ```swift
  /// @LossyArrayReference var notifications: [TimelineNotification] = []
  /// ```
  public init(wrappedValue: [Element]) {
    self.wrappedValue = wrappedValue
  }
}

extension LossyArrayReference: Decodable where Element: Decodable {
  /// Reads any JSON value as nothing: it has no properties, so its synthesized `init(from:)`
  /// asks the decoder for nothing, and decoding it only moves an unkeyed container's cursor.
  private struct PassedOver: Decodable {}

  /// Decodes each element, passing over those that throw.
  ///
  /// ```swift
  /// let numbers = try JSONDecoder().decode(
  ///   LossyArrayReference<Int>.self, from: Data(#"[1, "two", 3]"#.utf8))
  /// // numbers.wrappedValue == [1, 3]
  /// ```
  public init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    var decoded: [Element] = []
    while !container.isAtEnd {
      do {
        decoded.append(try container.decode(Element.self))
      } catch {
        _ = try? container.decode(PassedOver.self)
      }
    }
    wrappedValue = decoded
  }
}

extension LossyArrayReference: Encodable where Element: Encodable {
  /// Writes the elements that decoded.
  ///
  /// ```swift
  /// let data = try JSONEncoder().encode(timeline)
  /// ```
  public func encode(to encoder: any Encoder) throws {
    try wrappedValue.encode(to: encoder)
  }
}

extension LossyArrayReference: Equatable where Element: Equatable {}

extension LossyArrayReference: Sendable where Element: Sendable {}
