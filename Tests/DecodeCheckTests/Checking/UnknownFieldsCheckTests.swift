import CodableResilience
import Foundation
import Testing

@testable import DecodeCheck

/// An account as the app models it: the server sends more.
private struct Account: Codable {
  var id: Int
  var name: String
}

/// A model that keeps its account's unknown fields, and not its own (`device` is dropped).
private struct Session: Codable {
  var token: String
  @KeepUnknownFields var account: Account
}

/// The unknown fields of a wrapped model as one format shows them: each finding's class,
/// severity and path.
struct UnknownFieldsFormat: Sendable, CustomTestStringConvertible {
  let testDescription: String
  let arguments: [String]
  /// `class severity path` for each finding of the output, in its order.
  let findings: @Sendable (CommandRun) throws -> [String]
}

let unknownFieldsFormats = [
  UnknownFieldsFormat(testDescription: "text", arguments: []) { run in
    // `file:line:column: severity: path: message [class]`, then the summary.
    try run.outputLines.dropLast().map { line in
      let fields = line.split(separator: ": ").map(String.init)
      let checkClass = try #require(fields.last?.split(separator: "[").last?.dropLast())
      return "\(checkClass) \(fields[1]) \(fields[2])"
    }
  },
  UnknownFieldsFormat(testDescription: "json", arguments: ["--format", "json"]) { run in
    let files = try #require(try jsonObject(run.output)["files"] as? [[String: Any]])
    let findings = try #require(files.first?["findings"] as? [[String: Any]])
    return try findings.map { finding in
      let field = try #require(finding["unknownField"] as? [String: String])
      #expect(finding["kind"] as? String == "unknownField")
      #expect(field["model"] == "Account")
      return "\(finding["class"] ?? "") \(finding["severity"] ?? "") \(finding["path"] ?? "")"
        + " \(field["json"] ?? "")"
    }
  },
  UnknownFieldsFormat(testDescription: "sarif", arguments: ["--format", "sarif"]) { run in
    let sarif = try jsonObject(run.output)
    let results = try #require(
      (sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
    return try results.map { result in
      let text = try #require((result["message"] as? [String: String])?["text"])
      let path = try #require(text.split(separator: ":").first)
      return "\(result["ruleId"] ?? "") \(result["level"] ?? "") \(path)"
    }
  },
]

/// decode-check lists each field a `@KeepUnknownFields` model does not write as a note of its
/// own class: never an error, not even under `--strict`, and never recorded in a baseline.
@Suite struct UnknownFieldsCheckTests {
  private let payload = Data(
    #"""
    {"token": "t", "device": "ios",
     "account": {"id": 7, "zone": "UTC", "name": "Ada", "header": {"url": "h.png"}}}
    """#.utf8)

  /// The folder the payload is written to, named for its model, as the command finds it.
  private let temporary: TemporaryFolder
  private let path: String

  init() throws {
    temporary = try TemporaryFolder()
    _ = try temporary.write(payload, to: "Session/one.json")
    path = temporary.path + "/Session"
  }

  private let registry = ModelRegistry(registering: Session.self)

  @Test func eachUnknownFieldOfTheWrappedModelIsANoteAtItsPath() {
    let report = PayloadChecker().check(payload, as: RegisteredModel(Session.self))
    #expect(report.outcome == .decoded)
    // In the order of the text; `device` is the unwrapped model's, not kept, not listed.
    #expect(
      report.findings.map { "\($0.severity) \($0.path ?? "") \(CheckClass(of: $0).rawValue)" } == [
        "note $.account.zone unknown-field", "note $.account.header unknown-field",
      ])
    #expect(
      report.findings.map(\.message)
        == Array(
          repeating: "Account does not write this field; kept to write back", count: 2))
    #expect(report.findings.map(\.kind) == [.unknownField, .unknownField])
  }

  @Test func strictKeepsThemNotes() throws {
    let strict = PayloadChecker(strict: true).check(payload, as: RegisteredModel(Session.self))
    #expect(strict.outcome == .decoded)
    #expect(strict.findings.map(\.severity) == [.note, .note])
    let run = runCommand(["--strict", path], registry: registry)
    #expect(run.status == 0, "\(run.output)\(run.errors)")
    #expect(run.output.contains("$.account.zone"), "\(run.output)")
  }

  @Test(arguments: unknownFieldsFormats)
  func everyFormatListsThem(_ format: UnknownFieldsFormat) throws {
    let run = runCommand(format.arguments + ["--strict", path], registry: registry)
    #expect(run.status == 0, "\(run.output)\(run.errors)")
    var expected = ["unknown-field note $.account.zone", "unknown-field note $.account.header"]
    if format.testDescription == "json" {
      expected = zip(expected, [#""UTC""#, #"{"url":"h.png"}"#]).map { "\($0) \($1)" }
    }
    #expect(try format.findings(run) == expected, "\(run.output)")
  }

  @Test(arguments: unknownFieldsFormats)
  func disablingTheClassHidesThem(_ format: UnknownFieldsFormat) throws {
    let run = runCommand(
      format.arguments + ["--disable", "unknown-field", path], registry: registry)
    #expect(run.status == 0, "\(run.output)\(run.errors)")
    #expect(try format.findings(run) == [], "\(run.output)")
    #expect(!run.output.contains("$.account.zone"), "\(run.output)")
  }

  @Test func aBaselineDoesNotRecordThem() throws {
    let baseline = temporary.path + "/baseline.json"
    let write = runCommand(
      ["--strict", "--write-baseline", baseline, path], registry: registry)
    #expect(write.status == 0, "\(write.output)\(write.errors)")
    #expect(try Baseline(contentsOfFile: baseline).entries.isEmpty)
    // Still listed when checked against it: a baseline does not hide them either.
    let check = runCommand(["--strict", "--baseline", baseline, path], registry: registry)
    #expect(check.status == 0, "\(check.output)\(check.errors)")
    #expect(check.output.contains("$.account.header"), "\(check.output)")
  }
}
