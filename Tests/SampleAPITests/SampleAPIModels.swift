import CodableResilienceTesting
import SampleAPI

/// What a fixture's top-level type must be for the tests to decode, encode and compare it.
typealias FixtureModel = Codable & Equatable & Sendable

/// The sample API's top-level types, by their folder name in `Fixtures/`.
let sampleAPIModels: [String: any FixtureModel.Type] = [
  "ListingPage": ListingPage.self,
  "Booking": Booking.self,
  "HostPayout": HostPayout.self,
]

/// The fixtures of one folder of `Fixtures/` whose payload decodes.
func decodingFixtures(in typeName: String) throws -> [PayloadFixture] {
  try PayloadFixture.all(in: "Fixtures/\(typeName)").filter {
    try $0.expected().outcome == .decoded
  }
}
