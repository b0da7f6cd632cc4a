import Foundation
import Testing

@testable import DecodeCheck

/// The package folder, found above this file.
private let packageFolder: URL = {
  var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  while folder.pathComponents.count > 1 {
    if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
      return folder
    }
    folder.deleteLastPathComponent()
  }
  return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
}()

/// Every file under `folder` whose name ends with one of `suffixes`, sorted.
private func files(under folder: URL, endingWith suffixes: [String]) -> [URL] {
  guard
    let walker = FileManager.default.enumerator(
      at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
  else { return [] }
  return walker.compactMap { $0 as? URL }
    .filter { url in suffixes.contains { url.lastPathComponent.hasSuffix($0) } }
    .sorted { $0.path < $1.path }
}

/// The real-world corpus (`../shared/corpus`) when `CODABLE_RESILIENCE_CORPUS` names it.
private let corpusFolder: URL? = {
  guard let path = ProcessInfo.processInfo.environment["CODABLE_RESILIENCE_CORPUS"],
    !path.isEmpty
  else { return nil }
  return URL(fileURLWithPath: path, isDirectory: true)
}()

/// Every HAR archive the tests can reach: the fixtures, the tests' own, and the corpus's.
private let reachableArchives: [URL] =
  files(under: packageFolder.appendingPathComponent("Fixtures"), endingWith: [".har"])
  + files(under: packageFolder.appendingPathComponent("Tests"), endingWith: [".har"])
  + (corpusFolder.map { files(under: $0, endingWith: [".har"]) } ?? [])

/// A small archive with one entry, as the mutants' base when the fixtures hold none.
private let smallArchive = """
  {"log": {"version": "1.2", "entries": [
    {"request": {"method": "GET", "url": "https://api.example.com/api/é"},
     "response": {"status": 200, "content": {"mimeType": "application/json",
       "text": "{\\"a\\": [1, 2.5e3, \\"\\u00e9\\\\n\\"]}"}}}
  ]}}
  """

/// The HAR reader and the payload validator are one JSON reader seen twice: on any archive,
/// the reader accepts exactly the text the validator accepts, and stops at the same line
/// and column; and a buffer of 16 bytes reads what a buffer of a megabyte reads.
@Suite struct HARReaderDifferentialTests {
  /// Reads `bytes` as an archive with two buffers, and expects the two readings to agree
  /// with each other and with the validator; the reading.
  @discardableResult
  private func expectAgreement(_ bytes: [UInt8], _ name: String) throws -> HARReading {
    let folder = try TemporaryFolder()
    let path = try folder.write(Data(bytes), to: "capture.har")
    let large = try HARReading(path: path)
    let small = try HARReading(path: path, bufferSize: 16)
    #expect(small == large, "\(name): a 16-byte buffer reads differently")
    let disagreement = large.disagreement(with: bytes)
    #expect(disagreement == nil, "\(name): \(disagreement ?? "")")
    return large
  }

  @Test func reachableArchivesAreFound() {
    #expect(!reachableArchives.isEmpty, "no HAR archive under \(packageFolder.path)")
  }

  @Test(arguments: reachableArchives)
  func everyReachableArchiveAgrees(_ archive: URL) throws {
    let bytes = try [UInt8](Data(contentsOf: archive))
    let reading = try expectAgreement(bytes, archive.lastPathComponent)
    // The fixtures' archives are good ones; the fuzzer's regressions are not.
    if archive.path.contains("/Fixtures/") {
      #expect(reading.problem == nil, "\(archive.lastPathComponent) is a good archive")
    }
  }

  /// The numbers and literals RFC 8259 refuses, and the issue found the old reader took as a
  /// status (`0200` as 200): each is rejected, at its place, as a payload's would be.
  @Test(arguments: [
    "0x10", "-inf", "1.", "01", "-Infinity", "-nan", "0200", "NaN", "1e", "2e+", "-", "+1", ".5",
  ])
  func aBadNumberInTheArchiveIsRejectedWhereThePayloadValidatorRejectsIt(_ number: String)
    throws
  {
    for base in [Array(smallArchive.utf8)]
      + reachableArchives.compactMap({ try? [UInt8](Data(contentsOf: $0)) })
    {
      let text = String(decoding: base, as: UTF8.self)
      guard let status = text.range(of: #""status": 200"#) else { continue }
      let mutant = text.replacingCharacters(in: status, with: #""status": "# + number)
      let reading = try expectAgreement(Array(mutant.utf8), "status \(number)")
      #expect(reading.stoppedAtSyntaxError, "status \(number): \(reading)")
    }
  }

  /// Archives cut short at every byte: each is read as far as it goes, and stops where the
  /// validator stops.
  @Test func anArchiveCutAtAnyByteAgrees() throws {
    let whole = Array(smallArchive.utf8)
    for length in 0..<whole.count {
      try expectAgreement(Array(whole.prefix(length)), "the first \(length) bytes")
    }
  }

  @Test(arguments: [
    ("only white space", "  \n\t \n "),
    ("a byte order mark alone", "\u{FEFF}"),
    ("a byte order mark, then the archive", "\u{FEFF}{\"log\": {\"entries\": []}}"),
    (
      "nested past the deepest JSONDecoder reads",
      #"{"log": {"entries": [], "x": "# + String(repeating: "[", count: 600)
        + String(repeating: "]", count: 600) + "}}"
    ),
    (
      "nested exactly as deep as JSONDecoder reads",
      #"{"log": {"entries": [], "x": "# + String(repeating: "[", count: 510)
        + String(repeating: "]", count: 510) + "}}"
    ),
    ("a string never closed", #"{"log": {"entries": [], "x": "abc"#),
    // Found by the fuzzer: a string never closed where the archive's object should be is
    // not white space.
    ("a string never closed at the root", #" "ve"#),
    ("an escape at the end", #"{"log": {"entries": [], "x": "abc\"#),
    ("a trailing comma", #"{"log": {"entries": [],}}"#),
    ("a control character", "{\"log\": {\"entries\": [], \"x\": \"a\tb\"}}"),
    ("an unknown escape", #"{"log": {"entries": [], "x": "\q"}}"#),
    ("half a surrogate pair", #"{"log": {"entries": [], "x": "\uD800"}}"#),
    ("a bare word", #"{"log": {"entries": [tru]}}"#),
    ("a second value", #"{"log": {"entries": []}} {}"#),
    // Found by the fuzzer: a single value placed at the buffer's start, not its own.
    ("a single value after white space, past a refill", #"  "FixtUnsafeRau"version": 1"#),
    // Found by the fuzzer: the first token after a byte order mark, past a refill, was
    // worded as any other unexpected token.
    (
      "a byte order mark, then a word past a refill", "\u{FEFF}" + String(repeating: "c", count: 40)
    ),
    ("a key without quotes", #"{"log": {entries: []}}"#),
    ("a single quote", #"{"log": {"entries": ['a']}}"#),
  ])
  func odditiesAgree(_ name: String, _ text: String) throws {
    try expectAgreement(Array(text.utf8), name)
  }

  @Test func invalidUTF8Agrees() throws {
    let text = Array(#"{"log": {"entries": [], "x": "a"#.utf8) + [0xC3, 0x28] + Array(#""}}"#.utf8)
    try expectAgreement(text, "invalid UTF-8")
  }

  /// Every case of JSONTestSuite (`../shared/corpus/JSONTestSuite`), as the value of a
  /// member the reader skips: the archive is valid exactly when the case is, and the two
  /// readers stop at the same place. Without the corpus it is reported as skipped, never as
  /// passed, and a wrong path fails on the count.
  @Test(
    .enabled(
      if: corpusFolder != nil,
      "set CODABLE_RESILIENCE_CORPUS to the corpus folder (../shared/corpus) to run this test"))
  func jsonTestSuiteCasesInsideAnArchiveAgree() throws {
    let folder = try #require(corpusFolder)
    let cases = files(under: folder.appendingPathComponent("JSONTestSuite"), endingWith: [".json"])
    #expect(cases.count == 318, "is CODABLE_RESILIENCE_CORPUS right?")
    for file in cases {
      let value = try [UInt8](Data(contentsOf: file))
      let archive = Array(#"{"log": {"entries": [], "x": "#.utf8) + value + Array("}}".utf8)
      try expectAgreement(archive, file.lastPathComponent)
    }
  }
}
