import Foundation

/// Everything one run found, input by input, sorted by path.
///
/// ```swift
/// let report = PayloadChecker().check(paths: ["Fixtures"], in: registry)
/// print(report.summary)  // 12 files checked: 9 decoded cleanly, 2 with unknown values (3 values), 1 failed
/// exit(report.exitStatus)
/// ```
public struct CheckReport: Sendable, Hashable {
  /// One report per input, sorted by path.
  public internal(set) var files: [FileReport]

  /// Whether unknown values failed the check (`--strict`).
  var isStrict: Bool

  /// What comparing the findings with a baseline found (`--baseline`); `nil` when the run had
  /// none. ``Baseline/apply(to:workingDirectory:fixedEntriesFail:)`` sets it.
  public internal(set) var baseline: BaselineComparison?

  /// What reading HAR archives counted and skipped; all zero when the run read none.
  var traffic = TrafficCounts()

  /// The findings about types rather than inputs, one report per type, sorted by type: the
  /// ambiguous aliases of the types the run knows, those registered and those its payloads'
  /// reports name. On the one stream of findings after the inputs' (see
  /// ``findings(aboutModels:)``); each fails the check, and no baseline accepts one.
  var typeReports: [FileReport] = []

  /// What the run read, so a baseline judges only its own inputs' entries.
  var scope = CheckedScope()

  /// The share of the inputs the run checked (`--shard`), which the summary line names;
  /// `nil` for a whole run.
  var shard: ShardSelection?

  /// What the inputs already written out add, when the findings are written as they are
  /// found (``WrittenInputs``); empty otherwise.
  var written = WrittenInputs()

  /// Creates a report, sorting the inputs by path so the order never depends on scheduling.
  ///
  /// ```swift
  /// let report = CheckReport(files: fileReports, isStrict: false)
  /// ```
  init(files: [FileReport], isStrict: Bool) {
    // An archive's entries stay in the archive's order, after its own problems; the types
    // checked against one OpenAPI document are in the order of their names.
    self.files = files.sorted {
      ($0.request?.archive ?? $0.path, $0.request?.entry ?? 0, $0.typeName ?? "")
        < ($1.request?.archive ?? $1.path, $1.request?.entry ?? 0, $1.typeName ?? "")
    }
    self.isStrict = isStrict
  }

  /// The counts the last line of every format shows.
  public var summary: CheckSummary {
    var summary = written.summary
    for file in files {
      summary.count(file)
    }
    summary.fixedBaselineEntries = baseline?.fixed.count ?? 0
    summary.fixedEntriesFail = baseline?.fixedEntriesFail ?? false
    summary.aliasConflicts = typeReports.reduce(0) { count, type in
      count + type.findings.count { $0.kind == .aliasConflict }
    }
    summary.traffic = traffic
    summary.shard = shard
    return summary
  }

  /// The command's exit status: 2 when an input could not be checked, 1 when a finding is an
  /// error (an input ``FileReport/failed``, or under `--strict` a brittle field) or a type's
  /// aliases conflict (or, under `--strict-baseline`, a baseline entry no longer occurs), 0
  /// otherwise.
  public var exitStatus: Int32 {
    if written.summary.notChecked > 0 || files.contains(where: { $0.outcome == .notChecked }) {
      return 2
    }
    if written.hasErrors || files.contains(where: \.hasErrors) { return 1 }
    if typeReports.contains(where: \.hasErrors) { return 1 }
    if let baseline, baseline.fixedEntriesFail, !baseline.fixed.isEmpty { return 1 }
    return 0
  }
}

extension CheckReport {
  /// The one stream of findings, each with the report it is in, as every format that lists
  /// findings lists them: either those about payloads, input by input (a value sent in an old
  /// spelling once per type and spelling, with its counts, after them, see ``oldSpellings``),
  /// then those about types (alias conflicts, whose report ``FileReport/isAboutAType``); or
  /// those about a model's fields (``Finding/Kind/Details/isAboutTheModel``), by model and
  /// path, which the formats list after everything else.
  func findings(aboutModels: Bool) -> [(finding: Finding, file: FileReport)] {
    guard aboutModels else {
      var found = payloadFindings
      found += oldSpellings.map { ($0.finding, $0.firstFile) }
      for type in typeReports {
        found += type.findings.map { ($0, type) }
      }
      return found
    }
    var found: [(finding: Finding, file: FileReport)] = []
    for file in files {
      for finding in file.findings where finding.kind.details.isAboutTheModel {
        found.append((finding, file))
      }
    }
    return found.sorted {
      ($0.file.typeName ?? "", $0.finding.path ?? "")
        < ($1.file.typeName ?? "", $1.finding.path ?? "")
    }
  }

