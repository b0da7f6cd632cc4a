import DecodeCheck
import Foundation
import SampleAPI

// The sample API's models; a team's own checker registers its own types the same way.
let registry = ModelRegistry(
  registering: ListingPage.self, Booking.self, Listing.self, BookingV1.self, HostPayout.self)
exit(DecodeCheckCommand.main(registry: registry))
