/// The request a payload from a HAR archive answered, which every format names by the route
/// that typed it, never by its concrete path or query, which carry ids, user names and tokens:
/// `capture.har#12 GET */api/v1/accounts/*`.
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
  /// The request's URL as reports show it: the URL pattern of the route that typed it
  /// (`*/api/v1/accounts/*`), or for a request no route typed, its path with each segment that
  /// looks like an id or a name written `*` (`/api/v1/accounts/*/statuses`); with
  /// `--keep-query`, the URL as captured, query and all.
  public internal(set) var url: String
  /// The URL pattern of the route that typed the response, if a route did.
  var route: String?

  /// Describes a request of `archive` whose URL, as captured, is `capturedURL`; shown by
  /// `route`, or as captured when `keepsQuery`.
  ///
  /// ```swift
  /// let request = CapturedRequest(
  ///   archive: "capture.har", entry: 12, method: "GET",
  ///   capturedURL: "https://api.example.com/api/v2/listings/b-17?token=…",
  ///   route: "*/api/v2/listings/*", keepsQuery: false)
  /// request.url  // "*/api/v2/listings/*"
  /// ```
  init(
    archive: String, entry: Int, method: String, capturedURL: String, route: String?,
    keepsQuery: Bool
  ) {
    self.archive = archive
    self.entry = entry
    self.method = method
    self.route = route
    url = keepsQuery ? capturedURL : route ?? URLGlob.template(of: capturedURL)
  }

  /// `#12 GET */api/v2/listings/*`: the entry, the method and the URL as shown.
  var label: String {
    "#\(entry) \(method) \(URLGlob.pathAndQuery(of: url))"
  }

  /// `capture.har#12 GET */api/v2/listings/*`.
  var name: String {
    archive + label
  }

  /// `GET */api/v2/listings/*`: the method and the route's pattern (or the path's template),
  /// never the entry's number, the concrete path or the query, which change from one capture
  /// to the next and may be personal. A ``BaselineEntry`` keys the request's findings by it;
  /// an entry written with the concrete path still matches (``matches(baselineRequest:)``).
  var methodAndPath: String {
    "\(method) \(route ?? URLGlob.template(of: url))"
  }

  /// Whether a baseline's `request` (method and path, as ``methodAndPath`` writes it now or
  /// wrote it before, with the concrete path) names this request.
  func matches(baselineRequest: String) -> Bool {
    if baselineRequest == methodAndPath { return true }
    let parts = baselineRequest.split(separator: " ", maxSplits: 1)
    guard parts.count == 2, parts[0] == method,
      let glob = try? URLGlob(route ?? URLGlob.template(of: url))
    else { return false }
    return glob.matches(String(parts[1]))
  }
}

/// What reading HAR archives found besides the payloads it checked: the entries it counted
/// and skipped, by reason.
///
/// ```swift
/// print(report.summary.traffic.notJSON)  // 1 (an image)
/// ```
struct TrafficCounts: Sendable, Hashable, Codable {
  /// Entries read from archives.
  var entries = 0
  /// Entries whose response was checked (or failed its check).
  var checked = 0
  /// Responses without a body: no `content.text`, or an empty one.
  var withoutBody = 0
  /// Responses that are not JSON, by MIME type or, without one, by content.
  var notJSON = 0
  /// Responses with a status outside 200–299 (checked with `--include-errors`).
  var errorStatus = 0
  /// JSON responses no route gives a type (failures under `--require-routes`).
  var withoutRoute = 0

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
