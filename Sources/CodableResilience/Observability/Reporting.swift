import Foundation

extension CodingUserInfoKey {
  /// The `userInfo` key under which a decoder carries its ``UnknownValueHandler``.
  ///
  /// Any `Decoder` works: JSON, property lists, or a third-party decoder that exposes
  /// `userInfo`. Without a handler, unknown values are decoded leniently and not reported.
  ///
  /// ```swift
  /// let decoder = JSONDecoder()
  /// decoder.userInfo[.unknownValueHandler] = UnknownValueHandler.strict
  /// // or, on JSONDecoder and PropertyListDecoder:
  /// decoder.unknownValueHandler = .strict
  /// ```
  public static let unknownValueHandler = CodingUserInfoKey(
    rawValue: "CodableResilience.unknownValueHandler"
  )!
}

/// What a toolkit report says: the one description ``report(_:of:at:key:by:to:)`` builds an
/// ``UnknownValue`` from.
@usableFromInline
enum ReportedValue {
  /// A raw value, tag or key the type does not know.
  case unknown(rawValue: String, knownValues: KnownValues)
  /// A value read through an alias or by its letter case, as `canonical`.
  case renamed(received: String, canonical: String)
  /// An element ``SkipInvalidElements`` left out, with its error.
  case leftOut(JSONValue, UnknownValue.ElementFailure)
  /// A property read as its default, and why.
  case defaulted(UnknownValue.DefaultReason)
  /// A member of an object the model does not write, kept.
  case unknownField(JSONValue)
  /// A scalar that arrived as another JSON type, as sent, converted exactly.
  case converted(rawValue: String, from: UnknownValue.JSONType)
  /// A single value read as an array of it.
  case oneForMany(JSONValue)
}

/// The one way the toolkit reports: builds the report and hands it to the handler in
/// `userInfo`, if one is installed and takes reports of this kind; describes nothing
/// otherwise, so a decode without a handler pays one dictionary look-up per report.
///
/// Every report of every tool comes through here, once, in the order the payload is read.
/// An element decoder's `userInfo` holds a handler that keeps its element's reports until the
/// element has decoded (see ``ElementDecoder``); `decodeCollectingUnknownValues` installs one
/// that routes them to its call (see ``HandlerRoute``).
///
/// - Parameter key: the key below `codingPath` where the value sits, when it is a key of the
///   object being read (an unknown dictionary key, a union's tag) or an element's index.
@usableFromInline
func report(
  _ value: @autoclosure () -> ReportedValue,
  askedFor: AskedForReports = [],
  of type: Any.Type,
  at codingPath: @autoclosure () -> [any CodingKey],
  key: (any CodingKey)? = nil,
  by tool: Tool,
  to userInfo: [CodingUserInfoKey: Any]
) throws {
  guard let handler = userInfo[.unknownValueHandler] as? UnknownValueHandler,
    handler.receives(askedFor)
  else { return }
  try handler.handle(
    UnknownValue(value(), of: type, codingPath: codingPath(), atKey: key, by: tool))
}

extension Decoder {
  /// Reports a raw value, tag or key `type` does not know, at this decoder's path (and
  /// `key` below it), through ``report(_:askedFor:of:at:key:by:to:)``.
  @usableFromInline
  func reportUnknownValue(
    of type: Any.Type,
    rawValue: @autoclosure () -> String,
    knownValues: KnownValues,
    atKey key: (any CodingKey)? = nil,
    by tool: Tool
  ) throws {
    try report(
      .unknown(rawValue: rawValue(), knownValues: knownValues), of: type, at: codingPath,
      key: key, by: tool, to: userInfo)
  }

  /// Reports a value read through an alias or by its letter case, through
  /// ``report(_:askedFor:of:at:key:by:to:)``; only handlers that receive renamed values see it.
  @usableFromInline
  func reportRenamedValue(
    of type: Any.Type,
    received: @autoclosure () -> String,
    canonical: @autoclosure () -> String,
    atKey key: (any CodingKey)? = nil,
    by tool: Tool
  ) throws {
    try report(
      .renamed(received: received(), canonical: canonical()), askedFor: .renamedValues, of: type,
      at: codingPath, key: key, by: tool, to: userInfo)
  }
}

/// The known values of a report: listed by the caller, or listed from the reported type when
/// they are read (``UnknownValue`` keeps it until then). Unchecked `Sendable`: a metatype is
/// immutable.
@usableFromInline
struct KnownValues: @unchecked Sendable {
  /// The caller's list, when no type lists them.
  let list: [String]?
  /// The type that lists them.
  let type: Any.Type?
  /// How `type` lists them: the value tools know which types can, and how, so the reporting
  /// vocabulary names none of them (see `KnownValues.of(_:)`).
  let lister: (any KnownValueLister.Type)?

  /// A list the caller made (a union's tags).
  @usableFromInline
  static func listed(_ list: [String]?) -> KnownValues {
    KnownValues(list: list, type: nil, lister: nil)
  }

  /// The known values of `type`, as `lister` lists them when they are read.
  @usableFromInline
  static func of(_ type: Any.Type, listedBy lister: any KnownValueLister.Type) -> KnownValues {
    KnownValues(list: nil, type: type, lister: lister)
  }

  /// The known values: the list, or the type's, described now.
  var described: [String]? {
    guard let type, let lister else { return list }
    return lister.knownValues(of: type)
  }
}

/// What lists a type's known values, as text, for a report that names them only when read.
@usableFromInline
protocol KnownValueLister {
  /// The known values of `type`; `nil` when it cannot list them.
  static func knownValues(of type: Any.Type) -> [String]?
}

/// The type's own name, as `String(describing:)` prints a metatype (`"ListingKind"`), read
/// directly: printing a metatype goes through reflection and costs many times more.
func typeName(_ type: Any.Type) -> String {
  _typeName(type, qualified: false)
}

/// The text a raw value is reported as: strings as they are, other values as Swift prints them.
///
/// Inlinable so that, for a known raw type, the casts fold away.
@inlinable
func describeRawValue<RawValue>(_ rawValue: RawValue) -> String {
  if let string = rawValue as? String { return string }
  // What `String(describing:)` prints for an `Int`, without the printing machinery's casts.
  if let integer = rawValue as? Int { return integer.description }
  return String(describing: rawValue)
}
