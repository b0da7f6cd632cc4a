import Foundation
import Testing

@testable import DecodeCheck

/// The progress of `--record` ends at its total: the bytes it counts as read, archives through
/// the HAR reader's offset and payloads as they are read, add up to the inputs' file sizes
/// taken before the run.
@Suite struct RecordingProgressTotalTests {
  /// Keeps the furthest point a run said it had read.
  private final class FurthestRead: RecordProgress, @unchecked Sendable {
    private let lock = NSLock()
    private var furthest = 0
    var bytes: Int { lock.withLock { furthest } }
    func read(upTo bytes: Int) { lock.withLock { furthest = max(furthest, bytes) } }
    func advance(variants _: Int) {}
  }

  @Test func theProgressOfTheFixturesFolderEndsAtItsTotal() throws {
    let plan = InputPlan(
      paths: [packageFixtures], registry: sampleRegistry, model: nil, readsLines: false,
      standardInput: { Data() })
    #expect(plan.inputs.contains { $0.isArchive })
    let folder = try TemporaryFolder()
    let recorder = FixtureRecorder(
      folder: folder.path + "/Recorded", checker: PayloadChecker(), registry: sampleRegistry)
    let progress = FurthestRead()
    _ = recorder.record(plan, maximumConcurrency: 2, progress: progress)
    let total = DecodeCheckCommand.inputBytes(of: plan)
    #expect(total > 0)
    #expect(progress.bytes == total)
  }
}
