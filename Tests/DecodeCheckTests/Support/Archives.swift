import Foundation

/// HAR 1.2 archives built for tests, laid out as browsers write them (indented), so an
/// archive's lines are never a body's lines.
enum Archives {
  /// One `log.entries` element.
  static func entry(
    _ url: String,
    method: String = "GET",
    status: Int = 200,
    mimeType: String? = "application/json",
    text: String? = nil,
    encoding: String? = nil
  ) -> [String: Any] {
    var content: [String: Any] = ["size": text?.utf8.count ?? 0]
    if let mimeType { content["mimeType"] = mimeType }
    if let text { content["text"] = text }
    if let encoding { content["encoding"] = encoding }
    return [
      "startedDateTime": "2026-11-20T09:00:00.000Z", "time": 12,
      "request": [
        "method": method, "url": url, "httpVersion": "HTTP/2",
        "headers": [["name": "Accept", "value": "application/json"]],
        "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 0,
      ],
      "response": [
        "status": status, "statusText": "", "httpVersion": "HTTP/2", "headers": [],
        "cookies": [], "content": content, "redirectURL": "", "headersSize": -1,
        "bodySize": text?.utf8.count ?? 0,
      ],
      "cache": [:], "timings": ["send": 1, "wait": 10, "receive": 1],
    ]
  }

  /// The text of an archive holding `entries`.
  static func archive(_ entries: [[String: Any]]) throws -> Data {
    let log: [String: Any] = [
      "log": [
        "version": "1.2", "creator": ["name": "DecodeCheckTests", "version": "1"],
        "entries": entries,
      ]
    ]
    return try JSONSerialization.data(
      withJSONObject: log, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
  }

  /// A routes file for the sample API.
  static let routes = """
    { "routes": [
        { "method": "GET", "url": "*/api/listings", "type": "ListingPage" },
        { "url": "*/api/bookings/*", "type": "Booking" } ] }
    """

  static let host = "https://api.example.com"
}
