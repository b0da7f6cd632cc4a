import CodableResilience
import Foundation

/// The report as a SARIF 2.1.0 log, which GitHub code scanning (`upload-sarif`) and other
/// static-analysis viewers read:
///
/// ```json
/// { "$schema" : "https://json.schemastore.org/sarif-2.1.0.json", "version" : "2.1.0",
///   "runs" : [ { "tool" : { "driver" : { "name" : "decode-check", "version" : "0.1.0",
///                                        "rules" : [ { "id" : "unknown-value", … } ] } },
///                "results" : [ { "ruleId" : "unknown-value", "level" : "warning",
///                                "message" : { "text" : "$.state: unknown BookingState …" },
///                                "locations" : [ { "physicalLocation" : {
///                                  "artifactLocation" : { "uri" : "Fixtures/Booking/v2.json" },
///                                  "region" : { "startLine" : 4, "startColumn" : 12 } } } ] } ] } ] }
/// ```
///
/// There is one rule per class of check, named as `--disable` names it (`unknown-value`,
/// `date-format-edge`). File names are relative to the working folder (the
/// repository's root in CI), as GitHub wants; a finding without a position is placed at the
/// start of its file. A response captured in a HAR archive is placed at the archive's start,
/// and its message begins with the request and the place in the body:
/// `#12 GET /api/v2/listings?page=2 (body 3:12): $.state: …`. A finding of `--openapi` is
/// placed in the OpenAPI document, names the type as its logical location, and carries the
/// check, the spec's JSON pointer and value as `properties`. With a baseline, results carry
/// `baselineState` `new`, and entries that no longer occur are results of level `note`
/// (`error` under `--strict-baseline`) with `baselineState` `absent`. Rules are the classes of
/// check, by the names `--disable` takes. With `--audit`, each brittle field is a result of the
/// rule `brittle-field` at its example place; the audit's other fields are not results. An
/// element left out is a result of the rule `element-left-out`; each old spelling is one result
/// of level `note` (rule `old-spelling`) at the first place it was sent, with its counts; an
/// alias conflict is an `error` of the rule `alias-conflict` whose only location is logical:
/// its type.
enum SARIFFormat {
  static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

  static func render(_ report: CheckReport, context: RenderContext) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Strings, numbers and collections of them: encoding cannot fail, but if it ever did the
    // output would still be a JSON document.
    guard let data = try? encoder.encode(Log(report, context: context)) else {
      return #"{"error":"the report could not be encoded"}"# + "\n"
    }
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  private struct Log: Encodable {
    var schema = SARIFFormat.schema
    var version = "2.1.0"
    var runs: [Run]

    enum CodingKeys: String, CodingKey {
      case schema = "$schema"
      case version, runs
    }

    init(_ report: CheckReport, context: RenderContext) {
      let classes = CheckClass.allCases
      let rules = classes.map(Rule.init)
      let ruleIndex = Dictionary(uniqueKeysWithValues: classes.enumerated().map { ($1, $0) })
      let baselineState = report.baseline == nil ? nil : "new"
      var results: [Result] = []
      /// A finding of an input as a result at its place in the file; a finding about a type
      /// (an alias conflict), which no file holds, with its type as its only location.
      func result(for finding: Finding, in file: FileReport) -> Result {
        if file.isAboutAType {
          return Result(
            ruleId: CheckClass(of: finding).rawValue,
            ruleIndex: ruleIndex[CheckClass(of: finding)] ?? 0,
            level: finding.severity.rawValue,
            message: Message(text: "\(file.path): \(finding.message)"),
            locations: [Location(type: file.path)], baselineState: baselineState,
            properties: nil)
        }
        let uri = uriReference(
          context.workingDirectory.relative(file.request?.archive ?? file.path))
        var message = finding.subjectAndMessage
        // A captured response's positions are in its body, not in the archive the result
        // points to: the message carries them with the request.
        if let request = file.request {
          message = TextFormat.requestPlace(of: finding, in: request) + ": " + message
        }
        var location = Location(uri: uri, position: file.request == nil ? finding.position : nil)
        var properties: Properties?
        if let contract = finding.contract, let type = file.typeName {
          // The OpenAPI document holds every type's findings: the type tells them apart.
          location.logicalLocations = [LogicalLocation(fullyQualifiedName: type)]
          properties = Properties(
            check: contract.check.rawValue, pointer: contract.pointer.description,
            value: contract.value,
            alsoFoundThrough: contract.alsoFoundThrough.isEmpty ? nil : contract.alsoFoundThrough)
        }
        return Result(
          ruleId: CheckClass(of: finding).rawValue,
          ruleIndex: ruleIndex[CheckClass(of: finding)] ?? 0,
          level: finding.severity.rawValue, message: Message(text: message),
          locations: [location], baselineState: baselineState, properties: properties)
      }
      // Old spellings are one result per spelling; an alias conflict's location is its type.
      for (finding, file) in report.findings(aboutModels: false) {
        results.append(result(for: finding, in: file))
      }
      // Findings about a model's fields (brittle fields), at their example place; notes about
      // them are for people, which code scanning would show as alerts.
      for (finding, file) in report.findings(aboutModels: true) where finding.severity != .note {
        results.append(result(for: finding, in: file))
      }
      if let baseline = report.baseline {
        for entry in baseline.fixed {
          results.append(
            Result(
              ruleId: CheckClass(of: entry).rawValue,
              ruleIndex: ruleIndex[CheckClass(of: entry)] ?? 0,
              level: baseline.fixedEntriesFail ? "error" : "note",
              message: Message(text: entry.fixedDescription),
              locations: entry.file.map { [Location(uri: uriReference($0), position: nil)] } ?? [],
              baselineState: "absent", properties: nil))
        }
      }
      let driver = Driver(
        name: context.toolName, version: RenderContext.toolVersion,
        semanticVersion: RenderContext.toolVersion, rules: rules)
      runs = [Run(tool: Tool(driver: driver), results: results)]
    }
  }

