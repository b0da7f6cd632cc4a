import DecodeCheck
import Foundation
import SampleAPI

// Issue 12's promise: a team's CI run with a baseline and a Markdown summary costs at most
// 1.10x the same run without them.

extension Scenario {
  /// The whole command on a folder of one booking per record (every tenth with two unknown
  /// values), with `--baseline` (holding every finding) and `--summary`, against the same
  /// command without them. One file at a time, so the calling thread's processor time holds
  /// all the work and other processes on the machine do not count.
  static let decodeCheckBaselineSummary = Scenario(
    name: "decode-check-baseline-summary",
    candidate: "command, --baseline and --summary",
    baseline: "command alone",
    target: 1.10
  ) { records in
    let (folder, byteCount) = try BenchmarkFolder.bookings(files: records)
    let baselinePath = folder.path + ".baseline.json"
    let summaryPath = folder.path + ".summary.md"
    let registry = ModelRegistry(registering: Booking.self)
    let common = ["--jobs", "1", "--type", "Booking", folder.path]
    func run(_ extra: [String]) -> Side<Int32> {
      Side(byteCount: byteCount) {
        DecodeCheckCommand.main(
          arguments: extra + common, registry: registry, name: "decode-check",
          environment: [:], standardOutput: TextStream { _ in },
          standardError: TextStream { _ in })
      }
    }
    guard try run(["--write-baseline", baselinePath]).decode() == 0 else {
      throw ComparisonError(description: "the baseline could not be written")
    }
    return try Comparison(
      candidate: run(["--baseline", baselinePath, "--summary", summaryPath]),
      baseline: run([])
    ) { withBaseline, alone in
      guard withBaseline == 0, alone == 0,
        let summary = try? String(contentsOfFile: summaryPath, encoding: .utf8),
        summary.contains("| Findings the baseline accepted | \((records + 9) / 10 * 2) |")
      else {
        throw ComparisonError(description: "the runs did not check the folder as expected")
      }
    }
  }
}

extension Scenario {
  /// Recording fixtures from a folder of captured bookings (`--record`, redacting), against a
  /// plain check of the same folder: what a payload costs to record, which is deciding, by
  /// decoding variants, which of its strings the models depend on. One file at a time; each
  /// run records into a new folder, so every run writes what the first would.
  static let decodeCheckRecord = Scenario(
    name: "decode-check-record",
    candidate: "command, --record (redacting)",
    baseline: "command alone",
    target: 25.0
  ) { records in
    let (folder, byteCount) = try BenchmarkFolder.bookings(files: records)
    let registry = ModelRegistry(registering: Booking.self)
    let common = ["--jobs", "1", "--type", "Booking", folder.path]
    var runs = 0
    func run(_ extra: @escaping () -> [String]) -> Side<Int32> {
      Side(byteCount: byteCount) {
        DecodeCheckCommand.main(
          arguments: extra() + common, registry: registry, name: "decode-check",
          environment: [:], standardOutput: TextStream { _ in },
          standardError: TextStream { _ in })
      }
    }
    let output = folder.deletingLastPathComponent().appendingPathComponent(
      folder.lastPathComponent + "-recorded")
    return try Comparison(
      candidate: run {
        runs += 1
        let into = output.appendingPathComponent("run-\(runs)")
        try? FileManager.default.removeItem(at: into)
        return ["--record", into.path]
      },
      baseline: run { [] }
    ) { recorded, checked in
      guard checked == 0, recorded == 0 || recorded == 1 else {
        throw ComparisonError(description: "the runs did not check the folder as expected")
      }
    }
  }
}

extension BenchmarkFolder {
  /// A folder of `files` booking payloads, every tenth with two unknown values, and the bytes
  /// they hold together.
  static func bookings(files: Int) throws -> (URL, Int) {
    let folder = try emptyFolder(named: "bookings-\(files)")
    var byteCount = 0
    for index in 0..<files {
      let state = index.isMultiple(of: 10) ? "checked_in" : "confirmed"
      let currency = index.isMultiple(of: 10) ? "CHF" : "EUR"
      let payload = Data(
        """
        {
          "id": "b-\(index)",
          "listing_id": \(index),
          "state": "\(state)",
          "channel": "web",
          "guests": [{ "name": "Ada", "age_group": 1 }, { "name": "Grace", "age_group": 2 }],
          "total": { "amount": \(100 + index % 50), "currency": "\(currency)" }
        }
        """.utf8)
      try payload.write(to: folder.appendingPathComponent("booking-\(index).json"))
      byteCount += payload.count
    }
    return (folder, byteCount)
  }
}
