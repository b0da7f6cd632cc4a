import Foundation

/// What a recording did, for its summary line: payloads read, fixtures written, duplicates.
///
/// ```swift
/// summary.line  // "12 payloads read: 5 fixtures written, 6 duplicates, 1 already there; …"
/// ```
struct RecordingSummary: Sendable {
  var payloads = 0
  /// Payloads redacted and named, before dedupe.
  var recorded = 0
  var written = 0
  var duplicates = 0
  /// Fixtures whose file was there already, and was left as it was.
  var alreadyThere = 0
  /// Strings (values and keys) replaced in the fixtures written.
  var replacedStrings = 0
  /// Payloads and inputs not recorded, and why: one line each.
  var notWritten: [String] = []
  /// Payloads with a type that are not valid JSON, and why, one line each, written when their
  /// fixture keeps what a check says of them (a trailing comma, UTF-16, or anything under
  /// `--no-redact`): each fails the run, as a check fails on it.
  var notValidJSON: [String] = []
  /// What the archives held.
  var traffic = TrafficCounts()
  /// The fixtures in the folder that this run would not write (not counted with a shard):
  /// recorded from other payloads, or under the names of an older version.
  var notFromThisRun: [String] = []
  /// Keys the fixtures written keep because they look like field names, though nothing read
  /// them: listed in the output folder's ``FixtureRecorder/keptKeysFile`` for review.
  var keysKeptAsNames = 0
  /// Values the fixtures written keep as captured because the keep list names them.
  var keptByList = 0

  /// The summary line, then one line for each payload not written.
  var text: String {
    var line =
      "\(counted(payloads, "payload")) read: \(counted(written, "fixture")) written, "
      + "\(counted(duplicates, "duplicate")), \(alreadyThere) already there; "
      + "\(counted(replacedStrings, "string")) replaced"
    if keptByList > 0 { line += "; \(counted(keptByList, "value")) kept as listed (--keep)" }
    if keysKeptAsNames > 0 {
      line +=
        "; \(counted(keysKeptAsNames, "key")) kept as field names, listed in "
        + FixtureRecorder.keptKeysFile
    }
    if !notValidJSON.isEmpty { line += "; \(notValidJSON.count) not valid JSON" }
    if !notWritten.isEmpty { line += "; \(notWritten.count) not written" }
    if !notFromThisRun.isEmpty {
      line += "; \(notFromThisRun.count) in the folder not from this run"
    }
    var lines = [line]
    if traffic.entries > 0 {
      var skipped: [String] = []
      if traffic.notJSON > 0 { skipped.append("\(traffic.notJSON) not JSON") }
      if traffic.withoutBody > 0 { skipped.append("\(traffic.withoutBody) without a body") }
      if traffic.errorStatus > 0 { skipped.append("\(traffic.errorStatus) with an error status") }
      if traffic.withoutRoute > 0 { skipped.append("\(traffic.withoutRoute) without a type") }
      lines.append(
        "\(counted(traffic.entries, "HAR entry", plural: "HAR entries")) read"
          + (skipped.isEmpty ? "" : "; skipped: " + skipped.joined(separator: ", ")))
    }
    lines += notValidJSON.map { "not valid JSON: " + $0 }
    lines += notWritten.map { "not written: " + $0 }
    lines += notFromThisRun.map { "not from this run: " + $0 }
    return lines.joined(separator: "\n") + "\n"
  }
}
