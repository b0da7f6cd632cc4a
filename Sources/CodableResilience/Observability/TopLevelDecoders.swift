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
    get { userInfo[.unknownValueHandler] as? UnknownValueHandler ?? .ignore }
    set { userInfo[.unknownValueHandler] = newValue }
  }

  /// Decodes a value and returns it with every unknown value seen on the way.
  ///
  /// Decoding is lenient unless a handler already installed on this decoder throws: that
  /// handler is still called after each value is collected. The decoding is this decoder's
  /// own (`decode(_:from:)`, overridden in a subclass or not, with every strategy and
  /// `userInfo` entry it has), and the decoder is left as it was, so it can be shared, also by
  /// callers on other threads.
  ///
  /// ```swift
  /// let (page, unknownValues) = try JSONDecoder().decodeCollectingUnknownValues(
  ///   ListingPage.self, from: data)
  /// ```
  public func decodeCollectingUnknownValues<T: Decodable>(
    _ type: T.Type,
    from data: Data
  ) throws -> (value: T, unknownValues: [UnknownValue]) {
    try collectingUnknownValues(on: self) {
      try decode(type, from: withoutTrailingOpenBracket(data))
    }
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
    try HandlerRoute.decode(
      on: self,
      reportingTo: { _ in .strict },
      { try decode(type, from: withoutTrailingOpenBracket(data)) }
    )
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
    get { userInfo[.unknownValueHandler] as? UnknownValueHandler ?? .ignore }
    set { userInfo[.unknownValueHandler] = newValue }
  }

  /// Decodes a value and returns it with every unknown value seen on the way, with this
  /// decoder's own decoding, leaving it as it was. See
  /// `JSONDecoder.decodeCollectingUnknownValues(_:from:)`.
  ///
  /// ```swift
  /// let (settings, unknownValues) = try PropertyListDecoder().decodeCollectingUnknownValues(
  ///   HostSettings.self, from: data)
  /// ```
  public func decodeCollectingUnknownValues<T: Decodable>(
    _ type: T.Type,
    from data: Data
  ) throws -> (value: T, unknownValues: [UnknownValue]) {
    try collectingUnknownValues(on: self) { try decode(type, from: data) }
  }

  /// Decodes a value, failing at the first unknown value, with this decoder's own decoding,
  /// leaving it as it was. See `JSONDecoder.decodeStrictly(_:from:)`.
  ///
  /// ```swift
  /// let settings = try PropertyListDecoder().decodeStrictly(HostSettings.self, from: data)
  /// ```
  public func decodeStrictly<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    try HandlerRoute.decode(
      on: self, reportingTo: { _ in .strict }, { try decode(type, from: data) })
  }
}

/// Decodes with `decode`, collecting every unknown value and still calling the handler that
/// was installed on `decoder` before.
private func collectingUnknownValues<T>(
  on decoder: some HandlerRouting,
  _ decode: () throws -> T
) throws -> (value: T, unknownValues: [UnknownValue]) {
  let collector = UnknownValueCollector()
  let value = try HandlerRoute.decode(
    on: decoder,
    reportingTo: { installed in .collect(into: collector).followed(by: installed) },
    decode
  )
  return (value, collector.values)
}
