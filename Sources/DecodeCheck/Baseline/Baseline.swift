import Foundation

/// The findings a team has accepted, so a check reports only what is new (`--baseline`).
///
/// A baseline records each finding by file, JSON path, kind and value, never by line or
/// column, so editing a payload keeps its entries valid. The file is readable JSON, sorted and
/// the same on every machine:
///
/// ```json
/// {
///   "entries" : [
///     { "file" : "Fixtures/Booking/v2.json", "kind" : "unknownValue",
///       "path" : "$.state", "value" : "checked_in" }
///   ],
///   "version" : 1
/// }
/// ```
///
/// ```swift
/// let report = PayloadChecker(strict: true).check(paths: ["Fixtures"], in: registry)
/// try Baseline(recording: report).write(toFile: "decode-check-baseline.json")
/// // Later runs report only findings that are not in it:
/// let baseline = try Baseline(contentsOfFile: "decode-check-baseline.json")
/// let newFindings = baseline.apply(to: report)
/// ```
public struct Baseline: Sendable, Hashable {
  /// The version of the file format this package writes and reads.
  static let formatVersion = 1

  /// The accepted findings, sorted; an entry appears once per finding it accepts.
  public private(set) var entries: [BaselineEntry]

  /// Creates a baseline of the given entries.
  ///
  /// ```swift
  /// let baseline = Baseline(entries: [
  ///   BaselineEntry(file: "Fixtures/Booking/v2.json", kind: .unknownValue,
  ///                 path: "$.state", value: "checked_in")
  /// ])
  /// ```
  init(entries: [BaselineEntry]) {
    self.entries = entries.sorted()
  }

  /// Records every finding of `report` that a baseline can hold: unknown values, elements
  /// left out, decoding failures, invalid JSON and the audit's brittle fields, but not inputs
  /// that could not be checked, old spellings (they are not problems, and never fail a check)
  /// or alias conflicts (a mistake in a type, to correct rather than accept).
  ///
  /// ```swift
  /// let baseline = Baseline(recording: report)
  /// ```
  ///
  /// - Parameters:
  ///   - report: the run to record, before any baseline was applied to it.
  ///   - workingDirectory: the folder file names are made relative to; by default the
  ///     process's current folder.
  public init(recording report: CheckReport, workingDirectory: String? = nil) {
    let folder = workingDirectory.map(WorkingDirectory.init) ?? .current
    var entries: [BaselineEntry] = []
    for file in report.files {
      for finding in file.findings where finding.kind.details.isBaselinable {
        // A field brittle to another type or to `null` is recorded only when it fails the
        // check (`--strict-classes`): as a note, a plain model has one at almost every field.
        if finding.field.map(\.isAboutTheType) == true, finding.severity == .note { continue }
        entries.append(BaselineEntry(finding, of: file, relativeTo: folder))
      }
    }
    self.init(entries: entries)
  }

  /// Several baselines as one, such as those the shards of a run wrote (`--shard`, with
  /// `--baseline` given once per file): each entry as many times as the baseline holding it
  /// most often holds it.
  ///
  /// Shards hold disjoint files and requests, so their entries of payloads are simply all
  /// kept; a brittle field several shards found, which a whole run records once, is kept
  /// once. The merge of the shards' baselines is the baseline of the whole run.
  ///
  /// ```swift
  /// let merged = Baseline(merging: try paths.map { try Baseline(contentsOfFile: $0) })
  /// ```
  init(merging baselines: [Baseline]) {
    var most: [BaselineEntry: Int] = [:]
    for baseline in baselines {
      var counts: [BaselineEntry: Int] = [:]
      for entry in baseline.entries { counts[entry, default: 0] += 1 }
      most.merge(counts, uniquingKeysWith: max)
    }
    self.init(entries: most.flatMap { entry, count in repeatElement(entry, count: count) })
  }

