import Foundation

// What an input's bytes hold before any payload is decoded: UTF-8 or another encoding
// JSONDecoder reads, and one payload or, with `--lines`, one per line. PayloadChecker.swift
// checks each payload.
extension PayloadChecker {
  /// What checking the payloads in `data` found.
  func checkPayloads(_ data: Data, as model: RegisteredModel) -> PayloadResult {
    switch PayloadText.read(data) {
    case .utf8:
      return checkText(data, as: model)
    case .converted(let text, let encoding):
      var result = checkText(text, as: model)
      let warning = Finding(
        severity: .warning, kind: .invalidJSON,
        message: "the payload is \(encoding): JSONDecoder reads it, but RFC 8259 asks for "
          + "UTF-8 between systems and other JSON parsers may reject it")
      result.findings.insert(warning, at: 0)
      return result
    case .unreadable(let message, let before):
      let position = before.withUnsafeBytes { JSONScanner($0).positions(of: [$0.count]) }
      let error = Finding(
        severity: .error, kind: .invalidJSON, message: message,
        position: position[before.count])
      return PayloadResult(outcome: .failed, findings: [error], payloadCount: 1)
    }
  }

  /// Checks UTF-8 text: one payload, or with ``readsLines`` one per line.
  private func checkText(_ text: Data, as model: RegisteredModel) -> PayloadResult {
    readsLines ? checkLines(text, as: model) : checkPayload(text, as: model, line: nil)
  }

  /// Checks each non-blank line as a payload of its own (`--lines`), reported at its line.
  private func checkLines(_ data: Data, as model: RegisteredModel) -> PayloadResult {
    if data.isEmpty {
      return checkPayload(data, as: model, line: 1)
    }
    var findings: [Finding] = []
    var audits: [PayloadAudit] = []
    var payloadCount = 0
    var anyFailed = false
    for line in PayloadLine.lines(in: data) {
      let payload = data[
        data.startIndex + line.range.lowerBound..<data.startIndex + line.range.upperBound]
      let result = checkPayload(payload, as: model, line: line.number)
      payloadCount += 1
      findings += result.findings
      audits += result.audits
      anyFailed = anyFailed || result.outcome == .failed
    }
    if payloadCount == 0 {
      // Only blank lines: as empty as an empty file, and reported at its first line.
      return checkPayload(data, as: model, line: nil)
    }
    return PayloadResult(
      outcome: FileReport.Outcome(decoded: !anyFailed, findings: findings), findings: findings,
      payloadCount: payloadCount, audits: audits)
  }
}
