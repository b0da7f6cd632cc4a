import Foundation

extension DecodeCheckCommand {
  /// `--record FOLDER`: records the payloads of `plan` as fixtures, with a progress line on
  /// a terminal, and prints the summary; 0 when every payload with a type was recorded, 1 when
  /// one was not written or is not valid JSON.
  static func record(
    _ plan: InputPlan, into folder: String, options: CommandOptions, checker: PayloadChecker,
    registry: ModelRegistry, name: String, standardOutput: TextStream, standardError: TextStream,
    progressSilence: UInt64
  ) -> Int32 {
    var recorder = FixtureRecorder(folder: folder, checker: checker, registry: registry)
    recorder.redacts = !options.keepsCapturedValues
    recorder.isSharded = options.shard != nil
    recorder.keep = options.keptPatterns
    if let probes = options.maximumProbes { recorder.budget = probes }
    let progress =
      standardError.isTerminal && !options.isQuiet
      ? RecordingProgress(
        stream: standardError, name: name, silence: progressSilence,
        totalBytes: inputBytes(of: plan)) : nil
    let summary = recorder.record(
      plan, maximumConcurrency: options.jobs ?? PayloadChecker.defaultConcurrency,
      progress: progress)
    progress?.finish()
    standardOutput.write(summary.text)
    return summary.notWritten.isEmpty && summary.notValidJSON.isEmpty ? 0 : 1
  }

  /// The sizes of the inputs `plan` reads, as their files' sizes say, without reading them.
  static func inputBytes(of plan: InputPlan) -> Int {
    plan.inputs.reduce(0) { total, input in
      guard input.problem == nil else { return total }
      switch input.source {
      case .data(let data): return total + data.count
      case .file(let path), .archive(let path):
        let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
        return total + (size ?? 0)
      }
    }
  }
}
