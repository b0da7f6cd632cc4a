import Foundation
import Testing

@testable import DecodeCheck

@Suite struct HARReaderTests {
  /// Everything a reader hands out, with entries as comparable text.
  private func read(_ data: Data, bufferSize: Int = 1 << 20) throws -> [String] {
    let folder = try TemporaryFolder()
    let path = try folder.write(data, to: "capture.har")
    let reader = try HARReader(path: path, bufferSize: bufferSize)
    var events: [String] = []
    while let event = reader.next() {
      switch event {
      case .entry(let entry):
        let text = entry.escapedText.map { Self.unescaped($0) }
        events.append(
          "#\(entry.number) \(entry.method ?? "-") \(entry.url ?? "-") \(entry.status ?? -1) "
            + "\(entry.mimeType ?? "-") \(entry.encoding ?? "-") \(text ?? "-")")
      case .problem(let message, let position):
        events.append("problem \(position?.description ?? "-") \(message)")
      }
    }
    return events
  }

  private static var sample: [[String: Any]] {
    [
      Archives.entry(Archives.host + "/api/listings?page=1", text: #"{"listings": [], "page": 1}"#),
      Archives.entry(
        Archives.host + "/api/bookings/b-1", method: "POST", status: 201, mimeType: nil,
        text: "eyJpZCI6ICJiLTEifQ==", encoding: "base64"),
      Archives.entry(Archives.host + "/logo.png", mimeType: "image/png"),
      Archives.entry(Archives.host + "/api/é", text: "line\n\"quoted\" \u{1F600} \\ end"),
    ]
  }

  @Test func entriesKeepWhatAChecksNeeds() throws {
    let events = try read(try Archives.archive(Self.sample))
    #expect(
      events == [
        #"#1 GET https://api.example.com/api/listings?page=1 200 application/json - {"listings": [], "page": 1}"#,
        "#2 POST https://api.example.com/api/bookings/b-1 201 - base64 eyJpZCI6ICJiLTEifQ==",
        "#3 GET https://api.example.com/logo.png 200 image/png - -",
        "#4 GET https://api.example.com/api/é 200 application/json - line\n\"quoted\" \u{1F600} \\ end",
      ])
  }

  /// A buffer far smaller than any token reads the same entries: tokens that straddle a
  /// refill are read whole.
  @Test(arguments: [16, 17, 64, 1000])
  func aTinyBufferReadsTheSame(_ size: Int) throws {
    let data = try Archives.archive(Self.sample)
    #expect(try read(data, bufferSize: size) == (try read(data)))
  }

