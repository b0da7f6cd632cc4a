import Foundation
import Testing

@testable import DecodeCheck

/// The members the SARIF 2.1.0 schema (sarif-schema-2.1.0.json) requires of each object the
/// log holds, and the values it allows, checked on a parsed log.
private enum SARIFSchema {
  static let levels: Set<String> = ["none", "note", "warning", "error"]
  static let baselineStates: Set<String> = ["new", "unchanged", "updated", "absent"]

  /// Every problem found, as `$.runs[0].results[2]: no message` lines; empty when valid.
  static func problems(in log: [String: Any]) -> [String] {
    var problems: [String] = []
    func require(_ object: [String: Any], _ keys: [String], at place: String) {
      for key in keys where object[key] == nil {
        problems.append("\(place): no `\(key)`")
      }
    }
    func message(_ value: Any?, at place: String) {
      guard let message = value as? [String: Any] else {
        return problems.append("\(place): not an object")
      }
      // `message` requires `text` or `id`; a multiformatMessageString requires `text`.
      if !(message["text"] is String) && !(message["id"] is String) {
        problems.append("\(place): neither `text` nor `id`")
      }
    }
    require(log, ["version", "runs"], at: "$")
    if log["version"] as? String != "2.1.0" { problems.append("$.version is not 2.1.0") }
    for (runIndex, run) in (log["runs"] as? [[String: Any]] ?? []).enumerated() {
      let place = "$.runs[\(runIndex)]"
      require(run, ["tool"], at: place)
      let tool = run["tool"] as? [String: Any] ?? [:]
      require(tool, ["driver"], at: place + ".tool")
      let driver = tool["driver"] as? [String: Any] ?? [:]
      require(driver, ["name"], at: place + ".tool.driver")
      let rules = driver["rules"] as? [[String: Any]] ?? []
      for (index, rule) in rules.enumerated() {
        let rulePlace = place + ".tool.driver.rules[\(index)]"
        require(rule, ["id"], at: rulePlace)
        for key in ["shortDescription", "fullDescription", "help"] where rule[key] != nil {
          message(rule[key], at: rulePlace + "." + key)
        }
      }
      for (index, result) in (run["results"] as? [[String: Any]] ?? []).enumerated() {
        let resultPlace = place + ".results[\(index)]"
        require(result, ["message"], at: resultPlace)
        message(result["message"], at: resultPlace + ".message")
        if let level = result["level"] as? String, !levels.contains(level) {
          problems.append("\(resultPlace).level: `\(level)` is not a level")
        }
        if let state = result["baselineState"] as? String, !baselineStates.contains(state) {
          problems.append("\(resultPlace).baselineState: `\(state)` is not a state")
        }
        if let ruleIndex = result["ruleIndex"] as? Int,
          rules.indices.contains(ruleIndex) == false
            || rules[ruleIndex]["id"] as? String != result["ruleId"] as? String
        {
          problems.append("\(resultPlace).ruleIndex does not point at its rule")
        }
        for (locationIndex, location) in (result["locations"] as? [[String: Any]] ?? [])
          .enumerated()
        {
          let physical = location["physicalLocation"] as? [String: Any] ?? [:]
          let at = "\(resultPlace).locations[\(locationIndex)].physicalLocation"
          // physicalLocation: anyOf address, artifactLocation.
          if physical["address"] == nil, physical["artifactLocation"] == nil {
            problems.append("\(at): neither `address` nor `artifactLocation`")
          }
          let uri = (physical["artifactLocation"] as? [String: Any])?["uri"] as? String
          if let uri, URL(string: uri) == nil {
            problems.append("\(at).artifactLocation.uri: `\(uri)` is not a URI reference")
          }
          let region = physical["region"] as? [String: Any] ?? [:]
          for key in ["startLine", "startColumn"] {
            if let value = region[key] as? Int, value < 1 {
              problems.append("\(at).region.\(key) is below 1")
            }
          }
        }
      }
    }
    return problems
  }
}

