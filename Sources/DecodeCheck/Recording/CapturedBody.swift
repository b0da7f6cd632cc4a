import Foundation

/// A captured body read as a check reads its text: as UTF-8, with what the check says of the
/// text itself (a trailing comma, UTF-16), so that its fixture says the same, written back in
/// the body's own encoding.
///
/// ```swift
/// let body = CapturedBody(data)          // UTF-16 with a trailing comma
/// body.textFindings                      // ["the payload is UTF-16 …", "a comma before `}` …"]
/// let fixture = body.written(indented)   // UTF-8 redacted text, in UTF-16 again
/// ```
struct CapturedBody: Sendable {
  /// The text as UTF-8.
  let text: Data
  /// What a check says of the text beyond its values, one line each: its encoding when it is
  /// not UTF-8, and each trailing comma. Empty for RFC 8259 JSON in UTF-8.
  let textFindings: [String]
  /// Why the text is not JSON that `JSONDecoder` reads (a body cut off, broken UTF-16), with
  /// its line and column; `nil` when it is.
  let problem: String?
  /// The encoding the body came in, when it is not UTF-8, and whether it has a byte order mark.
  private let encoding: (encoding: PayloadText.Encoding, hasMark: Bool)?

  init(_ data: Data) {
    var findings: [String] = []
    let detected = data.withUnsafeBytes { PayloadText.Encoding.detect($0) }
    encoding = detected.map { ($0.0, $0.markLength > 0) }
    switch PayloadText.read(data) {
    case .utf8:
      text = data
    case .converted(let converted, let name):
      text = converted
      findings.append("the payload is \(name)")
    case .unreadable(let message, _):
      text = Data()
      textFindings = findings
      problem = message
      return
    }
    let start = text.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var problem: String?
    if !text.withUnsafeBytes({ StrictJSONValidator.isValid($0, from: start) }) {
      let check = text.withUnsafeBytes {
        JSONScanner($0).syntaxCheck(allowingTrailingCommas: true)
      }
      findings += check.trailingCommas.map(\.message)
      if let error = check.error {
        let position = text.withUnsafeBytes { JSONScanner($0).positions(of: [error.offset]) }
        problem = error.message + (position[error.offset].map { " (at \($0))" } ?? "")
      }
    }
    textFindings = findings
    self.problem = problem
  }

  /// A fixture's UTF-8 text, written in the body's own encoding.
  func written(_ fixture: Data) -> Data {
    guard let encoding else { return fixture }
    return encoding.encoding.encode(fixture, withByteOrderMark: encoding.hasMark)
  }
}
