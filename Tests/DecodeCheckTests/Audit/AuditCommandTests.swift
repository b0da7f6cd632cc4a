import Foundation
import SampleAPI
import Testing

@testable import DecodeCheck

/// A parcel as an app models it: one plain enum (`size`, brittle), one toolkit enum
/// (`state`, resilient), an ID and a free-form note (open).
private struct Parcel: Decodable {
  var id: Int
  var size: ParcelSize
  var state: BookingState
  var note: String?
}

private enum ParcelSize: String, Decodable {
  case small, large
}

/// The same parcel with its size read by an enum that tolerates new values.
private struct TolerantParcel: Decodable {
  var id: Int
  var size: ListingKind
  var state: BookingState
  var note: String?
}

private let registry = ModelRegistry(registering: Parcel.self, TolerantParcel.self)

/// A parcel laid out on lines: `id` at 2:9, `size` at 3:11, `state` at 4:12, `note` at 5:11.
private let parcel = """
  {
    "id": 41,
    "size": "small",
    "state": "confirmed",
    "note": "fragile"
  }
  """

private func audit(_ arguments: [String], registry: ModelRegistry = registry) -> CommandRun {
  runCommand(["--audit"] + arguments, registry: registry)
}

@Suite struct AuditCommandTests {
  @Test func eachFieldIsListedOnceAtItsExampleWithItsVerdict() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write(parcel, to: "Parcel/p1.json")
    try folder.write(parcel.replacing("41", with: "42"), to: "Parcel/p2.json")
    // The text lists open fields, and what the other JSON type and `null` do (issue 43),
    // only with -v; without it, the same lines but those.
    let run = audit(["-v", folder.path])
    #expect(run.status == 0)
    #expect(
      audit([folder.path]).outputLines
        == run.outputLines.filter {
          !$0.contains(": open: a new value decodes") && !$0.contains(" to null: ")
            && !$0.contains(" to another type: ")
        })
    let typeNote = { (place: String, path: String, expected: String) in
      "\(file):\(place): note: \(path): brittle to null: null fails decoding: `null` where a "
        + "value is required (expected a \(expected)); 2 payloads, 2 places [brittle-to-null]"
    }
    #expect(
      run.outputLines == [
        "\(file):2:9: note: $.id: open: a new value decodes, and nothing is reported; required; "
          + "2 payloads, 2 places [audited-field]",
        typeNote("2:9", "$.id", "number"),
        "\(file):2:9: note: $.id: brittle to another type: the value as another JSON type fails "
          + "decoding: expected a number, found a string: \"41\"; 2 payloads, 2 places "
          + "[brittle-to-type]",
        "\(file):5:11: note: $.note: open: a new value decodes, and nothing is reported; "
          + "2 payloads, 2 places [audited-field]",
        "\(file):5:11: note: $.note: open to null: null decodes, and nothing is reported; "
          + "2 payloads, 2 places [audited-field]",
        "\(file):3:11: warning: $.size: brittle: a new value fails decoding: unknown ParcelSize "
          + "value \"decodecheckAuditNewValue\", and ParcelSize cannot decode values it does not "
          + "know (no `unknown` case); required; 2 payloads, 2 places [brittle-field]",
        typeNote("3:11", "$.size", "string"),
        "\(file):4:12: note: $.state: resilient: a new value is reported as unknown by "
          + "BookingState (UnknownDecodable); required; 2 payloads, 2 places [audited-field]",
        typeNote("4:12", "$.state", "string"),
        "audit: Parcel: new value 3/4, other type 0/1, null 1/4",
        "audit: 2 payloads, 26 variants: 1 brittle field, 1 resilient, 2 open, 3 required",
        "2 files checked: 2 decoded cleanly, 0 with unknown values (0 values), 0 failed",
      ])
  }

  @Test func strictMakesBrittleFieldsErrorsAndQuietShowsOnlyThem() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write(parcel, to: "Parcel/p1.json")
    let run = audit(["--strict", "--quiet", folder.path])
    #expect(run.status == 1)
    // The brittle field, the line per model (issue 43), the audit's counts and the summary.
    #expect(run.outputLines.count == 4)
    #expect(run.outputLines.first?.hasPrefix("\(file):3:11: error: $.size: brittle: ") == true)
    // A model that tolerates new sizes has no brittle field.
    let tolerant = audit(["--type", "TolerantParcel", folder.path])
    #expect(tolerant.status == 0)
    #expect(tolerant.output.contains(": 0 brittle fields, 2 resilient, 2 open, 3 required"))
    #expect(
      tolerant.output.contains(
        "$.size: resilient: a new value is reported as unknown by ListingKind (UnknownDecodable)"))
  }

  /// `--quiet` hides the notes, never a brittle field: without `--strict` it is a warning,
  /// and it is what the audit was run to find.
  @Test(arguments: ["text", "github"])
  func quietNeverHidesABrittleField(_ format: String) throws {
    let folder = try TemporaryFolder()
    let file = try folder.write(parcel, to: "Parcel/p1.json")
    let run = audit(["--quiet", "--format", format, folder.path])
    #expect(run.status == 0)
    let brittle = run.outputLines.filter { $0.contains("$.size: brittle: ") }
    #expect(brittle.count == 1)
    #expect(
      brittle.first?.hasPrefix(
        format == "text" ? "\(file):3:11: warning: " : "::warning file=") == true)
    #expect(!run.output.contains("resilient: a new value"))
    #expect(!run.output.contains("open: a new value"))
  }

  /// Under `--strict` a brittle field fails the run though every payload decodes; the summary
  /// says so rather than "0 failed" alone.
  @Test func theStrictSummaryAgreesWithTheExitStatus() throws {
    let folder = try TemporaryFolder()
    try folder.write(parcel, to: "Parcel/p1.json")
    let strict = audit(["--strict", folder.path])
    #expect(strict.status == 1)
    #expect(
      strict.outputLines.last
        == "1 file checked: 1 decoded cleanly, 0 with unknown values (0 values), 0 failed; "
        + "1 brittle field fails the check (--strict)")
    let lenient = audit([folder.path])
    #expect(lenient.status == 0)
    #expect(
      lenient.outputLines.last
        == "1 file checked: 1 decoded cleanly, 0 with unknown values (0 values), 0 failed")
  }

  @Test func jsonHoldsEveryFieldAndTheCounts() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write(parcel, to: "Parcel/p1.json")
    let document = try jsonObject(audit(["--format", "json", folder.path]).output)
    let audit = try #require(document["audit"] as? [String: Any])
    #expect(audit["payloads"] as? Int == 1)
    // 8 of a new value and a key left out, 5 of the other JSON type and `null` (issue 43).
    #expect(audit["variants"] as? Int == 13)
    #expect(audit["notAudited"] as? Int == 0)
    #expect(audit["brittle"] as? Int == 1)
    let fields = try #require(audit["fields"] as? [[String: Any]])
    let size = try #require(fields.first { $0["path"] as? String == "$.size" })
    #expect(size["verdict"] as? String == "brittle")
    #expect(size["question"] as? String == "newValue")
    #expect(size["namedType"] as? String == "ParcelSize")
    #expect(size["required"] as? Bool == true)
    #expect(size["severity"] as? String == "warning")
    #expect(size["type"] as? String == String(reflecting: Parcel.self))
    let example = try #require(size["example"] as? [String: Any])
    #expect(example["file"] as? String == file)
    #expect(example["line"] as? Int == 3 && example["column"] as? Int == 11)
    let state = try #require(fields.first { $0["path"] as? String == "$.state" })
    #expect(state["tool"] as? String == "UnknownDecodable")
    #expect(state["severity"] as? String == "note")
  }

  @Test func githubAnnotatesBrittleFieldsAndPrintsTheOthers() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write(parcel, to: "Parcel/p1.json")
    let run = audit(["--format", "github", folder.path])
    #expect(
      run.outputLines.contains {
        $0.hasPrefix(
          "::warning file=\(file),line=3,col=11,title=decode-check%3A brittle field::$.size: brittle: "
        )
      })
    #expect(run.outputLines.contains { $0.hasPrefix("\(file):4:12: note: $.state: resilient") })
    #expect(!run.output.contains("::note"))
    #expect(!run.output.contains("::notice"))
    // Open fields and the answers to a type's change are lines only with -v, as in the
    // text format (issue 41); -v adds lines and takes none away.
    #expect(!run.output.contains(": open"))
    #expect(!run.output.contains("brittle to null"))
    let verbose = audit(["--format", "github", "-v", folder.path])
    #expect(
      verbose.outputLines.contains { $0.hasPrefix("\(file):5:11: note: $.note: open to null: ") })
    #expect(
      verbose.outputLines.contains { $0.hasPrefix("\(file):2:9: note: $.id: brittle to null: ") })
    #expect(Set(run.outputLines).isSubset(of: verbose.outputLines))
  }

  @Test func junitHasACasePerModelFailedByBrittleFieldsUnderStrict() throws {
    let folder = try TemporaryFolder()
    try folder.write(parcel, to: "Parcel/p1.json")
    let lenient = audit(["--format", "junit", folder.path]).output
    let name = JUnitFormat.escape(String(reflecting: Parcel.self))
    #expect(lenient.contains(#"<testcase classname="\#(name)" name="audit">"#))
    #expect(lenient.contains(#"tests="2" failures="0""#))
    let strict = audit(["--strict", "--format", "junit", folder.path]).output
    #expect(strict.contains(#"tests="2" failures="1""#))
    #expect(strict.contains(#"<failure type="brittleField" message="1 brittle field (--strict)">"#))
  }

  @Test func sarifHasAResultForEachBrittleFieldOnly() throws {
    let folder = try TemporaryFolder()
    try folder.write(parcel, to: "Parcel/p1.json")
    let run = runCommand(
      ["--audit", "--format", "sarif", folder.path + "/Parcel"], registry: registry,
      workingDirectory: folder.path)
    let log = try jsonObject(run.output)
    let runs = try #require(log["runs"] as? [[String: Any]])
    let results = try #require(runs.first?["results"] as? [[String: Any]])
    #expect(results.map { $0["ruleId"] as? String } == ["brittle-field"])
    let location = try #require((results.first?["locations"] as? [[String: Any]])?.first)
    let physical = try #require(location["physicalLocation"] as? [String: Any])
    #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "Parcel/p1.json")
    #expect((physical["region"] as? [String: Any])?["startLine"] as? Int == 3)
    let rules = try #require(
      ((runs.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"]
        as? [[String: Any]])
    #expect(rules.contains { $0["id"] as? String == "brittle-field" })
  }

  @Test func theSummaryPageListsTheFieldsByVerdict() throws {
    let folder = try TemporaryFolder()
    try folder.write(parcel, to: "Parcel/p1.json")
    let summary = folder.path + "/summary.md"
    _ = runCommand(
      ["--audit", "--summary", summary, folder.path + "/Parcel"], registry: registry,
      workingDirectory: folder.path)
    let text = try String(contentsOfFile: summary, encoding: .utf8)
    #expect(text.contains("### Audit"))
    #expect(text.contains("#### Brittle fields: a value never sent breaks decoding (1)"))
    #expect(
      text.contains(
        "| `\(String(reflecting: Parcel.self))` | `$.size` | `ParcelSize` | yes | 1 | 1 | "
          + "`Parcel/p1.json:3:11` |"))
    #expect(text.contains("#### Resilient fields: a value never sent is reported (1)"))
    #expect(text.contains("`BookingState` (UnknownDecodable)"))
  }

  /// Brittle fields are baselined by model and path pattern; a baseline accepts today's and
  /// a run fails on a new one. An entry for a field no longer brittle is listed when the run
  /// audited its model, and left alone when it did not.
  @Test func baselinesAcceptBrittleFieldsByModelAndPattern() throws {
    let folder = try TemporaryFolder()
    try folder.write(parcel, to: "Parcel/p1.json")
    let baseline = folder.path + "/baseline.json"
    _ = runCommand(
      ["--audit", "--write-baseline", baseline, folder.path + "/Parcel"], registry: registry,
      workingDirectory: folder.path)
    let written = try Baseline(contentsOfFile: baseline)
    #expect(
      written.entries == [
        BaselineEntry(
          file: nil, kind: .brittleField, path: "$.size", value: "a new value fails decoding",
          type: String(reflecting: Parcel.self))
      ])
    #expect(try String(contentsOfFile: baseline, encoding: .utf8).contains(#""type" : "#))

    // Another payload of the same model: the same field, accepted wherever it shows.
    try folder.write(parcel.replacing("41", with: "43"), to: "Parcel/p2.json")
    let accepted = runCommand(
      ["--audit", "--strict", "--baseline", baseline, folder.path + "/Parcel"],
      registry: registry, workingDirectory: folder.path)
    #expect(accepted.status == 0)
    #expect(accepted.output.contains("; accepted by the baseline"))
    #expect(accepted.output.contains("1 brittle field (1 accepted by the baseline)"))

    // A new brittle field fails.
    struct Crate: Decodable {
      var id: Int
      var size: ParcelSize
      var state: BookingState
      var note: String?
    }
    let crates = ModelRegistry(registering: Parcel.self, Crate.self)
    try folder.write(parcel, to: "Crate/c1.json")
    let new = runCommand(
      [
        "--audit", "--strict", "--baseline", baseline, folder.path + "/Parcel",
        folder.path + "/Crate",
      ],
      registry: crates, workingDirectory: folder.path)
    #expect(new.status == 1)

    // Fixed: the model reads sizes it does not know. Listed when the run audits the model.
    let fixedRegistry = ModelRegistry(registering: TolerantParcel.self)
    let fixed = runCommand(
      ["--audit", "--type", "TolerantParcel", "--baseline", baseline, folder.path + "/Parcel"],
      registry: fixedRegistry, workingDirectory: folder.path)
    #expect(fixed.status == 0)
    let fixedModel = runCommand(
      ["--audit", "--baseline", baseline, "--strict-baseline", folder.path + "/Parcel"],
      registry: ModelRegistry(registering: Parcel.self), workingDirectory: folder.path)
    #expect(fixedModel.status == 0)
    let notAudited = runCommand(
      ["--baseline", baseline, "--strict-baseline", folder.path + "/Parcel"],
      registry: registry, workingDirectory: folder.path)
    #expect(notAudited.status == 0)
    #expect(!notAudited.output.contains("no longer found; remove"))
  }

  /// An entry for a brittle field of an audited model that is no longer brittle.
  @Test func aBrittleFieldNoLongerFoundIsListed() throws {
    let folder = try TemporaryFolder()
    try folder.write(parcel, to: "Parcel/p1.json")
    let baseline = folder.path + "/baseline.json"
    let model = String(reflecting: Parcel.self)
    try Baseline(entries: [
      BaselineEntry(
        file: nil, kind: .brittleField, path: "$.weight", value: "a new value fails decoding",
        type: model)
    ]).write(toFile: baseline)
    let run = runCommand(
      ["--audit", "--baseline", baseline, "--strict-baseline", folder.path + "/Parcel"],
      registry: registry, workingDirectory: folder.path)
    #expect(run.status == 1)
    #expect(
      run.outputLines.first
        == "\(model): error: $.weight: no longer found; remove it from the baseline: brittle "
        + "field \"a new value fails decoding\"")
  }

  /// Invalid JSON, payloads that fail and files without a type are reported as the check
  /// reports them, and not audited.
  @Test func payloadsThatDoNotDecodeAreReportedAndNotAudited() throws {
    let folder = try TemporaryFolder()
    try folder.write(parcel, to: "Parcel/p1.json")
    let broken = try folder.write("{\"id\": 1,", to: "Parcel/broken.json")
    let failing = try folder.write(
      parcel.replacing("\"small\"", with: "\"huge\""), to: "Parcel/huge.json")
    try folder.write(parcel, to: "Untyped/p.json")
    let run = audit([folder.path])
    #expect(run.status == 2)
    #expect(run.outputLines.contains { $0.hasPrefix("\(broken):1:10: error: not valid JSON") })
    #expect(
      run.outputLines.contains {
        $0.hasPrefix("\(failing):3:11: error: $.size: unknown ParcelSize")
      })
    #expect(
      run.outputLines.contains { $0.contains("Untyped/p.json: error: no type for this file") })
    #expect(
      run.outputLines.dropLast().last
        == "audit: 1 payload, 13 variants: 1 brittle field, 1 resilient, 2 open, 3 required; "
        + "2 payloads not audited (they do not decode)")
  }

  /// A long array: each field is asked at its first places and a sample of the rest, and a
  /// payload at most at the places its budget allows, each field once before any twice.
  @Test func theBudgetCapsPlacesPerFieldAndPerPayload() throws {
    struct Shipment: Decodable { var parcels: [Parcel] }
    let parcels = (0..<40).map { #"{"id": \#($0), "size": "large", "state": "confirmed"}"# }
    let folder = try TemporaryFolder()
    try folder.write(#"{"parcels": [\#(parcels.joined(separator: ",\n"))]}"#, to: "Shipment/s.json")
    let shipments = ModelRegistry(registering: Shipment.self)
    func fields(_ options: [String]) throws -> [String: Int] {
      let document = try jsonObject(
        runCommand(["--audit", "--format", "json"] + options + [folder.path], registry: shipments)
          .output)
      guard let audit = document["audit"] as? [String: Any],
        let fields = audit["fields"] as? [[String: Any]]
      else {
        Issue.record("no audit fields in \(document)")
        return [:]
      }
      // A field of a new value (or a key left out): the other JSON type and `null` are
      // fields of their own, asked after them.
      return Dictionary(
        uniqueKeysWithValues: fields.filter {
          !["otherType", "null"].contains($0["question"] as? String ?? "")
        }.map {
          ($0["path"] as? String ?? "", $0["places"] as? Int ?? 0)
        })
    }
    let standard = try fields([])
    #expect(standard["$.parcels[*].size"] == 5)
    #expect(try fields(["--places-per-field", "2"])["$.parcels[*].id"] == 2)
    // Six questions, in the order the fields first appear: `parcels` left out, then a new
    // value and the key left out for `id` and `size`, a new value for `state`; one place each.
    let capped = try fields(["--places-per-file", "6"])
    #expect(capped.values.allSatisfy { $0 == 1 })
    #expect(
      capped.keys.sorted() == [
        "$.parcels", "$.parcels[*].id", "$.parcels[*].size", "$.parcels[*].state",
      ])
    let bad = runCommand(["--places-per-field", "3", folder.path], registry: shipments)
    #expect(bad.status == 2)
    #expect(
      bad.errors.hasPrefix(
        "decode-check: `--places-per-field` and `--places-per-file` need --audit"))
    let zero = runCommand(["--audit", "--places-per-file", "0", folder.path], registry: shipments)
    #expect(
      zero.errors.hasPrefix(
        "decode-check: `--places-per-file` needs a whole number of at least 1, not `0`"))
  }

  /// A HAR archive's responses are audited; the example names the request and the place in
  /// the body.
  @Test func archiveResponsesAreAuditedAndNamedByRequest() throws {
    let folder = try TemporaryFolder()
    let archive = try folder.write(
      try Archives.archive([Archives.entry(Archives.host + "/api/parcels/41", text: parcel)]),
      to: "capture.har")
    let routes = try folder.write(
      #"{ "routes": [ { "url": "*/api/parcels/*", "type": "Parcel" } ] }"#, to: "routes.json")
    let run = audit(["--routes", routes, archive])
    #expect(
      run.outputLines.contains(
        "\(archive)#1 GET */api/parcels/* (body 3:11): warning: $.size: brittle: a new value fails "
          + "decoding: unknown ParcelSize value \"decodecheckAuditNewValue\", and ParcelSize "
          + "cannot decode values it does not know (no `unknown` case); required; 1 payload, 1 place [brittle-field]"
      ))
  }

  /// With `--lines`, each line is a payload, and examples name the line.
  @Test func eachLineIsAPayloadWithLines() throws {
    let folder = try TemporaryFolder()
    let compact = #"{"id": 41, "size": "small", "state": "confirmed"}"#
    let file = try folder.write(compact + "\n\n" + compact + "\n", to: "Parcel/p.ndjson")
    let run = audit(["--lines", file])
    #expect(run.outputLines.contains { $0.hasPrefix("\(file):1:20: warning: $.size: brittle") })
    // Per payload: a new value and the key left out of each of its three fields (6), and the
    // other JSON type of `id` and `null` of all three (4, issue 43).
    #expect(run.output.contains("audit: 2 payloads, 20 variants"))
  }

  @Test func progressCountsVariants() {
    let line = ProgressLine.line(
      name: "decode-check", finished: 12, total: 91, variants: 6120, elapsed: 6_000_000_000)
    #expect(line == "decode-check: checked 12 of 91 files, 6120 variants (2 files/s)")
  }
}
