import SampleAPI

/// What a fixture's top-level type must be for the tests to decode, encode and compare it.
typealias FixtureModel = Codable & Equatable & Sendable

/// The sample API's top-level types, by their folder name in `Fixtures/`.
let sampleAPIModels: [String: any FixtureModel.Type] = [
  "ListingPage": ListingPage.self,
  "Booking": Booking.self,
]
