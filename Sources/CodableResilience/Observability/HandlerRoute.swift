import Foundation

/// A top-level decoder that `decodeStrictly` and `decodeCollectingUnknownValues` can decode with:
/// `JSONDecoder` and `PropertyListDecoder`, whose public methods in TopLevelDecoders.swift
/// call the shared bodies below.
protocol HandlerRouting: AnyObject {
  var userInfo: [CodingUserInfoKey: any Sendable] { get set }

  /// Whether this is a subclass, whose own `decode(_:from:)` must be the one that runs.
  var isSubclass: Bool { get }

  /// The decoder's own decoding: a subclass's override when there is one.
  func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T

  /// The base class's decoder this one's copy is made of.
  associatedtype Copy: HandlerRouting

  /// A decoder of the base class with this one's settings and `handler` installed.
  func configuredCopy(handler: UnknownValueHandler) -> Copy

  /// The payload as this decoder should be given it.
  func prepared(_ data: Data) -> Data
}

extension HandlerRouting {
  /// The handler installed in `userInfo`, if any.
  var installedHandler: UnknownValueHandler? {
    userInfo[.unknownValueHandler] as? UnknownValueHandler
  }

  /// Decodes as this decoder does, with `handler(installed)` receiving every unknown value.
  func decodeRouted<T: Decodable>(
    _ type: T.Type,
    from data: Data,
    reportingTo handler: (_ installed: UnknownValueHandler?) -> UnknownValueHandler
  ) throws -> T {
    let data = prepared(data)
    return try HandlerRoute.decode(
      with: self,
      reportingTo: handler,
      receiver: { try decode(type, from: data) },
      copy: { try configuredCopy(handler: $0).decode(type, from: data) }
    )
  }

  /// Decodes as this decoder does, collecting every unknown value (and, when asked, every
  /// renamed value and unknown field) before the installed handler sees it.
  func decodeRoutedCollecting<T: Decodable>(
    _ type: T.Type,
    from data: Data,
    receiving asked: AskedForReports = []
  ) throws -> (value: T, unknownValues: [UnknownValue]) {
    let collector = UnknownValueCollector()
    let collecting = UnknownValueHandler(receiving: asked) { collector.append($0) }
    // With no handler installed, the collector's alone: `.ignore` after it costs a call a report.
    let value = try decodeRouted(type, from: data) { $0.map(collecting.followed) ?? collecting }
    return (value, collector.values)
  }
}

/// Gives one call of a decoder its own unknown-value handler, without changing what other
/// callers of the same decoder see.
///
/// A `JSONDecoder` or `PropertyListDecoder` itself has no `decode(_:from:)` of its own to honour,
/// so the call decodes with a copy that has every setting and `userInfo` entry of the receiver
/// and the call's handler; the receiver is not touched.
///
/// A subclass's own `decode(_:from:)` must run, so the call decodes with the receiver itself.
/// For the length of the call its `userInfo` holds a routing handler, which hands each unknown
/// value to the handler of the call it belongs to (a task-local value, bound on the calling
/// thread and keyed by decoder) and, outside such a call, to the handler installed before.
/// Calls on one decoder are counted, so concurrent callers share the routing handler, and the
/// last one out puts the original `userInfo` entry back as it was.
///
/// A subclass whose `decode(_:from:)` itself calls `decodeStrictly` or
/// `decodeCollectingUnknownValues` would call itself without end this way: such a call, met
/// again inside the routed call on the same decoder, marks it and gives way, and the routed
/// call decodes with a configured copy instead.
enum HandlerRoute {
  /// The routed calls under way on this thread, by decoder.
  @TaskLocal static var calls: [ObjectIdentifier: Call] = [:]

  /// One routed call: its handler, and whether the receiver's `decode(_:from:)` called back.
  final class Call: Sendable {
    let handler: UnknownValueHandler
    // Set and read only on the thread that runs the call.
    nonisolated(unsafe) var reentered = false

    init(handler: UnknownValueHandler) {
      self.handler = handler
    }
  }

  /// Decodes with `decoder`'s own decoding, `handler(installed)` receiving every unknown value,
  /// where `installed` is the handler the decoder had, if any.
  ///
  /// - Parameters:
  ///   - receiver: decodes with `decoder` itself.
  ///   - copy: decodes with a decoder of the base class that has `decoder`'s settings and the
  ///     given handler.
  static func decode<T>(
    with decoder: some HandlerRouting,
    reportingTo handler: (_ installed: UnknownValueHandler?) -> UnknownValueHandler,
    receiver: () throws -> T,
    copy: (UnknownValueHandler) throws -> T
  ) throws -> T {
    let id = ObjectIdentifier(decoder)
    if let call = calls[id] {
      // The receiver's own `decode(_:from:)` called back: the routed call takes the copy.
      call.reentered = true
      throw Reentered()
    }
    guard decoder.isSubclass else {
      return try copy(handler(decoder.installedHandler))
    }
    let original = routes.enter(decoder)
    defer { routes.leave(decoder) }
    let call = Call(handler: handler(original))
    var bound = calls
    bound[id] = call
    let result = $calls.withValue(bound) { Result { try receiver() } }
    if call.reentered {
      return try copy(call.handler)
    }
    return try result.get()
  }

