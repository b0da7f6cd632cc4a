import CodableResilienceTesting
import SampleAPI
import Testing

/// Each payload in `Fixtures/` that decodes, audited by `CodableResilienceTesting` as a team
/// audits its own: the sample API models every enum-like field with a tool of the toolkit, so
/// no field is brittle.
@Suite("Fixture audits")
struct FixtureAuditTests {
  @Test(arguments: try decodedFixtures(in: "Fixtures/ListingPage"))
  func listingPageHasNoBrittleField(_ fixture: PayloadFixture) throws {
    let audit = try fixture.audit(ListingPage.self)
    #expect(audit.brittle.isEmpty, "\(audit.brittle.map(\.description))")
    #expect(!audit.fields.isEmpty)
  }

  @Test(arguments: try decodedFixtures(in: "Fixtures/Booking"))
  func bookingHasNoBrittleField(_ fixture: PayloadFixture) throws {
    let audit = try fixture.audit(Booking.self)
    #expect(audit.brittle.isEmpty, "\(audit.brittle.map(\.description))")
    #expect(audit.fields.contains { $0.path == "$.state" && $0.tool == "UnknownDecodable" })
  }
}

/// The fixtures of a folder whose expected outcome is `decoded`: only those can be audited.
private func decodedFixtures(in folder: String) throws -> [PayloadFixture] {
  try PayloadFixture.all(in: folder).filter { try $0.expected().outcome == .decoded }
}
