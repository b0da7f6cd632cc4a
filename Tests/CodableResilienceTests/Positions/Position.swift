import CodableResilience
import Foundation

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
}

extension PositionSubject {
  var canonicalDescription: String { String(describing: self) }

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
    [
      Position("top level", prefix: "$") { json, decoder in
        try decoder.decode(Self.self, from: Data(json.utf8))
      },
      Position("array element", prefix: "$[1]") { json, decoder in
        try decoder.decode([Self].self, from: Data("[\(known), \(json)]".utf8)).last
      },
      .property("concrete property", Property.self) { $0 },
      .property("optional property", OptionalProperty.self, isOptional: true) { $0 },
      .property("array property", ArrayProperty.self, at: "$.value[1]", "[\(known), ", "]") {
        $0.last
      },
      .property(
        "optional array property", OptionalArrayProperty.self, isOptional: true,
        at: "$.value[1]", "[\(known), ", "]"
      ) { $0?.last },
      .property("nested arrays", NestedArrays.self, at: "$.value[0][1]", "[[\(known), ", "]]") {
        $0[0].last
      },
      .property(
        "dictionary value", DictionaryProperty.self, at: "$.value.b", #"{"a": \#(known), "b": "#,
        "}"
      ) { $0["b"] },
      .property("generic property", Envelope<Self>.self) { $0 },
      Position("class, through superDecoder", prefix: "$.value") { json, decoder in
        try decoder.decode(SuperDecoded<Self>.self, from: Data(#"{"value": \#(json)}"#.utf8)).value
      },
    ]
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

/// What one decode showed: the value (or `nil`, or the error's case and path) and the unknown
/// values reported, with paths relative to the value under test.
struct Observation: Equatable, CustomStringConvertible {
  var outcome: String
  var reports: [String]

  var description: String {
    reports.isEmpty ? outcome : outcome + "; reports: " + reports.joined(separator: ", ")
  }

  /// Decodes with `decode`, collecting reports, or under `.strict` when `strict` is set.
  static func of<Value: PositionSubject>(
    _ decode: (JSONDecoder) throws -> Value?,
    relativeTo prefix: String,
    strict: Bool
  ) -> Observation {
    let collector = UnknownValueCollector()
    let decoder = JSONDecoder()
    decoder.unknownValueHandler = strict ? .strict : .collect(into: collector)
    let outcome: String
    do {
      outcome = try decode(decoder).map { "value \($0.canonicalDescription)" } ?? "nil"
    } catch let error as DecodingError {
      outcome = describe(error, relativeTo: prefix)
    } catch {
      outcome = "non-DecodingError \(error)"
    }
    let reports = collector.values.map { value in
      let known = value.knownValues.map { " known \($0)" } ?? ""
      return "\(value.typeName) \(value.rawValue) at \(relative(value.path, to: prefix))\(known)"
    }
    return Observation(outcome: outcome, reports: reports)
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
