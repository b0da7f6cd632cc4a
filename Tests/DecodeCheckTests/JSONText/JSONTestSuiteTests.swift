import Foundation
import Testing

@testable import DecodeCheck

/// The parser tests of the public JSONTestSuite (`../shared/corpus/JSONTestSuite`), found
/// through the `CODABLE_RESILIENCE_CORPUS` environment variable, as `.ci/run` sets it. Without
/// it the suite is reported as skipped, never as passed.
private enum JSONTestSuite {
  static let folder: URL? = {
    guard let path = ProcessInfo.processInfo.environment["CODABLE_RESILIENCE_CORPUS"],
      !path.isEmpty
    else { return nil }
    return URL(fileURLWithPath: path, isDirectory: true)
      .appendingPathComponent("JSONTestSuite/test_parsing")
  }()

  static let skipReason: Comment =
    "set CODABLE_RESILIENCE_CORPUS to the corpus folder (../shared/corpus) to run these tests"

  /// The file names, sorted; empty when the folder is not configured or cannot be read (the
  /// count test fails then, so a wrong path cannot pass as an empty suite).
  static let names: [String] = {
    guard let folder, let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
    else { return [] }
    return names.filter { $0.hasSuffix(".json") }.sorted()
  }()

  /// The files JSONDecoder reads although RFC 8259 does not allow them: a trailing comma.
  static let trailingCommaFiles: Set = [
    "n_array_extra_comma.json", "n_array_number_and_comma.json", "n_object_trailing_comma.json",
  ]

  /// A file whose text is a value and a comma (`[""],`): inside an object, before its `}`,
  /// that comma is a trailing comma, which JSONDecoder reads.
  static let trailingCommaWhenInside: Set = ["n_array_comma_after_close.json"]
}

/// A model that reads nothing of its payload, so only the checker's own validation can find
/// what is wrong with the JSON.
private struct ReadsNothing: Decodable {
  init(from decoder: any Decoder) throws {}
}

@Suite(
  "JSONTestSuite through decode-check",
  .enabled(if: JSONTestSuite.folder != nil, JSONTestSuite.skipReason))
struct JSONTestSuiteTests {
  @Test func theSuiteIsThere() throws {
    let names = JSONTestSuite.names
    #expect(names.count == 318, "is CODABLE_RESILIENCE_CORPUS right?")
    #expect(names.filter { $0.hasPrefix("n_") }.count == 188)
  }

  /// Every file, on its own and as a value the model never reads: `y_` files are JSON, `n_`
  /// files are not (three trailing commas as the warning), each at the byte where the text
  /// stops being a prefix of any JSON text; `i_` files only must not crash anything.
  @Test(arguments: JSONTestSuite.names)
  func decodeCheckAgreesWithRFC8259(name: String) throws {
    let folder = try #require(JSONTestSuite.folder)
    let bytes = try Data(contentsOf: folder.appendingPathComponent(name))
    let model = RegisteredModel(ReadsNothing.self)
    let prefix = Data(#"{"unread": "#.utf8)
    let wrapped = prefix + bytes + Data("}".utf8)
    let alone = PayloadChecker().check(bytes, as: model)
    let inside = PayloadChecker().check(wrapped, as: model)
    // The fast validator and the scanner that explains its answer agree on every file.
    bytes.withUnsafeBytes { buffer in
      let scanner = JSONScanner(buffer)
      #expect(
        StrictJSONValidator.isValid(buffer, from: scanner.start)
          == (scanner.firstSyntaxError() == nil), "\(name)")
    }
    guard !name.hasPrefix("i_") else { return }

    for (label, result) in [("alone", alone), ("inside a value", inside)] {
      let syntax = result.findings.filter { $0.kind == .invalidJSON }
      let context = Comment(rawValue: "\(name), \(label): \(result.findings)")
      if name.hasPrefix("y_") {
        #expect(syntax.isEmpty, context)
        #expect(result.outcome == .decoded, context)
      } else if JSONTestSuite.trailingCommaFiles.contains(name)
        || (label == "inside a value" && JSONTestSuite.trailingCommaWhenInside.contains(name))
      {
        #expect(syntax.map(\.severity) == [.warning], context)
        #expect(syntax.first?.message.contains("trailing comma") == true, context)
      } else {
        // Exactly one error; inside a value, the file's own comma before the closing `}` may
        // add a trailing-comma warning (`{"x": true,` then `}`).
        #expect(result.outcome == .failed, context)
        #expect(syntax.filter { $0.severity == .error }.count == 1, context)
        #expect(label == "inside a value" || syntax.count == 1, context)
      }
    }
    guard name.hasPrefix("n_") else { return }

    // Where it is reported: the scanner's offset, which must be the end of the longest
    // prefix of the file that is still the start of some JSON text.
    let finding = try #require(mainSyntaxFinding(alone))
    let offset = try offsetOfFirstProblem(in: bytes, name: name)
    let position = bytes.withUnsafeBytes { JSONScanner($0).positions(of: [offset])[offset] }
    #expect(finding.position == position, "\(name)")
    guard !JSONTestSuite.trailingCommaWhenInside.contains(name) else { return }
    // Inside a value the text goes on after the file (`}`), which may move the place, so the
    // place is checked the same way, on the whole text, and never before the file's own text.
    let insideFinding = mainSyntaxFinding(inside)
    let insideOffset = try offsetOfFirstProblem(in: wrapped, name: "\(name) inside a value")
    let insidePosition = wrapped.withUnsafeBytes {
      JSONScanner($0).positions(of: [insideOffset])[insideOffset]
    }
    #expect(insideFinding?.position == insidePosition, "\(name) inside a value")
    #expect(insideOffset >= prefix.count, "\(name) inside a value")
  }

  /// The error about the JSON or, when there is none, the first trailing-comma warning.
  private func mainSyntaxFinding(_ result: FileReport) -> Finding? {
    let syntax = result.findings.filter { $0.kind == .invalidJSON }
    return syntax.first { $0.severity == .error } ?? syntax.first
  }

  /// The offset of the first problem of an `n_` file, checked to be right: the bytes before
  /// it are the start of some JSON text. The scanner reports a bad token (a number, an
  /// escape, a string that never closes) where the token starts, so the text before that
  /// offset ends either where the scanner stops or inside a string or escape that merely
  /// needs its end.
  private func offsetOfFirstProblem(in bytes: Data, name: String) throws -> Int {
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    let check = bytes.withUnsafeBytes {
      JSONScanner($0).syntaxCheck(allowingTrailingCommas: true)
    }
    let error = try #require(check.error ?? check.trailingCommas.first, "\(name) is valid")
    let before = bytes.prefix(error.offset)
    let beforeCheck = before.withUnsafeBytes {
      JSONScanner($0).syntaxCheck(allowingTrailingCommas: true)
    }
    let endsEarly = ["ends early", "never closed", "ends inside", "is empty", "only whitespace"]
    let stopsOnlyAtTheEnd =
      beforeCheck.error.map { beforeError in
        beforeError.offset == error.offset || error.offset <= start
          || endsEarly.contains { beforeError.message.contains($0) }
          // `"\uD800` needs its other half, which the cut left out.
          || (beforeError.message.contains("surrogate pair")
            && beforeError.offset + 6 == error.offset)
      } ?? true
    #expect(stopsOnlyAtTheEnd, "\(name): the text before offset \(error.offset) is wrong already")
    return error.offset
  }
}
