import CodableResilience
import Foundation
import Testing

@testable import DecodeCheck

// The redaction corpus (`Tests/RedactionCorpus/strings.txt`), written by hand and not from the
// redactor's rules: strings that look like a stand-in's form and go on with personal text.
// Each is recorded at every position a payload holds a string, and no run of three or more
// letters or digits of its personal part may reach the fixture.

/// A post, the one variant `CorpusItem` knows.
struct CorpusPost: Codable, Sendable {
  var title: String
}

/// A feed item: a post, or a variant the model does not know, kept whole.
enum CorpusItem: TaggedUnion, Decodable, Sendable {
  case post(CorpusPost)
  case unknown(UnknownVariant)

  init?(tag: String, from decoder: any Decoder) throws {
    guard tag == "post" else { return nil }
    self = .post(try CorpusPost(from: decoder))
  }
}

/// An author whose members the model does not write are kept (`@KeepUnknownFields`).
struct CorpusAuthor: Codable, Sendable {
  var name: String
}

/// Every position of a string: fields of several types, an optional, an array's element, a
/// dictionary's key, an unknown variant, a kept unknown field, and members nothing reads.
struct CorpusSubject: Decodable, Sendable {
  var id: Int
  var text: String
  var subtitle: String?
  var tags: [String]
  var link: URL?
  var at: Date?
  var counts: [String: Int]
  var items: [CorpusItem]
  @KeepUnknownFields var author: CorpusAuthor
}

/// A model that fails on its first member, so nothing after it is read.
struct CorpusCounted: Decodable, Sendable {
  var count: Int
  var text: String
}

@Suite struct RedactionCorpusTests {
  /// One line of the corpus: the string as JSON text, and the runs of its personal part.
  struct Line: Sendable, CustomTestStringConvertible {
    var number: Int
    var json: String
    var personalRuns: [String]
    var testDescription: String { "line \(number): \(json)" }
  }

  static let lines: [Line] = {
    let path = packageRoot + "/Tests/RedactionCorpus/strings.txt"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    var lines: [Line] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    where !line.hasPrefix("#") && !line.isEmpty {
      let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2,
        let personal = try? JSONDecoder().decode(String.self, from: Data("\"\(parts[1])\"".utf8))
      else { continue }
      lines.append(
        Line(
          number: index + 1, json: "\"\(parts[0])\(parts[1])\"",
          personalRuns: Self.runs(of: personal)))
    }
    return lines
  }()

  /// The maximal runs of letters and digits, three or more long.
  static func runs(of text: String) -> [String] {
    text.split { !($0.isLetter || $0.isNumber) }.map(String.init).filter { $0.count >= 3 }
  }

  /// Where a string goes: a payload with `S` where the string is.
  static let positions: [(name: String, model: RegisteredModel, payload: String)] = {
    let subject = RegisteredModel(CorpusSubject.self) {
      let decoder = JSONDecoder()
      decoder.dateDecodingStrategy = .iso8601
      return decoder
    }
    func payload(_ replacing: String, with value: String) -> String {
      let base = """
        {"id": 7, "text": "plain", "subtitle": null, "tags": ["plain"],
         "link": "https://example.com/a", "at": "2024-01-01T00:00:00Z", "counts": {"a": 1},
         "items": [{"type": "post", "title": "hi"}], "author": {"name": "Ana"},
         "ignored": "x"}
        """
      return base.replacingOccurrences(of: replacing, with: value)
    }
    return [
      ("a String field", subject, payload(#""text": "plain""#, with: #""text": S"#)),
      ("an optional field", subject, payload(#""subtitle": null"#, with: #""subtitle": S"#)),
      ("an array's element", subject, payload(#"["plain"]"#, with: #"[S, "plain"]"#)),
      ("a URL field", subject, payload(#""https://example.com/a""#, with: "S")),
      ("a Date field", subject, payload(#""2024-01-01T00:00:00Z""#, with: "S")),
      ("a dictionary's key", subject, payload(#"{"a": 1}"#, with: #"{S: 1}"#)),
      (
        "an unknown variant's value", subject,
        payload(#"{"type": "post", "title": "hi"}"#, with: #"{"type": "reel", "caption": S}"#)
      ),
      (
        "an unknown variant's key", subject,
        payload(#"{"type": "post", "title": "hi"}"#, with: #"{"type": "reel", S: 1}"#)
      ),
      ("a known variant's field", subject, payload(#""title": "hi""#, with: #""title": S"#)),
      (
        "a field @KeepUnknownFields keeps", subject,
        payload(#"{"name": "Ana"}"#, with: #"{"name": "Ana", "bio": S}"#)
      ),
      (
        "a key @KeepUnknownFields keeps", subject,
        payload(#"{"name": "Ana"}"#, with: #"{"name": "Ana", S: "x"}"#)
      ),
      ("a member nothing reads", subject, payload(#""ignored": "x""#, with: #""ignored": S"#)),
      (
        "a key nothing reads", subject,
        payload(#""ignored": "x""#, with: #""ignored": {S: "x"}"#)
      ),
      ("after the failure", RegisteredModel(CorpusCounted.self), #"{"count": "3", "text": S}"#),
      (
        "a key after the failure", RegisteredModel(CorpusCounted.self),
        #"{"count": "3", "text": {S: "x"}}"#
      ),
    ]
  }()

  @Test func theCorpusIsRead() {
    #expect(Self.lines.count >= 300)
  }

  @Test(arguments: lines)
  func noPersonalRunSurvives(line: Line) throws {
    for position in Self.positions {
      let payload = Data(position.payload.replacingOccurrences(of: "S", with: line.json).utf8)
      let decoder = VariantDecoder(position.model)
      let result = FixtureRedactor(decoder: decoder).record(payload).result
      guard case .recorded(let fixture) = result else { continue }
      #expect(
        decoder.outcome(of: fixture.text).signature == decoder.outcome(of: payload).signature,
        "\(position.name)")
      let strings = try Self.strings(in: fixture.text)
      for run in line.personalRuns {
        let survivor = strings.first { $0.contains(run) }
        #expect(survivor == nil, "\(position.name): \"\(run)\" survives in \(survivor ?? "")")
      }
    }
  }

  /// Positions where `redacted` keeps the outcome, so every string there is recorded: the
  /// corpus cannot pass by recording nothing.
  @Test(arguments: [0, 1, 2, 6, 8, 9, 11, 13])
  func freeTextIsRecordedWhereRedactedKeepsTheOutcome(position index: Int) {
    let position = Self.positions[index]
    let decoder = VariantDecoder(position.model)
    let notRecorded = Self.lines.filter { line in
      let payload = Data(position.payload.replacingOccurrences(of: "S", with: line.json).utf8)
      guard case .recorded = FixtureRedactor(decoder: decoder).record(payload).result else {
        return true
      }
      return false
    }
    #expect(notRecorded.isEmpty, "\(position.name): \(notRecorded.prefix(3).map(\.json))")
  }

  /// Every string value and key of a fixture, its escapes resolved, and its raw text.
  static func strings(in fixture: Data) throws -> [String] {
    var found = [String(decoding: fixture, as: UTF8.self)]
    func walk(_ value: Any) {
      if let text = value as? String { found.append(text) }
      if let array = value as? [Any] { array.forEach(walk) }
      if let object = value as? [String: Any] {
        for (key, member) in object {
          found.append(key)
          walk(member)
        }
      }
    }
    walk(try JSONSerialization.jsonObject(with: fixture, options: [.fragmentsAllowed]))
    return found
  }
}
