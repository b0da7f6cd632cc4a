import Foundation

/// A value behind a lock, for tests whose handlers run on the decoding thread: `Mutex` needs
/// macOS 15 and iOS 18, above the platforms the package declares.
final class Locked<Value>: @unchecked Sendable {
  // `@unchecked` because every access to `value` holds `lock`.
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try lock.withLock { try body(&value) }
  }
}
