import Foundation
import SampleAPI
import Testing

@testable import DecodeCheck

/// A closed enum two models include, as octokit's `Openness` is included by nine.
private enum Openness: String, Decodable {
  case open, closed
}

private struct Issue: Decodable {
  var id: Int
  var state: Openness
  var title: String
}

private struct Milestone: Decodable {
  var id: Int
  var state: Openness
  /// A second closed enum, breaking one field only: it keeps a line of its own.
  var kind: Kind
  enum Kind: String, Decodable { case dated, open }
}

private let registry = ModelRegistry(registering: Issue.self, Milestone.self)

private let issue = """
  {
    "id": 1,
    "state": "open",
    "title": "Crash on launch"
  }
  """

private let milestone = """
  {
    "id": 2,
    "state": "closed",
    "kind": "dated"
  }
  """

/// A folder of an issue and a milestone, each in its type's folder.
private func folder() throws -> (TemporaryFolder, issue: String, milestone: String) {
  let folder = try TemporaryFolder()
  let issueFile = try folder.write(issue, to: "Issue/i1.json")
  let milestoneFile = try folder.write(milestone, to: "Milestone/m1.json")
  return (folder, issueFile, milestoneFile)
}

private let opennessDetail =
  "unknown Openness value \"decodecheckAuditNewValue\", and Openness cannot decode values it "
  + "does not know (no `unknown` case)"

@Suite struct AuditTextTests {
  /// One enum, two fields: one line, at the first field's example, naming both.
  @Test func aBrittleEnumIsOneLineNamingTheFieldsItBreaks() throws {
    let (folder, issueFile, milestoneFile) = try folder()
    let run = runCommand(["--audit", folder.path], registry: registry)
    #expect(run.status == 0)
    let brittle = run.outputLines.filter { $0.contains("brittle") && !$0.hasPrefix("audit:") }
    #expect(
      brittle == [
        "\(issueFile):3:12: warning: Openness: brittle: a new value fails decoding in 2 fields "
          + "(Issue $.state, Milestone $.state): \(opennessDetail); 2 places [brittle-field]",
        "\(milestoneFile):4:11: warning: $.kind: brittle: a new value fails decoding: unknown "
          + "Kind value \"decodecheckAuditNewValue\", and Kind cannot decode values it does not "
          + "know (no `unknown` case); required; 1 payload, 1 place [brittle-field]",
      ])
    // The audit still counts fields, and the structured formats hold each one.
    // 12 variants of a new value and a key left out, 8 of the other JSON type of each `id`
    // and `null` of each field (issue 43), whose brittle fields are notes apart.
    #expect(run.output.contains("audit: 2 payloads, 20 variants: 3 brittle fields, "))
    let json = try jsonObject(
      runCommand(["--audit", "--format", "json", folder.path], registry: registry).output)
    let fields = try #require((json["audit"] as? [String: Any])?["fields"] as? [[String: Any]])
    let newValues = fields.filter { !["otherType", "null"].contains($0["question"] as? String) }
    #expect(newValues.filter { $0["verdict"] as? String == "brittle" }.count == 3)
    let strict = runCommand(["--audit", "--strict", "--quiet", folder.path], registry: registry)
    #expect(strict.status == 1)
    #expect(strict.outputLines.filter { $0.contains(": error: ") }.count == 2)
  }

  /// Baselines stay per field: an enum accepted at one field still fails at a new one, and
  /// the line says which is which.
  @Test func aNewFieldBrokenByAnAcceptedEnumStillFails() throws {
    let (folder, issueFile, _) = try folder()
    // Beside the folder checked, not in it, where it would be a payload without a type.
    let elsewhere = try TemporaryFolder()
    let baseline = elsewhere.path + "/baseline.json"
    _ = runCommand(
      ["--audit", "--write-baseline", baseline, folder.path + "/Milestone"], registry: registry)
    let written = try Baseline(contentsOfFile: baseline)
    #expect(written.entries.map(\.path) == ["$.kind", "$.state"])

    let run = runCommand(
      ["--audit", "--strict", "--baseline", baseline, folder.path], registry: registry)
    #expect(run.status == 1)
    #expect(
      run.outputLines.contains(
        "\(issueFile):3:12: error: Openness: brittle: a new value fails decoding in 2 fields "
          + "(Issue $.state; accepted by the baseline: Milestone $.state): \(opennessDetail); "
          + "2 places [brittle-field]"))

    // Every field accepted: a note, which --quiet leaves out.
    _ = runCommand(["--audit", "--write-baseline", baseline, folder.path], registry: registry)
    #expect(try Baseline(contentsOfFile: baseline).entries.count == 3)
    let accepted = runCommand(
      ["--audit", "--strict", "--baseline", baseline, folder.path], registry: registry)
    #expect(accepted.status == 0)
    #expect(
      accepted.outputLines.contains {
        $0.contains(": note: Openness: brittle: ")
          && $0.hasSuffix("; 2 places; accepted by the baseline [brittle-field]")
      })
    let quiet = runCommand(
      ["--audit", "--strict", "--quiet", "--baseline", baseline, folder.path], registry: registry)
    #expect(!quiet.output.contains("Openness: brittle"))
  }

  /// Open fields are the bulk of an audit: the text lists them with -v only.
  @Test func openFieldsAreListedOnlyWithVerbose() throws {
    let (folder, issueFile, _) = try folder()
    let open =
      "\(issueFile):4:12: note: $.title: open: a new value decodes, and nothing is "
      + "reported; required; 1 payload, 1 place [audited-field]"
    let plain = runCommand(["--audit", folder.path], registry: registry)
    #expect(!plain.output.contains(": open: "))
    #expect(plain.output.contains(", 3 open, "))
    let verbose = runCommand(["--audit", "-v", folder.path], registry: registry)
    #expect(verbose.outputLines.contains(open))
    #expect(verbose.outputLines.filter { $0.contains(": open: ") }.count == 3)
    #expect(
      runCommand(["--audit", "--verbose", folder.path], registry: registry).output
        == verbose.output)
    // -v shows notes, and --quiet hides them still.
    let both = runCommand(["--audit", "-v", "--quiet", folder.path], registry: registry)
    #expect(!both.output.contains(": open: "))
  }

  @Test(arguments: [
    ("Octokit.Issue.Comment", "Issue.Comment"),
    ("SampleAPI.Booking", "Booking"),
    ("Swift.Array<SampleAPI.Status>", "Array<Status>"),
    ("DecodeCheckTests.(unknown context at $10b2c).Parcel", "Parcel"),
    ("Parcel", "Parcel"),
  ])
  func modelsAreNamedWithoutTheirModule(qualified: String, short: String) {
    #expect(ModelNames.short(qualified) == short)
  }

  @Test func aShortNameTwoModelsShareIsQualified() {
    let names = ModelNames(["Octokit.Issue.Comment", "Octokit.PullRequest.Comment", "App.Comment"])
    #expect(names.shown("App.Comment") == "Comment")
    #expect(names.shown("Octokit.Issue.Comment") == "Issue.Comment")
    let shared = ModelNames(["A.Comment", "B.Comment"])
    #expect(shared.shown("A.Comment") == "A.Comment")
  }
}
