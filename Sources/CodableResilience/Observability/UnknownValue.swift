/// A value that a decoded type did not recognise, with where it was found.
///
/// Every tool in the package reports one to the decoder's ``UnknownValueHandler`` when it
/// meets a raw value outside its known cases:
///
/// ```swift
/// let (page, unknownValues) = try JSONDecoder().decodeCollectingUnknownValues(
///   ListingPage.self, from: data)
/// for value in unknownValues {
///   print(value)  // unknown ListingKind value "castle" at $.listings[1].kind; known: house, flat, cabin
/// }
/// ```
///
/// ## Kinds of report
///
/// Most reports are unknown values (``Kind-swift.enum/unknownValue``). Other tools report
/// through the same handler, each with a ``kind-swift.property`` of its own, so a handler that
/// only logs keeps working and one that cares can tell them apart:
///
/// - ``Kind-swift.enum/invalidElement(_:)``: an element ``SkipInvalidElements`` left out
///   because it failed to decode, with the error it threw. Like an unknown value, it is data
///   the app did not take: ``UnknownValueHandler/strict`` throws the element's own error.
/// - ``Kind-swift.enum/renamedValue(canonical:)``: a value read through one of the type's
///   ``ValueAliases`` or by its letter case. It is not a problem: handlers receive it only when
///   they ask to (``UnknownValueHandler/receivingRenamedValues()``), and it is never an error.
/// - ``Kind-swift.enum/defaultUsed(_:)``: a property ``DecodeMissingAsDefault`` read as its
///   default, because its key was missing or `null`. ``UnknownValueHandler/strict`` throws
///   what a plain property would, `keyNotFound` or the decoder's own error for `null`.
/// - ``Kind-swift.enum/unknownField``: a member of an object the model does not write, which
///   ``KeepUnknownFields`` kept. Handlers receive it only when they ask to
///   (``UnknownValueHandler/receivingUnknownFields()``), and it is never an error.
/// - ``Kind-swift.enum/convertedType(from:)``: a value that arrived as another JSON type (`"7"`
///   for an `Int`) and that ``DecodeConvertingType`` or ``DecodeOneOrMany`` converted exactly.
///   ``UnknownValueHandler/strict`` throws what a plain property would, `typeMismatch`.
///
/// ```swift
/// switch value.kind {
/// case .unknownValue: metrics.count("unknown_value", value.typeName)
/// case .invalidElement(let failure): log.error("left out \(value.path): \(failure)")
/// case .renamedValue(let canonical): log.info("old spelling \(value.rawValue) for \(canonical)")
/// default: log.info("\(value)")
/// }
/// ```
public struct UnknownValue: Sendable, CustomStringConvertible {
  /// What the report is about; ``Kind-swift.enum/unknownValue`` unless a tool says otherwise.
  ///
  /// ```swift
  /// if case .invalidElement(let failure) = value.kind { print(failure.path) }
  /// ```
  public var kind: Kind {
    get { kindBox?.kind ?? .unknownValue }
    @available(
      *, deprecated,
      message: "make the report whole with init(kind:typeName:rawValue:codingPath:knownValues:)"
    )
    set {
      // The element a left-out report describes lives in the box: write it out first.
      if rawText == nil {
        rawText = rawValue
      }
      if case .unknownValue = newValue {
        kindBox = nil
      } else {
        kindBox = KindBox(newValue)
      }
    }
  }

  /// The kind when it is not ``Kind-swift.enum/unknownValue``: boxed, so that a report, which
  /// handlers and collectors copy, copies one reference rather than a many-payload enum
  /// (measured: 500 instructions a report). For an element left out, the box holds the
  /// element too.
  private var kindBox: KindBox?

  /// The tool of the toolkit that made the report, for tools that name it (decode-check's
  /// audit); `nil` for a report a type's own `init(from:)` made by hand. Not compared.
  @usableFromInline package var tool: Tool?

  /// The name of the type that did not recognise the value, such as `"ListingKind"`.
  ///
  /// ```swift
  /// value.typeName  // "ListingKind"
  /// ```
  public var typeName: String {
    get {
      switch reportedType {
      case .named(let name): name
      case .type(let type): CodableResilience.typeName(type)
      }
    }
    @available(
      *, deprecated,
      message: "make the report whole with init(kind:typeName:rawValue:codingPath:knownValues:)"
    )
    set { reportedType = .named(newValue) }
  }

  /// Where ``typeName`` comes from: text, or the type a report made while decoding names,
  /// read when asked for so that a collected value never printed costs no name.
  private var reportedType: ReportedType

  private enum ReportedType: Sendable {
    case named(String)
    case type(Any.Type)
  }

  /// The type that made the report, for a report made while decoding; `nil` for one made
  /// with a type name. decode-check reads it to check the aliases of the types it meets.
  package var reportingType: Any.Type? {
    if case .type(let type) = reportedType { return type }
    return nil
  }

