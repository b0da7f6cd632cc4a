import CodableResilience
import Foundation
import Testing

@testable import CodableResilienceTesting

/// A member a newer format version added, set on an outcome after it was made.
struct VersionedMember: Sendable, CustomTestStringConvertible {
  let testDescription: String
  /// The oldest format version that holds the member.
  let version: Int
  /// Sets the member, and the strict error it causes when it causes one.
  let set: @Sendable (inout ExpectedOutcome) -> Void
}

let versionedMembers = [
  VersionedMember(testDescription: "invalidElements", version: 2) {
    let error = ExpectedOutcome.Failure(
      errorCase: "keyNotFound", path: "$.lines[1].sku", key: "sku")
    $0.invalidElements = [.init(type: "Line", path: "$.lines[1]", error: error)]
    $0.strictError = error
  },
  VersionedMember(testDescription: "renamedValues", version: 2) {
    $0.renamedValues = [
      .init(type: "PaymentMethod", rawValue: "credit_card", canonical: "card", path: "$.payment")
    ]
  },
  VersionedMember(testDescription: "defaultsUsed", version: 3) {
    $0.defaultsUsed = [.init(type: "String", reason: .missingKey, path: "$.header")]
    $0.strictError = .init(errorCase: "keyNotFound", path: "$.header", key: "header")
  },
  VersionedMember(testDescription: "unknownFields", version: 3) {
    $0.unknownFields = [.init(type: "Account", path: "$.theme", json: #""dark""#)]
  },
  VersionedMember(testDescription: "convertedValues", version: 4) {
    $0.convertedValues = [.init(type: "Int", received: .string, rawValue: "7", path: "$.id")]
    $0.strictError = .init(errorCase: "typeMismatch", path: "$.id")
  },
]

/// An outcome's `version` always fits what it lists, however the members were set: the file
/// written from it never claims a version that does not hold its members.
@Suite struct ExpectedOutcomeVersionTests {
  /// The problems a file written from `outcome` has, by the kit and by a plain `JSONEncoder`.
  private func problems(writing outcome: ExpectedOutcome) throws -> [String] {
    try ExpectedOutcome.problems(in: Data(outcome.fileText().utf8))
      + ExpectedOutcome.problems(in: JSONEncoder().encode(outcome))
  }

  @Test(arguments: versionedMembers)
  func aMemberSetAfterInitRaisesTheVersion(_ member: VersionedMember) throws {
    var outcome = ExpectedOutcome(outcome: .decoded, unknownValues: [])
    #expect(outcome.version == 1)
    member.set(&outcome)
    #expect(outcome.version == member.version)
    #expect(try problems(writing: outcome) == [])
    // As the outcome that lists it from the start.
    var made = ExpectedOutcome(outcome: .decoded, unknownValues: [])
    made.version = nil
    member.set(&made)
    #expect(made.version == member.version)
  }

  @Test(arguments: versionedMembers)
  func aVersionSetTooLowIsRaisedToFitTheMembers(_ member: VersionedMember) throws {
    var outcome = ExpectedOutcome(outcome: .decoded, unknownValues: [])
    member.set(&outcome)
    outcome.version = 1
    #expect(outcome.version == member.version)
    outcome.version = nil
    #expect(outcome.version == member.version)
    #expect(try problems(writing: outcome) == [])
  }

  @Test func aVersionIsNeverLoweredAndAFileReadKeepsItsOwn() throws {
    var outcome = ExpectedOutcome(outcome: .decoded, unknownValues: [], unknownFields: [])
    outcome.version = 3
    outcome.renamedValues = [
      .init(type: "PaymentMethod", rawValue: "credit_card", canonical: "card", path: "$.payment")
    ]
    #expect(outcome.version == 3)
    // A file that claims too old a version is read as it is, so its problem is reported.
    let file = Data(
      #"{"version": 1, "outcome": "decoded", "unknownValues": [], "renamedValues": [{"type": "T", "rawValue": "a", "canonical": "b", "path": "$.x"}]}"#
        .utf8)
    let read = try JSONDecoder().decode(ExpectedOutcome.self, from: file)
    #expect(read.version == 1)
    #expect(
      try ExpectedOutcome.problems(in: file) == [
        #""renamedValues" needs format version 2 ("version": 2)"#
      ])
  }
}
