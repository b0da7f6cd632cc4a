import Testing

@testable import CodableResilienceTesting

@Suite("Record modes")
struct RecordModeTests {
  @Test(
    arguments: [
      (nil, RecordMode.missing), ("", .missing), ("missing", .missing), ("all", .all),
      ("never", .never), ("NEVER", .never),
    ] as [(String?, RecordMode)])
  func theEnvironmentNamesAMode(_ text: String?, _ mode: RecordMode) throws {
    #expect(try RecordMode(environmentValue: text) == mode)
  }

  @Test func anUnknownModeIsAnError() throws {
    let error = try #require(throws: PayloadCheckFailure.self) {
      try RecordMode(environmentValue: "sometimes")
    }
    #expect(
      error.message
        == "CODABLE_RESILIENCE_RECORD=sometimes is not a record mode: use missing, all or never")
  }
}
