import CodableResilience
import Foundation
import Testing

/// One subject at one position, type-erased so Swift Testing can take it as an argument.
struct PositionCase: Sendable, CustomTestStringConvertible {
  let testDescription: String
  /// The mismatches against the top-level decode, one line each; empty when all agree.
  let valueMismatches: @Sendable () -> [String]
  /// The mismatches for a missing key and a `null` property, against the expected behaviour.
  let absenceMismatches: @Sendable () -> [String]

  init<Value: PositionSubject>(_ position: Position<Value>) {
    testDescription = position.description
    valueMismatches = { Self.compareValues(at: position) }
    absenceMismatches = { Self.compareAbsence(at: position) }
  }

  /// Every sample, under every ``HandlerMode``: the position decodes the same value, reports
  /// the same values (unknown, left out, renamed) and throws the same error (case and path,
  /// relative to the value) as a top-level decode of the value alone. An optional property
  /// decodes `null` as `nil`.
  static func compareValues<Value: PositionSubject>(at position: Position<Value>) -> [String] {
    var mismatches: [String] = []
    for sample in Value.samples {
      for mode in HandlerMode.allCases {
        let expected =
          position.decodesNullAsNil && sample == "null"
          ? Observation(outcome: "nil", reports: [])
          : Observation.of(
            { try $0.decode(Value.self, from: Data(sample.utf8)) }, relativeTo: "$", mode: mode)
        let actual = Observation.of(
          { try position.decode(sample, $0) }, relativeTo: position.prefix, mode: mode)
        if actual != expected {
          mismatches.append("\(sample) (\(mode)): expected \(expected), got \(actual)")
        }
      }
    }
    return mismatches
  }

  /// A missing key and a `null` property: an optional property decodes `nil`; any other
  /// property does what Foundation's generic path does for the same property type, except a
  /// concrete property whose keyed overload reads a missing key as absent
  /// (``PositionSubject/missingKeyAtConcreteProperty``).
  static func compareAbsence<Value: PositionSubject>(at position: Position<Value>) -> [String] {
    guard let property = position.property else { return [] }
    var mismatches: [String] = []
    for payload in ["{}", #"{"value": null}"#] {
      let generic = Observation.of(
        { try property.generic(payload, $0) }, relativeTo: "$", mode: .strict)
      let expected: Observation
      if position.isOptional {
        expected = Observation(outcome: "nil", reports: [])
      } else if payload == "{}", position.name == "concrete property",
        let absent = Value.missingKeyAtConcreteProperty
      {
        expected = Observation(
          outcome: "value \(absent.canonicalDescription(relativeTo: "$"))", reports: [])
      } else {
        expected = generic
      }
      let actual = Observation.of(
        { try property.concrete(payload, $0) }, relativeTo: "$", mode: .strict)
      if actual != expected {
        mismatches.append("\(payload): expected \(expected), got \(actual)")
      }
    }
    return mismatches
  }
}

let everyPosition: [PositionCase] =
  StringKind.positions.map(PositionCase.init) + IntKind.positions.map(PositionCase.init)
  + Int8Kind.positions.map(PositionCase.init) + Int16Kind.positions.map(PositionCase.init)
  + Int32Kind.positions.map(PositionCase.init) + Int64Kind.positions.map(PositionCase.init)
  + UIntKind.positions.map(PositionCase.init) + UInt8Kind.positions.map(PositionCase.init)
  + UInt16Kind.positions.map(PositionCase.init) + UInt32Kind.positions.map(PositionCase.init)
  + UInt64Kind.positions.map(PositionCase.init) + FloatKind.positions.map(PositionCase.init)
  + DoubleKind.positions.map(PositionCase.init) + Rating.positions.map(PositionCase.init)
  + Presence.positions.map(PositionCase.init) + CurrencyCode.positions.map(PositionCase.init)
  + TickerSymbol.positions.map(PositionCase.init)
  + RoomCode.positions.map(PositionCase.init)
  + FloorNumber.positions.map(PositionCase.init) + FreeTag.positions.map(PositionCase.init)
  + DecodeUnknownAsNil<StringKind>.positions.map(PositionCase.init)
  + DecodeMissingAsDefault<ZeroByDefault<Int>>.positions.map(PositionCase.init)
  + MaybeFloor.positions.map(PositionCase.init)
  + SkipUnknownElements<[StringKind]>.positions.map(PositionCase.init)
  + KindSet.positions.map(PositionCase.init)
  + SkipUnknownKeys<[StringKind: Int]>.positions.map(PositionCase.init)

/// Every subject at every position.
let positionCases =
  everyPosition + unionPositions + aliasPositions + aliasCollectionPositions
  + invalidElementsPositions + keepUnknownFieldsPositions + conversionPositions

// A time limit, because a light decoder that loses its place in an array would loop, not fail.
@Suite(.timeLimit(.minutes(2)))
struct PositionEquivalenceTests {
  @Test(arguments: positionCases)
  func decodesAsAtTheTopLevel(_ position: PositionCase) {
    let mismatches = position.valueMismatches()
    #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
  }

  @Test(arguments: positionCases)
  func missingKeyAndNullAsDocumented(_ position: PositionCase) {
    let mismatches = position.absenceMismatches()
    #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
  }
}

/// Keeps the coding path its decoder gives after reading the value, so a test can compare the
/// path the light decoders give a custom `init(from:)` with the one Foundation gives.
struct PathRecorder: ExtensibleEnum {
  var rawValue: String
  init(rawValue: String) { self.rawValue = rawValue }

  init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    self.init(rawValue: text + " at " + UnknownValue.PathComponent.jsonPath(decoder.codingPath))
  }
}

struct CodingPathTests {
  /// Decoded with the toolkit's keyed overloads.
  struct Concrete: Decodable {
    var one: PathRecorder
    var maybe: PathRecorder?
    var many: [PathRecorder]
    var manyMaybe: [PathRecorder]?
  }

  /// The same shape, decoded through Foundation's generic path.
  struct Generic<Value: Decodable>: Decodable {
    var one: Value
    var maybe: Value?
    var many: [Value]
    var manyMaybe: [Value]?
  }

  @Test func initFromSeesTheCodingPathFoundationGivesIt() throws {
    let payload = Data(
      #"{"one": "a", "maybe": "b", "many": ["c", "d", "e"], "manyMaybe": ["f", "g"]}"#.utf8)
    let concrete = try JSONDecoder().decode(Concrete.self, from: payload)
    let generic = try JSONDecoder().decode(Generic<PathRecorder>.self, from: payload)
    #expect(concrete.one == generic.one)
    #expect(concrete.maybe == generic.maybe)
    #expect(concrete.many == generic.many)
    #expect(concrete.manyMaybe == generic.manyMaybe)
    #expect(
      concrete.many.map(\.rawValue) == ["c at $.many[0]", "d at $.many[1]", "e at $.many[2]"])
  }
}
