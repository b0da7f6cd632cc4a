import CodableResilience
import Foundation

/// The checking engine: decodes payloads with a registered model and turns what happens into
/// findings with paths and line:column positions.
///
/// A payload that decodes with only known values costs one `JSONDecoder.decode`; the text is
/// searched for positions only when there is something to report.
///
/// ```swift
/// let checker = PayloadChecker(strict: true)
/// let result = checker.check(data, as: RegisteredModel(ListingPage.self))
/// result.outcome   // .decodedWithUnknownValues
/// result.findings  // [error at 14:15 $.listings[1].kind: unknown ListingKind value "castle"; …]
///
/// // Whole folders, on every core:
/// let report = checker.check(paths: ["Fixtures"], in: registry)
/// ```
public struct PayloadChecker: Sendable {
  /// Whether unknown values and elements left out are errors rather than warnings
  /// (`--strict`). Old spellings are notes either way.
  var isStrict: Bool

  /// Whether each input holds one payload per line (newline-delimited JSON, `--lines`).
  var readsLines: Bool

  /// How HAR archives (`*.har`) are read: routes, error responses, unrouted requests.
  public var traffic = TrafficOptions()

  /// Whether, and within what budget, each payload that decodes is also audited
  /// (`--audit`): asked, field by field, what a new value, a new variant or a missing key
  /// would do. `nil`, the default, checks the payloads only. The answers are findings of
  /// the report, each field at its example, which ``AuditReport`` gathers.
  ///
  /// ```swift
  /// var checker = PayloadChecker()
  /// checker.audit = .standard
  /// let brittle = AuditReport(checker.check(paths: ["Fixtures"], in: registry))?.brittle ?? []
  /// ```
  public var audit: AuditBudget?

  /// The audit's classes of a type's change (`brittle-to-type`, `brittle-to-null`) that fail
  /// the check (`--strict-classes`); a note otherwise, since a plain model is brittle to them
  /// almost everywhere.
  var strictClasses: Set<CheckClass> = []

  /// How many variants of one payload are decoded at once: 1 while several inputs are
  /// checked at once, which already keeps the cores busy.
  var variantConcurrency = 1

  /// Creates a checker.
  ///
  /// ```swift
  /// let checker = PayloadChecker(strict: false, lines: true)
  /// ```
  public init(strict: Bool = false, lines: Bool = false) {
    isStrict = strict
    readsLines = lines
  }

  /// How many files are checked at once unless told otherwise: one per core.
  public static var defaultConcurrency: Int {
    ProcessInfo.processInfo.activeProcessorCount
  }

  /// Checks a payload held in memory (with `lines: true`, one payload per line), reported
  /// as the input at `path`.
  ///
  /// ```swift
  /// let report = PayloadChecker().check(Data(#"{"id": "b-1"}"#.utf8), as: booking)
  /// report.outcome                // .failed
  /// report.findings.first?.message  // "missing required key `listing_id`"
  /// ```
  ///
  /// - Parameters:
  ///   - data: the payload's bytes, as the server sent them.
  ///   - model: the type to decode it as.
  ///   - path: what the report calls the input; `-` (standard input) by default.
  public func check(_ data: Data, as model: RegisteredModel, path: String = "-") -> FileReport {
    FileReport(path: path, typeName: model.qualifiedName, result: checkPayloads(data, as: model))
  }

  /// Checks one payload held in memory and audits it (with ``audit``, or the standard budget
  /// when it is `nil`): the report's one file holds what the check found, the audit's fields
  /// among its findings, which ``AuditReport`` gathers. A payload that does not decode is
  /// reported and not audited.
  ///
  /// ```swift
  /// let report = PayloadChecker().audit(data, as: RegisteredModel(ListingPage.self))
  /// AuditReport(report)?.brittle  // [] when no field breaks on a value never sent
  /// ```
  ///
  /// - Parameters:
  ///   - data: the payload's bytes (with `lines: true`, one payload per line).
  ///   - model: the type to decode it as.
  ///   - path: what the report calls the input; `-` by default.
  ///   - maximumConcurrency: how many variants to decode at once.
  public func audit(
    _ data: Data, as model: RegisteredModel, path: String = "-",
    maximumConcurrency: Int = defaultConcurrency
  ) -> CheckReport {
    var checker = self
    checker.audit = audit ?? .standard
    checker.variantConcurrency = maximumConcurrency
    var report = CheckReport(
      files: [checker.check(data, as: model, path: path)], isStrict: isStrict)
    report.scope.inputs = [path]
    report.scope.strictClasses = strictClasses
    report.addAuditFindings()
    report.findAliasConflicts(registered: [model])
    return report
  }

