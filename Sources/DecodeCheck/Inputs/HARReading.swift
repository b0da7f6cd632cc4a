/// What reading a HAR archive to its end gives: every entry as text, and the problem that
/// ended the reading.
///
/// It is what the reader is held to, by the fuzzer (`Tests/Fuzz/FuzzHARReader.swift`) and the
/// differential test over every archive the tests reach: a buffer of any size reads the
/// same, and the archive's JSON is judged exactly as a payload's, at the same place.
///
/// ```swift
/// let reading = try HARReading(path: "capture.har", bufferSize: 16)
/// reading.disagreement(with: bytes)  // nil: the payload validator agrees
/// ```
struct HARReading: Equatable, CustomStringConvertible {
  /// Each entry, with every member the reader keeps.
  var entries: [String] = []
  /// The problem that ended the reading; `nil` when the archive was read to its end.
  var problem: String?
  var position: TextPosition?

  /// Reads the archive at `path` to its end.
  ///
  /// - Throws: the `POSIXError` of opening it.
  init(path: String, bufferSize: Int = 1 << 20) throws {
    let reader = try HARReader(path: path, bufferSize: bufferSize)
    while let event = reader.next() {
      switch event {
      case .entry(let entry):
        entries.append(String(describing: entry))
      case .problem(let message, let position):
        problem = message
        self.position = position
      }
    }
  }

  var description: String {
    let ending = problem.map { "problem \(position?.description ?? "-") \($0)" } ?? "end"
    return (entries + [ending]).joined(separator: "\n")
  }

  /// Whether the reading stopped because the archive's text breaks JSON's rules (or UTF-8's),
  /// rather than being JSON that is not a HAR archive.
  var stoppedAtSyntaxError: Bool {
    guard let problem else { return false }
    return problem.hasPrefix("not valid JSON") || problem.hasPrefix("not valid UTF-8")
  }

  /// How the reading disagrees with the payload validator on `bytes`, the archive's text, in
  /// words; `nil` when they agree. An archive read to its end, or found to be JSON that is not
  /// a HAR archive only once it was all read, is valid JSON; an archive the reader stopped in
  /// for its JSON is not, and the validator stops at the same line and column. A HAR problem
  /// found early (an array, not an object) says nothing about the rest of the text.
  func disagreement(with bytes: [UInt8]) -> String? {
    let (error, errorPosition) = bytes.withUnsafeBytes { raw in
      let scanner = JSONScanner(raw)
      let error = scanner.firstSyntaxError()
      return (error, error.flatMap { scanner.positions(of: [$0.offset])[$0.offset] })
    }
    let validator = error.map { "rejects at \(errorPosition?.description ?? "-"): \($0.message)" }
    if stoppedAtSyntaxError {
      guard let errorPosition else { return "the reader stopped: \(self)\nthe validator accepts" }
      guard errorPosition == position else {
        return "the reader stopped: \(self)\nthe validator \(validator ?? "")"
      }
      return nil
    }
    let readToTheEnd = problem == nil || position == nil
    if readToTheEnd, let validator, !(problem?.hasPrefix("cannot read") ?? false) {
      return "the reader read it all: \(self)\nthe validator \(validator)"
    }
    return nil
  }
}
