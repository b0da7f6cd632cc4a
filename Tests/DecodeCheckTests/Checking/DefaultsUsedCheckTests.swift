import CodableResilience
import Foundation
import Testing

@testable import DecodeCheck

/// A model whose server leaves keys out: one kind of server omits `header`, another sends
/// `null` for `note`.
private struct Profile: Codable {
  var id: Int
  @DecodeMissingAsDefault<EmptyByDefault<String>> var header: String
  @DecodeMissingAsDefault<EmptyByDefault<String>> var note: String
}

/// The same model, plain.
private struct PlainProfile: Codable {
  var id: Int
  var header: String
  var note: String
}

/// decode-check lists each default used as a note (an error under `--strict`, as a plain
/// property throws), records it in baselines, and the audit does not count such a key as
/// required.
@Suite struct DefaultsUsedCheckTests {
  private let payload = Data(#"{"id": 7, "note": null}"#.utf8)

  /// A `null` is placed on the `null`; a missing key on the object it is missing from (line 1,
  /// column 1 here), as a plain model's `keyNotFound` is, so it comes first.
  @Test func eachDefaultUsedIsANoteAtItsPath() {
    let report = PayloadChecker().check(payload, as: RegisteredModel(Profile.self))
    #expect(report.outcome == .decoded)
    #expect(
      report.findings.map {
        "\($0.severity) \($0.path ?? "") \(CheckClass(of: $0).rawValue) "
          + "\($0.position.map { "\($0.line):\($0.column)" } ?? "-")"
      } == ["note $.header default-used 1:1", "note $.note default-used 1:19"])
    #expect(
      report.findings.map(\.message) == [
        "missing String read as its default (@DecodeMissingAsDefault)",
        "null String read as its default (@DecodeMissingAsDefault)",
      ])
  }

  @Test func aMissingKeyInANestedObjectIsPlacedOnThatObject() {
    let text =
      "[\n  {\"id\": 1, \"header\": \"h\", \"note\": \"n\"},\n  {\"id\": 2, \"note\": \"n\"}\n]"
    let report = PayloadChecker().check(Data(text.utf8), as: RegisteredModel([Profile].self))
    #expect(
      report.findings.map {
        "\($0.path ?? "") \($0.position.map { "\($0.line):\($0.column)" } ?? "-")"
      }
        == ["$[1].header 3:3"])
  }

  @Test func strictMakesThemErrorsAsAPlainModelFails() {
    let strict = PayloadChecker(strict: true).check(payload, as: RegisteredModel(Profile.self))
    #expect(strict.findings.map(\.severity) == [.error, .error])
    let plain = PayloadChecker().check(payload, as: RegisteredModel(PlainProfile.self))
    #expect(plain.outcome == .failed)
  }

  @Test func aBaselineAcceptsThemAndTheAuditDoesNotCountTheKeyRequired() throws {
    let folder = try TemporaryFolder()
    _ = try folder.write(payload, to: "Profile/one.json")
    let registry = ModelRegistry(registering: Profile.self)
    let baseline = folder.path + "/baseline.json"
    let write = runCommand(
      ["--strict", "--write-baseline", baseline, folder.path + "/Profile"], registry: registry)
    // Writing a baseline reports what it records: both are errors under --strict.
    #expect(write.status == 1, "\(write.output)\(write.errors)")
    #expect(
      try Baseline(contentsOfFile: baseline).entries.map(\.kind) == [.defaultUsed, .defaultUsed])
    let check = runCommand(
      ["--strict", "--baseline", baseline, folder.path + "/Profile"], registry: registry)
    #expect(check.status == 0, "\(check.output)\(check.errors)")

    // Every key present: the audit leaves each out in turn. Only `id` is required with the
    // wrapper; all three are without it.
    _ = try folder.write(Data(#"{"id": 7, "header": "h", "note": "n"}"#.utf8), to: "Full/one.json")
    let audit = runCommand(
      ["--audit", "--type", "Profile", folder.path + "/Full"], registry: registry)
    #expect(audit.output.contains(", 1 required"), "\(audit.output)")
    let plainAudit = runCommand(
      ["--audit", "--type", "PlainProfile", folder.path + "/Full"],
      registry: ModelRegistry(registering: PlainProfile.self))
    #expect(plainAudit.output.contains(", 3 required"), "\(plainAudit.output)")
  }
}
