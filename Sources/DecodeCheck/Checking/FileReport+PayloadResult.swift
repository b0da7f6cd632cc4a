// Beside the checker rather than in Report/: a report does not know how payloads are checked;
// the checker turns what it found into one.
extension FileReport {
  /// A report of one input holding what checking its payloads found.
  init(path: String, typeName: String?, result: PayloadResult) {
    self.init(
      path: path, typeName: typeName, outcome: result.outcome, findings: result.findings,
      payloadCount: result.payloadCount)
    audits = result.audits
  }
}
