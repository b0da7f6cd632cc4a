import Foundation
import Testing

@testable import DecodeCheck

@Suite struct NewValuesTests {
  /// A new string keeps the form of the one it replaces, so a field is asked about what the
  /// server could send there.
  @Test(arguments: [
    ("2025-05-02T09:14:00Z", #""2053-05-02T09:14:00Z""#),
    ("2024-02-29", #""2052-02-29""#),
    ("9990-01-01", #""9962-01-01""#),
    ("0f8fad5b-d9cb-469f-a165-70867728950e", #""1090be6c-eadc-57a0-b276-81978839a61f""#),
    ("F9168C5E-CEB2-4FAA-B6BF-329BF39FA1E4", #""0A279D6F-DFC3-50BB-C7C0-43AC04A0B2F5""#),
    ("https://api.github.com/repos/x", #""https://audit-api.github.com/repos/x""#),
    ("12", #""127""#),
    ("-4.50", #""-4.507""#),
    ("castle", #""decodecheckAuditNewValue""#),
    ("", #""decodecheckAuditNewValue""#),
    ("4.", #""decodecheckAuditNewValue""#),
    ("2025-5-2", #""decodecheckAuditNewValue""#),
  ])
  func aNewStringKeepsTheForm(original: String, new: String) {
    #expect(NewValues.string(replacing: original) == new)
  }

  /// The token is valid Base64, so a `Data` field read as Base64 is not called brittle.
  @Test func theTokenIsBase64() {
    #expect(Data(base64Encoded: NewValues.token) != nil)
  }

  @Test(arguments: [
    ([String](), "97"),
    (["1", "2", "3"], "97"),
    (["-5"], "97"),
    (["96"], "97"),
    (["97"], "997"),
    (["99", "4"], "997"),
    (["120"], "997"),
    (["10482", "10483"], "99997"),
    (["99997"], "999997"),
    (["123456789012345678901234567890"], String(repeating: "9", count: 29) + "7"),
  ])
  func aNewIntegerIsAboveEveryIntegerSeen(seen: [String], new: String) {
    #expect(NewValues.integer(above: seen) == new)
  }
}