  /// The findings about the inputs' payloads, input by input, but old spellings, which
  /// ``findings(aboutModels:)`` groups after them.
  var payloadFindings: [(finding: Finding, file: FileReport)] {
    var found: [(finding: Finding, file: FileReport)] = []
    for file in files {
      for finding in file.findings
      where !finding.kind.details.isAboutTheModel && finding.kind != .renamedValue {
        found.append((finding, file))
      }
    }
    return found
  }
}

/// The inputs a run read and the folders it searched: the entries of a baseline that a run
/// can say no longer occur are those of these inputs, and of files gone from these folders.
struct CheckedScope: Sendable, Hashable {
  /// The inputs read, as reports show them: files, `-` for standard input, HAR archives.
  var inputs: Set<String> = []
  /// The folders searched, absolute and standardized.
  var folders: [String] = []
  /// Whether the run audited (`--audit`), so ``AuditReport`` has a view of it.
  var audits = false
  /// The models audited, by qualified name, whose brittle fields a baseline may list.
  var auditedTypes: Set<String> = []
  /// The audit's classes of a type's change that fail the check (`--strict-classes`).
  var strictClasses: Set<CheckClass> = []
  /// The types a run of `--openapi` checked against the document in ``inputs``, by qualified
  /// name: its entries of other types (left out with `--type`) are not judged.
  var contractTypes: Set<String> = []
  /// The shard the run checked (`--shard`): a baseline entry of another shard's file or
  /// request is not judged, and neither is a brittle field, which another shard's payloads
  /// may show.
  var shard: Shard?

  /// Whether the run judged a baseline entry: it read the entry's file (`names`, relative to
  /// `folder`), or searched a folder the file was in and the file is gone, or audited the
  /// model of an entry for a brittle field, or checked the type of an entry of `--openapi`
  /// against its document.
  func covers(_ entry: BaselineEntry, readAs names: Set<String>, in folder: WorkingDirectory)
    -> Bool
  {
    guard let file = entry.file else {
      guard shard == nil else { return false }
      return entry.type.map(auditedTypes.contains) ?? false
    }
    if let shard, let request = entry.request, !shard.contains(request) { return false }
    if entry.pointer != nil, let type = entry.type {
      return names.contains(file) && contractTypes.contains(type)
    }
    if names.contains(file) { return true }
    guard file != "-" else { return false }
    let absolute = URL(fileURLWithPath: folder.absolute(file)).standardizedFileURL.path
    // The folder searched, and the file's path below it: what --shard hashes.
    let searched = folders.lazy.map { $0 == "/" ? "/" : $0 + "/" }.first { absolute.hasPrefix($0) }
    guard let searched, !FileManager.default.fileExists(atPath: absolute) else { return false }
    return shard?.contains(String(absolute.dropFirst(searched.count))) ?? true
  }
}

/// How many inputs came out of a run which way.
///
/// ```swift
/// print(report.summary)
/// // 12 files checked: 9 decoded cleanly, 2 with unknown values (3 values), 1 failed
/// ```
public struct CheckSummary: Sendable, Hashable, CustomStringConvertible {
  /// Files whose payloads all decoded with only known values.
  var decodedCleanly = 0
  /// Files whose payloads all decoded, some with unknown values, none with an element left
  /// out.
  var withUnknownValues = 0
  /// The number of unknown values, over all files (including failed ones).
  var unknownValues = 0
  /// Files whose payloads all decoded, some with an element `@SkipInvalidElements` left out.
  var withElementsLeftOut = 0
  /// The number of elements left out, over all files (including failed ones).
  var elementsLeftOut = 0
  /// The number of values sent in an old spelling (read through an alias or by their letter
  /// case), over all files. Not problems: they count toward no group of files.
  var renamedValues = 0
  /// The number of ``CheckReport/aliasConflicts``, each of which fails the check.
  var aliasConflicts = 0
  /// The brittle fields of an audit that fail the check: those no baseline accepted, under
  /// `--strict`; zero otherwise. They fail the run though every file decoded.
  var failingBrittleFields = 0
  /// Files that ``FileReport/failed``: a payload failed to decode or is not valid JSON, or under
  /// `--strict` held an unknown value or had an element left out; findings a baseline accepted
  /// do not count.
  var failed = 0
  /// Files whose every finding a baseline accepted.
  var baselined = 0
  /// Paths that could not be checked: missing, unreadable, empty folders, no type.
  var notChecked = 0
  /// Payloads checked: one per file, or one per non-blank line with `--lines`.
  var payloads = 0
  /// Findings a baseline accepted, which no format reports.
  var baselinedFindings = 0
  /// Baseline entries that no longer occur.
  var fixedBaselineEntries = 0
  /// Whether those entries fail the check (`--strict-baseline`), which the line then says.
  var fixedEntriesFail = false
  /// HAR entries read, checked and skipped.
  var traffic = TrafficCounts()
  /// The types checked against an OpenAPI document (`--openapi`), each one of
  /// the files checked.
  var schemasChecked = 0
  /// The reports of types against an OpenAPI document, checked or not: when every report is
  /// one, the line counts schemas rather than files and paths.
  var schemaReports = 0
  /// The run's share of the inputs (`--shard`), which starts the line.
  var shard: ShardSelection?

