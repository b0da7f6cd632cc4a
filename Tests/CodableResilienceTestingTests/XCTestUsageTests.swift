import CodableResilienceTesting
import XCTest

/// The checks from XCTest: they throw the same `PayloadCheckFailure`, which XCTest reports
/// with its message.
final class XCTestUsageTests: XCTestCase {
  func testFixturesAndFuzzingFromXCTest() throws {
    for fixture in try PayloadFixture.all(in: "Tests/CodableResilienceTestingFixtures/Pet") {
      try fixture.check(Pet.self, record: .never)
    }
    try PayloadFuzzer(fixturesIn: "Tests/CodableResilienceTestingFixtures/Pet")
      .check(Pet.self, iterations: 200)
  }

  func testAFailureCarriesItsMessageInXCTest() throws {
    let fuzzer = try PayloadFuzzer(fixturesIn: "Tests/CodableResilienceTestingFixtures/Pet")
    XCTAssertThrowsError(try fuzzer.check(PetRejectingOldAge.self, iterations: 2_000)) { error in
      XCTAssertTrue("\(error)".contains("--filter testAFailureCarriesItsMessageInXCTest\n"))
    }
  }
}
