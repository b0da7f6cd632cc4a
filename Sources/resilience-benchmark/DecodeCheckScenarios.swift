import DecodeCheck
import Foundation
import SampleAPI

// Issue 4's promises for decode-check: checking a payload costs about what decoding it does,
// and a folder checked on two cores takes well under the time one core takes.

extension Scenario {
  /// The checking engine on one in-memory payload against a bare `JSONDecoder.decode` of the
  /// same bytes into the same type: throughput at least 0.85x, so time at most 1/0.85.
  static let decodeCheckEngine = Scenario(
    name: "decode-check-engine",
    candidate: "PayloadChecker, ListingPage",
    baseline: "bare JSONDecoder, ListingPage",
    target: 1.17
  ) { records in
    let payload = Payloads.listingPage(count: records).data
    let model = RegisteredModel(ListingPage.self)
    let checker = PayloadChecker()
    return try Comparison(
      candidate: Side(byteCount: payload.count) { checker.check(payload, as: model) },
      baseline: .decoding(ListingPage.self, from: payload)
    ) { result, _ in
      guard result.outcome == .decoded, result.findings.isEmpty else {
        throw ComparisonError(description: "the checker did not decode the payload cleanly")
      }
    }
  }

  /// A folder of payload files, 10 listings each (a captured response apiece, as a team's
  /// folder of thousands of files holds), checked two files at a time against one at a time,
  /// in wall-clock time.
  static let decodeCheckTwoCores = Scenario(
    name: "decode-check-two-cores",
    candidate: "folder, 2 files at once",
    baseline: "folder, 1 file at a time",
    target: 0.65,
    clock: .wall
  ) { records in
    let (folder, byteCount) = try BenchmarkFolder.payloads(
      files: max(100, records / 10), recordsPerFile: 10)
    let registry = ModelRegistry(registering: ListingPage.self)
    let model = RegisteredModel(ListingPage.self)
    let checker = PayloadChecker()
    func check(concurrency: Int) -> Side<CheckReport> {
      Side(byteCount: byteCount) {
        checker.check(
          paths: [folder.path], in: registry, as: model, maximumConcurrency: concurrency)
      }
    }
    return try Comparison(candidate: check(concurrency: 2), baseline: check(concurrency: 1)) {
      twoCores, oneCore in
      guard twoCores.files.count == oneCore.files.count,
        twoCores.files.allSatisfy({ $0.outcome == .decoded })
      else {
        throw ComparisonError(description: "the folder did not check cleanly on both sides")
      }
    }
  }
}

/// Payload files written for the folder scenario, in one temporary folder removed at exit.
enum BenchmarkFolder {
  /// The folder, holding `files` copies of a generated `ListingPage` payload, and the bytes
  /// they hold together.
  static func payloads(files: Int, recordsPerFile: Int) throws -> (URL, Int) {
    let folder = root.appendingPathComponent("\(files)x\(recordsPerFile)", isDirectory: true)
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let payload = Payloads.listingPage(count: recordsPerFile).data
    for index in 0..<files {
      try payload.write(to: folder.appendingPathComponent("page-\(index).json"))
    }
    return (folder, payload.count * files)
  }

  /// Removes every folder the benchmark wrote.
  static func removeAll() {
    try? FileManager.default.removeItem(at: root)
  }

  private static let root = FileManager.default.temporaryDirectory
    .appendingPathComponent("resilience-benchmark-\(ProcessInfo.processInfo.processIdentifier)")
}