  /// Creates a summary with every count at zero.
  init() {}

  /// Adds what one input counts: one to its group, and its values, elements and payloads.
  mutating func count(_ file: FileReport) {
    self[keyPath: file.group] += 1
    if file.schema != nil, file.outcome != .notChecked { schemasChecked += 1 }
    if file.schema != nil { schemaReports += 1 }
    unknownValues += file.unknownValueCount
    elementsLeftOut += file.leftOutElementCount
    renamedValues += file.renamedValueCount
    payloads += file.payloadCount
    // A finding about a model that a baseline accepted stays listed, as a note, and counts
    // as accepted like the payloads' findings the baseline took out.
    baselinedFindings +=
      file.baselinedFindingCount + file.findings.count { $0.field?.isBaselined == true }
    // Under --strict a brittle field fails the run though every payload decodes.
    failingBrittleFields += file.findings.count {
      $0.severity == .error && $0.kind.details.isAboutTheModel
    }
  }

  /// The files that were checked, whatever came of them.
  var filesChecked: Int {
    decodedCleanly + withUnknownValues + withElementsLeftOut + failed + baselined
  }

  /// One line: `12 files checked: 9 decoded cleanly, 2 with unknown values (3 values), 1 failed`,
  /// with the files with elements left out, the files a baseline accepted, the alias
  /// conflicts, the brittle fields that fail the check under `--strict`, the paths that could
  /// not be checked, the baseline's counts and the values sent in an old spelling added when
  /// there are some:
  /// `…, 1 with elements left out (2 elements), 1 failed; 1 alias conflict; 3 values sent in
  /// an old spelling`. A run of `--openapi` counts schemas rather than files:
  /// `3 schemas checked (99 payloads): …`.
  public var description: String {
    // A shard of `--openapi` may hold no schema, and still counts them.
    let isContract =
      shard?.countsSchemas ?? (schemaReports > 0 && schemaReports == filesChecked + notChecked)
    let noun = isContract ? "schema" : "file"
    var text = ""
    if let shard {
      text += "shard \(shard.shard): \(shard.kept) of \(counted(shard.planned, noun))"
      if shard.archives > 0 {
        text += " and the requests of \(counted(shard.archives, "HAR archive"))"
      }
      text += "; "
    }
    text += counted(filesChecked, noun) + " checked"
    if payloads != filesChecked {
      text += " (\(counted(payloads, "payload")))"
    }
    text += ": \(decodedCleanly) decoded cleanly, \(withUnknownValues) with unknown values"
    text += " (\(counted(unknownValues, "value")))"
    if withElementsLeftOut > 0 || elementsLeftOut > 0 {
      text += ", \(withElementsLeftOut) with elements left out"
      text += " (\(counted(elementsLeftOut, "element")))"
    }
    text += ", \(failed) failed"
    if baselined > 0 {
      text += ", \(baselined) with only baselined findings"
    }
    if aliasConflicts > 0 {
      text += "; " + counted(aliasConflicts, "alias conflict")
    }
    if failingBrittleFields > 0 {
      text +=
        "; \(counted(failingBrittleFields, "brittle field")) "
        + (failingBrittleFields == 1 ? "fails" : "fail") + " the check (--strict)"
    }
    if notChecked > 0 {
      text += "; \(counted(notChecked, isContract ? "schema" : "path")) could not be checked"
    }
    if traffic.entries > 0 {
      text += "; " + traffic.description
    }
    if baselinedFindings > 0 || fixedBaselineEntries > 0 {
      text += "; baseline: \(counted(baselinedFindings, "finding")) accepted, "
      text += "\(counted(fixedBaselineEntries, "entry", plural: "entries")) no longer found"
      if fixedEntriesFail, fixedBaselineEntries > 0 {
        text += ", which " + (fixedBaselineEntries == 1 ? "fails" : "fail")
        text += " the check (--strict-baseline)"
      }
    }
    if renamedValues > 0 {
      text += "; \(counted(renamedValues, "value")) sent in an old spelling"
    }
    return text
  }
}

/// `1 file`, `2 files`; `1 entry`, `2 entries` with `plural`.
func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
  "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
}