  /// Checks files, folders (searched recursively for `*.json`, and `*.ndjson` and `*.jsonl`
  /// with `lines: true`) and `-` for standard input, several files at once.
  ///
  /// Each file is decoded as `model` or, when it is `nil`, as the type its nearest enclosing
  /// folder is named after (`Fixtures/Booking/v1.json` is a `Booking`). Paths that are
  /// missing, unreadable, empty folders or without a type are reported as not checked. The
  /// aliases of the registry's types, and of the types the payloads' reports name, are
  /// checked for conflicts (findings of the kind ``Finding/Kind/aliasConflict``).
  ///
  /// ```swift
  /// let report = PayloadChecker().check(
  ///   paths: ["Fixtures"], in: registry, maximumConcurrency: 2)
  /// ```
  ///
  /// - Parameters:
  ///   - paths: files, folders and `-`, as on the command line.
  ///   - registry: the types a file's folder may name.
  ///   - model: the type to decode every file as; `nil` to take it from the folders.
  ///   - maximumConcurrency: how many files to check at once; 1 checks them one after another
  ///     on the calling thread.
  public func check(
    paths: [String],
    in registry: ModelRegistry,
    as model: RegisteredModel? = nil,
    maximumConcurrency: Int = defaultConcurrency
  ) -> CheckReport {
    let plan = InputPlan(
      paths: paths, registry: registry, model: model, readsLines: readsLines,
      standardInput: StandardInput.process.read)
    var report = check(plan, maximumConcurrency: maximumConcurrency, progress: nil)
    report.findAliasConflicts(registered: registry.models)
    return report
  }

  /// Checks planned inputs on up to `maximumConcurrency` threads, reporting each finished one
  /// to `progress`.
  ///
  /// With a `writer`, the inputs are handed to it in batches as they complete, and the report
  /// keeps only what they add (``CollectedInputs``).
  func check(
    _ plan: InputPlan,
    maximumConcurrency: Int,
    progress: (any CheckProgress)?,
    writer: ((inout [FileReport]) -> Void)? = nil
  ) -> CheckReport {
    // Archives check their entries several at once themselves, one archive after another.
    let archives = plan.inputs.filter(\.isArchive)
    let inputs = plan.inputs.filter { !$0.isArchive }
    var checker = self
    if archives.isEmpty {
      // Few payload files: their variants, not the inputs, are what runs at once.
      checker.variantConcurrency =
        ConcurrencySplit(items: inputs.count, threads: maximumConcurrency).variantsAtOnce
    }
    var collected = CollectedInputs(writer: writer)
    var scope = CheckedScope(folders: plan.searchedFolders)
    let inputBatch = writer == nil ? max(inputs.count, 1) : CollectedInputs.filesPerBatch
    for start in stride(from: 0, to: inputs.count, by: inputBatch) {
      let batch = inputs[start..<min(start + inputBatch, inputs.count)]
      let reports = concurrentMap(count: batch.count, maximumConcurrency: maximumConcurrency) {
        [checker] in
        let report = checker.check(batch[batch.startIndex + $0])
        progress?.advance(variants: report.audits.reduce(0) { $0 + $1.variantCount })
        return report
      }
      for file in reports where file.outcome != .notChecked {
        scope.inputs.insert(file.path)
      }
      collected.receive(reports)
    }
    var traffic = TrafficCounts()
    for input in archives {
      let archive = HARArchive(
        shown: input.path, path: input.filePath, model: input.model, checker: self,
        shard: plan.shard?.shard, shardKey: input.shardKey)
      var anyNotChecked = false
      let (counts, isRead) = archive.check(maximumConcurrency: maximumConcurrency) { batch in
        anyNotChecked = anyNotChecked || batch.contains { $0.outcome == .notChecked }
        progress?.advance(
          variants: batch.reduce(0) { $0 + $1.audits.reduce(0) { $0 + $1.variantCount } })
        collected.receive(batch)
      }
      if isRead, !anyNotChecked {
        scope.inputs.insert(input.path)
      }
      traffic += counts
    }
    scope.shard = plan.shard?.shard
    var report = CheckReport(files: collected.files, isStrict: isStrict)
    report.written = collected.written
    report.traffic = traffic
    report.scope = scope
    report.shard = plan.shard
    report.scope.strictClasses = strictClasses
    if audit != nil { report.addAuditFindings() }
    return report
  }

