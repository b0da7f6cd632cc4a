/// What the inputs already written out add to a report whose findings are written as they
/// are found, once those findings are gone: their counts, whether one failed, their old
/// spellings and the alias conflicts of the types their findings name.
///
/// A plain check with text or GitHub output writes each batch of inputs as it completes, so
/// its memory holds one batch of findings, not the run's (``PayloadChecker`` with a writer).
/// The rest of the report, the summary, old spellings and alias conflicts, comes from here
/// at the end.
struct WrittenInputs: Sendable, Hashable {
  /// The counts of the summary line the inputs add.
  private(set) var summary = CheckSummary()
  /// Whether a finding of an input fails the check.
  private(set) var hasErrors = false
  /// The values the inputs sent in an old spelling, grouped.
  private(set) var oldSpellings = OldSpellingGroups()
  /// The types the inputs' findings name, with their alias conflicts.
  private(set) var reportedTypes = ReportedTypes()

  /// Adds one input, after it is written out.
  mutating func add(_ file: FileReport) {
    summary.count(file)
    hasErrors = hasErrors || file.hasErrors
    oldSpellings.add(file)
    reportedTypes.add(file)
  }
}

/// The inputs' reports as a check completes them: held for the report, or, with a writer,
/// handed to it one batch at a time and kept only as what they add (``WrittenInputs``).
///
/// Files come a batch of ``filesPerBatch`` at a time, in the order given, an archive's
/// entries a batch at a time in the archive's order; each batch is sorted as a report sorts
/// its inputs. The writer writes them out and may change them (take out what `--disable`
/// turns off) before they are counted.
struct CollectedInputs {
  /// How many files are checked before a writer is handed them.
  static let filesPerBatch = 256

  let writer: ((inout [FileReport]) -> Void)?
  /// The reports held, without a writer.
  private(set) var files: [FileReport] = []
  /// What the reports handed to the writer add.
  private(set) var written = WrittenInputs()

  init(writer: ((inout [FileReport]) -> Void)?) {
    self.writer = writer
  }

  /// Takes the reports of the inputs just completed.
  mutating func receive(_ batch: [FileReport]) {
    guard let writer else {
      files += batch
      return
    }
    var sorted = CheckReport(files: batch, isStrict: false).files
    writer(&sorted)
    for file in sorted { written.add(file) }
  }
}
