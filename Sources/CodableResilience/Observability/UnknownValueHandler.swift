/// What decoding does with each ``UnknownValue`` it meets.
///
/// A handler is a plain value holding one closure. It reaches decoding through the
/// decoder's `userInfo` under ``Swift/CodingUserInfoKey/unknownValueHandler``, so the same
/// models can be lenient in the app and strict in CI:
///
/// ```swift
/// // In the app: keep decoding, tell the team.
/// decoder.unknownValueHandler = .report { value in
///   logger.warning("\(value)")
/// }
///
/// // In CI: fail on the first value the models do not know.
/// decoder.unknownValueHandler = .strict
/// ```
///
/// Without a handler, decoding behaves as ``ignore``.
public struct UnknownValueHandler: Sendable {
  /// The closure called with every report it receives. Throwing from it fails the decode with
  /// the thrown error. Made by ``report(_:)``, ``strict``, ``ignore`` and
  /// ``collect(into:)``; called through ``callAsFunction(_:)``.
  let body: @Sendable (UnknownValue) throws -> Void

  /// The kinds of report that reach ``body`` only because the handler asked for them:
  /// renamed values and unknown fields. None by default: neither is a problem, and handlers
  /// written before there were any are not handed them.
  let asked: AskedForReports

  init(
    receiving asked: AskedForReports = [],
    _ body: @escaping @Sendable (UnknownValue) throws -> Void
  ) {
    self.body = body
    self.asked = asked
  }

  /// Hands `value` to the handler, as the toolkit's types do for each unknown value they
  /// decode. A type with its own `init(from:)` reports the values it does not know the same way.
  /// A renamed value reaches the handler only when it receives them.
  ///
  /// ```swift
  /// if let handler = decoder.userInfo[.unknownValueHandler] as? UnknownValueHandler {
  ///   try handler(UnknownValue(typeName: "CurrencyCode", rawValue: text, codingPath: path))
  /// }
  /// ```
  ///
  /// - Throws: whatever the handler throws: ``strict`` throws `DecodingError.dataCorrupted`.
  public func callAsFunction(_ value: UnknownValue) throws {
    try handle(value)
  }

  /// Hands `value` to ``body``, unless it is of a kind this handler did not ask for.
  func handle(_ value: UnknownValue) throws {
    guard receives(AskedForReports(value.kind)) else { return }
    try body(value)
  }

  /// Whether reports that need `kinds` asked for reach this handler.
  @usableFromInline
  func receives(_ kinds: AskedForReports) -> Bool {
    asked.isSuperset(of: kinds)
  }

  /// This handler, also handed every ``UnknownValue/Kind-swift.enum/renamedValue(canonical:)``
  /// report: a value read through an alias or by its letter case.
  ///
  /// ```swift
  /// decoder.unknownValueHandler = .report { value in
  ///   if case .renamedValue = value.kind { metrics.count("old_spelling", value.rawValue) }
  /// }.receivingRenamedValues()
  /// ```
  public func receivingRenamedValues() -> UnknownValueHandler {
    UnknownValueHandler(receiving: asked.union(.renamedValues), body)
  }

  /// This handler, also handed every ``UnknownValue/Kind-swift.enum/unknownField`` report: a
  /// member of an object that a ``KeepUnknownFields`` model does not write, kept to be written
  /// back.
  ///
  /// ```swift
  /// decoder.unknownValueHandler = .report { value in
  ///   if case .unknownField = value.kind { log.info("server sends \(value.path)") }
  /// }.receivingUnknownFields()
  /// ```
  public func receivingUnknownFields() -> UnknownValueHandler {
    UnknownValueHandler(receiving: asked.union(.unknownFields), body)
  }

  /// Decodes unknown values leniently and reports them nowhere. The behaviour when no
  /// handler is installed.
  ///
  /// ```swift
  /// decoder.unknownValueHandler = .ignore
  /// ```
  public static let ignore = UnknownValueHandler { _ in }

