import Foundation
import SampleAPI
import Testing

@testable import DecodeCheck

/// `decode-check --openapi`: what a user types, what it prints, and what it refuses.
@Suite struct ContractCommandTests {
  /// The sample API's contract is out of step with its models in three ways; each is found,
  /// at its place in the document, and only they are.
  @Test func theSampleContractsThreeChangesAreFound() throws {
    let run = runCommand(["--openapi", hearthDocument])
    #expect(run.status == 1)
    #expect(run.errors.isEmpty)
    let text = try String(contentsOfFile: hearthDocument, encoding: .utf8)
    let total = try #require(Specs.position(of: #""total": {"#, in: text))
    let lines = run.outputLines
    #expect(
      lines.first
        == "\(hearthDocument):\(total): error: Booking $.total: the spec lets the server omit "
        + "`total`; Booking requires it: missing required key `total` "
        + "(#/components/schemas/Booking/properties/total) [optionality]")
    #expect(
      lines.contains {
        $0.contains(
          "warning: Booking $.timeline[0].type: the spec allows the `payout` variant here")
      })
    #expect(
      lines.filter { $0.contains(#"the spec allows "boat" here; ListingKind reads it as unknown"#) }
        .count == 1)
    #expect(
      lines.contains {
        $0.contains(#"warning: ListingPage $.listings[0].kind: the spec's example "canal""#)
      })
    #expect(lines.count == 5)
    #expect(
      lines.last
        == "3 schemas checked (100 payloads): 0 decoded cleanly, 2 with unknown values (3 values), 1 failed"
    )
  }

  /// A budget of 5 decodes at most 5 payloads per schema, examples included; a schema checked
  /// in part says how many more were left out, and is not called "not generated". (Without a
  /// budget the three schemas decode 33, 31 and 36 payloads.)
  @Test func aBudgetOfFiveDecodesAtMostFivePayloadsPerSchema() throws {
    let run = runCommand(["--openapi", hearthDocument, "--max-payloads", "5", "--format", "json"])
    let json = try jsonObject(run.output)
    let files = try #require(json["files"] as? [[String: Any]])
    #expect(files.map { $0["payloads"] as? Int } == [5, 5, 5])
    let text = runCommand(["--openapi", hearthDocument, "--max-payloads", "5"]).outputLines
    #expect(!text.contains { $0.contains("not generated") })
    for (type, leftOut) in [("Booking", 28), ("Listing", 26), ("ListingPage", 31)] {
      #expect(
        text.contains {
          $0.hasSuffix(
            "warning: \(type): `\(type)` was checked with 5 payloads, the budget per schema; "
              + "\(leftOut) more were left out (raise the budget with --max-payloads) "
              + "(#/components/schemas/\(type)) [not-generated]")
        }, "\(type)")
    }
    #expect(text.last?.hasPrefix("3 schemas checked (15 payloads): ") == true)
  }

  @Test func strictFailsTheWarningsToo() {
    let run = runCommand(["--strict", "--openapi", hearthDocument])
    #expect(run.status == 1)
    #expect(run.outputLines.last?.hasSuffix(", 3 failed") == true)
  }

  @Test func typeChecksOneSchema() {
    let run = runCommand(["--openapi", hearthDocument, "--type", "Listing"])
    #expect(run.status == 0)
    #expect(run.outputLines.count == 2)
    #expect(run.outputLines.last?.hasPrefix("1 schema checked") == true)
  }

  /// Every format carries the document's place and the spec's pointer.
  @Test func everyFormatNamesTheSpec() throws {
    let json = try jsonObject(runCommand(["--openapi", hearthDocument, "--format", "json"]).output)
    let files = try #require(json["files"] as? [[String: Any]])
    #expect(files.map { $0["schema"] as? String } == ["Booking", "Listing", "ListingPage"])
    let first = try #require((files.first?["findings"] as? [[String: Any]])?.first)
    let contract = try #require(first["contract"] as? [String: Any])
    #expect(contract["check"] as? String == "optionality")
    #expect(contract["pointer"] as? String == "#/components/schemas/Booking/properties/total")

    let github = runCommand(["--openapi", hearthDocument, "--format", "github"]).output
    #expect(github.contains("::error file=\(hearthDocument),line="))
    #expect(github.contains("title=decode-check%3A optionality") == false)
    #expect(github.contains("(#/components/schemas/Booking/properties/total)"))

    let junit = runCommand(["--openapi", hearthDocument, "--format", "junit"]).output
    #expect(junit.contains(#"<testcase classname="SampleAPI.Booking""#))
    #expect(junit.contains(#"failures="1""#))

    let sarif = runCommand(["--openapi", hearthDocument, "--format", "sarif"]).output
    #expect(sarif.contains(#""fullyQualifiedName" : "SampleAPI.ListingPage""#))
    #expect(sarif.contains(##""pointer" : "#/components/schemas/ListingKind/enum/3""##))
  }

  @Test func theSummaryNamesTheSchemasAndThePointers() throws {
    let folder = try TemporaryFolder()
    let summary = folder.path + "/summary.md"
    _ = runCommand(["--openapi", hearthDocument, "--summary", summary])
    let text = try String(contentsOfFile: summary, encoding: .utf8)
    #expect(text.contains("3 schemas checked (100 payloads)"))
    #expect(text.contains("| Schemas checked | 3 |"))
    #expect(text.contains("| `\"boat\"` | 2 |"))
    #expect(text.contains("(#/components/schemas/Booking/properties/total)"))
  }

  /// A baseline keyed by type, pointer and value: a document written again (every line
  /// moved) keeps it.
  @Test func aBaselineSurvivesTheDocumentWrittenAgain() throws {
    let folder = try TemporaryFolder()
    let document = try String(contentsOfFile: hearthDocument, encoding: .utf8)
    let api = try folder.write(document, to: "openapi.json")
    let baseline = folder.path + "/baseline.json"
    let written = runCommand(
      ["--openapi", api, "--write-baseline", baseline], workingDirectory: folder.path)
    #expect(written.status == 1)
    let entries = try String(contentsOfFile: baseline, encoding: .utf8)
    #expect(entries.contains(##""pointer" : "#/components/schemas/ListingKind/enum/3""##))
    #expect(entries.contains(#""type" : "SampleAPI.Listing""#))
    #expect(!entries.contains(#""path""#))

    // The same contract, every member on one line: no position is where it was.
    let object = try JSONSerialization.jsonObject(with: Data(document.utf8))
    try folder.write(
      Data(try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])),
      to: "openapi.json")
    let again = runCommand(
      ["--openapi", api, "--baseline", baseline, "--strict-baseline"], workingDirectory: folder.path
    )
    #expect(again.status == 0)
    #expect(
      again.outputLines == [
        "3 schemas checked (100 payloads): 0 decoded cleanly, 0 with unknown values (0 values), "
          + "0 failed, 3 with only baselined findings; baseline: 4 findings accepted, 0 entries "
          + "no longer found"
      ])

    // `--type` checks one type: the others' entries are not judged gone.
    let one = runCommand(
      ["--openapi", api, "--type", "Listing", "--baseline", baseline, "--strict-baseline"],
      workingDirectory: folder.path)
    #expect(one.status == 0)

    // The value becomes known to the spec's past: its entry is gone.
    try folder.write(document.replacing(/"cabin",\s*"boat"/, with: #""cabin""#), to: "openapi.json")
    let fixed = runCommand(
      ["--openapi", api, "--baseline", baseline], workingDirectory: folder.path)
    #expect(
      fixed.outputLines.contains {
        $0.hasPrefix(
          "openapi.json: note: SampleAPI.Listing #/components/schemas/ListingKind/enum/3: no longer found"
        )
      })
  }

  // MARK: - Matching types to schemas

  @Test func aSchemaMapMatchesTypesByAnyName() throws {
    let folder = try TemporaryFolder()
    let api = try folder.write(
      Specs.document(
        schemas:
          #""Rule": {"type": "object", "required": ["id", "filter_action"], "properties": {"id": {"type": "string"}, "filter_action": {"enum": ["hide", "blur"]}}}"#
      ),
      to: "api.json")
    let map = try folder.write(
      ##"{"TolerantFilter": "#/components/schemas/Rule"}"##, to: "map.json")
    let registry = ModelRegistry(registering: TolerantFilter.self, Filter.self)
    let run = runCommand(["--openapi", api, "--schemas", map], registry: registry)
    #expect(run.status == 0)
    #expect(
      run.outputLines.first?.contains(
        "TolerantFilter $.filter_action: the spec allows \"blur\" here") == true)
    #expect(run.outputLines.last?.hasPrefix("1 schema checked") == true)
  }

  @Test(
    arguments: [
      (
        #"{"Filtr": "Rule"}"#,
        "decode-check: the schema map names unknown type `Filtr`; registered types: Filter, TolerantFilter"
      ),
      (
        #"{"Filter": "Rules"}"#,
        "decode-check: `Filter` is mapped by the schema map to the schema `Rules`, which "
      ),
      (#"["Filter"]"#, "decode-check: the schema map "),
      ("{", "decode-check: the schema map "),
    ])
  func aMapThatNamesWhatDoesNotExistIsAUsageError(_ map: String, _ start: String) throws {
    let folder = try TemporaryFolder()
    let api = try folder.write(
      Specs.document(schemas: #""Rule": {"type": "object"}"#), to: "api.json")
    let mapFile = try folder.write(map, to: "map.json")
    let run = runCommand(
      ["--openapi", api, "--schemas", mapFile],
      registry: ModelRegistry(registering: TolerantFilter.self, Filter.self))
    #expect(run.status == 2)
    #expect(run.errors.hasPrefix(start), "\(run.errors)")
    #expect(run.output.isEmpty)
  }

  /// The map wins over the registration.
  @Test func aMapEntryOverridesTheRegistration() throws {
    let folder = try TemporaryFolder()
    let api = try folder.write(
      Specs.document(schemas: #""Rule": {"type": "object"}"#), to: "api.json")
    let map = try folder.write(#"{"Anything": "Rule"}"#, to: "map.json")
    var registry = ModelRegistry()
    registry.register(Anything.self, schema: "NoSuchSchema")
    let run = runCommand(["--openapi", api, "--schemas", map], registry: registry)
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.outputLines.last?.hasPrefix("1 schema checked") == true)
  }

  @Test func aMissingSchemaNamesTheCloseOne() throws {
    let folder = try TemporaryFolder()
    let api = try folder.write(
      Specs.document(schemas: #""Rule": {"type": "object"}"#), to: "api.json")
    var registry = ModelRegistry()
    registry.register(Filter.self, schema: "Rules")
    let run = runCommand(["--openapi", api], registry: registry)
    #expect(run.status == 2)
    #expect(
      run.errors.hasPrefix(
        "decode-check: `Filter` is mapped by its registration to the schema `Rules`, which \(api) does not have; did you mean `Rule`?\n"
      ))
  }

  /// A type the schema map maps is checked, so it is no near miss: no note says it is not.
  @Test func aMappedTypeIsNotNamedAsANearMiss() throws {
    let folder = try TemporaryFolder()
    let api = try folder.write(
      Specs.document(
        schemas: #""filter": {"type": "object"}, "TolerantFilter": {"type": "object"}"#),
      to: "api.json")
    let map = try folder.write(#"{"Filter": "filter"}"#, to: "map.json")
    let registry = ModelRegistry(registering: TolerantFilter.self, Filter.self)
    let run = runCommand(["--openapi", api, "--schemas", map], registry: registry)
    #expect(run.errors.isEmpty)
    #expect(run.outputLines.last?.hasPrefix("2 schemas checked") == true)
  }

  /// Names match exactly; a close name is not taken, but named.
  @Test func nearMissesAreNamedNotMatched() throws {
    let folder = try TemporaryFolder()
    let api = try folder.write(
      Specs.document(
        schemas: #""filter": {"type": "object"}, "TolerantFilter": {"type": "object"}"#),
      to: "api.json")
    let registry = ModelRegistry(registering: TolerantFilter.self, Filter.self)
    let run = runCommand(["--openapi", api], registry: registry)
    #expect(
      run.errors
        == "decode-check: note: `Filter` is not checked: \(api) has no schema `Filter`, but `filter` is close; map it with --schemas FILE if it is the same\n"
    )
    let quiet = runCommand(["--openapi", api, "--quiet"], registry: registry)
    #expect(quiet.errors.isEmpty)
    let list = runCommand(["--openapi", api, "--list-types"], registry: registry)
    #expect(
      list.outputLines == [
        "Filter          DecodeCheckTests.Filter          no schema (`filter` is close)",
        "TolerantFilter  DecodeCheckTests.TolerantFilter  schema: TolerantFilter",
      ])
    let none = runCommand(["--openapi", api], registry: ModelRegistry(registering: Filter.self))
    #expect(none.status == 2)
    #expect(
      none.errors.hasPrefix(
        "decode-check: no registered type has a schema of its name under #/components/schemas in \(api) (`Filter` is close to `filter`)"
      ))
    // With no type matched and no map, --list-types still shows the near misses (issue 41).
    let listed = runCommand(
      ["--openapi", api, "--list-types"], registry: ModelRegistry(registering: Filter.self))
    #expect(listed.status == 0)
    #expect(listed.errors.isEmpty)
    #expect(
      listed.outputLines == ["Filter  DecodeCheckTests.Filter  no schema (`filter` is close)"])
  }

  // MARK: - Usage

  @Test(
    arguments: [
      (
        ["--openapi", "api.json", "Fixtures"],
        "--openapi checks the models against the document's schemas and takes no payload paths"
      ),
      (
        ["--schemas", "map.json", "Fixtures"],
        "`--schemas` maps types to the schemas of --openapi FILE"
      ),
      (
        ["--max-payloads", "10", "Fixtures"],
        "`--max-payloads` limits the payloads --openapi FILE generates"
      ),
      (
        ["--openapi", "api.json", "--max-payloads", "0"],
        "`--max-payloads` needs a whole number of at least 1, not `0`"
      ),
      (
        ["--openapi", "api.json", "--lines"],
        "`--lines` reads payload files, which --openapi does not take"
      ),
      (["--openapi"], "`--openapi` needs a value"),
      (["--openapi", "api.json", "--audit"], "--audit asks the models about captured payloads"),
    ])
  func optionsThatDoNotGoTogetherAreUsageErrors(_ arguments: [String], _ message: String) {
    let run = runCommand(arguments)
    #expect(run.status == 2)
    #expect(run.errors.hasPrefix("decode-check: \(message)"), "\(run.errors)")
  }

  /// A document that cannot be read is an input that could not be checked: every format
  /// shows it, at its place.
  @Test func aYAMLDocumentIsOneLine() throws {
    let folder = try TemporaryFolder()
    let api = try folder.write("openapi: 3.1.0\ninfo:\n  title: Hearth\n", to: "api.yaml")
    let run = runCommand(["--openapi", api])
    #expect(run.status == 2)
    #expect(run.errors.isEmpty)
    #expect(
      run.outputLines.first?.hasPrefix(
        "\(api): error: the OpenAPI document is YAML; decode-check reads JSON: convert it first")
        == true)
    #expect(run.outputLines.count == 2)
  }

  @Test func aDocumentThatIsNotJSONIsLocated() throws {
    let folder = try TemporaryFolder()
    let api = try folder.write(
      "{\n  \"openapi\": \"3.1.0\",\n  \"paths\": {'x': 1}\n}\n", to: "api.json")
    let run = runCommand(["--openapi", api, "--format", "sarif"])
    #expect(run.status == 2)
    #expect(run.output.contains(#""startLine" : 3"#))
    #expect(run.output.contains("(JSON strings use double quotes)"))
  }

  @Test func theHelpSaysHowNamesMatch() {
    let help = runCommand(["--help"]).output
    #expect(help.contains("--openapi <file>"))
    #expect(help.contains("--schemas <file>"))
    #expect(help.contains("--max-payloads <n>"))
    #expect(help.contains("A near miss is never matched by itself"))
  }
}
