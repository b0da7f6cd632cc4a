import Foundation

/// How ``PayloadChecker`` reads HAR archives (`*.har`): which type each response decodes as,
/// and which responses are checked.
///
/// ```swift
/// var checker = PayloadChecker()
/// checker.traffic.routes = try Routes(contentsOfFile: "routes.json", registry: registry)
/// checker.traffic.requiresRoutes = true
/// let report = checker.check(paths: ["capture.har"], in: registry)
/// ```
public struct TrafficOptions: Sendable {
  /// The routes that give responses their types (`--routes`); without them, every response
  /// decodes as the checker's single type (`--type`), if it has one.
  public var routes: Routes?
  /// Whether responses with a status outside 200–299 are checked too (`--include-errors`).
  public var includesErrorResponses = false
  /// Whether a JSON response with no route fails the check (`--require-routes`).
  public var requiresRoutes = false
  /// Whether requests are shown as captured, concrete path and query (`--keep-query`),
  /// rather than by their routes' patterns.
  var keepsQuery = false

  /// Creates options with no routes, checking successful responses.
  public init() {}
}

/// Checks one HAR archive: reads it entry by entry and checks the JSON responses in batches
/// on several threads, so memory holds one batch of bodies, never the archive.
struct HARArchive {
  /// The archive as shown in reports, and where it is.
  var shown: String
  var path: String
  /// The type for every response when there are no routes (`--type`).
  var model: RegisteredModel?
  var checker: PayloadChecker
  /// With `--shard`, the share of the entries to check, by request; the archive's own
  /// problems (it cannot be read, it is not JSON) are the shard's whose key the archive's
  /// ``PlannedInput/shardKey`` is.
  var shard: Shard?
  var shardKey = ""

  /// One of the counts of ``TrafficCounts``.
  typealias TrafficCount = WritableKeyPath<TrafficCounts, Int> & Sendable

  /// The most entries and body bytes one batch holds.
  static let batchEntries = 64
  static let batchBytes = 32 << 20

  /// What came of one entry: a report when it was checked (or, under `--require-routes`,
  /// failed for want of a route), and the count it adds to.
  private struct Result: Sendable {
    var report: FileReport?
    /// The count of ``TrafficCounts`` the entry adds one to.
    var count: TrafficCount

    static func skipped(_ count: TrafficCount) -> Result { Result(report: nil, count: count) }
    static func checked(_ report: FileReport) -> Result { Result(report: report, count: \.checked) }
  }

  /// Checks the archive, handing `receive` the reports of the entries checked one batch at a
  /// time, in the archive's order, and those of the archive's own problems as they are met;
  /// returns the counts, and `isRead`, false when the archive could not be opened.
  func check(maximumConcurrency: Int, receive: ([FileReport]) -> Void) -> (
    counts: TrafficCounts, isRead: Bool
  ) {
    let ownsArchive = shard?.contains(shardKey) ?? true
    let reader: HARReader
    do {
      reader = try HARReader(path: path)
    } catch {
      let report = notChecked("cannot read: \(describeReadError(error))")
      if ownsArchive { receive([report]) }
      return (TrafficCounts(), false)
    }
    var counts = TrafficCounts()
    var batch: [HAREntry] = []
    var batchBytes = 0
    func flush() {
      guard !batch.isEmpty else { return }
      var reports: [FileReport] = []
      for result in checkBatch(batch, maximumConcurrency: maximumConcurrency) {
        if let report = result.report { reports.append(report) }
        counts[keyPath: result.count] += 1
      }
      batch.removeAll(keepingCapacity: true)
      batchBytes = 0
      receive(reports)
    }
    while let event = reader.next() {
      switch event {
      case .entry(let entry):
        if let shard, !shard.contains(entry) { continue }
        counts.entries += 1
        batchBytes += entry.escapedText?.count ?? 0
        batch.append(entry)
        if batch.count >= Self.batchEntries || batchBytes >= Self.batchBytes { flush() }
      case .problem(let message, let position):
        flush()
        guard ownsArchive else { continue }
        let finding = Finding(
          severity: .error, kind: .invalidJSON, message: message, position: position)
        receive([
          FileReport(
            path: shown, typeName: nil, outcome: .failed, findings: [finding], payloadCount: 0)
        ])
      }
    }
    flush()
    return (counts, true)
  }

  private func notChecked(_ message: String) -> FileReport {
    let finding = Finding(severity: .error, kind: .inputError, message: message)
    return FileReport(
      path: shown, typeName: nil, outcome: .notChecked, findings: [finding], payloadCount: 0)
  }

  private func checkBatch(_ entries: [HAREntry], maximumConcurrency: Int) -> [Result] {
    concurrentMap(count: entries.count, maximumConcurrency: maximumConcurrency) {
      check(entries[$0])
    }
  }

