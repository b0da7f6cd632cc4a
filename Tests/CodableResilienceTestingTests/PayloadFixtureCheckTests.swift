import Foundation
import Testing

@testable import CodableResilienceTesting

/// `fixture.check(_:)`: what it compares, how it reports a difference, and the record modes.
/// Each failure mode is shown with a deliberately wrong model or expectation.
@Suite("Checking fixtures")
struct PayloadFixtureCheckTests {
  @Test(arguments: try PayloadFixture.all(in: "Tests/CodableResilienceTestingFixtures/Pet"))
  func correctModelMatchesEveryExpectation(_ fixture: PayloadFixture) throws {
    try fixture.check(Pet.self, record: .never)
  }

  @Test func anExpectationThatDiffersFailsWithExpectedAgainstActualByPath() throws {
    let temporary = try TemporaryFixtures()
    let fixture = try temporary.fixture(
      payload: #"{"name": "Puff", "species": "dragon"}"#,
      expected: """
        {
          "outcome": "decoded",
          "unknownValues": [{ "type": "Species", "rawValue": "griffin", "path": "$.species" }],
          "strictError": { "case": "dataCorrupted", "path": "$.species" }
        }
        """)
    let error = try #require(throws: PayloadCheckFailure.self) {
      try fixture.check(Pet.self, record: .never)
    }
    #expect(
      error.message == """
        pet.json decoded as Pet does not match pet.expected (- expected, + actual, ! broken rule; \
        one line per JSON path):
        + $.species: unknown value Species "dragon"
        - $.species: unknown value Species "griffin"
        ± round trip $.species: expected "dragon", found "unknown"
        """)
  }

  @Test func aFailureExpectedAsADifferentErrorShowsBothErrors() throws {
    let temporary = try TemporaryFixtures()
    let fixture = try temporary.fixture(
      payload: #"{"species": "cat"}"#,
      expected: #"{"outcome": "failed", "error": {"case": "typeMismatch", "path": "$.species"}}"#)
    let error = try #require(throws: PayloadCheckFailure.self) {
      try fixture.check(Pet.self, record: .never)
    }
    #expect(
      error.message.hasSuffix(
        """
        + $.name: fails with keyNotFound (key "name")
        - $.species: fails with typeMismatch
        """))
  }

  @Test func aModelWhoseEncodeDropsAFieldFailsTheRoundTrip() throws {
    let fixture = try #require(
      try PayloadFixture.all(in: "Tests/CodableResilienceTestingFixtures/Pet").first {
        $0.name == "v1-dog"
      })
    try fixture.check(Pet.self, record: .never)
    let error = try #require(throws: PayloadCheckFailure.self) {
      try fixture.check(PetDroppingAge.self, record: .never)
    }
    #expect(
      error.message.hasSuffix(
        """
        ± round trip $.age: expected 3, found absent
        ! $: what was written back decodes to a different value
        """))
  }

  @Test func aModelThatThrowsSomethingElseThanDecodingErrorFails() throws {
    let temporary = try TemporaryFixtures()
    let fixture = try temporary.fixture(
      "old", payload: #"{"name": "Methuselah", "species": "cat", "age": 99}"#,
      expected: #"{"outcome": "decoded", "unknownValues": []}"#)
    try fixture.check(Pet.self, record: .never)
    let error = try #require(throws: PayloadCheckFailure.self) {
      try fixture.check(PetRejectingOldAge.self, record: .never)
    }
    #expect(error.message.contains("old.json: decoding as PetRejectingOldAge threw ImplausibleAge"))
    #expect(error.message.contains("not a DecodingError"))
  }

  @Test func theAppsDecoderAndEncoderAreUsed() throws {
    let fixture = try #require(
      try PayloadFixture.all(in: "Tests/CodableResilienceTestingFixtures/Owner").first)
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    try fixture.check(Owner.self, decoder: decoder, encoder: encoder, record: .never)

    // With the default decoder the keys do not match, so the payload fails to decode.
    let error = try #require(throws: PayloadCheckFailure.self) {
      try fixture.check(Owner.self, record: .never)
    }
    #expect(error.message.contains(#"+ $.fullName: fails with keyNotFound (key "fullName")"#))
    #expect(error.message.contains("- $: decodes"))
    // With the app's decoder but the default encoder the round trip writes camel case.
    let roundTrip = try #require(throws: PayloadCheckFailure.self) {
      try fixture.check(Owner.self, decoder: decoder, record: .never)
    }
    #expect(roundTrip.message.contains(#"± round trip $.fullName: expected absent, found "Ada""#))
  }

  @Test func anExpectationFileWithAnUnknownMemberIsReported() throws {
    let temporary = try TemporaryFixtures()
    let fixture = try temporary.fixture(
      payload: #"{"name": "Rex", "species": "dog"}"#,
      expected: #"{"version": 5, "outcome": "decoded", "unknownValue": []}"#)
    let error = try #require(throws: PayloadCheckFailure.self) {
      try fixture.check(Pet.self, record: .never)
    }
    #expect(
      error.message.hasSuffix(
        """
        pet.expected is not a valid .expected file:
          unknown member "unknownValue"
          format version 5; this CodableResilienceTesting reads versions 1 to 4
          a decoded outcome needs "unknownValues" (use [] for none)
        """))
  }

  @Test func linesAreComparedAsAMultisetAndSortedByPath() {
    let lines = PayloadFixture.differingLines(
      expected: ["$.c: z", "$.b: x", "$.a: y", "$.a: y"],
      actual: ["$.a: y", "$.c: z", "$.c: z", "$.b: x"])
    // One "$.a: y" too few, one "$.c: z" too many.
    #expect(lines == ["- $.a: y", "+ $.c: z"])
  }

  // MARK: - Record modes

  @Test func missingRecordsAMissingExpectationAndFailsSayingSo() throws {
    let temporary = try TemporaryFixtures()
    let fixture = try temporary.fixture(
      payload: #"{"name": "Puff", "species": "dragon", "age": null}"#)
    let error = try #require(throws: PayloadCheckFailure.self) {
      try fixture.check(Pet.self, record: .missing)
    }
    #expect(error.message.hasPrefix("recorded \(fixture.expectedURL.path) (record mode missing)"))
    let recorded = """
      {
        "version": 1,
        "outcome": "decoded",
        "unknownValues": [
          { "type": "Species", "rawValue": "dragon", "path": "$.species" }
        ],
        "strictError": { "case": "dataCorrupted", "path": "$.species" },
        "roundTrip": {
          "replaced": { "$.species": "unknown" },
          "removed": ["$.age"]
        }
      }

      """
    #expect(temporary.text(of: "pet.expected") == recorded)
    #expect(error.message.hasSuffix(recorded))
    // The recorded file is then the expectation, and it holds.
    try fixture.check(Pet.self, record: .missing)
  }

  @Test func neverFailsOnAMissingExpectationAndWritesNothing() throws {
    let temporary = try TemporaryFixtures()
    let fixture = try temporary.fixture(payload: #"{"name": "Rex", "species": "dog"}"#)
    let error = try #require(throws: PayloadCheckFailure.self) {
      try fixture.check(Pet.self, record: .never)
    }
    #expect(
      error.message.hasSuffix(
        "pet.expected is missing, and the record mode is never (set CODABLE_RESILIENCE_RECORD=missing to record it)"
      ))
    #expect(temporary.text(of: "pet.expected") == nil)
  }

  @Test func allRewritesAnExistingExpectationKeepingItsNoteAndFails() throws {
    let temporary = try TemporaryFixtures()
    let fixture = try temporary.fixture(
      payload: #"{"name": "Rex", "species": "dog"}"#,
      expected:
        #"{"outcome": "failed", "note": "Kept.", "error": {"case": "dataCorrupted", "path": "$"}}"#)
    let error = try #require(throws: PayloadCheckFailure.self) {
      try fixture.check(Pet.self, record: .all)
    }
    #expect(error.message.hasPrefix("recorded \(fixture.expectedURL.path) (record mode all)"))
    #expect(
      temporary.text(of: "pet.expected")
        == "{\n  \"version\": 1,\n  \"outcome\": \"decoded\",\n  \"note\": \"Kept.\",\n"
        + "  \"unknownValues\": []\n}\n")
    // `all` fails every time, even when the file already says what happens.
    #expect(throws: PayloadCheckFailure.self) { try fixture.check(Pet.self, record: .all) }
    try fixture.check(Pet.self, record: .never)
  }

  @Test func missingComparesAnExistingExpectation() throws {
    let fixture = try #require(
      try PayloadFixture.all(in: "Tests/CodableResilienceTestingFixtures/Pet").first)
    let original = try Data(contentsOf: fixture.expectedURL)
    #expect(throws: PayloadCheckFailure.self) {
      try fixture.check(PetDroppingAge.self, record: .missing)
    }
    #expect(try Data(contentsOf: fixture.expectedURL) == original)
  }

  @Test func theRecordModeCanBeSetForATask() throws {
    let temporary = try TemporaryFixtures()
    let fixture = try temporary.fixture(payload: #"{"name": "Rex", "species": "dog"}"#)
    PayloadFixture.$recordMode.withValue(.never) {
      #expect(throws: PayloadCheckFailure.self) { try fixture.check(Pet.self) }
      #expect(temporary.text(of: "pet.expected") == nil)
      // The argument wins over the task's mode.
      #expect(throws: PayloadCheckFailure.self) { try fixture.check(Pet.self, record: .missing) }
    }
    #expect(temporary.text(of: "pet.expected") != nil)
  }

  @Test func aModelThatBreaksARuleIsNotRecorded() throws {
    let temporary = try TemporaryFixtures()
    let fixture = try temporary.fixture(payload: #"{"name": "Rex", "species": "dog", "age": 3}"#)
    let error = try #require(throws: PayloadCheckFailure.self) {
      try fixture.check(PetDroppingAge.self, record: .missing)
    }
    #expect(error.message.contains("breaks rules every model must keep, so nothing was recorded"))
    #expect(temporary.text(of: "pet.expected") == nil)
  }
}
