import CodableResilience
import Foundation
import Testing

/// A model that holds the value under test in its one property, `value`.
///
/// Each conformer is a concrete struct (`struct Property: Holder { var value: Kind }`), so its
/// synthesized `init(from:)` takes the overload a real model takes for that property's type.
protocol Holder: Decodable, SendableMetatype {
  associatedtype Held
  var value: Held { get }
}

/// A generic model: Foundation's generic `decode(_:forKey:)` decodes its property.
struct Envelope<Value: Decodable & SendableMetatype>: Holder {
  var value: Value
}

/// A class that decodes its value through `superDecoder(forKey:)`, as class hierarchies do.
final class SuperDecoded<Value: Decodable & SendableMetatype>: Decodable {
  let value: Value

  private enum CodingKeys: String, CodingKey {
    case value
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    value = try Value(from: container.superDecoder(forKey: .value))
  }
}

// For round trips: the same positions, encoded through Foundation's generic
// `encode(_:forKey:)` and through `superEncoder(forKey:)`.
extension Envelope: Encodable where Value: Encodable {}

extension SuperDecoded: Encodable where Value: Encodable {
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try value.encode(to: container.superEncoder(forKey: .value))
  }
}

/// A value the equivalence tests decode at every position a model can put it.
protocol PositionSubject: Decodable, SendableMetatype {
  /// JSON texts to decode: known, unknown and broken values, `null`.
  static var samples: [String] { get }

  /// A JSON text that decodes without a report or an error; it stands beside the sample in
  /// arrays and dictionaries, so the sample is not the first element.
  static var known: String { get }

  /// Every position this subject is tested at.
  static var positions: [Position<Self>] { get }

  /// Text that is equal for equal values, hidden state (kept raw values) included.
  var canonicalDescription: String { get }

  /// ``canonicalDescription``, with the paths it holds (the errors of elements left out)
  /// written relative to `prefix`, the value's own path in the payload.
  func canonicalDescription(relativeTo prefix: String) -> String

  /// What a concrete property decodes a missing key as, for a tool whose keyed overload reads
  /// it as absent; `nil` for the others, which throw what Foundation's generic path throws.
  static var missingKeyAtConcreteProperty: Self? { get }
}

extension PositionSubject {
  var canonicalDescription: String { String(describing: self) }

  func canonicalDescription(relativeTo prefix: String) -> String { canonicalDescription }

  static var missingKeyAtConcreteProperty: Self? { nil }

  /// The positions every subject has, given its concrete models.
  static func standardPositions<
    Property: Holder, OptionalProperty: Holder, ArrayProperty: Holder,
    OptionalArrayProperty: Holder, NestedArrays: Holder, DictionaryProperty: Holder
  >(
    _: Property.Type,
    _: OptionalProperty.Type,
    _: ArrayProperty.Type,
    _: OptionalArrayProperty.Type,
    _: NestedArrays.Type,
    _: DictionaryProperty.Type
  ) -> [Position<Self>]
  where
    Property.Held == Self, OptionalProperty.Held == Self?, ArrayProperty.Held == [Self],
    OptionalArrayProperty.Held == [Self]?, NestedArrays.Held == [[Self]],
    DictionaryProperty.Held == [String: Self]
  {
    positions(
      storing: Self.self, as: { $0 }, Property.self, OptionalProperty.self, ArrayProperty.self,
      OptionalArrayProperty.self, NestedArrays.self, DictionaryProperty.self)
  }

