import EvolvingModels
import Foundation
import Testing

@testable import CodableResilienceTesting

/// The testing kit on payloads with elements `@SkipInvalidElements` leaves out and values read
/// in an old spelling: the `.expected` files record both, strict decoding fails at the first
/// element left out and never at a renamed value, and each difference is one line per path.
@Suite("Elements left out and renamed values")
struct EvolvingPayloadTests {
  static let folder = "Tests/EvolvingModelsFixtures"

  @Test(arguments: try PayloadFixture.all(in: "\(folder)/Timeline"))
  func timelinePayloads(_ fixture: PayloadFixture) throws {
    try fixture.check(Timeline.self, record: .never)
  }

  @Test(arguments: try PayloadFixture.all(in: "\(folder)/Checkout"))
  func checkoutPayloads(_ fixture: PayloadFixture) throws {
    try fixture.check(Checkout.self, record: .never)
  }

  @Test(arguments: try PayloadFixture.all(in: "\(folder)/Profile"))
  func profilePayloads(_ fixture: PayloadFixture) throws {
    try fixture.check(Profile.self, record: .never)
  }

  @Test(arguments: try PayloadFixture.all(in: "\(folder)/LegacyCheckout"))
  func legacyCheckoutPayloads(_ fixture: PayloadFixture) throws {
    try fixture.check(LegacyCheckout.self, record: .never)
  }