  private func check(_ input: PlannedInput) -> FileReport {
    guard let model = input.model, input.problem == nil else {
      let finding = Finding(
        severity: .error, kind: .inputError, message: input.problem ?? "no type for this file")
      return FileReport(
        path: input.path, typeName: input.model?.qualifiedName, outcome: .notChecked,
        findings: [finding], payloadCount: 0)
    }
    let data: Data
    switch input.source {
    case .data(let bytes):
      data = bytes
    case .file(let path), .archive(let path):
      do {
        data = try readFile(atPath: path)
      } catch {
        let finding = Finding(
          severity: .error, kind: .inputError, message: "cannot read: \(describeReadError(error))")
        return FileReport(
          path: input.path, typeName: model.qualifiedName, outcome: .notChecked,
          findings: [finding], payloadCount: 0)
      }
    }
    return check(data, as: model, path: input.path)
  }
}

// MARK: - An input's text

// What an input's bytes hold before any payload is decoded: UTF-8 or another encoding
// JSONDecoder reads, and one payload or, with `--lines`, one per line.
extension PayloadChecker {
  /// What checking the payloads in `data` found.
  func checkPayloads(_ data: Data, as model: RegisteredModel) -> PayloadResult {
    switch PayloadText.read(data) {
    case .utf8:
      return checkText(data, as: model)
    case .converted(let text, let encoding):
      var result = checkText(text, as: model)
      let warning = Finding(
        severity: .warning, kind: .invalidJSON,
        message: "the payload is \(encoding): JSONDecoder reads it, but RFC 8259 asks for "
          + "UTF-8 between systems and other JSON parsers may reject it")
      result.findings.insert(warning, at: 0)
      return result
    case .unreadable(let message, let before):
      let position = before.withUnsafeBytes { JSONScanner($0).positions(of: [$0.count]) }
      let error = Finding(
        severity: .error, kind: .invalidJSON, message: message,
        position: position[before.count])
      return PayloadResult(outcome: .failed, findings: [error], payloadCount: 1)
    }
  }

  /// Checks UTF-8 text: one payload, or with ``readsLines`` one per line.
  private func checkText(_ text: Data, as model: RegisteredModel) -> PayloadResult {
    readsLines ? checkLines(text, as: model) : checkPayload(text, as: model, line: nil)
  }

  /// Checks each non-blank line as a payload of its own (`--lines`), reported at its line.
  private func checkLines(_ data: Data, as model: RegisteredModel) -> PayloadResult {
    if data.isEmpty {
      return checkPayload(data, as: model, line: 1)
    }
    var findings: [Finding] = []
    var audits: [PayloadAudit] = []
    var payloadCount = 0
    var anyFailed = false
    for line in PayloadLine.lines(in: data) {
      let payload = data[
        data.startIndex + line.range.lowerBound..<data.startIndex + line.range.upperBound]
      let result = checkPayload(payload, as: model, line: line.number)
      payloadCount += 1
      findings += result.findings
      audits += result.audits
      anyFailed = anyFailed || result.outcome == .failed
    }
    if payloadCount == 0 {
      // Only blank lines: as empty as an empty file, and reported at its first line.
      return checkPayload(data, as: model, line: nil)
    }
    return PayloadResult(
      outcome: FileReport.Outcome(decoded: !anyFailed, findings: findings), findings: findings,
      payloadCount: payloadCount, audits: audits)
  }
}