  /// The positions of a subject that views a value of type `Stored`, the type its models
  /// declare: a generic type of the library (`SkipInvalidElements<[Booking]>`) can conform to
  /// ``PositionSubject`` for one set of type arguments only, so each of its subjects is a
  /// view, and its models hold the library's type itself, as an app's models do.
  static func positions<
    Stored: Decodable & SendableMetatype,
    Property: Holder, OptionalProperty: Holder, ArrayProperty: Holder,
    OptionalArrayProperty: Holder, NestedArrays: Holder, DictionaryProperty: Holder
  >(
    storing _: Stored.Type,
    as view: @escaping @Sendable (Stored) -> Self,
    _: Property.Type,
    _: OptionalProperty.Type,
    _: ArrayProperty.Type,
    _: OptionalArrayProperty.Type,
    _: NestedArrays.Type,
    _: DictionaryProperty.Type
  ) -> [Position<Self>]
  where
    Property.Held == Stored, OptionalProperty.Held == Stored?, ArrayProperty.Held == [Stored],
    OptionalArrayProperty.Held == [Stored]?, NestedArrays.Held == [[Stored]],
    DictionaryProperty.Held == [String: Stored]
  {
    [
      Position("top level", prefix: "$") { json, decoder in
        view(try decoder.decode(Stored.self, from: Data(json.utf8)))
      },
      Position("array element", prefix: "$[1]") { json, decoder in
        try decoder.decode([Stored].self, from: Data("[\(known), \(json)]".utf8)).last.map(view)
      },
      .property("concrete property", Property.self) { view($0) },
      .property("optional property", OptionalProperty.self, isOptional: true) { $0.map(view) },
      .property("array property", ArrayProperty.self, at: "$.value[1]", "[\(known), ", "]") {
        $0.last.map(view)
      },
      .property(
        "optional array property", OptionalArrayProperty.self, isOptional: true,
        at: "$.value[1]", "[\(known), ", "]"
      ) { $0?.last.map(view) },
      .property("nested arrays", NestedArrays.self, at: "$.value[0][1]", "[[\(known), ", "]]") {
        $0[0].last.map(view)
      },
      .property(
        "dictionary value", DictionaryProperty.self, at: "$.value.b", #"{"a": \#(known), "b": "#,
        "}"
      ) { $0["b"].map(view) },
      .property("generic property", Envelope<Stored>.self) { view($0) },
      Position("class, through superDecoder", prefix: "$.value") { json, decoder in
        view(
          try decoder.decode(SuperDecoded<Stored>.self, from: Data(#"{"value": \#(json)}"#.utf8))
            .value)
      },
    ]
  }
}

/// A subject that views a value of the library's generic types (see
/// ``PositionSubject/positions(storing:as:_:_:_:_:_:_:)``): it decodes exactly as `Stored` does.
protocol StoredSubject: PositionSubject {
  associatedtype Stored: Decodable & SendableMetatype
  var stored: Stored { get }
  init(stored: Stored)
}

extension StoredSubject {
  init(from decoder: any Decoder) throws {
    self.init(stored: try Stored(from: decoder))
  }

  /// The positions of the subject, given its concrete models of `Stored`.
  static func storedPositions<
    Property: Holder, OptionalProperty: Holder, ArrayProperty: Holder,
    OptionalArrayProperty: Holder, NestedArrays: Holder, DictionaryProperty: Holder
  >(
    _: Property.Type,
    _: OptionalProperty.Type,
    _: ArrayProperty.Type,
    _: OptionalArrayProperty.Type,
    _: NestedArrays.Type,
    _: DictionaryProperty.Type
  ) -> [Position<Self>]
  where
    Property.Held == Stored, OptionalProperty.Held == Stored?, ArrayProperty.Held == [Stored],
    OptionalArrayProperty.Held == [Stored]?, NestedArrays.Held == [[Stored]],
    DictionaryProperty.Held == [String: Stored]
  {
    positions(
      storing: Stored.self, as: { Self(stored: $0) }, Property.self, OptionalProperty.self,
      ArrayProperty.self, OptionalArrayProperty.self, NestedArrays.self, DictionaryProperty.self)
  }
}

/// Where a model puts the value under test, and how to read it back.
struct Position<Value: PositionSubject>: Sendable, CustomStringConvertible {
  let name: String
  /// Whether the position is in an optional property: a missing key or `null` for the whole
  /// property decodes as `nil`.
  let isOptional: Bool

  /// Whether a sample of `null` decodes as `nil` here: the sample is the optional property
  /// itself, not an element of it.
  var decodesNullAsNil: Bool { isOptional && prefix == "$.value" }
  /// The JSON path of the value under test in the payload; reports and errors are compared
  /// relative to it.
  let prefix: String
  /// Decodes a payload that holds the value's JSON text; `nil` when the position decoded `nil`.
  let decode: @Sendable (_ json: String, _ decoder: JSONDecoder) throws -> Value?
  /// For a property position: decodes a whole payload (`{}`, `{"value": null}`) with the
  /// concrete model, and with `Envelope` of the same property type, Foundation's generic path.
  let property: (concrete: PayloadDecoding, generic: PayloadDecoding)?

  typealias PayloadDecoding = @Sendable (_ payload: String, _ decoder: JSONDecoder) throws -> Value?

  init(
    _ name: String,
    isOptional: Bool = false,
    prefix: String,
    property: (concrete: PayloadDecoding, generic: PayloadDecoding)? = nil,
    decode: @escaping @Sendable (String, JSONDecoder) throws -> Value?
  ) {
    self.name = name
    self.isOptional = isOptional
    self.prefix = prefix
    self.property = property
    self.decode = decode
  }

  var description: String { "\(Value.self) as \(name)" }

  /// A position inside a model's `value` property, at `prefix`; `opening` and `closing`
  /// surround the value when the property is a collection.
  static func property<Model: Holder>(
    _ name: String,
    _: Model.Type,
    isOptional: Bool = false,
    at prefix: String = "$.value",
    _ opening: String = "",
    _ closing: String = "",
    value: @escaping @Sendable (Model.Held) -> Value?
  ) -> Position where Model.Held: Decodable & SendableMetatype {
    let concrete: PayloadDecoding = { payload, decoder in
      value(try decoder.decode(Model.self, from: Data(payload.utf8)).value)
    }
    let generic: PayloadDecoding = { payload, decoder in
      value(try decoder.decode(Envelope<Model.Held>.self, from: Data(payload.utf8)).value)
    }
    return Position(
      name, isOptional: isOptional, prefix: prefix, property: (concrete, generic)
    ) { json, decoder in
      try concrete(#"{"value": \#(opening)\#(json)\#(closing)}"#, decoder)
    }
  }
}

/// The handler a decode runs under. Each comparison is made under every one.
enum HandlerMode: CaseIterable, Sendable, CustomStringConvertible {
  /// Collects every report but renamed values and unknown fields, as a handler written before
  /// them does.
  case collecting
  /// Collects every report but unknown fields, renamed values included.
  case collectingRenamed
  /// `.strict`, as CI runs it.
  case strict
  /// Collects every report, renamed values and unknown fields included, then hands each to
  /// `.strict`: what was reported before the error, and that a renamed value or an unknown
  /// field is never one.
  case collectingThenStrict

  var description: String {
    switch self {
    case .collecting: "collecting"
    case .collectingRenamed: "collecting renamed values too"
    case .strict: "strict"
    case .collectingThenStrict: "collecting, then strict"
    }
  }

  var isStrict: Bool { self == .strict || self == .collectingThenStrict }

  func handler(collectingInto collector: UnknownValueCollector) -> UnknownValueHandler {
    switch self {
    case .collecting: .collect(into: collector)
    case .collectingRenamed: UnknownValueHandler.collect(into: collector).receivingRenamedValues()
    case .strict: .strict
    case .collectingThenStrict:
      UnknownValueHandler.collect(into: collector).receivingRenamedValues()
        .receivingUnknownFields().followed(by: .strict)
    }
  }
}

/// What one decode showed: the value (or `nil`, or the error's case and path) and the values
/// reported (unknown, left out, renamed), with paths relative to the value under test.
struct Observation: Equatable, CustomStringConvertible {
  var outcome: String
  var reports: [String]

  var description: String {
    reports.isEmpty ? outcome : outcome + "; reports: " + reports.joined(separator: ", ")
  }

  /// Decodes with `decode` under the handler `mode` names.
  static func of<Value: PositionSubject>(
    _ decode: (JSONDecoder) throws -> Value?,
    relativeTo prefix: String,
    mode: HandlerMode
  ) -> Observation {
    let collector = UnknownValueCollector()
    let decoder = JSONDecoder()
    decoder.unknownValueHandler = mode.handler(collectingInto: collector)
    let outcome: String
    do {
      outcome =
        try decode(decoder).map { "value \($0.canonicalDescription(relativeTo: prefix))" }
        ?? "nil"
    } catch let error as DecodingError {
      outcome = describe(error, relativeTo: prefix)
    } catch {
      outcome = "non-DecodingError \(error)"
    }
    return Observation(
      outcome: outcome, reports: collector.values.map { describe($0, relativeTo: prefix) })
  }

  /// A report, its kind, and its paths relative to `prefix`: an element left out carries its
  /// error, a renamed value the value it was read as.
  static func describe(_ value: UnknownValue, relativeTo prefix: String) -> String {
    let place = "\(value.typeName) \(value.rawValue) at \(relative(value.path, to: prefix))"
    switch value.kind {
    case .unknownValue:
      return place + (value.knownValues.map { " known \($0)" } ?? "")
    case .renamedValue(let canonical):
      return "renamed " + place + " read as \(canonical)"
    case .invalidElement(let failure):
      return "left out " + place + ": " + describe(failure, relativeTo: prefix)
    case .defaultUsed(let reason):
      return "default (\(reason)) " + place
    case .unknownField:
      return "unknown field " + place
    case .convertedType(let received):
      return "converted from \(received) " + place
    }
  }

  /// An element's error as ``describe(_:relativeTo:)-(DecodingError,_)`` writes it, with its
  /// own description, whose paths (`.strict` names the unknown value's) are relative too.
  static func describe(_ failure: UnknownValue.ElementFailure, relativeTo prefix: String)
    -> String
  {
    let consistent =
      failure.errorKind == failure.error.kind.rawValue && failure.path == failure.error.path
    let text = failure.debugDescription.replacingOccurrences(of: " at \(prefix)", with: " at $")
    return "\(describe(failure.error, relativeTo: prefix)) (\(text))"
      + (consistent ? "" : ", described as \(failure)")
  }

  /// `path` with `prefix` replaced by `$`, or marked when it lies outside the value.
  static func relative(_ path: String, to prefix: String) -> String {
    guard path.hasPrefix(prefix) else { return "outside the value: \(path)" }
    return "$" + path.dropFirst(prefix.count)
  }

  /// The error's case and path relative to `prefix`.
  ///
  /// `JSONDecoder` (Swift 6.3) reports a JSON number that does not fit the type asked for
  /// (`2.5` or `300` for an `Int8`) as `dataCorrupted`, "The given data was not valid JSON.",
  /// with no coding path, at every position, its own generic path included. That one error
  /// reads as Foundation's root error on both sides; every other error carries its path.
  static func describe(_ error: DecodingError, relativeTo prefix: String) -> String {
    let path = error.path ?? "?"
    if error.kind == .dataCorrupted, path == "$",
      error.context?.debugDescription == "The given data was not valid JSON."
    {
      return "dataCorrupted at the root, as Foundation reports a number out of range"
    }
    return "\(error.kind) at \(relative(path, to: prefix))"
  }
}

/// A comparison over data, type-erased so Swift Testing can take it as an argument: it lists
/// what did not agree, one line each; nothing when all agrees.
struct MismatchCheck: Sendable, CustomTestStringConvertible {
  let testDescription: String
  let mismatches: @Sendable () -> [String]

  init(_ description: String, _ mismatches: @escaping @Sendable () -> [String]) {
    testDescription = description
    self.mismatches = mismatches
  }

  /// Records one issue listing every mismatch, if there are any.
  func expectNone(sourceLocation: SourceLocation = #_sourceLocation) {
    let found = mismatches()
    #expect(found.isEmpty, "\(found.joined(separator: "\n"))", sourceLocation: sourceLocation)
  }
}
