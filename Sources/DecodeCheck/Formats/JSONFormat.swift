import CodableResilience
import Foundation

/// The report as one JSON document for tools, with stable keys:
///
/// ```json
/// {
///   "exitStatus" : 1,
///   "files" : [
///     {
///       "findings" : [
///         {
///           "column" : 15, "kind" : "unknownValue", "line" : 14,
///           "message" : "unknown ListingKind value \"castle\"; known: house, flat, cabin",
///           "path" : "$.listings[1].kind", "severity" : "warning",
///           "unknownValue" : { "knownValues" : ["house", "flat", "cabin"],
///                              "rawValue" : "castle", "type" : "ListingKind" }
///         }
///       ],
///       "baselinedFindings" : 0, "failed" : false, "outcome" : "decodedWithUnknownValues",
///       "path" : "Fixtures/ListingPage/v2.json", "payloads" : 1, "type" : "SampleAPI.ListingPage"
///     }
///   ],
///   "strict" : false,
///   "summary" : { "baselined" : 0, "baselinedFindings" : 0, "decodedCleanly" : 0,
///                 "failed" : 0, "filesChecked" : 1, "fixedBaselineEntries" : 0,
///                 "notChecked" : 0, "payloads" : 1, "unknownValues" : 1,
///                 "withUnknownValues" : 1 }
/// }
/// ```
///
/// A file `failed` when it holds an error no baseline accepted, under `--strict` an unknown
/// value too: the count `summary.failed`, the exit status and every other format share it.
/// A response captured in a HAR archive has a `request` member (`archive`, `entry`, `method`,
/// `url`) and its `line` and `column` are in the response body; the document then has a
/// `traffic` member counting the archives' entries (`entries`, `checked`, `withoutBody`,
/// `notJSON`, `errorStatus`, `withoutRoute`).
/// With `--baseline`, a `baseline` member holds how many findings it `accepted` and the
/// entries that no longer occur (`fixed`). With `--audit`, each field is a finding (`kind`
/// `brittleField` or `auditedField`) of the file its example is in (one a baseline accepted
/// has `baselined` `true`), and an `audit` member, a
/// view over those findings, holds the counts
/// (`payloads`, `notAudited`, `variants`, `brittle`) and every field (`type`, `path`,
/// `verdict`, `question`, `required`, `namedType`, `tool`, `detail`, `payloads`, `places`,
/// `severity`, `baselined`, and an `example` with its `file`, `path`, `line`, `column` and,
/// for a HAR entry, `request`). With `--openapi`, each file is one type checked against the
/// document: it has a `schema` member, its `line` and `column` are in the document, and each
/// finding has a `contract` member (`check`, `pointer`, `value`, and `alsoFoundThrough`, the
/// other types that reach the same spec member, when one type reports it for all). With
/// `--shard i/n`, a
/// `shard` member holds `index` (i), `count` (n), and the inputs (files, or `--openapi`'s
/// schemas) it `kept` of those `planned`; HAR archives are read by every shard.
///
/// An element left out (`kind` `invalidElement`) has an `element` member: its `type`, its
/// `json`, and its own `error` as the decoder threw it (`case`, `path`, `description`); the
/// file's outcome is `decodedWithElementsLeftOut`. A value sent in an old spelling (`kind`
/// `renamedValue`, `severity` `note`) has a `renamed` member (`type`, `received`,
/// `canonical`), one finding per value. The summary counts `withElementsLeftOut`,
/// `elementsLeftOut`, `renamedValues` and `aliasConflicts`; when a type's aliases conflict,
/// an `aliasConflicts` member lists each (`type`, `message`).
enum JSONFormat {
  static func render(_ report: CheckReport) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let document = Document(report)
    // Every member is a string, a number, a boolean or a collection of them: encoding cannot
    // fail, but if it ever did the output would still be a JSON document.
    guard let data = try? encoder.encode(document) else {
      return #"{"error":"the report could not be encoded"}"# + "\n"
    }
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  private struct Document: Encodable {
    var exitStatus: Int32
    var files: [File]
    var strict: Bool
    var summary: Summary
    var baseline: BaselineResult?
    /// Present when the run read HAR archives.
    var traffic: TrafficCounts?
    /// Present when the run audited (`--audit`).
    var audit: Audit?
    /// Present when a type's aliases conflict.
    var aliasConflicts: [Conflict]?
    /// Present when the run was one shard (`--shard`).
    var shard: Shard?

    init(_ report: CheckReport) {
      exitStatus = report.exitStatus
      files = report.files.map(File.init)
      strict = report.isStrict
      summary = Summary(summary: report.summary)
      baseline = report.baseline.map(BaselineResult.init)
      traffic = report.traffic.entries > 0 ? report.traffic : nil
      audit = AuditReport(report).map { Audit($0, strict: report.isStrict) }
      shard = report.shard.map {
        Shard(index: $0.shard.index, count: $0.shard.count, kept: $0.kept, planned: $0.planned)
      }
      // Findings about a type, from the one stream: its alias conflicts.
      let conflicts = report.findings(aboutModels: false).filter(\.file.isAboutAType)
      if !conflicts.isEmpty {
        aliasConflicts = conflicts.map { Conflict(type: $0.file.path, message: $0.finding.message) }
      }
    }
  }

