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
  // `@unchecked`, and no exclusivity checks, because every access to `filled` and `collected`
  // holds `lock`.
  private let lock = NSLock()
  /// Values reported before those in `collected`, in chunks of ``chunkCapacity``. Appending
  /// never moves or frees what was collected: growing one array by doubling freed buffers of
  /// up to megabytes, and on a decode reporting 100,000 values glibc's merging of free memory
  /// that such frees set off cost 2–3% of the decode.
  @exclusivity(unchecked) private var filled: [[UnknownValue]] = []
  /// The values reported last, at most ``chunkCapacity``.
  @exclusivity(unchecked) private var collected: [UnknownValue] = []
  /// 512 values, about 53 KB: below glibc's 64 KB threshold for merging free memory.
  private static let chunkCapacity = 512

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
    lock.withLock { all }
  }

  /// Every value, in order; the caller holds `lock`.
  private var all: [UnknownValue] {
    guard !filled.isEmpty else { return collected }
    var values: [UnknownValue] = []
    values.reserveCapacity(filled.count * Self.chunkCapacity + collected.count)
    for chunk in filled {
      values.append(contentsOf: chunk)
    }
    values.append(contentsOf: collected)
    return values
  }

  /// Adds a value, as a handler made by ``UnknownValueHandler/collect(into:)`` does.
  ///
  /// ```swift
  /// collector.append(value)
  /// ```
  package func append(_ value: UnknownValue) {
    lock.withLock {
      if collected.count == Self.chunkCapacity {
        filled.append(collected)
        collected = []
        collected.reserveCapacity(Self.chunkCapacity)
      }
      collected.append(value)
    }
  }

  /// Returns the values reported so far and empties the collector.
  ///
  /// ```swift
  /// let seen = collector.removeAll()
  /// ```
  @discardableResult
  public func removeAll() -> [UnknownValue] {
    lock.withLock {
      defer {
        filled.removeAll()
        collected.removeAll()
      }
      return all
    }
  }
}