  /// An entry's response as a check or a recording takes it.
  enum Response {
    /// Not checked; the entry adds one to this count.
    case skipped(TrafficCount)
    /// A JSON response that no route (and no `--type`) gives a type.
    case withoutType(CapturedRequest)
    /// A JSON response and its type, from `route` (the route's URL pattern) or `--type`, and
    /// what the route keeps as captured when recorded; `body` is `nil` when it is marked
    /// base64 and is not.
    case typed(
      body: Data?, model: RegisteredModel, request: CapturedRequest, route: String?,
      keep: [String])
  }

  /// Classifies one entry: skipped (by status, for want of a body, not JSON), without a
  /// type, or a JSON body with its type.
  func response(of entry: HAREntry) -> Response {
    let isSuccess = entry.status.map { (200..<300).contains($0) } ?? false
    if !isSuccess, !checker.traffic.includesErrorResponses { return .skipped(\.errorStatus) }
    guard let escaped = entry.escapedText, !escaped.isEmpty else { return .skipped(\.withoutBody) }
    var body =
      entry.textHasEscapes
      ? escaped.withUnsafeBytes { JSONScanner($0).unescapedBytes(from: 0, to: $0.count) }
      : escaped
    let isBase64 = entry.encoding?.lowercased() == "base64"
    var data: Data?
    if isBase64 {
      data = Data(base64Encoded: Data(body), options: .ignoreUnknownCharacters)
      if let data { body = [UInt8](data) }
    } else {
      data = Data(body)
    }
    if !Self.isJSON(mimeType: entry.mimeType, body: body) {
      // Bad base64 in a JSON response is reported below; in an image it is not our business.
      if data != nil || !Self.isJSONType(entry.mimeType) { return .skipped(\.notJSON) }
    }
    let route = entry.url.flatMap { url in
      checker.traffic.routes?.route(method: entry.method ?? "", url: url)
    }
    let request = CapturedRequest(
      archive: shown, entry: entry.number, method: entry.method ?? "?",
      capturedURL: entry.url ?? "", route: route?.glob.pattern,
      keepsQuery: checker.traffic.keepsQuery)
    guard let model = route?.model ?? model else { return .withoutType(request) }
    return .typed(
      body: data, model: model, request: request, route: route?.glob.pattern,
      keep: route?.keep ?? [])
  }

  /// Classifies one entry and, when it is a JSON response with a type, checks its body.
  private func check(_ entry: HAREntry) -> Result {
    switch response(of: entry) {
    case .skipped(let count):
      return .skipped(count)
    case .withoutType(let request):
      guard checker.traffic.requiresRoutes else { return .skipped(\.withoutRoute) }
      let finding = Finding(
        severity: .error, kind: .noRoute,
        message: "no route gives this response a type (--require-routes); add one for "
          + "`\(URLGlob.path(of: request.url))` to the routes file")
      return Result(
        report: report(request, model: nil, outcome: .failed, findings: [finding], 0),
        count: \.withoutRoute)
    case .typed(let data, let model, let request, _, _):
      guard let data else {
        let finding = Finding(
          severity: .error, kind: .invalidJSON,
          message: "the response body is marked base64 but is not valid base64")
        return .checked(report(request, model: model, outcome: .failed, findings: [finding], 1))
      }
      var report = checker.check(data, as: model, path: request.name)
      report.request = request
      return .checked(report)
    }
  }

  private func report(
    _ request: CapturedRequest, model: RegisteredModel?, outcome: FileReport.Outcome,
    findings: [Finding], _ payloads: Int
  ) -> FileReport {
    var report = FileReport(
      path: request.name, typeName: model?.qualifiedName, outcome: outcome, findings: findings,
      payloadCount: payloads)
    report.request = request
    return report
  }

  /// Whether a MIME type names JSON: `application/json` or any `…+json`, parameters aside.
  static func isJSONType(_ mimeType: String?) -> Bool {
    guard let mimeType else { return false }
    let essence = mimeType.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces).lowercased()
    return essence == "application/json" || essence.hasSuffix("+json")
  }

  /// Whether a response is JSON: by its MIME type, or without one by its first character.
  static func isJSON(mimeType: String?, body: [UInt8]) -> Bool {
    if let mimeType, !mimeType.trimmingCharacters(in: .whitespaces).isEmpty {
      return isJSONType(mimeType)
    }
    var index = body.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while index < body.count, [0x20, 0x09, 0x0A, 0x0D].contains(body[index]) { index += 1 }
    return index < body.count
      && (body[index] == UInt8(ascii: "{") || body[index] == UInt8(ascii: "["))
  }
}
