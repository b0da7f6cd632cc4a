import Foundation

@testable import DecodeCheck

// A model whose payloads carry every kind of personal value a recording must not write: an
// e-mail, a UUID, a URL, a date the app's decoder reads as a `Date`, free text, a map keyed by
// e-mail, numbers. Its `role` is a plain enum, so a role the server adds fails the profile.

/// A team member's profile, as an app with an ISO 8601 date decoder reads it.
struct RecordedProfile: Decodable, Sendable {
  var id: UUID
  var email: String
  var avatar: URL
  var joined: Date
  var role: RecordedRole
  var nickname: String?
  var rolesByEmail: [String: RecordedRole]
  /// A dictionary keyed by an enum: its keys are the enum's values.
  var seats: [RecordedRole: Int]
  var visits: Int
  var rating: Double

  enum CodingKeys: String, CodingKey {
    case id, email, avatar, joined, role, nickname, visits, rating, seats
    case rolesByEmail = "roles_by_email"
  }
}

/// A plain enum: a new role fails decoding.
enum RecordedRole: String, Decodable, CodingKeyRepresentable, Sendable {
  case owner, member
}

enum RecordingCapture {
  /// The registry of the recording tests: the sample API's types and the profile.
  static let registry: ModelRegistry = {
    var registry = ModelRegistry()
    registry.register(RecordedProfile.self) {
      let decoder = JSONDecoder()
      decoder.dateDecodingStrategy = .iso8601
      return decoder
    }
    for model in sampleRegistry.models { registry.add(model) }
    return registry
  }()

  static let routes = """
    { "routes": [
        { "method": "GET", "url": "*/api/profiles/*", "type": "RecordedProfile" },
        { "url": "*/api/bookings/*", "type": "Booking" } ] }
    """

  /// What the capture plants and no redacted fixture may hold.
  static let secrets = [
    "SECRET-QUERY-TOKEN", "SECRET-HEADER-TOKEN", "SECRET-COOKIE", "SECRET-SET-COOKIE",
    "ines.moreau", "Moreau", "paul.durand", "Durand", "Nessie", "cdn.hearth", "4312", "4.75",
    "lea.martin", "Paulo", "2024-03-15", "8d3f1c2a-5b6e-4f70-9a81-b2c3d4e5f607", "+33 6",
    "HB-77120", "Ines", "Paul",
  ]

  static func profile(
    email: String = "ines.moreau@example.org", role: String = "owner",
    id: String = "8d3f1c2a-5b6e-4f70-9a81-b2c3d4e5f607", nickname: String = "Nessie"
  ) -> String {
    """
    {"id": "\(id)", "email": "\(email)",
     "avatar": "https://cdn.hearth.example/u/ines-moreau.jpg", "joined": "2024-03-15T08:30:00Z",
     "role": "\(role)", "nickname": "\(nickname)",
     "roles_by_email": {"paul.durand@example.org": "member", "\(email)": "owner"},
     "seats": {"owner": 1, "member": 12},
     "visits": 4312, "rating": 4.75}
    """
  }

  static let booking = """
    {"id": "HB-77120", "listing_id": 20311, "state": "confirmed", "channel": "app",
     "guests": [{"name": "Ines Moreau", "age_group": 1}, {"name": "Paul Durand", "age_group": 1}],
     "total": {"amount": 412.5, "currency": "EUR"},
     "timeline": [
       {"type": "requested", "at": "2024-03-15T08:31:00Z"},
       {"type": "confirmed", "at": "2024-03-15T08:40:00Z", "by": "Paul Durand"},
       {"type": "message", "at": "2024-03-16T10:00:00Z", "from": "guest",
        "text": "Ines here, call me at +33 6 12 34 56 78"}]}
    """

  /// One entry with the secrets of a request: an authorization header, a cookie, a token in
  /// the query, and a cookie the response sets.
  static func entry(_ path: String, text: String, mimeType: String = "application/json")
    -> [String: Any]
  {
    var entry = Archives.entry(
      Archives.host + path + "?token=SECRET-QUERY-TOKEN", mimeType: mimeType, text: text)
    var request = entry["request"] as! [String: Any]
    request["headers"] = [["name": "Authorization", "value": "Bearer SECRET-HEADER-TOKEN"]]
    request["cookies"] = [["name": "session", "value": "SECRET-COOKIE"]]
    request["queryString"] = [["name": "token", "value": "SECRET-QUERY-TOKEN"]]
    entry["request"] = request
    var response = entry["response"] as! [String: Any]
    response["headers"] = [["name": "Set-Cookie", "value": "sid=SECRET-SET-COOKIE"]]
    response["cookies"] = [["name": "sid", "value": "SECRET-SET-COOKIE"]]
    entry["response"] = response
    return entry
  }

  /// The capture: two profiles of one shape, one with a role the model does not know, a
  /// booking, and a page that is not JSON.
  static var entries: [[String: Any]] {
    [
      entry("/api/profiles/ines.moreau", text: profile()),
      entry(
        "/api/profiles/paul.durand",
        text: profile(
          email: "lea.martin@example.org", id: "0b9e8c7d-6a5f-4e3d-8c2b-1a0f9e8d7c6b",
          nickname: "Paulo")),
      entry("/api/profiles/ines.moreau", text: profile(role: "superuser")),
      entry("/api/bookings/HB-77120", text: booking),
      entry(
        "/api/profiles/ines.moreau/card", text: "<html>Ines Moreau</html>", mimeType: "text/html"),
    ]
  }
}
