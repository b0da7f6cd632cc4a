import CodableResilienceTesting
import SampleAPI
import Testing

/// Each payload in `Fixtures/` decoded as its folder's type and checked against its
/// `.expected` file by `CodableResilienceTesting`: the outcome, the unknown values reported,
/// what strict decoding does, and the JSON round trip.
@Suite("Fixtures")
struct FixtureTests {
  @Test(arguments: try PayloadFixture.all(in: "Fixtures/ListingPage"))
  func listingPage(_ fixture: PayloadFixture) throws {
    try fixture.check(ListingPage.self)
  }

  @Test(arguments: try PayloadFixture.all(in: "Fixtures/Booking"))
  func booking(_ fixture: PayloadFixture) throws {
    try fixture.check(Booking.self)
  }

  @Test(arguments: try PayloadFixture.all(in: "Fixtures/HostPayout"))
  func hostPayout(_ fixture: PayloadFixture) throws {
    try fixture.check(HostPayout.self)
  }
}
