import CodableResilience
import Foundation

/// A model type that payloads can be checked against, with its decoding behind a closure.
///
/// The closure is what lets one program hold many unrelated types: the registry, the checker
/// and the command line deal in `RegisteredModel` values and never need the type itself.
///
/// A type is decoded with a plain `JSONDecoder()` unless it is registered with the decoder
/// the app uses: then its key, date, data and non-conforming float strategies and its
/// `userInfo` apply, and findings still name the payload's own keys (`$.accepted_methods[2]`).
///
/// ```swift
/// let model = RegisteredModel(ListingPage.self)
/// model.name           // "ListingPage"
/// model.qualifiedName  // "SampleAPI.ListingPage"
/// let result = PayloadChecker().check(data, as: model)
///
/// let invoice = RegisteredModel(Invoice.self) {
///   let decoder = JSONDecoder()
///   decoder.keyDecodingStrategy = .convertFromSnakeCase
///   decoder.dateDecodingStrategy = .iso8601
///   return decoder
/// }
/// ```
///
/// With `--openapi`, a type is checked against the schema of its own name under
/// `#/components/schemas`, or the one its registration names:
///
/// ```swift
/// let filter = RegisteredModel(Filter.self, schema: "ContentFilter")
/// let quote = RegisteredModel(Quote.self, schema: "#/components/schemas/QuoteResponse")
/// ```
public struct RegisteredModel: Sendable {
  /// The type's name as written in code, such as `"ListingPage"`.
  public let name: String

  /// The type's name with its module, such as `"SampleAPI.ListingPage"`: unique in a program.
  public let qualifiedName: String

  /// The schema of an OpenAPI document (`--openapi`) the type's payloads follow: a name under
  /// `#/components/schemas` or a JSON pointer; `nil` to match a schema of the type's own
  /// name. A `--schemas` file overrides it.
  public let schema: String?

  /// Makes the decoder the app decodes this type with; called for every payload. The checker
  /// never decodes with, or changes, the decoder it returns: it decodes with a copy
  /// (`configuredCopy(handler:)`).
  let makeDecoder: @Sendable () -> JSONDecoder

  /// Decodes a payload with the settings of the decoder ``makeDecoder`` returns, giving every
  /// unknown value to `handler` and none to the app's own handler.
  let decode: @Sendable (_ payload: Data, _ handler: UnknownValueHandler) throws -> Void

  /// Decodes a payload again with ``LocatingDecoder``, to find where a failure is that
  /// `JSONDecoder` reported without a path.
  let decodeLocating: @Sendable (_ payload: JSONDocument, _ options: DecodingOptions) throws -> Void

  /// The type's own alias conflicts, when it has aliases or is a tagged union.
  let aliasConflicts: @Sendable () -> [AliasConflict]

  /// Makes the model of an array of this type, decoded with the same decoder.
  private let makeArray: @Sendable () -> RegisteredModel

  /// The element's model, when this is the model of an array made by ``array``.
  private(set) var element: (@Sendable () -> RegisteredModel)?

  /// Wraps a `Decodable` type, decoded as the app decodes it: with the decoder `makeDecoder`
  /// returns, a plain `JSONDecoder()` unless told otherwise.
  ///
  /// `makeDecoder` is called once for every payload; it may return a new decoder each time or
  /// one shared decoder, which the checker reads and never changes. The checker decodes with
  /// a `JSONDecoder` holding its strategies and `userInfo`, but with a handler of the
  /// checker's own in place of any `unknownValueHandler` it installs: a `.strict` or
  /// `.report { … }` handler of the app never runs in a check. (A subclass's own
  /// `decode(_:from:)` does not run either; its settings do.)
  ///
  /// `schema` names the schema of an OpenAPI document the type's payloads follow, when it is
  /// not the one of the type's own name (see ``schema``).
  ///
  /// ```swift
  /// let booking = RegisteredModel(Booking.self)
  /// let order = RegisteredModel(Order.self, decoder: AppDecoders.makeOrderDecoder)
  /// let filter = RegisteredModel(Filter.self, schema: "ContentFilter")
  /// ```
  public init<Model: Decodable>(
    _ type: Model.Type,
    schema: String? = nil,
    decoder makeDecoder: @escaping @Sendable () -> JSONDecoder = { JSONDecoder() }
  ) {
    name = String(describing: type)
    qualifiedName = String(reflecting: type)
    self.schema = schema
    self.makeDecoder = makeDecoder
    // The closure holds a value that knows the type, not the metatype itself: a captured
    // metatype is not `Sendable` under Swift 6.2's rules for isolated conformances.
    let decoding: any PayloadDecoding = Decoding<Model>()
    decode = { payload, handler in
      try decoding.decode(payload, with: makeDecoder().configuredCopy(handler: handler))
    }
    decodeLocating = { payload, options in try decoding.decodeLocating(payload, options) }
    aliasConflicts = { decoding.aliasConflicts() }
    makeArray = { decoding.array(decoder: makeDecoder) }
  }

  /// The model of an array of this type, decoded with the same decoder: `[Status]` for
  /// `Status`, so a timeline is checked and recorded as the type a team registered.
  var array: RegisteredModel {
    var array = makeArray()
    array.element = { [self] in self }
    return array
  }

  /// The name of the folder that holds fixtures of this type, one a shell needs no quotes
  /// for, which ``ModelRegistry/model(named:)`` reads back: `Status`, or `Array-Status` for an
  /// array of `Status` (not `[Status]`, whose brackets a shell would read as a pattern);
  /// Qualified (`SampleAPI.Status`) when another type of `registry` shares the short name.
  func folderName(in registry: ModelRegistry) -> String {
    guard let element else { return registry.isUnambiguous(name) ? name : qualifiedName }
    return "Array-" + element().folderName(in: registry)
  }
}

/// Something that decodes payloads as one type, with the type hidden.
private protocol PayloadDecoding: Sendable {
  func decode(_ payload: Data, with decoder: JSONDecoder) throws
  func decodeLocating(_ payload: JSONDocument, _ options: DecodingOptions) throws
  func aliasConflicts() -> [AliasConflict]
  func array(decoder: @escaping @Sendable () -> JSONDecoder) -> RegisteredModel
}

/// Decodes one model type; the value the registered closure holds in place of the type.
private struct Decoding<Model: Decodable>: PayloadDecoding {
  func decode(_ payload: Data, with decoder: JSONDecoder) throws {
    _ = try decoder.decode(Model.self, from: withoutTrailingOpenBracket(payload))
  }

  func decodeLocating(_ payload: JSONDocument, _ options: DecodingOptions) throws {
    _ = try LocatingDecoder.decode(Model.self, from: payload, options: options)
  }

  func aliasConflicts() -> [AliasConflict] {
    AliasConflict.all(of: Model.self)
  }

  func array(decoder: @escaping @Sendable () -> JSONDecoder) -> RegisteredModel {
    RegisteredModel([Model].self, decoder: decoder)
  }
}

extension RegisteredModel: Hashable {
  /// Two registered models are the same when they name the same type.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.qualifiedName == rhs.qualifiedName
  }

  /// Hashes the qualified name, which is what equality compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(qualifiedName)
  }
}

extension RegisteredModel: CustomStringConvertible {
  /// The qualified name, such as `SampleAPI.ListingPage`.
  public var description: String { qualifiedName }
}
