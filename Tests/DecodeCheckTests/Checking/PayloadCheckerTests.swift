import CodableResilience
import DecodeCheck
import Foundation
import SampleAPI
import Testing

/// A one-line booking with some fields replaced, and where the finding about it should point.
struct BookingCase: CustomTestStringConvertible, Sendable {
  var name: String
  var replacements: [String: String]
  var message: String
  var path: String
  /// The text the finding's position should be at: its first occurrence in the payload.
  var marker: String

  var testDescription: String { name }

  var payload: String {
    var fields = [
      "LISTING": "7", "STATE": #""confirmed""#, "CHANNEL": #""web""#,
      "GUESTS": #"[{"name": "Ada", "age_group": 1}]"#, "AMOUNT": "120",
    ]
    fields.merge(replacements) { $1 }
    var text =
      #"{"id": "b-9", "listing_id": LISTING, "state": STATE, "channel": CHANNEL, "#
      + #""guests": GUESTS, "total": {"amount": AMOUNT, "currency": "EUR"}}"#
    for (placeholder, value) in fields {
      text = text.replacing(placeholder, with: value)
    }
    return text
  }

  /// The 1-based column of `marker` in the one-line payload.
  var expectedColumn: Int? {
    payload.range(of: marker).map {
      payload.distance(from: payload.startIndex, to: $0.lowerBound) + 1
    }
  }
}

@Suite struct PayloadCheckerTests {
  let booking = RegisteredModel(Booking.self)

