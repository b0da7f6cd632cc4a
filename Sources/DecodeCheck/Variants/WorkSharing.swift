import Dispatch
import Foundation

/// `transform` applied to every index below `count`, on up to `maximumConcurrency` threads,
/// the results in index order; with 1, one after another on the calling thread.
///
/// Each thread takes the next index not yet taken, so a slow input never holds up the others.
///
/// ```swift
/// let reports = concurrentMap(count: inputs.count, maximumConcurrency: 2) { check(inputs[$0]) }
/// ```
func concurrentMap<Value: Sendable>(
  count: Int, maximumConcurrency: Int, _ transform: @Sendable (Int) -> Value
) -> [Value] {
  let width = max(1, min(maximumConcurrency, count))
  if width == 1 { return (0..<count).map(transform) }
  let results = ResultSlots<Value>(count: count)
  let next = InputCounter()
  DispatchQueue.concurrentPerform(iterations: width) { _ in
    while let index = next.take(below: count) { results.store(transform(index), at: index) }
  }
  return results.all
}

/// The results of a concurrent run, each stored in its input's slot.
final class ResultSlots<Value: Sendable>: @unchecked Sendable {
  // `@unchecked` because every access to `slots` holds `lock`.
  private let lock = NSLock()
  private var slots: [Value?]

  init(count: Int) {
    slots = Array(repeating: nil, count: count)
  }

  func store(_ value: Value, at index: Int) {
    lock.withLock { slots[index] = value }
  }

  var all: [Value] {
    lock.withLock { slots.compactMap { $0 } }
  }
}

/// Hands out input indices, each exactly once, to the threads of a concurrent run.
///
/// `package` so the benchmark's concurrent scenarios share the checker's counter rather than
/// keep a copy of it.
///
/// ```swift
/// let next = InputCounter()
/// DispatchQueue.concurrentPerform(iterations: 2) { _ in
///   while let index = next.take(below: inputs.count) { check(inputs[index]) }
/// }
/// ```
package final class InputCounter: @unchecked Sendable {
  // `@unchecked` because every access to `next` holds `lock`.
  private let lock = NSLock()
  private var next = 0

  package init() {}

  /// The next index, or `nil` once `limit` have been taken.
  package func take(below limit: Int) -> Int? {
    lock.withLock {
      guard next < limit else { return nil }
      defer { next += 1 }
      return next
    }
  }

  /// How many indices were handed out.
  package var count: Int {
    lock.withLock { next }
  }
}
