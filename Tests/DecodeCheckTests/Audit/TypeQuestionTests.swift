import CodableResilience
import Foundation
import SampleAPI
import Testing

@testable import DecodeCheck

/// `--audit` asks two more questions of each scalar (issue 43): the value as the other JSON
/// type it converts from or to, and `null`. Each is a field of its own, with the verdicts of a
/// new value, and classes of their own (`brittle-to-type`, `brittle-to-null`) that are notes
/// unless `--strict-classes` names them.
@Suite struct TypeQuestionTests {
  private let payouts = packageFixtures + "/HostPayout/v1-paid.json"
  private let registry = ModelRegistry(registering: HostPayout.self, Booking.self)

  /// The sample's payout: every number and flag converts, and only the optional fee reads
  /// `null`.
  @Test func eachModelHasALineOfHowManyFieldsSurviveEachQuestion() throws {
    let run = runCommand(["--audit", payouts], registry: registry)
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.outputLines.contains("audit: HostPayout: new value 3/3, other type 4/4, null 1/6"))
    let json = try jsonObject(
      runCommand(["--audit", "--format", "json", payouts], registry: registry).output)
    let models = try #require((json["audit"] as? [String: Any])?["models"] as? [[String: Any]])
    #expect(models.count == 1)
    #expect(models.first?["type"] as? String == "HostPayout")
    #expect(
      models.first?["otherType"] as? [String: Int] == ["survived": 4, "asked": 4])
    #expect(models.first?["null"] as? [String: Int] == ["survived": 1, "asked": 6])
  }

  @Test func theOtherTypeIsReadByAConvertingPropertyAndBreaksAPlainOne() throws {
    let json = try jsonObject(
      runCommand(["--audit", "--format", "json", payouts], registry: registry).output)
    let fields = try #require((json["audit"] as? [String: Any])?["fields"] as? [[String: Any]])
    let otherType = Dictionary(
      uniqueKeysWithValues: fields.filter { $0["question"] as? String == "otherType" }.map {
        ($0["path"] as? String ?? "", $0)
      })
    // `7` as `"7"`: read, and reported by the wrapper.
    #expect(otherType["$.id"]?["verdict"] as? String == "resilient")
    #expect(otherType["$.id"]?["tool"] as? String == "@DecodeConvertingType")
    #expect(otherType["$.amount"]?["verdict"] as? String == "resilient")
    // `false` as `"false"`: a Bool converts "true" and "false".
    #expect(otherType["$.is_instant"]?["verdict"] as? String == "resilient")
    // A string that is no number or boolean has no other type to be sent as.
    #expect(otherType["$.currency"] == nil)

    let booking = packageFixtures + "/Booking/v1-confirmed.json"
    let plain = runCommand(["--audit", "-v", booking], registry: registry)
    #expect(
      plain.outputLines.contains {
        $0.contains(
          "$.listing_id: brittle to another type: the value as another JSON type "
            + "fails decoding: expected a number, found a string: ")
          && $0.hasSuffix("[brittle-to-type]")
      }, "\(plain.output)")
  }

  @Test func nullIsReadByAnOptionalAndBreaksARequiredValue() throws {
    let run = runCommand(["--audit", "-v", payouts], registry: registry)
    #expect(
      run.outputLines.contains {
        $0.contains("$.fee: open to null: null decodes, and nothing is reported")
      }, "\(run.output)")
    #expect(
      run.outputLines.contains {
        $0.contains("note: $.currency: brittle to null: null fails decoding: ")
          && $0.hasSuffix("[brittle-to-null]")
      }, "\(run.output)")
    // Without -v the text lists neither: a plain model is brittle to both almost everywhere.
    let quiet = runCommand(["--audit", payouts], registry: registry)
    #expect(!quiet.output.contains(" to null: ") && !quiet.output.contains(" to another type: "))
  }

  /// Notes by default, even under --strict: no CI that passes today fails on upgrade. Named
  /// in --strict-classes, each fails the check, and a baseline accepts them field by field.
  @Test func strictClassesFailOnTheQuestionsNamedAndBaselinesAcceptThemPerField() throws {
    let booking = packageFixtures + "/Booking/v1-confirmed.json"
    let strict = runCommand(["--audit", "--strict", booking], registry: registry)
    #expect(strict.status == 0, "\(strict.output)")
    let named = runCommand(
      ["--audit", "--strict-classes", "brittle-to-null", booking], registry: registry)
    #expect(named.status == 1)
    let errors = named.outputLines.filter { $0.contains(": error: ") }
    #expect(!errors.isEmpty && errors.allSatisfy { $0.hasSuffix("[brittle-to-null]") })
    #expect(!named.output.contains("[brittle-to-type]"), "only the class named fails")

    let folder = try TemporaryFolder()
    let baseline = folder.path + "/baseline.json"
    _ = runCommand(
      ["--audit", "--strict-classes", "brittle-to-null", "--write-baseline", baseline, booking],
      registry: registry)
    let entries = try Baseline(contentsOfFile: baseline).entries
    #expect(entries.count == errors.count)
    #expect(entries.allSatisfy { $0.kind == .brittleToNull && $0.value == "null fails decoding" })
    let accepted = runCommand(
      ["--audit", "--strict-classes", "brittle-to-null", "--baseline", baseline, booking],
      registry: registry)
    #expect(accepted.status == 0, "\(accepted.output)")
    // A baseline written without --strict-classes records none of them: they were notes.
    let plainBaseline = folder.path + "/plain.json"
    _ = runCommand(["--audit", "--write-baseline", plainBaseline, booking], registry: registry)
    #expect(
      try Baseline(contentsOfFile: plainBaseline).entries.allSatisfy { $0.kind == .brittleField })
  }

  @Test(arguments: [
    ["--strict-classes", "brittle-to-null", "x.json"],
    ["--audit", "--strict-classes", "brittle-field", "x.json"],
    ["--audit", "--strict-classes", "brittle-to-nul", "x.json"],
  ])
  func strictClassesIsAUsageErrorWithoutTheAuditOrForAnotherClass(_ arguments: [String]) {
    let run = runCommand(arguments, registry: registry)
    #expect(run.status == 2)
    #expect(run.errors.contains("--strict-classes") || run.errors.contains("brittle-to-nul"))
  }

  /// The budget asks new values and variants first: a payload it cannot ask everything of
  /// keeps today's verdicts, and the run says what it left out.
  @Test func theQuestionsOfATypeAreAskedLastWithinTheBudget() throws {
    let tight = runCommand(["--audit", "--places-per-file", "13", payouts], registry: registry)
    let whole = runCommand(["--audit", payouts], registry: registry)
    let verdicts = { (run: CommandRun) in
      run.outputLines.filter { $0.contains("[brittle-field]") || $0.contains(": resilient: ") }
    }
    #expect(verdicts(tight) == verdicts(whole))
    #expect(tight.output.contains("left out by the budget per payload"), "\(tight.output)")
    #expect(!whole.output.contains("left out by the budget per payload"))
  }
}