  @Test(arguments: [
    BookingCase(
      name: "null where a string is required", replacements: ["STATE": "null"],
      message: "`null` where a value is required (expected a string)", path: "$.state",
      marker: "null"),
    BookingCase(
      name: "string where a number is required", replacements: ["LISTING": #""7""#],
      message: #"expected a number, found a string: "7""#, path: "$.listing_id", marker: #""7""#),
    BookingCase(
      name: "object where an array is required", replacements: ["GUESTS": #"{"name": "Ada"}"#],
      message: "expected an array, found an object", path: "$.guests", marker: #"{"name""#),
    BookingCase(
      name: "number where a string is required", replacements: ["CHANNEL": "2"],
      message: "expected a string, found a number: 2", path: "$.channel", marker: "2,"),
    BookingCase(
      name: "missing key in a nested object", replacements: ["GUESTS": #"[{"age_group": 1}]"#],
      message: "missing required key `name`", path: "$.guests[0]", marker: #"{"age_group""#),
    BookingCase(
      name: "fraction where an Int is required", replacements: ["LISTING": "2.5"],
      message: "the number 2.5 is not a whole number, as Int needs", path: "$.listing_id",
      marker: "2.5"),
    BookingCase(
      name: "Int out of range", replacements: ["LISTING": "99999999999999999999"],
      message: "the number 99999999999999999999 is out of range for Int", path: "$.listing_id",
      marker: "9999"),
    BookingCase(
      name: "Double out of range", replacements: ["AMOUNT": "1e400"],
      message: "the number 1e400 is out of range for Double", path: "$.total.amount",
      marker: "1e400"),
    BookingCase(
      name: "wrong type after an unknown value",
      replacements: ["STATE": #""on_hold""#, "GUESTS": #"[{"name": 5, "age_group": 1}]"#],
      message: "expected a string, found a number: 5", path: "$.guests[0].name", marker: "5,"),
  ])
  func explainsFailuresInPlainWordsAtTheValue(_ testCase: BookingCase) throws {
    let result = PayloadChecker().check(Data(testCase.payload.utf8), as: booking)
    #expect(result.outcome == .failed)
    let failure = try #require(result.findings.first { $0.kind == .decodingFailure })
    #expect(failure.severity == .error)
    #expect(failure.message == testCase.message)
    #expect(failure.path == testCase.path)
    let column = try #require(testCase.expectedColumn)
    #expect(failure.position == TextPosition(line: 1, column: column))
  }

  @Test func reportsUnknownValuesSeenBeforeTheFailure() throws {
    let payload = BookingCase(
      name: "", replacements: ["STATE": #""on_hold""#, "CHANNEL": "2"], message: "", path: "",
      marker: ""
    ).payload
    let result = PayloadChecker().check(Data(payload.utf8), as: booking)
    #expect(result.outcome == .failed)
    #expect(result.findings.map(\.kind) == [.unknownValue, .decodingFailure])
    #expect(result.findings.map(\.path) == ["$.state", "$.channel"])
    #expect(result.findings[0].severity == .warning)
  }

  @Test func acceptsWholeNumbersWrittenWithAFractionOrExponent() {
    for listingID in ["7.0", "7e0", "70e-1"] {
      let payload = BookingCase(
        name: "", replacements: ["LISTING": listingID], message: "", path: "", marker: ""
      ).payload
      let result = PayloadChecker().check(Data(payload.utf8), as: booking)
      #expect(result.outcome == .decoded, "listing_id \(listingID)")
      #expect(result.findings.isEmpty)
    }
  }

  @Test func locatesUnknownValuesAndNamesTheKnownOnes() throws {
    let result = PayloadChecker().check(Data(Payloads.bookingWithUnknownValues.utf8), as: booking)
    #expect(result.outcome == .decodedWithUnknownValues)
    #expect(result.payloadCount == 1)
    let state = try #require(result.findings.first)
    #expect(state.severity == .warning)
    #expect(state.kind == .unknownValue)
    #expect(
      state.message
        == #"unknown BookingState value "checked_in"; known: requested, confirmed, cancelled, completed"#
    )
    #expect(state.path == "$.state")
    #expect(state.position == TextPosition(line: 4, column: 12))
    #expect(state.unknownValue?.rawValue == "checked_in")
    let currency = try #require(result.findings.last)
    #expect(currency.message == #"unknown Currency value "CHF"; known: USD, EUR, GBP"#)
    #expect(currency.position == TextPosition(line: 7, column: 41))
  }

  @Test func strictCheckingMakesUnknownValuesErrors() {
    let result = PayloadChecker(strict: true)
      .check(Data(Payloads.bookingWithUnknownValues.utf8), as: booking)
    #expect(result.outcome == .decodedWithUnknownValues)
    #expect(result.findings.count == 2)
    #expect(result.findings.allSatisfy { $0.severity == .error })
  }

  @Test func pointsAMissingKeyAtTheObjectThatLacksIt() throws {
    let result = PayloadChecker().check(Data(Payloads.bookingMissingGuestName.utf8), as: booking)
    let finding = try #require(result.findings.first)
    #expect(finding.message == "missing required key `name`")
    #expect(finding.path == "$.guests[1]")
    #expect(finding.position == TextPosition(line: 6, column: 49))
  }

  @Test func explainsFailuresOfModelsWrittenByHand() throws {
    struct Heater: Decodable {
      enum Fuel: String, Decodable { case gas }
      var fuel: Fuel
    }
    struct Gauge: Decodable {
      var level: UInt8
    }
    struct Pair: Decodable {
      init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        _ = try container.decode(Int.self)
        _ = try container.decode(Int.self)
      }
    }
    struct Refusal: Error, CustomStringConvertible {
      var description: String { "payloads of this kind are not accepted" }
    }
    struct Refusing: Decodable {
      init(from decoder: any Decoder) throws { throw Refusal() }
    }
    let cases: [(RegisteredModel, String, String, String?, TextPosition?)] = [
      (
        RegisteredModel(Heater.self), #"{"fuel": "wood"}"#,
        #"unknown Fuel value "wood", and Fuel cannot decode values it does not know (no `unknown` case)"#,
        "$.fuel", TextPosition(line: 1, column: 10)
      ),
      (
        RegisteredModel(Gauge.self), #"{"level": -1}"#,
        "the number -1 is out of range for UInt8", "$.level", TextPosition(line: 1, column: 11)
      ),
      (
        RegisteredModel(Pair.self), "[1]", "the array has no element [1] (expected a number)", "$",
        TextPosition(line: 1, column: 1)
      ),
      (
        RegisteredModel(Refusing.self), "{}",
        "the model threw an error: payloads of this kind are not accepted", nil, nil
      ),
    ]
    for (model, payload, message, path, position) in cases {
      let result = PayloadChecker().check(Data(payload.utf8), as: model)
      let finding = try #require(result.findings.first, "\(model.name)")
      #expect(result.outcome == .failed)
      #expect(finding.message == message)
      #expect(finding.path == path)
      #expect(finding.position == position)
    }
  }

  @Test func checksNewlineDelimitedPayloadsLineByLine() throws {
    let clean = singleLine(Payloads.cleanBooking)
    let unknown = singleLine(Payloads.bookingWithUnknownValues)
    let text = [clean, "", #"{"id": "b-4", "listing_id": [}"#, unknown, "   ", clean].joined(
      separator: "\n")
    let result = PayloadChecker(lines: true).check(Data(text.utf8), as: booking)
    #expect(result.payloadCount == 4)
    #expect(result.outcome == .failed)
    let positions = result.findings.map { $0.position?.description ?? "-" }
    let stateColumn = try #require(unknown.range(of: "\"checked_in\"")).lowerBound
    let column = unknown.distance(from: unknown.startIndex, to: stateColumn) + 1
    #expect(result.findings.map(\.kind) == [.invalidJSON, .unknownValue, .unknownValue])
    #expect(positions.prefix(2) == ["3:30", "4:\(column)"])
    #expect(
      result.findings[0].message
        == "not valid JSON: unexpected character `}`; expected a value or `]`")
  }

  @Test func readsCarriageReturnLineEndsInNewlineDelimitedPayloads() {
    let text =
      singleLine(Payloads.cleanBooking) + "\r\n" + singleLine(Payloads.cleanBooking) + "\r\n"
    let result = PayloadChecker(lines: true).check(Data(text.utf8), as: booking)
    #expect(result.outcome == .decoded)
    #expect(result.payloadCount == 2)
  }

  private func singleLine(_ json: String) -> String {
    json.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(
      separator: " ")
  }
}