  /// The counts of the summary line, every one and `filesChecked`: `{"baselined":0,
  /// "baselinedFindings":0,"decodedCleanly":9,"failed":1,"filesChecked":12,…}`.
  private struct Summary: Encodable {
    var summary: CheckSummary

    /// The members `--format json` writes as `summary`: every count and `filesChecked`; the
    /// HAR counts are the document's own `traffic` member.
    enum CodingKeys: String, CodingKey {
      case filesChecked, decodedCleanly, withUnknownValues, unknownValues, failed, baselined
      case notChecked, payloads, baselinedFindings, fixedBaselineEntries
      case withElementsLeftOut, elementsLeftOut, renamedValues, aliasConflicts
      case failingBrittleFields
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(summary.filesChecked, forKey: .filesChecked)
      try container.encode(summary.decodedCleanly, forKey: .decodedCleanly)
      try container.encode(summary.withUnknownValues, forKey: .withUnknownValues)
      try container.encode(summary.unknownValues, forKey: .unknownValues)
      try container.encode(summary.failed, forKey: .failed)
      try container.encode(summary.baselined, forKey: .baselined)
      try container.encode(summary.notChecked, forKey: .notChecked)
      try container.encode(summary.payloads, forKey: .payloads)
      try container.encode(summary.baselinedFindings, forKey: .baselinedFindings)
      try container.encode(summary.fixedBaselineEntries, forKey: .fixedBaselineEntries)
      try container.encode(summary.withElementsLeftOut, forKey: .withElementsLeftOut)
      try container.encode(summary.elementsLeftOut, forKey: .elementsLeftOut)
      try container.encode(summary.renamedValues, forKey: .renamedValues)
      try container.encode(summary.aliasConflicts, forKey: .aliasConflicts)
      try container.encode(summary.failingBrittleFields, forKey: .failingBrittleFields)
    }
  }

  /// The run's share of the inputs (`--shard i/n`).
  private struct Shard: Encodable {
    var index: Int
    var count: Int
    var kept: Int
    var planned: Int
  }

  /// The audit's counts and every field.
  private struct Audit: Encodable {
    var payloads: Int
    var notAudited: Int
    var variants: Int
    var brittle: Int
    /// How many of each model's fields survive each question: `{"type": "HostPayout",
    /// "newValue": {"survived": 6, "asked": 7}, "otherType": …, "null": …}`.
    var models: [Model]
    var fields: [Field]

    init(_ audit: AuditReport, strict: Bool) {
      payloads = audit.payloadCount
      notAudited = audit.notAuditedCount
      variants = audit.variantCount
      brittle = audit.brittle.count
      models = audit.survival.map {
        Model(
          type: $0.model, newValue: $0.counts[.newValue], otherType: $0.counts[.otherType],
          null: $0.counts[.null])
      }
      fields = audit.fields.map { Field($0, strict: strict, strictClasses: audit.strictClasses) }
    }
  }

  private struct Model: Encodable {
    var type: String
    var newValue: AuditReport.Survival?
    var otherType: AuditReport.Survival?
    var null: AuditReport.Survival?
  }

  private struct Field: Encodable {
    var type: String
    var path: String
    var verdict: FieldAudit.Verdict?
    var question: FieldAudit.Question?
    var required: Bool
    var namedType: String?
    var tool: String?
    var detail: String?
    var payloads: Int
    var places: Int
    var severity: Finding.Severity
    var baselined: Bool
    var example: Example