  @Test func anElementLeftOutThatTheFileDoesNotListIsADifference() throws {
    let temporary = try TemporaryFixtures()
    let fixture = try temporary.fixture(
      "timeline",
      payload: #"{"notices": [{"id": 1, "kind": "follow"}], "authors": {}}"#,
      expected: #"{"outcome": "decoded", "unknownValues": []}"#)
    let error = try #require(throws: PayloadCheckFailure.self) {
      try fixture.check(Timeline.self, record: .never)
    }
    #expect(
      error.message == """
        timeline.json decoded as Timeline does not match timeline.expected (- expected, + \
        actual, ! broken rule; one line per JSON path):
        + $.notices[0].title: strict decoding fails with keyNotFound (key "title")
        + $.notices[0]: element left out, Notice fails with keyNotFound at $.notices[0].title \
        (key "title")
        """)
  }

  @Test func aRenamedValueThatTheFileDoesNotListIsADifference() throws {
    let temporary = try TemporaryFixtures()
    let fixture = try temporary.fixture(
      "checkout",
      payload: #"{"method": "sepa", "accepted": []}"#,
      expected: #"{"outcome": "decoded", "unknownValues": []}"#)
    let error = try #require(throws: PayloadCheckFailure.self) {
      try fixture.check(Checkout.self, record: .never)
    }
    #expect(
      error.message == """
        checkout.json decoded as Checkout does not match checkout.expected (- expected, + \
        actual, ! broken rule; one line per JSON path):
        + $.method: renamed value PaymentMethod "sepa" read as "bank_transfer"
        ± round trip $.method: expected "sepa", found "bank_transfer"
        """)
  }

  @Test func recordingWritesVersionTwoOnlyForWhatNeedsIt() throws {
    let temporary = try TemporaryFixtures()
    let leftOut = try temporary.fixture(
      "left-out", payload: #"{"notices": [7], "authors": {"ada": {"name": "Ada"}}}"#)
    let renamed = try temporary.fixture(
      "renamed", payload: #"{"method": "CARD", "accepted": ["card"]}"#)
    let plain = try temporary.fixture("plain", payload: #"{"method": "card", "accepted": []}"#)
    #expect(throws: PayloadCheckFailure.self) { try leftOut.check(Timeline.self, record: .missing) }
    #expect(throws: PayloadCheckFailure.self) { try renamed.check(Checkout.self, record: .missing) }
    #expect(throws: PayloadCheckFailure.self) { try plain.check(Checkout.self, record: .missing) }
    #expect(
      temporary.text(of: "left-out.expected") == """
        {
          "version": 2,
          "outcome": "decoded",
          "unknownValues": [],
          "invalidElements": [
            {
              "type": "Notice",
              "path": "$.notices[0]",
              "error": { "case": "typeMismatch", "path": "$.notices[0]" }
            }
          ],
          "strictError": { "case": "typeMismatch", "path": "$.notices[0]" }
        }

        """)
    #expect(
      temporary.text(of: "renamed.expected") == """
        {
          "version": 2,
          "outcome": "decoded",
          "unknownValues": [],
          "renamedValues": [
            { "type": "PaymentMethod", "rawValue": "CARD", "canonical": "card", "path": "$.method" }
          ],
          "roundTrip": {
            "replaced": { "$.method": "card" }
          }
        }

        """)
    #expect(
      temporary.text(of: "plain.expected")
        == "{\n  \"version\": 1,\n  \"outcome\": \"decoded\",\n  \"unknownValues\": []\n}\n")
    // What was recorded then holds.
    try leftOut.check(Timeline.self, record: .never)
    try renamed.check(Checkout.self, record: .never)
    try plain.check(Checkout.self, record: .never)
  }

  @Test func recordingWritesVersionThreeForDefaultsUsed() throws {
    let temporary = try TemporaryFixtures()
    let missing = try temporary.fixture("missing", payload: #"{"id": 1, "bio": null}"#)
    #expect(throws: PayloadCheckFailure.self) { try missing.check(Profile.self, record: .missing) }
    #expect(
      temporary.text(of: "missing.expected") == """
        {
          "version": 3,
          "outcome": "decoded",
          "unknownValues": [],
          "defaultsUsed": [
            { "type": "String", "reason": "missingKey", "path": "$.header" },
            { "type": "String", "reason": "null", "path": "$.bio" },
            { "type": "Bool", "reason": "missingKey", "path": "$.isBot" }
          ],
          "strictError": { "case": "keyNotFound", "path": "$.header", "key": "header" }
        }

        """)
    // What was recorded then holds, and a default the file does not list is a difference.
    try missing.check(Profile.self, record: .never)
    let unlisted = try temporary.fixture(
      "unlisted", payload: #"{"id": 1, "header": "h", "bio": "b"}"#,
      expected: #"{"outcome": "decoded", "unknownValues": []}"#)
    let error = try #require(throws: PayloadCheckFailure.self) {
      try unlisted.check(Profile.self, record: .never)
    }
    #expect(
      error.message.contains("+ $.isBot: default Bool read for missingKey"), "\(error.message)")
  }

  @Test(
    "a file that does not fit its members is reported",
    arguments: [
      (
        #"{"outcome": "decoded", "unknownValues": [], "renamedValues": []}"#,
        #""renamedValues" needs format version 2 ("version": 2)"#
      ),
      (
        #"{"version": 2, "outcome": "decoded", "unknownValues": [], "unknownFields": []}"#,
        #""unknownFields" needs format version 3 ("version": 3)"#
      ),
      (
        #"{"version": 3, "outcome": "decoded", "unknownValues": [], "convertedValues": []}"#,
        #""convertedValues" needs format version 4 ("version": 4)"#
      ),
      (
        #"{"version": 2, "outcome": "decoded", "unknownValues": [], "invalidElements": ["#
          + #"{"type": "Notice", "path": "$.notices[0]", "error": {"case": "typeMismatch", "#
          + #""path": "$.notices[0]"}}]}"#,
        #"unknown values, elements left out, defaults used or converted values without the "#
          + #""strictError" they cause"#
      ),
      (
        #"{"version": 2, "outcome": "decoded", "unknownValues": [], "renamedValues": [], "#
          + #""strictError": {"case": "dataCorrupted", "path": "$.method"}}"#,
        #""strictError" without unknown values, elements left out, defaults used or converted "#
          + "values"
      ),
      (
        #"{"version": 2, "outcome": "failed", "error": {"case": "dataCorrupted", "path": "$"}, "#
          + #""renamedValues": []}"#,
        #"a failed outcome has "unknownValues", "invalidElements", "renamedValues", "defaultsUsed", "#
          + #""unknownFields", "convertedValues" or "roundTrip""#
      ),
      (
        #"{"version": 2, "outcome": "decoded", "unknownValues": [], "invalidElements": ["#
          + #"{"type": "Notice", "path": "notices[0]", "error": {"case": "typeMismatch", "#
          + #""path": "$.notices[0]"}}], "strictError": {"case": "typeMismatch", "#
          + #""path": "$.notices[0]"}}"#,
        "notices[0] does not start with $"
      ),
    ])
  func invalidFiles(expected: String, problem: String) throws {
    let temporary = try TemporaryFixtures()
    let fixture = try temporary.fixture(
      "timeline", payload: #"{"notices": [], "authors": {}}"#, expected: expected)
    let error = try #require(throws: PayloadCheckFailure.self) {
      try fixture.check(Timeline.self, record: .never)
    }
    #expect(error.message.contains("is not a valid .expected file:"))
    #expect(error.message.contains(problem), "\(error.message)")
  }

  @Test func strictDecodingMustFailWithTheErrorOfTheElementLeftOut() throws {
    let temporary = try TemporaryFixtures()
    let fixture = try temporary.fixture("list", payload: #"{"items": [{}]}"#)
    ShiftingElement.decodes = 0
    let error = try #require(throws: PayloadCheckFailure.self) {
      try fixture.check(ShiftingList.self, record: .missing)
    }
    #expect(
      error.message.hasSuffix(
        #"! $.items[0]: strict decoding failed with keyNotFound at $.items[0].key2 (key "key2"), "#
          + #"not with the error of the element left out first, keyNotFound at "#
          + #"$.items[0].key1 (key "key1")"#))
    #expect(temporary.text(of: "list.expected") == nil)
  }

  @Test func theFuzzingRulesHoldForModelsThatLeaveOutElementsAndReadOldSpellings() throws {
    try PayloadFuzzer(fixturesIn: "\(Self.folder)/Timeline").check(Timeline.self, iterations: 600)
    try PayloadFuzzer(fixturesIn: "\(Self.folder)/Checkout").check(Checkout.self, iterations: 600)
    try PayloadFuzzer(fixturesIn: "\(Self.folder)/Profile").check(Profile.self, iterations: 600)
  }
}

/// `aliasConflicts(of:)` and `tagAliasConflicts(of:)` on concrete types.
@Suite("Alias conflicts")
struct AliasConflictTests {
  @Test func unambiguousAliasesHaveNoConflict() {
    #expect(aliasConflicts(of: PaymentMethod.self).isEmpty)
    #expect(tagAliasConflicts(of: CheckoutEvent.self).isEmpty)
  }

  @Test func anAliasThatIsARawValueAndSpellingsEqualIgnoringCaseConflict() {
    #expect(
      aliasConflicts(of: LegacyPaymentMethod.self) == [
        #"alias "card" names cash, but it is the raw value of card, which wins"#,
        #""cash" and "CASH" are equal ignoring letter case but name cash and card"#,
      ])
  }

  @Test func aTagAliasThatIsAKnownTagOrNamesAnUnknownOneConflicts() {
    #expect(
      tagAliasConflicts(of: LegacyEvent.self) == [
        #"tag alias "payment" names "payd", which is not a known tag"#,
        #"tag alias "refund" names "paid", but it is a known tag, which wins"#,
      ])
  }
}
