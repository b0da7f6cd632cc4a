import Foundation

/// A top-level decoder whose `userInfo` the toolkit can route for the length of one call.
protocol HandlerRouting: AnyObject {
  var userInfo: [CodingUserInfoKey: any Sendable] { get set }
}

extension JSONDecoder: HandlerRouting {}
extension PropertyListDecoder: HandlerRouting {}

/// Gives one call of a shared decoder its own unknown-value handler, without copying the
/// decoder and without changing what other callers of the same decoder see.
///
/// `decodeStrictly` and `decodeCollectingUnknownValues` decode with the receiver itself, so its
/// configuration and, for a subclass, its own `decode(_:from:)` are the ones that run. While
/// any such call is under way on a decoder, its `userInfo` holds a routing handler: it hands
/// each unknown value to the handler of the call it belongs to (a task-local value, bound on
/// the calling thread for the length of the call), and outside such a call to the handler that
/// was installed before. Calls on one decoder are counted, so concurrent callers share the
/// routing handler, and the last one out puts the original `userInfo` entry back as it was.
enum HandlerRoute {
  /// The handler of the call under way on this thread, if any.
  @TaskLocal static var current: UnknownValueHandler?

  /// Runs `decode` with `handler(installed)` receiving every unknown value that `decoder`
  /// reports, where `installed` is the handler the decoder had before (`.ignore` if none).
  static func decode<T>(
    on decoder: some HandlerRouting,
    reportingTo handler: (_ installed: UnknownValueHandler) -> UnknownValueHandler,
    _ decode: () throws -> T
  ) throws -> T {
    let installed = routes.enter(decoder)
    defer { routes.leave(decoder) }
    return try $current.withValue(handler(installed ?? .ignore)) { try decode() }
  }

  private static let routes = Routes()

  /// The decoders that hold a routing handler now, each with the number of calls under way and
  /// the `userInfo` entry it had before.
  private final class Routes: @unchecked Sendable {
    // `@unchecked` because every access to `entries` holds `lock`.
    private let lock = NSLock()
    private var entries: [ObjectIdentifier: (calls: Int, original: (any Sendable)?)] = [:]

    /// Counts a call on `decoder`, installing the routing handler for the first; returns the
    /// handler installed before routing, if it is one.
    func enter(_ decoder: some HandlerRouting) -> UnknownValueHandler? {
      lock.withLock {
        let id = ObjectIdentifier(decoder)
        if let entry = entries[id] {
          entries[id] = (entry.calls + 1, entry.original)
          return entry.original as? UnknownValueHandler
        }
        let original = decoder.userInfo[.unknownValueHandler]
        let installed = original as? UnknownValueHandler
        entries[id] = (1, original)
        decoder.userInfo[.unknownValueHandler] = UnknownValueHandler { value in
          try (HandlerRoute.current ?? installed)?.handle(value)
        }
        return installed
      }
    }

    /// Ends a call on `decoder`; the last one puts the original entry back.
    func leave(_ decoder: some HandlerRouting) {
      lock.withLock {
        let id = ObjectIdentifier(decoder)
        guard let entry = entries[id] else { return }
        if entry.calls > 1 {
          entries[id] = (entry.calls - 1, entry.original)
          return
        }
        entries[id] = nil
        decoder.userInfo[.unknownValueHandler] = entry.original
      }
    }
  }
}

/// The payload, with a newline after it when its last byte is `[`.
///
/// Foundation's `JSONDecoder` (Swift 6.3) stops the process instead of throwing when the input
/// ends right after the `[` that opens the 513th level of nesting. Trailing white space changes
/// nothing about the JSON, and such input is invalid either way, so with the newline it throws
/// the `DecodingError` it throws for any other input nested too deep.
package func withoutTrailingOpenBracket(_ payload: Data) -> Data {
  guard payload.last == UInt8(ascii: "[") else { return payload }
  var padded = payload
  padded.append(UInt8(ascii: "\n"))
  return padded
}
