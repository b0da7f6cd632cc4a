/// Small payloads of the sample API, laid out on several lines so positions are easy to read.
enum Payloads {
  /// A booking with only known values.
  static let cleanBooking = """
    {
      "id": "b-1",
      "listing_id": 7,
      "state": "confirmed",
      "channel": "web",
      "guests": [{ "name": "Ada", "age_group": 1 }],
      "total": { "amount": 120, "currency": "EUR" }
    }
    """

  /// A booking with an unknown state (line 4, column 12) and currency (line 7, column 41).
  static let bookingWithUnknownValues = """
    {
      "id": "b-2",
      "listing_id": 7,
      "state": "checked_in",
      "channel": "web",
      "guests": [{ "name": "Ada", "age_group": 1 }],
      "total": { "amount": 120, "currency": "CHF" }
    }
    """

  /// A booking whose second guest (line 6, column 49) has no `name`.
  static let bookingMissingGuestName = """
    {
      "id": "b-3",
      "listing_id": 7,
      "state": "confirmed",
      "channel": "web",
      "guests": [{ "name": "Ada", "age_group": 1 }, { "age_group": 2 }],
      "total": { "amount": 120, "currency": "EUR" }
    }
    """

  /// A listing page with only known values.
  static let cleanListingPage = """
    {
      "listings": [],
      "page": 1
    }
    """
}