  /// Reads a baseline file.
  ///
  /// ```swift
  /// let baseline = try Baseline(contentsOfFile: "decode-check-baseline.json")
  /// ```
  ///
  /// - Throws: ``BaselineError`` naming the file when it is missing, unreadable, not JSON,
  ///   of another format version, or not a baseline.
  public init(contentsOfFile path: String) throws(BaselineError) {
    let data: Data
    do {
      data = try readFile(atPath: path)
    } catch {
      throw BaselineError("cannot read the baseline `\(path)`: \(describeReadError(error))")
    }
    do {
      let file = try JSONDecoder().decode(File.self, from: data)
      self.init(entries: file.entries)
    } catch let error as VersionError {
      throw BaselineError(
        "the baseline `\(path)` is of version \(error.version); this checker reads version "
          + "\(Self.formatVersion): write it again with --write-baseline")
    } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
      throw BaselineError("the baseline `\(path)` is not valid JSON")
    } catch DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty {
      throw BaselineError("the baseline `\(path)` is not a baseline: expected a JSON object")
    } catch DecodingError.keyNotFound(let key, let context)
      where context.codingPath.isEmpty && key.stringValue == "version"
    {
      throw BaselineError("the baseline `\(path)` is not a baseline: it has no `version` number")
    } catch let error as DecodingError {
      throw BaselineError("the baseline `\(path)` is not a baseline: \(describe(error))")
    } catch {
      throw BaselineError("the baseline `\(path)` is not a baseline: \(error)")
    }
  }

  /// The baseline as the JSON text ``write(toFile:)`` writes: sorted keys and entries, one
  /// entry per line group, ending in a line break.
  ///
  /// ```swift
  /// let text = String(decoding: baseline.encoded(), as: UTF8.self)
  /// ```
  func encoded() -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Strings, an integer and arrays of them: encoding cannot fail.
    var data = (try? encoder.encode(File(version: Self.formatVersion, entries: entries))) ?? Data()
    data.append(UInt8(ascii: "\n"))
    return data
  }

  /// Writes the baseline to a file, replacing it.
  ///
  /// ```swift
  /// try Baseline(recording: report).write(toFile: "decode-check-baseline.json")
  /// ```
  ///
  /// - Throws: ``BaselineError`` naming the file when it cannot be written.
  public func write(toFile path: String) throws(BaselineError) {
    do {
      try encoded().write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw BaselineError("cannot write the baseline `\(path)`: \(describeReadError(error))")
    }
  }

  /// The report without the findings this baseline accepts, with
  /// ``CheckReport/baseline`` saying how many it accepted and which entries no longer occur.
  ///
  /// Each entry accepts one finding with the same file (and request), path, kind and value.
  /// A finding about a model rather than a payload (a brittle field) stays listed, as a note
  /// saying it was accepted: the input it is in is only its example. An entry that accepts nothing is listed as fixed when this run judged its input: it read
  /// the file or HAR archive, or searched a folder the file was in and the file is gone.
  /// Entries of inputs the run did not look at are left alone.
  ///
  /// ```swift
  /// let report = baseline.apply(to: checker.check(paths: ["Fixtures"], in: registry))
  /// report.exitStatus  // 0 unless a finding is new
  /// ```
  ///
  /// - Parameters:
  ///   - report: the run to compare, as the checker made it.
  ///   - workingDirectory: the folder the entries' file names are relative to; by default the
  ///     process's current folder.
  ///   - fixedEntriesFail: whether entries that no longer occur fail the check
  ///     (`--strict-baseline`).
  public func apply(
    to report: CheckReport,
    workingDirectory: String? = nil,
    fixedEntriesFail: Bool = false
  ) -> CheckReport {
    let folder = workingDirectory.map(WorkingDirectory.init) ?? .current
    var unmatched: [BaselineEntry: Int] = [:]
    for entry in entries {
      unmatched[entry, default: 0] += 1
    }
    var result = report
    var accepted = 0
    /// The entries of requests by everything but the request, made when first needed.
    var withoutRequests: [BaselineEntry: [BaselineEntry]]?
    for index in result.files.indices where !result.files[index].findings.isEmpty {
      var kept: [Finding] = []
      for finding in result.files[index].findings {
        var entry = BaselineEntry(finding, of: result.files[index], relativeTo: folder)
        if unmatched[entry] == nil, let request = result.files[index].request,
          let written = Self.entry(
            like: entry, namingThe: request, in: unmatched, withoutRequests: &withoutRequests)
        {
          entry = written
        }
        // A finding a baseline already accepted (one applied before this one) is not
        // accepted twice.
        guard finding.kind.details.isBaselinable, finding.field?.isBaselined != true,
          let count = unmatched[entry]
        else {
          kept.append(finding)
          continue
        }
        unmatched[entry] = count == 1 ? nil : count - 1
        accepted += 1
        if finding.kind.details.isAboutTheModel {
          var acceptedFinding = finding
          acceptedFinding.accept()
          kept.append(acceptedFinding)
        } else {
          result.files[index].acceptedFindings.append(finding)
        }
      }
      result.files[index].findings = kept
    }
    var fixed: [BaselineEntry] = []
    if !unmatched.isEmpty {
      let read = Set(report.scope.inputs.map(folder.relative))
      for (entry, count) in unmatched where report.scope.covers(entry, readAs: read, in: folder) {
        fixed += repeatElement(entry, count: count)
      }
    }
    result.baseline = BaselineComparison(
      accepted: accepted, fixed: fixed.sorted(), fixedEntriesFail: fixedEntriesFail)
    return result
  }

  /// An entry still unmatched that is `entry` but for its request, which names `request` the
  /// way an older baseline wrote it: by the concrete path rather than the route's pattern.
  private static func entry(
    like entry: BaselineEntry, namingThe request: CapturedRequest,
    in unmatched: [BaselineEntry: Int],
    withoutRequests: inout [BaselineEntry: [BaselineEntry]]?
  ) -> BaselineEntry? {
    if withoutRequests == nil {
      withoutRequests = Dictionary(
        grouping: unmatched.keys.filter { $0.request != nil }, by: \.withoutRequest)
    }
    return withoutRequests?[entry.withoutRequest]?.first { candidate in
      unmatched[candidate] != nil && candidate.request.map(request.matches) == true
    }
  }

  /// The file's layout. Reading checks the version before the entries, so a file of another
  /// version is reported as such whatever its entries look like.
  private struct File: Codable {
    var version: Int
    var entries: [BaselineEntry]

    init(version: Int, entries: [BaselineEntry]) {
      self.version = version
      self.entries = entries
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      version = try container.decode(Int.self, forKey: .version)
      guard version == Baseline.formatVersion else { throw VersionError(version: version) }
      entries = try container.decode([BaselineEntry].self, forKey: .entries)
    }
  }

  /// A baseline file of a version this package does not read.
  private struct VersionError: Error {
    var version: Int
  }
}

/// A baseline that could not be read or written, in one line naming the file.
///
/// ```swift
/// do {
///   _ = try Baseline(contentsOfFile: "old-baseline.json")
/// } catch {
///   print(error)  // the baseline `old-baseline.json` is of version 2; this checker reads version 1…
/// }
/// ```
public struct BaselineError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong, naming the file.
  public internal(set) var description: String

  init(_ description: String) {
    self.description = description
  }
}

/// A decoding error of the baseline file in a few words, with the JSON path of the entry.
private func describe(_ error: DecodingError) -> String {
  func place(_ path: [any CodingKey]) -> String {
    var text = "$"
    for key in path {
      if let index = key.intValue { text += "[\(index)]" } else { text += "." + key.stringValue }
    }
    return text
  }
  switch error {
  case .keyNotFound(let key, let context):
    return "\(place(context.codingPath)) has no `\(key.stringValue)`"
  case .typeMismatch(_, let context), .valueNotFound(_, let context),
    .dataCorrupted(let context):
    return "\(place(context.codingPath)): \(context.debugDescription)"
  @unknown default:
    return "\(error)"
  }
}