  /// Fails decoding at the first unknown value, or the first element a collection left out.
  ///
  /// For an unknown value the thrown error is `DecodingError.dataCorrupted` whose context's
  /// `codingPath` is the path of the unknown value, whose `debugDescription` names the raw
  /// value, the type and the known values, and whose `underlyingError` is an
  /// ``UnknownValueError`` carrying the ``UnknownValue``. For an element
  /// ``SkipInvalidElements`` left out it is the element's own error, exactly as a plain array
  /// throws it. For a default ``DecodeMissingAsDefault`` read it is what a plain property
  /// throws there, exactly: `keyNotFound` for a missing key, and for `null` the decoder's own
  /// error (`JSONDecoder` throws `typeMismatch` for a `Bool`, `valueNotFound` for an array).
  /// Called by hand, outside a decode, it throws `keyNotFound` or `valueNotFound`. For a value
  /// ``DecodeConvertingType`` or ``DecodeOneOrMany`` converted it is the decoder's own
  /// `typeMismatch`, as a plain property throws it (by hand, a `typeMismatch` like it). Renamed
  /// values and unknown fields are never an error.
  ///
  /// ```swift
  /// decoder.unknownValueHandler = .strict
  /// do { _ = try decoder.decode(ListingPage.self, from: data) } catch let error as DecodingError {
  ///   // dataCorrupted at $.listings[1].kind:
  ///   // unknown ListingKind value "castle" at $.listings[1].kind; known: house, flat, cabin
  /// }
  /// ```
  public static let strict = UnknownValueHandler { value in
    switch value.kind {
    case .unknownValue: break
    case .invalidElement(let failure): throw failure.error
    case .defaultUsed(let reason): throw plainPropertyError(reason, value)
    case .convertedType: throw plainTypeMismatch(value)
    case .renamedValue, .unknownField: return
    }
    throw DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: value.codingPath,
        debugDescription: value.description,
        underlyingError: UnknownValueError(unknownValue: value)
      )
    )
  }

  /// Passes every unknown value to `body`, for logging or metrics. Decoding goes on unless
  /// `body` throws; a thrown error fails the decode unchanged, so `body` can also choose
  /// which values to reject.
  ///
  /// ```swift
  /// decoder.unknownValueHandler = .report { value in
  ///   analytics.track("unknown_enum_value", ["type": value.typeName, "path": value.path])
  /// }
  /// let failOnCurrency = UnknownValueHandler.report { value in
  ///   if value.typeName == "Currency" { throw UnknownValueError(unknownValue: value) }
  /// }
  /// ```
  public static func report(_ body: @escaping @Sendable (UnknownValue) throws -> Void) -> Self {
    UnknownValueHandler(body)
  }

  /// Decodes leniently and appends every unknown value to `collector`.
  ///
  /// ```swift
  /// let collector = UnknownValueCollector()
  /// decoder.unknownValueHandler = .collect(into: collector)
  /// _ = try decoder.decode(ListingPage.self, from: data)
  /// #expect(collector.values.map(\.path) == ["$.listings[1].kind"])
  /// ```
  public static func collect(into collector: UnknownValueCollector) -> Self {
    UnknownValueHandler { value in collector.append(value) }
  }

  /// A handler that calls this one and then `next`, stopping at the first that throws.
  ///
  /// ```swift
  /// decoder.unknownValueHandler = .collect(into: collector).followed(by: .strict)
  /// ```
  public func followed(by next: UnknownValueHandler) -> UnknownValueHandler {
    let first = self
    return UnknownValueHandler(receiving: asked.union(next.asked)) { value in
      try first.handle(value)
      try next.handle(value)
    }
  }
}

/// What a plain property throws where ``DecodeMissingAsDefault`` read a default: `keyNotFound`
/// for a missing key, `valueNotFound` for `null`, at the property's path, with the report as
/// its underlying ``UnknownValueError`` (which tells the wrapper it is `.strict`'s refusal). During a decode the
/// wrapper throws the decoder's own error in its place (see `reportDefault`).
private func plainPropertyError(
  _ reason: UnknownValue.DefaultReason, _ value: UnknownValue
) -> DecodingError {
  let path = value.codingPath
  switch reason {
  case .missingKey:
    let key = path.last ?? UnknownValue.PathComponent.key(value.rawValue)
    return .keyNotFound(
      key,
      DecodingError.Context(
        codingPath: path.dropLast(),
        debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\").",
        underlyingError: UnknownValueError(unknownValue: value)))
  case .null:
    return .valueNotFound(
      value.reportingType ?? Any.self,
      DecodingError.Context(
        codingPath: path,
        debugDescription: "Expected \(value.typeName) value but found null instead.",
        underlyingError: UnknownValueError(unknownValue: value)))
  }
}

/// The `typeMismatch` a plain property throws for a value of another JSON type, carrying the
/// conversion it refused; the converting wrappers throw the decoder's own error in its place.
private func plainTypeMismatch(_ value: UnknownValue) -> DecodingError {
  .typeMismatch(
    value.reportingType ?? Any.self,
    DecodingError.Context(
      codingPath: value.codingPath,
      debugDescription: "Expected to decode \(value.typeName) but found \(value.rawValue) instead.",
      underlyingError: UnknownValueError(unknownValue: value)))
}

/// Reports a handler receives only when it asks for them: they are not problems.
@usableFromInline
struct AskedForReports: OptionSet, Sendable {
  @usableFromInline let rawValue: UInt8

  @usableFromInline
  init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// Values read through an alias or by their letter case.
  static let renamedValues = AskedForReports(rawValue: 1)
  /// Members of an object the model does not write.
  static let unknownFields = AskedForReports(rawValue: 2)
  /// Every kind a handler can ask for: what the toolkit's own collecting and routing handlers
  /// ask for, so that a kind added here reaches them.
  static let all: AskedForReports = [.renamedValues, .unknownFields]

  /// What a report of `kind` needs asked for: nothing for a problem.
  init(_ kind: UnknownValue.Kind) {
    switch kind {
    case .renamedValue: self = .renamedValues
    case .unknownField: self = .unknownFields
    case .unknownValue, .invalidElement, .defaultUsed, .convertedType: self = []
    }
  }
}

/// The error ``UnknownValueHandler/strict`` puts under its `DecodingError`, carrying the
/// value it rejected.
///
/// ```swift
/// catch DecodingError.dataCorrupted(let context) {
///   if let error = context.underlyingError as? UnknownValueError {
///     print(error.unknownValue.path)  // $.listings[1].kind
///   }
/// }
/// ```
public struct UnknownValueError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The value that was rejected.
  ///
  /// ```swift
  /// error.unknownValue.rawValue  // "castle"
  /// ```
  public var unknownValue: UnknownValue

  /// Wraps an unknown value as an error.
  ///
  /// ```swift
  /// throw UnknownValueError(unknownValue: value)
  /// ```
  public init(unknownValue: UnknownValue) {
    self.unknownValue = unknownValue
  }

  /// The unknown value's one-line description.
  ///
  /// ```swift
  /// print(error)  // unknown ListingKind value "castle" at $.listings[1].kind; …
  /// ```
  public var description: String { unknownValue.description }
}
