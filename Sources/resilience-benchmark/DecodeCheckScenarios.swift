import DecodeCheck
import Dispatch
import Foundation
import SampleAPI

// Issue 4's promises for decode-check: checking a payload costs about what decoding it does,
// and a folder checked on two cores takes well under the time one core takes.

extension Scenario {
  /// The checking engine on one in-memory payload against a bare `JSONDecoder.decode` of the
  /// same bytes into the same type: the RFC 8259 validation every payload goes through and
  /// the decode together take at most 1.10x the decode alone (issue 9).
  static let decodeCheckEngine = Scenario(
    name: "decode-check-engine",
    candidate: "PayloadChecker, ListingPage",
    baseline: "bare JSONDecoder, ListingPage",
    target: 1.10
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

extension Scenario {
  /// Issue 24: the audit decodes many variants of each payload. A variant costs at most
  /// what decoding the payload costs (since issue 41 less: it keeps one listing), plus the
  /// audit's own work: building it by editing the text, decoding with the checker's handler,
  /// answering, gathering fields. The candidate audits
  /// 10-listing `ListingPage` payloads (one per 1,000 records, one thread); the baseline
  /// decodes the same payload as many times as there are variants, so the ratio is the cost
  /// of a variant against a plain decode, and the report adds variants per second.
  static let decodeCheckAudit = Scenario(
    name: "decode-check-audit",
    candidate: "audit of 10-listing ListingPage payloads, per variant",
    baseline: "bare JSONDecoder, the payload once per variant",
    target: 1.25
  ) { records in
    let payload = Payloads.listingPage(count: 10).data
    let payloads = max(1, records / 1_000)
    return try Comparison.audit(payload, with: PayloadChecker(), times: payloads)
  }

  /// The folder of ``decodeCheckTwoCores`` read and decoded by `JSONDecoder` alone, two files
  /// at once against one at a time: how far the platform's own decoding scales on this
  /// machine, the figure to read the checker's against.
  ///
  /// A reference, with no target. `JSONDecoder` asks the Swift runtime for generic type
  /// metadata many times per payload, and that cache counts its readers in one shared
  /// atomic, so two threads decoding at once slow each other down by an amount that depends
  /// on how the machine connects its cores.
  static let jsonDecoderTwoCores = Scenario(
    name: "json-decoder-two-cores",
    candidate: "JSONDecoder alone, 2 files at once",
    baseline: "JSONDecoder alone, 1 file at a time",
    target: nil,
    clock: .wall
  ) { records in
    let (folder, byteCount) = try BenchmarkFolder.payloads(
      files: max(100, records / 10), recordsPerFile: 10)
    let files = try FileManager.default.contentsOfDirectory(
      at: folder, includingPropertiesForKeys: nil)
    func decode(concurrency: Int) -> Side<Int> {
      Side(byteCount: byteCount) {
        let next = InputCounter()
        let decoded = InputCounter()
        DispatchQueue.concurrentPerform(iterations: concurrency) { _ in
          while let index = next.take(below: files.count) {
            if let data = try? Data(contentsOf: files[index]),
              (try? JSONDecoder().decode(ListingPage.self, from: data)) != nil
            {
              _ = decoded.take(below: .max)
            }
          }
        }
        return decoded.count
      }
    }
    return try Comparison(candidate: decode(concurrency: 2), baseline: decode(concurrency: 1)) {
      twoCores, oneCore in
      guard twoCores == files.count, oneCore == files.count else {
        throw ComparisonError(description: "JSONDecoder did not decode every file on both sides")
      }
    }
  }
}

/// Payload files written for the folder scenarios, in one temporary folder removed at exit.
enum BenchmarkFolder {
  /// The folder, holding `files` copies of a generated `ListingPage` payload, and the bytes
  /// they hold together.
  static func payloads(files: Int, recordsPerFile: Int) throws -> (URL, Int) {
    let folder = try emptyFolder(named: "\(files)x\(recordsPerFile)")
    let payload = Payloads.listingPage(count: recordsPerFile).data
    for index in 0..<files {
      try payload.write(to: folder.appendingPathComponent("page-\(index).json"))
    }
    return (folder, payload.count * files)
  }

  /// A new empty folder of this name inside the benchmark's own folder.
  static func emptyFolder(named name: String) throws -> URL {
    let folder = root.appendingPathComponent(name, isDirectory: true)
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// Removes every folder the benchmark wrote.
  static func removeAll() {
    try? FileManager.default.removeItem(at: root)
  }

  private static let root = FileManager.default.temporaryDirectory
    .appendingPathComponent("resilience-benchmark-\(ProcessInfo.processInfo.processIdentifier)")
}

extension Comparison {
  /// `payload` audited as a `ListingPage` by `checker`, `times` times over, against as many
  /// plain decodes as the audit decodes variants: the cost of a variant against a decode.
  /// Both sides must come to the same count of decodes.
  static func audit(
    _ payload: Data, with checker: PayloadChecker, times: Int
  ) throws -> Comparison {
    let model = RegisteredModel(ListingPage.self)
    let variants =
      AuditReport(checker.audit(payload, as: model, maximumConcurrency: 1))?.variantCount ?? 0
    guard variants > 0 else {
      throw ComparisonError(description: "the audit decoded no variant")
    }
    let byteCount = payload.count * variants * times
    var comparison = try Comparison(
      candidate: Side(byteCount: byteCount) {
        (0..<times).map { _ in
          AuditReport(checker.audit(payload, as: model, maximumConcurrency: 1))?.variantCount ?? 0
        }.reduce(0, +)
      },
      baseline: Side(byteCount: byteCount) {
        try (0..<times * variants).map { _ in
          try JSONDecoder().decode(ListingPage.self, from: payload).listings.count
        }.count
      }
    ) { audited, decoded in
      guard audited == decoded else {
        throw ComparisonError(
          description: "the audit decoded \(audited) variants, the baseline \(decoded) payloads")
      }
    }
    comparison.candidateItems = (variants * times, "variants")
    return comparison
  }
}