    init(_ field: FieldAudit, strict: Bool, strictClasses: Set<CheckClass>) {
      type = field.typeName
      path = field.path
      verdict = field.verdict
      question = field.question
      required = field.isRequired
      namedType = field.namedType
      tool = field.tool
      detail = field.detail
      payloads = field.payloadCount
      places = field.placeCount
      severity = field.finding(strict: strict, strictClasses: strictClasses).severity
      baselined = field.isBaselined
      example = Example(field.example)
    }
  }

  private struct Example: Encodable {
    var file: String
    var path: String
    var line: Int?
    var column: Int?
    var request: CapturedRequest?

    init(_ place: FieldAudit.Place) {
      file = place.file
      path = place.path
      line = place.position?.line
      column = place.position?.column
      request = place.request
    }
  }

  /// Present only when the run compared with a baseline.
  private struct BaselineResult: Encodable {
    var accepted: Int
    var fixed: [BaselineEntry]
    var fixedEntriesFail: Bool

    init(_ comparison: BaselineComparison) {
      accepted = comparison.accepted
      fixed = comparison.fixed
      fixedEntriesFail = comparison.fixedEntriesFail
    }
  }

  private struct File: Encodable {
    var path: String
    var type: String?
    var outcome: FileReport.Outcome
    var failed: Bool
    var payloads: Int
    var findings: [Item]
    var baselinedFindings: Int
    /// For a response captured in a HAR archive: the archive, entry, method and URL.
    var request: CapturedRequest?
    /// For a type checked against an OpenAPI document: the schema.
    var schema: String?

    init(_ file: FileReport) {
      path = file.path
      type = file.typeName
      outcome = file.outcome
      failed = file.failed
      payloads = file.payloadCount
      findings = file.findings.map(Item.init)
      baselinedFindings = file.baselinedFindingCount
      request = file.request
      schema = file.schema
    }
  }

  private struct Item: Encodable {
    var severity: Finding.Severity
    var kind: Finding.Kind
    /// The class of check, as `--disable` names it.
    var `class`: String
    var message: String
    var path: String?
    var line: Int?
    var column: Int?
    /// The report the finding is made of, as its kind's row writes it (`unknownValue`,
    /// `element`, `renamed`, `defaultUsed`, `unknownField`).
    var report: ReportJSON?
    var contract: Contract?
    /// `true` for a finding a baseline accepted that stays listed (a brittle field), as the
    /// audit's fields say it.
    var baselined: Bool?

    init(_ finding: Finding) {
      severity = finding.severity
      kind = finding.kind
      `class` = CheckClass(of: finding).rawValue
      message = finding.message
      path = finding.path
      line = finding.position?.line
      column = finding.position?.column
      contract = finding.contract.map(Contract.init)
      baselined = finding.field?.isBaselined == true ? true : nil
      if let value = finding.unknownValue, let rules = finding.kind.row.report {
        report = rules.json(value)
      }
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      try container.encode(severity, forKey: Key("severity"))
      try container.encode(kind, forKey: Key("kind"))
      try container.encode(`class`, forKey: Key("class"))
      try container.encode(message, forKey: Key("message"))
      try container.encodeIfPresent(path, forKey: Key("path"))
      try container.encodeIfPresent(line, forKey: Key("line"))
      try container.encodeIfPresent(column, forKey: Key("column"))
      if let report {
        try container.encode(report.fields, forKey: Key(report.key))
      }
      try container.encodeIfPresent(contract, forKey: Key("contract"))
      try container.encodeIfPresent(baselined, forKey: Key("baselined"))
    }

    private struct Key: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(_ name: String) { stringValue = name }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }
  }

  /// A type whose aliases conflict, and how.
  private struct Conflict: Encodable {
    var type: String
    var message: String
  }

  /// Where in the OpenAPI document a finding of `--openapi` comes from.
  private struct Contract: Encodable {
    var check: ContractCheck
    var pointer: String
    var value: String?
    /// The other mapped types that reach the same spec member, when the finding is reported
    /// once for all of them.
    var alsoFoundThrough: [String]?

    init(_ source: ContractSource) {
      check = source.check
      pointer = source.pointer.description
      value = source.value
      alsoFoundThrough = source.alsoFoundThrough.isEmpty ? nil : source.alsoFoundThrough
    }
  }
}