  private struct Run: Encodable {
    var tool: Tool
    var results: [Result]
    var columnKind = "unicodeCodePoints"
  }

  private struct Tool: Encodable {
    var driver: Driver
  }

  private struct Driver: Encodable {
    var name: String
    var version: String
    var semanticVersion: String
    var rules: [Rule]
  }

  private struct Rule: Encodable {
    var id: String
    var name: String
    var shortDescription: Message
    var fullDescription: Message
    var help: Message
    var defaultConfiguration: Configuration

    init(_ checkClass: CheckClass) {
      let details = checkClass.kind.details
      id = checkClass.rawValue
      name = checkClass.rawValue.split(separator: "-").map {
        $0.prefix(1).uppercased() + $0.dropFirst()
      }
      .joined()
      shortDescription = Message(text: checkClass.summary)
      fullDescription = Message(text: checkClass.summary + " " + details.help)
      help = Message(text: details.help)
      defaultConfiguration = Configuration(level: details.defaultSeverity.rawValue)
    }
  }

  private struct Configuration: Encodable {
    var level: String
  }

  private struct Message: Encodable {
    var text: String
  }

  private struct Result: Encodable {
    var ruleId: String
    var ruleIndex: Int
    var level: String
    var message: Message
    var locations: [Location]
    var baselineState: String?
    var properties: Properties?
  }

  /// A result's property bag, for a finding of `--openapi`: the check, and the JSON pointer
  /// and value of the spec member it is about.
  private struct Properties: Encodable {
    var check: String
    var pointer: String
    var value: String?
    /// The other mapped types that reach the same spec member.
    var alsoFoundThrough: [String]?
  }

  private struct Location: Encodable {
    /// The file and region; `nil` for an alias conflict, which is about a type.
    var physicalLocation: PhysicalLocation?
    /// For a finding of `--openapi`, the type checked; for an alias conflict, its type.
    var logicalLocations: [LogicalLocation]?

    init(uri: String, position: TextPosition?) {
      physicalLocation = PhysicalLocation(
        artifactLocation: ArtifactLocation(uri: uri),
        region: Region(startLine: position?.line ?? 1, startColumn: position?.column ?? 1))
    }

    /// A type of the models, at no place in a file.
    init(type: String) {
      logicalLocations = [LogicalLocation(fullyQualifiedName: type)]
    }
  }

  private struct LogicalLocation: Encodable {
    var fullyQualifiedName: String
    var kind = "type"
  }

  private struct PhysicalLocation: Encodable {
    var artifactLocation: ArtifactLocation
    var region: Region
  }

  private struct ArtifactLocation: Encodable {
    var uri: String
  }

  private struct Region: Encodable {
    var startLine: Int
    var startColumn: Int
  }

  /// A path as a URI reference: relative paths stay relative, absolute ones become `file://`
  /// URIs, and characters a URI cannot hold are percent-encoded.
  static func uriReference(_ path: String) -> String {
    var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: "\0"..."~"))
    // Not `:`, which in a relative reference's first segment would read as a scheme.
    allowed.insert(charactersIn: "-._~/!$&'()*+,;=@")
    let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    return path.hasPrefix("/") ? "file://" + encoded : encoded
  }
}
