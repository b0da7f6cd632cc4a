import Foundation

/// A thread-safe list of the unknown values reported while decoding, for tests and tools.
///
/// One collector can be shared by many concurrent decodes; no report is lost.
///
/// ```swift
/// let collector = UnknownValueCollector()
/// let decoder = JSONDecoder()
/// decoder.unknownValueHandler = .collect(into: collector)
/// _ = try decoder.decode(ListingPage.self, from: data)
/// #expect(collector.values.map(\.rawValue) == ["castle"])
/// ```
public final class UnknownValueCollector: @unchecked Sendable {
  // `@unchecked` because every access to `collected` holds `lock`.
  private let lock = NSLock()
  private var collected: [UnknownValue] = []

  /// Creates an empty collector.
  ///
  /// ```swift
  /// let collector = UnknownValueCollector()
  /// ```
  public init() {}

  /// The values reported so far, in the order they were reported.
  ///
  /// ```swift
  /// #expect(collector.values.map(\.path) == ["$.listings[1].kind"])
  /// ```
  public var values: [UnknownValue] {
    lock.withLock { collected }
  }

  /// Adds a value, as a handler made by ``UnknownValueHandler/collect(into:)`` does.
  ///
  /// ```swift
  /// collector.append(value)
  /// ```
  public func append(_ value: UnknownValue) {
    lock.withLock { collected.append(value) }
  }

  /// Returns the values reported so far and empties the collector.
  ///
  /// ```swift
  /// let seen = collector.removeAll()
  /// ```
  @discardableResult
  public func removeAll() -> [UnknownValue] {
    lock.withLock {
      defer { collected.removeAll() }
      return collected
    }
  }
}