// MARK: - One payload

extension PayloadChecker {
  /// Checks that one payload is JSON, then decodes it; `line` is its line in the file when it
  /// is one line of many.
  ///
  /// Invalid JSON is reported as such before anything the model would say: `JSONDecoder` does
  /// not read the values a model ignores, and reads a trailing comma. A trailing comma is a
  /// warning, and the payload is decoded as the app would.
  private func checkPayload(_ data: Data, as model: RegisteredModel, line: Int?) -> PayloadResult {
    let start = data.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var trailingCommas: [JSONScanner.SyntaxError] = []
    if !data.withUnsafeBytes({ StrictJSONValidator.isValid($0, from: start) }) {
      let check = data.withUnsafeBytes {
        JSONScanner($0).syntaxCheck(allowingTrailingCommas: true)
      }
      trailingCommas = check.trailingCommas
      if let error = check.error {
        let findings = data.withUnsafeBytes { bytes in
          locate(
            (trailingCommas + [error]).map { ($0.finding, $0.offset) }, in: JSONScanner(bytes),
            line: line)
        }
        return PayloadResult(outcome: .failed, findings: findings, payloadCount: 1)
      }
    }
    let outcome = VariantDecoder(model).outcome(of: data)
    if case .decodedSilently = outcome, trailingCommas.isEmpty {
      return PayloadResult(
        outcome: .decoded, findings: [], payloadCount: 1,
        audits: audit(data, as: model, base: outcome, line: line))
    }
    var findings = trailingCommas.map { ($0.finding, Optional($0.offset)) }
    for report in outcome.reports {
      findings.append((report.finding(isStrict: isStrict), report.offset))
    }
    if case .failed(let failure) = outcome {
      findings.append((failure.finding, failure.offset))
    }
    let located = data.withUnsafeBytes { locate(findings, in: JSONScanner($0), line: line) }
    return PayloadResult(
      outcome: FileReport.Outcome(decoded: outcome.decoded, findings: located), findings: located,
      payloadCount: 1,
      audits: audit(data, as: model, base: outcome, line: line))
  }

  /// The audit of a payload that decoded as `base` says, when the checker audits.
  private func audit(_ data: Data, as model: RegisteredModel, base: VariantOutcome, line: Int?)
    -> [PayloadAudit]
  {
    guard let audit, base.decoded else { return [] }
    let auditor = PayloadAuditor(
      decoder: VariantDecoder(model), budget: audit, maximumConcurrency: variantConcurrency)
    return [auditor.audit(data, base: base, line: line)]
  }

  /// The findings with the line and column of their offsets, in text order.
  private func locate(_ findings: [(Finding, Int?)], in scanner: JSONScanner, line: Int?)
    -> [Finding]
  {
    let positions = scanner.positions(of: findings.compactMap(\.1))
    let located = findings.map { finding, offset in
      var finding = finding
      if let offset, var position = positions[offset] {
        // A line of newline-delimited JSON is scanned on its own, so its positions are on
        // line 1.
        if let line { position.line += line - 1 }
        finding.position = position
      }
      return finding
    }
    return sortedByPosition(located)
  }
}

/// Findings in text order; those without a position keep their order, after the others.
func sortedByPosition(_ findings: [Finding]) -> [Finding] {
  findings.enumerated().sorted { lhs, rhs in
    switch (lhs.element.position, rhs.element.position) {
    case (let left?, let right?) where left != right: return left < right
    case (.some, nil): return true
    case (nil, .some): return false
    default: return lhs.offset < rhs.offset
    }
  }.map(\.element)
}

/// What checking the payloads of one input found; ``FileReport`` adds the input's path and
/// type.
struct PayloadResult: Sendable, Hashable {
  /// How the payloads came out of the check.
  var outcome: FileReport.Outcome
  /// What was found, in the order it appears in the text.
  var findings: [Finding]
  /// How many payloads were checked: 1, or one per non-blank line with `--lines`.
  var payloadCount: Int
  /// What auditing the payloads that decoded found, when the checker audits.
  var audits: [PayloadAudit] = []
}
