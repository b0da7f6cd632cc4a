import Foundation

extension JSONDecoder {
  /// The handler this decoder gives every unknown value; ``UnknownValueHandler/ignore`` when
  /// none is installed. Stored in `userInfo` under ``Swift/CodingUserInfoKey/unknownValueHandler``.
  ///
  /// ```swift
  /// let decoder = JSONDecoder()
  /// decoder.unknownValueHandler = .strict
  /// ```
  public var unknownValueHandler: UnknownValueHandler {
    get { installedHandler ?? .ignore }
    set { userInfo[.unknownValueHandler] = newValue }
  }

  /// Decodes a value and returns it with every unknown value seen on the way.
  ///
  /// Decoding is lenient unless a handler already installed on this decoder throws: that
  /// handler is still called after each value is collected. The decoding is this decoder's
  /// own, with every strategy and `userInfo` entry it has, and for a subclass its own
  /// `decode(_:from:)`. The decoder is left as it was, so it can be shared, also by callers on
  /// other threads.
  ///
  /// ```swift
  /// let (page, unknownValues) = try JSONDecoder().decodeCollectingUnknownValues(
  ///   ListingPage.self, from: data)
  /// ```
  ///
  /// A subclass is decoded with the instance itself: for the length of the call its `userInfo`
  /// holds a handler that routes each unknown value to the call it belongs to, by the calling
  /// thread. So its `decode(_:from:)` must decode on the thread that called it, and the
  /// unknown-value handler must not be set on that instance while such a call is under way. A
  /// subclass whose `decode(_:from:)` calls this function itself would call itself without end:
  /// when it calls back, the call gives way to a configured `JSONDecoder`, so what its override
  /// does after that call happens once (what it does before it may happen twice).
  public func decodeCollectingUnknownValues<T: Decodable>(
    _ type: T.Type,
    from data: Data
  ) throws -> (value: T, unknownValues: [UnknownValue]) {
    try decodeRoutedCollecting(type, from: data)
  }

  /// Decodes a value, failing at the first unknown value with the `DecodingError` that
  /// ``UnknownValueHandler/strict`` throws.
  ///
  /// The decoding is this decoder's own, as for ``decodeCollectingUnknownValues(_:from:)``,
  /// and the decoder is left as it was.
  ///
  /// ```swift
  /// let page = try JSONDecoder().decodeStrictly(ListingPage.self, from: data)
  /// ```
  public func decodeStrictly<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    try decodeRouted(type, from: data) { _ in .strict }
  }

  /// ``decodeCollectingUnknownValues(_:from:)`` that also collects every renamed value and
  /// unknown field, in the order of all reports: for the testing kit's expected outcomes and
  /// decode-check, which record them.
  package func decodeCollectingEveryReport<T: Decodable>(
    _ type: T.Type,
    from data: Data
  ) throws -> (value: T, reports: [UnknownValue]) {
    let (value, reports) = try decodeRoutedCollecting(
      type, from: data, receiving: .all)
    return (value, reports)
  }
}

extension PropertyListDecoder {
  /// The handler this decoder gives every unknown value; ``UnknownValueHandler/ignore`` when
  /// none is installed. Stored in `userInfo` under ``Swift/CodingUserInfoKey/unknownValueHandler``.
  ///
  /// ```swift
  /// let decoder = PropertyListDecoder()
  /// decoder.unknownValueHandler = .strict
  /// ```
  public var unknownValueHandler: UnknownValueHandler {
    get { installedHandler ?? .ignore }
    set { userInfo[.unknownValueHandler] = newValue }
  }

  /// Decodes a value and returns it with every unknown value seen on the way, with this
  /// decoder's own decoding, leaving it as it was. See
  /// `JSONDecoder.decodeCollectingUnknownValues(_:from:)`, subclasses included.
  ///
  /// ```swift
  /// let (settings, unknownValues) = try PropertyListDecoder().decodeCollectingUnknownValues(
  ///   HostSettings.self, from: data)
  /// ```
  public func decodeCollectingUnknownValues<T: Decodable>(
    _ type: T.Type,
    from data: Data
  ) throws -> (value: T, unknownValues: [UnknownValue]) {
    try decodeRoutedCollecting(type, from: data)
  }

  /// Decodes a value, failing at the first unknown value, with this decoder's own decoding,
  /// leaving it as it was. See `JSONDecoder.decodeStrictly(_:from:)`.
  ///
  /// ```swift
  /// let settings = try PropertyListDecoder().decodeStrictly(HostSettings.self, from: data)
  /// ```
  public func decodeStrictly<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    try decodeRouted(type, from: data) { _ in .strict }
  }
}
