/// The request a payload from a HAR archive answered, which every format names:
/// `capture.har#12 GET /api/v2/listings?page=2`.
///
/// ```swift
/// for file in report.files {
///   if let request = file.request { print(request.archive, request.entry, request.url) }
/// }
/// ```
public struct CapturedRequest: Sendable, Hashable, Codable {
  /// The archive, as its path was given or found.
  public internal(set) var archive: String
  /// The entry's number in the archive, from 1.
  public internal(set) var entry: Int
  /// The request's method, such as `GET`.
  public internal(set) var method: String
  /// The request's full URL.
  public internal(set) var url: String

  /// Creates a request's description.
  ///
  /// ```swift
  /// let request = CapturedRequest(
  ///   archive: "capture.har", entry: 12, method: "GET",
  ///   url: "https://api.example.com/api/v2/listings?page=2")
  /// ```
  init(archive: String, entry: Int, method: String, url: String) {
    self.archive = archive
    self.entry = entry
    self.method = method
    self.url = url
  }

  /// `#12 GET /api/v2/listings?page=2`: the entry, the method and the URL's path and query.
  var label: String {
    "#\(entry) \(method) \(URLGlob.pathAndQuery(of: url))"
  }

  /// `capture.har#12 GET /api/v2/listings?page=2`.
  var name: String {
    archive + label
  }

  /// `GET /api/v2/listings`: the method and the URL's path, without the entry's number or the
  /// query, which change when a capture is exported again. A ``BaselineEntry`` keys the
  /// request's findings by it.
  var methodAndPath: String {
    "\(method) \(URLGlob.path(of: url))"
  }
}

/// What reading HAR archives found besides the payloads it checked: the entries it counted
/// and skipped, by reason.
///
/// ```swift
/// print(report.summary.traffic.notJSON)  // 1 (an image)
/// ```
public struct TrafficCounts: Sendable, Hashable, Codable {
  /// Entries read from archives.
  public internal(set) var entries = 0
  /// Entries whose response was checked (or failed its check).
  public internal(set) var checked = 0
  /// Responses without a body: no `content.text`, or an empty one.
  public internal(set) var withoutBody = 0
  /// Responses that are not JSON, by MIME type or, without one, by content.
  public internal(set) var notJSON = 0
  /// Responses with a status outside 200–299 (checked with `--include-errors`).
  public internal(set) var errorStatus = 0
  /// JSON responses no route gives a type (failures under `--require-routes`).
  public internal(set) var withoutRoute = 0

  /// Creates counts at zero.
  init() {}

  static func += (counts: inout TrafficCounts, other: TrafficCounts) {
    counts.entries += other.entries
    counts.checked += other.checked
    counts.withoutBody += other.withoutBody
    counts.notJSON += other.notJSON
    counts.errorStatus += other.errorStatus
    counts.withoutRoute += other.withoutRoute
  }

  /// `7 HAR entries: 4 checked, 1 not JSON, 1 error status, 1 no route`, leaving out zeros.
  var description: String {
    var parts = ["\(checked) checked"]
    if withoutBody > 0 { parts.append("\(withoutBody) no body") }
    if notJSON > 0 { parts.append("\(notJSON) not JSON") }
    if errorStatus > 0 { parts.append("\(errorStatus) error status") }
    if withoutRoute > 0 { parts.append("\(withoutRoute) no route") }
    return counted(entries, "HAR entry", plural: "HAR entries") + ": "
      + parts.joined(separator: ", ")
  }
}
