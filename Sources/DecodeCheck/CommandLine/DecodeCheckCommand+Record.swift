import Foundation

extension DecodeCheckCommand {
  /// `--record FOLDER`: records the payloads of `plan` as fixtures and prints the summary;
  /// 0 when every payload with a type was recorded, 1 when one was not written.
  static func record(
    _ plan: InputPlan, into folder: String, options: CommandOptions, checker: PayloadChecker,
    registry: ModelRegistry, standardOutput: TextStream
  ) -> Int32 {
    var recorder = FixtureRecorder(folder: folder, checker: checker, registry: registry)
    recorder.redacts = !options.keepsCapturedValues
    let summary = recorder.record(
      plan, maximumConcurrency: options.jobs ?? PayloadChecker.defaultConcurrency)
    standardOutput.write(summary.text)
    return summary.notWritten.isEmpty ? 0 : 1
  }
}