  /// A problem far along one long line is placed at its column whatever the buffer size:
  /// the characters dropped from the buffer before it still count.
  @Test(arguments: [16, 17, 64, 1 << 20])
  func aProblemAfterARefillKeepsItsColumn(_ size: Int) throws {
    // 44 characters (the é is two bytes and one character), 100 spaces, then `?` at 145.
    let archive =
      #"{"log": {"entries": [{"request": {"url": "é""# + String(repeating: " ", count: 100) + "?"
    let events = try read(Data(archive.utf8), bufferSize: size)
    #expect(
      events == ["problem 1:145 not valid JSON: unexpected `?`, expected `,` or `}`"],
      "buffer of \(size)")
  }

  @Test(arguments: [
    (
      "<html><body>502 Bad Gateway</body></html>",
      "problem 1:1 not valid JSON: a HAR archive starts with `{`, not `<`"
    ),
    ("", "problem 1:1 not valid JSON: the archive is empty"),
    (
      "[1, 2]",
      "problem 1:1 not a HAR archive: it is a JSON array, not an object holding `log.entries`"
    ),
    (#"{"log": {"version": "1.2"}}"#, "problem - not a HAR archive: no `log.entries` array"),
    (#"{"log": {"entries": {}}}"#, "problem - not a HAR archive: no `log.entries` array"),
    (
      "{\n  \"log\": {\"entries\": []}} x",
      "problem 2:27 not valid JSON: unexpected `x`, expected nothing after the archive's closing `}`"
    ),
    (
      "{\"log\": {\"entries\": [\n  {\"request\" \"GET\"}]}}",
      "problem 2:14 not valid JSON: unexpected `\"`, expected `:` after the key"
    ),
  ])
  func badArchivesGetOneClearProblem(_ text: String, _ expected: String) throws {
    #expect(try read(Data(text.utf8)) == [expected])
  }

  /// A truncated archive: the entries before the cut are handed out, then one problem.
  @Test func aTruncatedArchiveStillHandsOutItsWholeEntries() throws {
    let data = try Archives.archive(Self.sample)
    let cut = data.prefix(data.count * 3 / 4)
    let events = try read(cut, bufferSize: 32)
    let problem = try #require(events.last)
    let whole = try read(data)
    #expect(Array(events.dropLast()) == Array(whole.prefix(events.count - 1)))
    #expect(events.count >= 3)
    #expect(problem.contains("not valid JSON: the archive ends early inside entry #"))
    #expect(problem.hasSuffix("(truncated?); entries before it were checked"))
  }

  @Test(arguments: [
    (#"\u00e9\uD83D\uDE00"#, "é\u{1F600}"),
    (#"\uD83D alone"#, "\u{FFFD} alone"),
    (#"a\/b\tc\"d\\"#, "a/b\tc\"d\\"),
    (#"\u12"#, #"\u12"#),
  ])
  func escapesAreResolved(_ escaped: String, _ text: String) {
    #expect(Self.unescaped(Array(escaped.utf8)) == text)
  }

  /// A body's text as a check reads it: through the one unescaper payloads use.
  private static func unescaped(_ escaped: [UInt8]) -> String {
    let bytes = escaped.withUnsafeBytes { JSONScanner($0).unescapedBytes(from: 0, to: $0.count) }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension HARReaderTests {
  /// Cut inside a string, with the whole rest of the file in the buffer: the reader stops
  /// with one problem rather than asking for more bytes forever.
  @Test(arguments: [1 << 20, 32])
  func aCutInsideAStringEnds(_ size: Int) throws {
    let text = #"{"log": {"entries": [{"response": {"content": {"text": "{\"id\": "#
    let events = try read(Data(text.utf8), bufferSize: size)
    #expect(events.count == 1)
    #expect(events.first?.contains("the archive ends early inside entry #1 (truncated?)") == true)
  }
}

/// The archive's own JSON is held to the rules a payload is: a number RFC 8259 does not
/// allow is a problem at its line and column, not a status read by `Double`.
extension HARReaderTests {
  private static func archive(status: String) -> String {
    """
    {"log": {"entries": [
      {"request": {"method": "GET", "url": "https://api.example.com/api/bookings/b-1"},
       "response": {"status": \(status), "content": {"mimeType": "application/json", "text": "{}"}}}]}}
    """
  }

  @Test(arguments: [
    ("0x10", "3:28 not valid JSON: unexpected `x`, expected `,` or `}`"),
    ("-inf", "3:27 not valid JSON: `-inf` is not a number (a digit must follow `-`)"),
    ("1.", "3:27 not valid JSON: `1.` is not a number (a digit must follow `.`)"),
    ("01", "3:27 not valid JSON: `01` is not a number (no leading zeros)"),
    ("0200", "3:27 not valid JSON: `0200` is not a number (no leading zeros)"),
    ("-Infinity", "3:27 not valid JSON: `-Infinity` is not a number (a digit must follow `-`)"),
    ("-nan", "3:27 not valid JSON: `-nan` is not a number (a digit must follow `-`)"),
    ("2e", "3:27 not valid JSON: `2e` is not a number (a digit must follow the exponent)"),
    ("NaN", "3:27 not valid JSON: `NaN` is not a JSON value; JSON has no NaN or Infinity"),
    ("+1", "3:27 not valid JSON: unexpected `+`, expected a value"),
  ])
  func numbersBreakingRFC8259AreProblems(_ token: String, _ expected: String) throws {
    #expect(try read(Data(Self.archive(status: token).utf8)) == ["problem " + expected])
  }

  /// The same archive read through a buffer that ends inside the token: the token is read
  /// whole after a refill, and judged the same.
  @Test(arguments: ["0200", "-Infinity", "200", "2.5e+3"])
  func aNumberCutByTheBufferIsReadWhole(_ token: String) throws {
    let data = Data(Self.archive(status: token).utf8)
    for size in [16, 17, 18, 19, 20] {
      #expect(try read(data, bufferSize: size) == (try read(data)), "buffer of \(size)")
    }
  }

  /// Differential: the reader accepts an archive exactly when payload validation accepts the
  /// same text as a `.json` file.
  @Test(arguments: [
    "200", "-0", "2.5e+3", "1E2", "0x10", "-inf", "1.", "01", "0200", "-Infinity", "-nan",
    "\"\\uD800\"", "\"\\x\"", "\"tab\there\"", "true", "nul",
  ])
  func theReaderAcceptsWhatPayloadValidationAccepts(_ value: String) throws {
    let text = Self.archive(status: value)
    let events = try read(Data(text.utf8))
    let readerAccepts = events.count == 1 && events[0].hasPrefix("#1 ")
    let validationAccepts = Array(text.utf8).withUnsafeBytes {
      StrictJSONValidator.isValid($0, from: 0)
    }
    #expect(readerAccepts == validationAccepts, "\(events)")
  }
}