  /// What a re-entered call throws to the routed call it is inside.
  private struct Reentered: Error {}

  private static let routes = Routes()

  /// The subclass instances that hold a routing handler now, each with the number of calls
  /// under way and the `userInfo` entry it had before.
  private final class Routes: @unchecked Sendable {
    // `@unchecked` because every access to `entries` holds `lock`.
    private let lock = NSLock()
    private var entries: [ObjectIdentifier: (calls: Int, original: (any Sendable)?)] = [:]

    /// Counts a call on `decoder`, installing the routing handler for the first; returns the
    /// handler installed before routing, if it is one.
    func enter(_ decoder: some HandlerRouting) -> UnknownValueHandler? {
      let id = ObjectIdentifier(decoder)
      return lock.withLock {
        if let entry = entries[id] {
          entries[id] = (entry.calls + 1, entry.original)
          return entry.original as? UnknownValueHandler
        }
        let original = decoder.userInfo[.unknownValueHandler]
        let installed = original as? UnknownValueHandler
        entries[id] = (1, original)
        // It passes every kind on, and the handler it routes to decides.
        decoder.userInfo[.unknownValueHandler] = UnknownValueHandler(receiving: .all) { value in
          try (HandlerRoute.calls[id]?.handler ?? installed)?.handle(value)
        }
        return installed
      }
    }

    /// Ends a call on `decoder`; the last one puts the original entry back.
    func leave(_ decoder: some HandlerRouting) {
      let id = ObjectIdentifier(decoder)
      lock.withLock {
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

extension JSONDecoder: HandlerRouting {
  var isSubclass: Bool { type(of: self) != JSONDecoder.self }

  /// `JSONDecoder` stops the process on input that ends at the 513th `[`; see the function.
  func prepared(_ data: Data) -> Data {
    withoutTrailingOpenBracket(data)
  }

  /// A new `JSONDecoder` with this one's strategies and `userInfo`, and `handler` in place of
  /// the unknown-value handler it had. The receiver is only read.
  ///
  /// Also how decode-check and the testing kit's fuzzer decode as the app does without running
  /// the app's handler or changing its decoder. A subclass's own `decode(_:from:)` does not
  /// run on the copy.
  package func configuredCopy(handler: UnknownValueHandler) -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = dateDecodingStrategy
    decoder.dataDecodingStrategy = dataDecodingStrategy
    decoder.nonConformingFloatDecodingStrategy = nonConformingFloatDecodingStrategy
    decoder.keyDecodingStrategy = keyDecodingStrategy
    decoder.allowsJSON5 = allowsJSON5
    decoder.assumesTopLevelDictionary = assumesTopLevelDictionary
    decoder.userInfo = userInfo
    decoder.userInfo[.unknownValueHandler] = handler
    return decoder
  }
}

extension PropertyListDecoder: HandlerRouting {
  var isSubclass: Bool { type(of: self) != PropertyListDecoder.self }

  func prepared(_ data: Data) -> Data {
    data
  }

  /// A `PropertyListDecoder` with this one's `userInfo` and `handler` installed.
  func configuredCopy(handler: UnknownValueHandler) -> PropertyListDecoder {
    let decoder = PropertyListDecoder()
    decoder.userInfo = userInfo
    decoder.userInfo[.unknownValueHandler] = handler
    return decoder
  }
}

/// The payload, with a line break after it when it ends with `[`, in any of the encodings
/// `JSONDecoder` reads.
///
/// Foundation's `JSONDecoder` (Swift 6.3) stops the process instead of throwing when the input
/// ends right after the `[` that opens the 513th level of nesting, in UTF-8 and in UTF-16 and
/// UTF-32 of either byte order, which it converts to UTF-8 first. Such input is invalid either
/// way, and a line break after it changes nothing about the JSON, so with one it throws the
/// `DecodingError` it throws for any other input nested too deep. The break is written in the
/// width and byte order the ending shows: `00 5B` (UTF-16, big-endian) gets `00 0A`, `5B 00 00 00`
/// (UTF-32, little-endian) gets `0A 00 00 00`, and so on, so that however the decoder reads the
/// bytes, they no longer end with `[`.
package func withoutTrailingOpenBracket(_ payload: Data) -> Data {
  let bracket = UInt8(ascii: "[")
  let newline = UInt8(ascii: "\n")
  let endings: [(ending: [UInt8], unit: Int, lineBreak: [UInt8])] = [
    ([0, 0, 0, bracket], 4, [0, 0, 0, newline]),
    ([bracket, 0, 0, 0], 4, [newline, 0, 0, 0]),
    ([0, bracket], 2, [0, newline]),
    ([bracket, 0], 2, [newline, 0]),
    ([bracket], 1, [newline]),
  ]
  for (ending, unit, lineBreak) in endings
  where payload.count % unit == 0 && payload.suffix(ending.count).elementsEqual(ending) {
    return payload + lineBreak
  }
  return payload
}
