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
  /// handler is still called after each value is collected. The decoder itself is not
  /// changed, so it can be shared.
  ///
  /// ```swift
  /// let (page, unknownValues) = try JSONDecoder().decodeCollectingUnknownValues(
  ///   ListingPage.self, from: data)
  /// ```
  public func decodeCollectingUnknownValues<T: Decodable>(
    _ type: T.Type,
    from data: Data
  ) throws -> (value: T, unknownValues: [UnknownValue]) {
    try collectingUnknownValues(alsoCalling: unknownValueHandler) { handler in
      try copy(handler: handler).decode(type, from: data)
    }
  }

  /// Decodes a value, failing at the first unknown value with the `DecodingError` that
  /// ``UnknownValueHandler/strict`` throws. The decoder itself is not changed.
  ///
  /// ```swift
  /// let page = try JSONDecoder().decodeStrictly(ListingPage.self, from: data)
  /// ```
  public func decodeStrictly<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    try copy(handler: .strict).decode(type, from: data)
  }

  /// A decoder with this one's settings and `handler` installed.
  private func copy(handler: UnknownValueHandler) -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = dateDecodingStrategy
    decoder.dataDecodingStrategy = dataDecodingStrategy
    decoder.nonConformingFloatDecodingStrategy = nonConformingFloatDecodingStrategy
    decoder.keyDecodingStrategy = keyDecodingStrategy
    decoder.allowsJSON5 = allowsJSON5
    decoder.assumesTopLevelDictionary = assumesTopLevelDictionary
    decoder.userInfo = userInfo
    decoder.unknownValueHandler = handler
    return decoder
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

  /// Decodes a value and returns it with every unknown value seen on the way.
  ///
  /// Decoding is lenient unless a handler already installed on this decoder throws: that
  /// handler is still called after each value is collected. The decoder itself is not
  /// changed, so it can be shared.
  ///
  /// ```swift
  /// let (settings, unknownValues) = try PropertyListDecoder().decodeCollectingUnknownValues(
  ///   Settings.self, from: data)
  /// ```
  public func decodeCollectingUnknownValues<T: Decodable>(
    _ type: T.Type,
    from data: Data
  ) throws -> (value: T, unknownValues: [UnknownValue]) {
    try collectingUnknownValues(alsoCalling: unknownValueHandler) { handler in
      try copy(handler: handler).decode(type, from: data)
    }
  }

  /// Decodes a value, failing at the first unknown value with the `DecodingError` that
  /// ``UnknownValueHandler/strict`` throws. The decoder itself is not changed.
  ///
  /// ```swift
  /// let settings = try PropertyListDecoder().decodeStrictly(Settings.self, from: data)
  /// ```
  public func decodeStrictly<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    try copy(handler: .strict).decode(type, from: data)
  }

  /// A decoder with this one's settings and `handler` installed.
  private func copy(handler: UnknownValueHandler) -> PropertyListDecoder {
    let decoder = PropertyListDecoder()
    decoder.userInfo = userInfo
    decoder.unknownValueHandler = handler
    return decoder
  }
}

/// Runs `decode` with a handler that collects every unknown value and then calls `installed`,
/// and returns the value with what was collected. The body both decoder classes share.
private func collectingUnknownValues<T>(
  alsoCalling installed: UnknownValueHandler,
  _ decode: (UnknownValueHandler) throws -> T
) rethrows -> (value: T, unknownValues: [UnknownValue]) {
  let collector = UnknownValueCollector()
  let value = try decode(.collect(into: collector).followed(by: installed))
  return (value, collector.values)
}
