import DecodeCheck
import Foundation
import Testing

@testable import CodableResilienceTesting

/// A pet whose species is a plain enum: a species the server adds breaks decoding.
private struct PlainPet: Decodable {
  var name: String
  var species: PlainSpecies
  var age: Int?
}

private enum PlainSpecies: String, Decodable {
  case dog, cat
}

/// `fixture.audit(_:)`: decode-check's audit as an assertion for a team's own tests.
@Suite("Auditing fixtures")
struct PayloadFixtureAuditTests {
  @Test func aPlainEnumIsBrittleAndAToolkitEnumIsNot() throws {
    let temporary = try TemporaryFixtures()
    let fixture = try temporary.fixture(payload: #"{"name": "Puff", "species": "cat", "age": 3}"#)
    let plain = try fixture.audit(PlainPet.self)
    #expect(plain.brittle.map(\.path) == ["$.species"])
    #expect(plain.brittle.first?.namedType == "PlainSpecies")
    #expect(plain.brittle.first?.example.position == TextPosition(line: 1, column: 29))
    let toolkit = try fixture.audit(Pet.self)
    #expect(toolkit.brittle.isEmpty)
    #expect(
      toolkit.fields(.resilient).map { "\($0.path) \($0.tool ?? "-")" } == [
        "$.species UnknownDecodable"
      ])
    #expect(toolkit.fields(.open).map(\.path) == ["$.age", "$.name"])
  }

  /// The app's decoder is honoured (snake case keys: paths name the payload's own keys) and
  /// left as it was: its handler never runs.
  @Test func theAppsDecoderIsUsedAndLeftAlone() throws {
    let temporary = try TemporaryFixtures()
    let fixture = try temporary.fixture(
      "owner", payload: #"{"full_name": "Ada", "pet_species": "dog"}"#)
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    decoder.unknownValueHandler = .strict
    let audit = try fixture.audit(Owner.self, decoder: decoder)
    #expect(audit.fields(.resilient).map(\.path) == ["$.pet_species"])
    #expect(audit.fields.filter(\.isRequired).map(\.path) == ["$.full_name", "$.pet_species"])
    guard case .convertFromSnakeCase = decoder.keyDecodingStrategy else {
      Issue.record("the decoder's key strategy changed")
      return
    }
  }

  /// Only a payload that decodes can be audited: one that fails says why.
  @Test func aPayloadThatDoesNotDecodeThrows() throws {
    let temporary = try TemporaryFixtures()
    let fixture = try temporary.fixture(payload: #"{"name": "Puff", "species": "dragon"}"#)
    let error = try #require(throws: PayloadCheckFailure.self) {
      try fixture.audit(PlainPet.self)
    }
    #expect(
      error.message.hasSuffix(
        "pet.json does not decode as PlainPet, so it cannot be audited:\n  $.species: unknown PlainSpecies value \"dragon\", and PlainSpecies cannot decode values it does not know (no `unknown` case)"
      ))
  }

  /// The budget reaches the audit.
  @Test func theBudgetIsTheCommands() throws {
    let temporary = try TemporaryFixtures()
    let pets = (0..<20).map { #"{"name": "P\#($0)", "species": "cat"}"# }.joined(separator: ", ")
    let fixture = try temporary.fixture("pets", payload: "[\(pets)]")
    let audit = try fixture.audit([PlainPet].self, budget: AuditBudget(placesPerField: 2))
    #expect(audit.brittle.map { "\($0.path) \($0.placeCount)" } == ["$[*].species 2"])
  }
}