  /// The raw value as text: `"castle"` for a string, `"7"` for a number.
  ///
  /// ```swift
  /// value.rawValue  // "castle", or "7" for an Int raw value
  /// ```
  public var rawValue: String {
    get { rawText ?? kindBox?.element?.description ?? "" }
    @available(
      *, deprecated,
      message: "make the report whole with init(kind:typeName:rawValue:codingPath:knownValues:)"
    )
    set { rawText = newValue }
  }

  /// The raw value as text; `nil` for an element left out while decoding, whose JSON is
  /// written as text only when ``rawValue`` is read, so a report never printed costs no text
  /// (measured: 10,800 instructions for a notification of 10 members).
  private var rawText: String?

  /// Where the value sits in the payload, as the decoder's coding path.
  ///
  /// ```swift
  /// value.codingPath  // [.key("listings"), .index(1), .key("kind")]
  /// ```
  public var codingPath: [PathComponent] {
    get { pathSource.components }
    @available(
      *, deprecated,
      message: "make the report whole with init(kind:typeName:rawValue:codingPath:knownValues:)"
    )
    set { pathSource = ReportedPath(keys: newValue, last: nil) }
  }

  /// The decoder's coding keys, classified into ``PathComponent``s when ``codingPath`` is
  /// read, so a report made while decoding costs one copy of the decoder's path.
  private var pathSource: ReportedPath

  /// A coding path as a decoder gave it: its keys, and the key below them a report names.
  private struct ReportedPath: Sendable {
    var keys: [any CodingKey]
    var last: (any CodingKey)?

    var components: [PathComponent] {
      var components = keys.map(PathComponent.init)
      if let last {
        components.append(PathComponent(last))
      }
      return components
    }
  }

  /// The values the type knows, as text, when it can list them: the cases of a
  /// `CaseIterable` enum (without `unknown`), or ``ExtensibleEnum/knownValues``.
  /// `nil` when the type cannot list them.
  ///
  /// A report made while decoding lists them from its type when this is read, so a collected
  /// value that is never printed or compared costs no list.
  ///
  /// ```swift
  /// value.knownValues  // ["house", "flat", "cabin"]
  /// ```
  public var knownValues: [String]? {
    get { knownValueSource.described }
    @available(
      *, deprecated,
      message: "make the report whole with init(kind:typeName:rawValue:codingPath:knownValues:)"
    )
    set { knownValueSource = .listed(newValue) }
  }

  /// Where ``knownValues`` comes from: a list, or the type that lists them when read.
  private var knownValueSource: KnownValues

  /// Creates a report of any kind from a decoder's coding path: an unknown value unless
  /// `kind` says otherwise. `rawValue` is what the kind's ``rawValue`` is: the value received,
  /// the spelling an alias matched, an element's or a field's JSON, `null` or nothing for a
  /// default; `knownValues` are listed only for an unknown value.
  ///
  /// ```swift
  /// let unknown = UnknownValue(
  ///   typeName: "ListingKind", rawValue: "castle",
  ///   codingPath: decoder.codingPath, knownValues: ["house", "flat"])
  /// let renamed = UnknownValue(
  ///   kind: .renamedValue(canonical: "card"), typeName: "PaymentMethod",
  ///   rawValue: "credit_card", codingPath: decoder.codingPath)
  /// ```
  public init(
    kind: Kind = .unknownValue,
    typeName: String,
    rawValue: String,
    codingPath: [any CodingKey],
    knownValues: [String]? = nil
  ) {
    self.reportedType = .named(typeName)
    self.rawText = rawValue
    self.pathSource = ReportedPath(keys: codingPath, last: nil)
    self.knownValueSource = .listed(knownValues)
    if case .unknownValue = kind {} else { kindBox = KindBox(kind) }
  }

  /// Creates a report made while decoding, the toolkit's one builder of them (see
  /// ``report(_:askedFor:of:at:key:by:to:)``): its type is named, its path classified and its
  /// known values listed, or a left-out element written as JSON, only when they are read.
  @usableFromInline
  init(
    _ value: ReportedValue, of type: Any.Type, codingPath: [any CodingKey],
    atKey key: (any CodingKey)?, by tool: Tool
  ) {
    reportedType = .type(type)
    pathSource = ReportedPath(keys: codingPath, last: key)
    self.tool = tool
    switch value {
    case .unknown(let rawValue, let knownValues):
      rawText = rawValue
      knownValueSource = knownValues
    case .renamed(let received, let canonical):
      rawText = received
      knownValueSource = .listed(nil)
      kindBox = KindBox(.renamedValue(canonical: canonical))
    case .leftOut(let element, let failure):
      rawText = nil
      knownValueSource = .listed(nil)
      kindBox = KindBox(.invalidElement(failure), element: element)
    case .defaulted(let reason):
      rawText = reason == .null ? "null" : ""
      knownValueSource = .listed(nil)
      kindBox = KindBox(.defaultUsed(reason))
    case .unknownField(let member):
      rawText = nil
      knownValueSource = .listed(nil)
      kindBox = KindBox(.unknownField, element: member)
    case .converted(let rawValue, let received):
      rawText = rawValue
      knownValueSource = .listed(nil)
      kindBox = KindBox(.convertedType(from: received))
    case .oneForMany(let element):
      rawText = nil
      knownValueSource = .listed(nil)
      kindBox = KindBox(.convertedType(from: .singleValue), element: element)
    }
  }