@Suite struct SARIFFormatTests {
  @Test func aSARIFLogHasTheSchemasRequiredFieldsAndWhatGitHubReads() throws {
    let (folder, _) = try mixedFolder()
    let run = runCommand(["--format", "sarif", folder.path], workingDirectory: folder.path)
    #expect(run.status == 2)
    let log = try jsonObject(run.output)
    #expect(SARIFSchema.problems(in: log) == [])
    #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
    let sarifRun = try #require((log["runs"] as? [[String: Any]])?.first)
    let driver = try #require(
      (sarifRun["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "decode-check")
    #expect(driver["version"] as? String == DecodeCheckCommand.version)
    // One rule per class of check, each with a description and help.
    let rules = try #require(driver["rules"] as? [[String: Any]])
    #expect(rules.map { $0["id"] as? String } == CheckClass.allCases.map(\.rawValue))
    for rule in rules {
      let short = (rule["shortDescription"] as? [String: Any])?["text"] as? String
      let help = (rule["help"] as? [String: Any])?["text"] as? String
      #expect(short?.isEmpty == false && help?.isEmpty == false, "\(rule)")
    }
    // GitHub wants a rule, a level, a message and one location with a relative file and a
    // line for every result.
    let results = try #require(sarifRun["results"] as? [[String: Any]])
    let described = results.map { result -> String in
      let location =
        (result["locations"] as? [[String: Any]])?.first?["physicalLocation"]
        as? [String: Any]
      let uri = (location?["artifactLocation"] as? [String: Any])?["uri"] as? String ?? "?"
      let region = location?["region"] as? [String: Int] ?? [:]
      return "\(result["ruleId"] as? String ?? "?") \(result["level"] as? String ?? "?") "
        + "\(uri):\(region["startLine"] ?? 0):\(region["startColumn"] ?? 0)"
    }
    #expect(
      described == [
        "unknown-value warning Booking/b%20odd,name%3A100%25.json:4:12",
        "unknown-value warning Booking/b%20odd,name%3A100%25.json:7:41",
        "decoding-failure error Booking/c%20%3C&%22'%3E.json:6:49",
        "input-error error loose/d.json:1:1",
      ])
    let message = (results.first?["message"] as? [String: Any])?["text"] as? String
    #expect(
      message
        == "$.state: unknown BookingState value \"checked_in\"; known: requested, confirmed, "
        + "cancelled, completed [unknown-value]")
    #expect(results.allSatisfy { $0["baselineState"] == nil })
  }

  @Test func withABaselineResultsAreNewAndFixedEntriesAbsent() throws {
    let folder = try TemporaryFolder()
    try folder.write(Payloads.bookingWithUnknownValues, to: "Booking/v2.json")
    let baseline = folder.path + "/baseline.json"
    try Baseline(entries: [
      BaselineEntry(file: "Booking/v2.json", kind: .unknownValue, path: "$.state", value: "gone")
    ]).write(toFile: baseline)
    let run = runCommand(
      ["--format", "sarif", "--baseline", baseline, "--strict-baseline", folder.path + "/Booking"],
      workingDirectory: folder.path)
    #expect(run.status == 1)
    let log = try jsonObject(run.output)
    #expect(SARIFSchema.problems(in: log) == [])
    let results = try #require(
      (log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
    #expect(results.map { $0["baselineState"] as? String } == ["new", "new", "absent"])
    #expect(results.last?["level"] as? String == "error")
  }

  @Test func theSchemaCheckCatchesWhatIsMissing() {
    let broken: [String: Any] = [
      "version": "2.1.0",
      "runs": [["tool": ["driver": [:]], "results": [["level": "fatal"]]]],
    ]
    #expect(
      SARIFSchema.problems(in: broken) == [
        "$.runs[0].tool.driver: no `name`",
        "$.runs[0].results[0]: no `message`",
        "$.runs[0].results[0].message: not an object",
        "$.runs[0].results[0].level: `fatal` is not a level",
      ])
  }

  @Test(arguments: [
    ("Booking/v1.json", "Booking/v1.json"),
    ("a b/c:d.json", "a%20b/c%3Ad.json"),
    ("/abs/x.json", "file:///abs/x.json"),
    ("ünï.json", "%C3%BCn%C3%AF.json"),
  ])
  func pathsBecomeURIReferences(path: String, uri: String) {
    #expect(SARIFFormat.uriReference(path) == uri)
  }
}
