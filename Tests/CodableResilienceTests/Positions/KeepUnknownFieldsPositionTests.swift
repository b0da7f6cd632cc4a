import CodableResilience
import Foundation
import Testing

// What the equivalence suite cannot see, since it compares each position with the top level:
// that at every position the unknown field is kept, reported at its own absolute path to a
// handler that asks (and to no other), never `.strict`'s error, and written back by the model.

/// A visitor with one unknown field, `team`.
private let visitorWithTeam = #"{"id": 2, "name": "Grace", "team": "navy"}"#

/// One position of a `@KeepUnknownFields` subject, type-erased for Swift Testing.
struct KeptFieldsPosition: Sendable, CustomTestStringConvertible {
  let testDescription: String
  /// The path of the value under test in the payload.
  let prefix: String
  /// Decodes the value's JSON text at the position, under a handler; paths left absolute.
  let observe: @Sendable (_ json: String, _ mode: HandlerMode) -> Observation

  init<Value: PositionSubject>(_ position: Position<Value>) {
    testDescription = position.description
    prefix = position.prefix
    observe = { json, mode in
      Observation.of({ try position.decode(json, $0) }, relativeTo: "$", mode: mode)
    }
  }
}

let keptFieldsPositions: [KeptFieldsPosition] =
  KeepUnknownFields<Visitor>.positions.map(KeptFieldsPosition.init)
  + ForwardedVisitor.positions.map(KeptFieldsPosition.init)

/// A model at one position, decoded from a whole payload and encoded again.
struct KeptFieldsRoundTrip: Sendable, CustomTestStringConvertible {
  let testDescription: String
  /// The payload that holds the value's JSON text.
  let payload: @Sendable (_ json: String) -> String
  /// What the model decoded from `payload` writes.
  let roundTrip: @Sendable (_ payload: String) throws -> JSONValue

  init<Model: Codable & SendableMetatype>(
    _ name: String, _: Model.Type, _ payload: @escaping @Sendable (String) -> String
  ) {
    testDescription = "\(name) (\(Model.self))"
    self.payload = payload
    roundTrip = { text in
      let model = try JSONDecoder().decode(Model.self, from: Data(text.utf8))
      return try JSONValue(data: JSONEncoder().encode(model))
    }
  }
}

/// The property `{"value": json}` of a model.
@Sendable private func property(_ json: String) -> String { #"{"value": \#(json)}"# }

/// The round trips of a subject at every position, given its concrete models.
private func roundTrips<
  Subject: Codable & SendableMetatype, Property: Codable & SendableMetatype,
  OptionalProperty: Codable & SendableMetatype, ArrayProperty: Codable & SendableMetatype,
  OptionalArrayProperty: Codable & SendableMetatype, NestedArrays: Codable & SendableMetatype,
  DictionaryProperty: Codable & SendableMetatype
>(
  _: Subject.Type, known: String, _: Property.Type, _: OptionalProperty.Type,
  _: ArrayProperty.Type, _: OptionalArrayProperty.Type, _: NestedArrays.Type,
  _: DictionaryProperty.Type
) -> [KeptFieldsRoundTrip] {
  [
    KeptFieldsRoundTrip("top level", Subject.self) { $0 },
    KeptFieldsRoundTrip("array element", [Subject].self) { "[\(known), \($0)]" },
    KeptFieldsRoundTrip("concrete property", Property.self) { property($0) },
    KeptFieldsRoundTrip("optional property", OptionalProperty.self) { property($0) },
    KeptFieldsRoundTrip("array property", ArrayProperty.self) { property("[\(known), \($0)]") },
    KeptFieldsRoundTrip("optional array property", OptionalArrayProperty.self) {
      property("[\(known), \($0)]")
    },
    KeptFieldsRoundTrip("nested arrays", NestedArrays.self) { property("[[\(known), \($0)]]") },
    KeptFieldsRoundTrip("dictionary value", DictionaryProperty.self) {
      property(#"{"a": \#(known), "b": \#($0)}"#)
    },
    KeptFieldsRoundTrip("generic property", Envelope<Subject>.self) { property($0) },
    KeptFieldsRoundTrip("class, through superEncoder", SuperDecoded<Subject>.self) {
      property($0)
    },
  ]
}

let keptFieldsRoundTrips: [KeptFieldsRoundTrip] =
  roundTrips(
    KeepUnknownFields<Visitor>.self, known: KeepUnknownFields<Visitor>.known,
    VisitorAt.Property.self, VisitorAt.OptionalProperty.self, VisitorAt.ArrayProperty.self,
    VisitorAt.OptionalArrayProperty.self, VisitorAt.NestedArrays.self,
    VisitorAt.DictionaryProperty.self)
  + roundTrips(
    ForwardedVisitor.self, known: ForwardedVisitor.known,
    ForwardedVisitorAt.Property.self, ForwardedVisitorAt.OptionalProperty.self,
    ForwardedVisitorAt.ArrayProperty.self, ForwardedVisitorAt.OptionalArrayProperty.self,
    ForwardedVisitorAt.NestedArrays.self, ForwardedVisitorAt.DictionaryProperty.self)

@Suite struct KeepUnknownFieldsPositionTests {
  @Test(arguments: keptFieldsPositions)
  func theUnknownFieldIsKeptAndReportedAtItsPathOnlyToAHandlerThatAsks(
    _ position: KeptFieldsPosition
  ) throws {
    let value =
      #"value Visitor(id: 2, name: "Grace", nickname: nil), unknown ["team=\"navy\""], "#
      + #"written {"id":2,"name":"Grace","team":"navy"}"#
    for mode in HandlerMode.allCases {
      let observed = position.observe(visitorWithTeam, mode)
      #expect(observed.outcome == value, "\(mode)")
      let reports =
        mode == .collectingThenStrict
        ? [#"unknown field Visitor "navy" at \#(position.prefix).team"#] : []
      #expect(observed.reports == reports, "\(mode)")
    }
  }

  @Test(arguments: keptFieldsRoundTrips)
  func theModelWritesBackTheObjectItRead(_ position: KeptFieldsRoundTrip) throws {
    // Every sample the model decodes from: known fields, unknown ones of every JSON kind,
    // numbers beyond `Double`, keys that need escaping, an optional's `null`.
    for sample in visitorSamples.prefix(5) {
      let payload = position.payload(sample)
      #expect(try position.roundTrip(payload) == JSONValue(parsing: payload), "\(sample)")
    }
  }
}