  /// The JSONPath-style text of ``codingPath``: `$.listings[1].kind`, `$[0]` for an element
  /// of a top-level array, `$.byName["odd key"]` for a key that is not a plain identifier.
  ///
  /// Keys are named as the decoder names them: with `JSONDecoder`'s
  /// `.convertFromSnakeCase` strategy that is the converted name (`$.unitKind` for
  /// `unit_kind`), as in Foundation's own `DecodingError` paths.
  ///
  /// ```swift
  /// value.path  // "$.listings[1].kind"
  /// ```
  public var path: String {
    PathComponent.jsonPath(codingPath)
  }

  /// One line naming the type, the raw value, the path and the known values.
  ///
  /// `unknown ListingKind value "castle" at $.listings[1].kind; known: house, flat, cabin`
  ///
  /// An element left out reads `Notice element at $.items[3] left out: keyNotFound at
  /// $.items[3]: No value associated with key "title"`; a renamed value reads
  /// `PaymentMethod value "credit_card" at $.method read as "card"`; a default
  /// `missing Array<String> at $.tags read as its default`; an unknown field
  /// `Account does not write the field at $.header; kept to write back`; a converted value
  /// `Int at $.id arrived as the string "7"; converted`.
  ///
  /// ```swift
  /// print(value)
  /// ```
  public var description: String {
    switch kind {
    case .unknownValue:
      var text = "unknown \(typeName) value \(jsonQuoted(rawValue)) at \(path)"
      if let knownValues, !knownValues.isEmpty {
        text += "; known: " + knownValues.joined(separator: ", ")
      }
      return text
    case .invalidElement(let failure):
      return "\(typeName) element at \(path) left out: \(failure)"
    case .renamedValue(let canonical):
      return "\(typeName) value \(jsonQuoted(rawValue)) at \(path) read as \(jsonQuoted(canonical))"
    case .defaultUsed(.missingKey):
      return "missing \(typeName) at \(path) read as its default"
    case .defaultUsed(.null):
      return "null \(typeName) at \(path) read as its default"
    case .unknownField:
      return "\(typeName) does not write the field at \(path); kept to write back"
    case .convertedType(.singleValue):
      return "\(typeName) at \(path) arrived as one value \(rawValue); read as an array of it"
    case .convertedType(let received):
      let sent = received == .string ? jsonQuoted(rawValue) : rawValue
      return "\(typeName) at \(path) arrived as the \(received.rawValue) \(sent); converted"
    }
  }
}

/// A report's kind, when it is not an unknown value.
private final class KindBox: Sendable {
  let kind: UnknownValue.Kind
  /// The element an ``UnknownValue/Kind-swift.enum/invalidElement(_:)`` report left out, or
  /// the field an ``UnknownValue/Kind-swift.enum/unknownField`` report kept, when its text is
  /// not written yet.
  let element: JSONValue?

  init(_ kind: UnknownValue.Kind, element: JSONValue? = nil) {
    self.kind = kind
    self.element = element
  }
}

// MARK: - Tools

/// The tools of the toolkit that report, by the name a user knows them by.
@usableFromInline
package enum Tool: String, Sendable {
  case unknownDecodable = "UnknownDecodable"
  case extensibleEnum = "ExtensibleEnum"
  case openEnum = "OpenEnum"
  case decodeUnknownAsNil = "@DecodeUnknownAsNil"
  case decodeMissingAsDefault = "@DecodeMissingAsDefault"
  case taggedUnion = "TaggedUnion"
  case skipUnknownElements = "@SkipUnknownElements"
  case skipUnknownKeys = "@SkipUnknownKeys"
  case skipInvalidElements = "@SkipInvalidElements"
  case keepUnknownFields = "@KeepUnknownFields"
  case decodeConvertingType = "@DecodeConvertingType"
  case decodeOneOrMany = "@DecodeOneOrMany"
}

/// Two reports are equal when their kinds, type names, raw values, paths and known values are.
extension UnknownValue: Hashable {
  /// Whether both report the same value at the same path, with the same known values.
  ///
  /// ```swift
  /// collector.values.first == collector.values.last
  /// ```
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.kind == rhs.kind && lhs.typeName == rhs.typeName && lhs.rawValue == rhs.rawValue
      && lhs.codingPath == rhs.codingPath && lhs.knownValues == rhs.knownValues
  }

  /// Hashes the kind, type name, raw value and path. Equal reports have equal known values
  /// too, so leaving them out keeps hashing consistent with equality.
  ///
  /// ```swift
  /// let distinct = Set(collector.values)
  /// ```
  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
    hasher.combine(typeName)
    hasher.combine(rawValue)
    hasher.combine(codingPath)
  }
}
