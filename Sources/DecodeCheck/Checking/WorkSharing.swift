import Foundation

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
