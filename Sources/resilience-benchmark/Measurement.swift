#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The timings of one scenario at one size.
struct Measurement: Encodable {
  var scenario: String
  var candidate: String
  var baseline: String
  var records: Int
  var candidateBytes: Int
  var baselineBytes: Int
  /// How many interleaved pairs of runs were timed.
  var repetitions: Int
  /// Median seconds of one candidate run.
  var candidateSeconds: Double
  /// Median seconds of one baseline run.
  var baselineSeconds: Double
  /// The median of the candidate / baseline time ratios of the pairs; lower is faster.
  var ratio: Double
  /// `nil` for a reference scenario.
  var target: Double?
  /// What one candidate run handles, such as `(310, "variants")`, for a rate per second.
  var candidateItems: (count: Int, noun: String)?
  /// The process's peak resident memory after the candidate's first run, in bytes, for a
  /// scenario that measures it.
  var candidatePeakMemoryBytes: Int?
  /// What the row measured besides time, such as the peaks of child processes.
  var note: String?

  var candidateMegabytesPerSecond: Double { Double(candidateBytes) / candidateSeconds / 1e6 }
  var baselineMegabytesPerSecond: Double { Double(baselineBytes) / baselineSeconds / 1e6 }
  var passed: Bool { target.map { ratio <= $0 } ?? true }
  /// The candidate's items per second, such as variants per second; `nil` without items.
  var candidateItemsPerSecond: Double? {
    candidateItems.map { Double($0.count) / candidateSeconds }
  }

  enum CodingKeys: String, CodingKey {
    case scenario, candidate, baseline, records, repetitions, ratio, target, passed
    case candidateBytes = "candidate_bytes"
    case baselineBytes = "baseline_bytes"
    case candidateSeconds = "candidate_seconds"
    case baselineSeconds = "baseline_seconds"
    case candidateMegabytesPerSecond = "candidate_mb_per_s"
    case baselineMegabytesPerSecond = "baseline_mb_per_s"
    case candidateItemsPerSecond = "candidate_items_per_s"
    case candidateItemNoun = "candidate_item"
    case candidatePeakMemoryBytes = "candidate_peak_memory_bytes"
    case note
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(scenario, forKey: .scenario)
    try container.encode(candidate, forKey: .candidate)
    try container.encode(baseline, forKey: .baseline)
    try container.encode(records, forKey: .records)
    try container.encode(repetitions, forKey: .repetitions)
    try container.encode(candidateBytes, forKey: .candidateBytes)
    try container.encode(baselineBytes, forKey: .baselineBytes)
    try container.encode(candidateSeconds, forKey: .candidateSeconds)
    try container.encode(baselineSeconds, forKey: .baselineSeconds)
    try container.encode(candidateMegabytesPerSecond, forKey: .candidateMegabytesPerSecond)
    try container.encode(baselineMegabytesPerSecond, forKey: .baselineMegabytesPerSecond)
    try container.encode(ratio, forKey: .ratio)
    try container.encode(target, forKey: .target)
    try container.encode(passed, forKey: .passed)
    try container.encodeIfPresent(candidateItemsPerSecond, forKey: .candidateItemsPerSecond)
    try container.encodeIfPresent(candidateItems?.noun, forKey: .candidateItemNoun)
    try container.encodeIfPresent(candidatePeakMemoryBytes, forKey: .candidatePeakMemoryBytes)
    try container.encodeIfPresent(note, forKey: .note)
  }
}

extension Scenario {
  /// Times the scenario at one size: candidate and baseline alternate (A B, then B A, …) so
  /// that drift in the machine's speed hits both alike, and each pair gives one ratio.
  ///
  /// Without a fixed `repetitions`, as many pairs are run as fit in `budget` seconds (at
  /// least 9, at most 61; always an odd number, so the median is one of the pairs).
  func measure(records: Int, repetitions: Int?, budget: Double) throws -> Measurement {
    let comparison = try prepare(records)
    // The warm-up is timed on this thread, which misses work done on others: a wall-clock
    // scenario runs the minimum number of pairs.
    let warmUp = clock == .wall ? budget : comparison.warmUpSeconds
    var count = repetitions ?? min(61, max(9, Int(budget / warmUp)))
    if repetitions == nil, count.isMultiple(of: 2) { count += 1 }

    var candidateTimes: [Double] = []
    var baselineTimes: [Double] = []
    var ratios: [Double] = []
    for pair in 0..<count {
      let candidateTime: Double
      let baselineTime: Double
      if pair.isMultiple(of: 2) {
        candidateTime = try time(comparison.runCandidate, on: clock)
        baselineTime = try time(comparison.runBaseline, on: clock)
      } else {
        baselineTime = try time(comparison.runBaseline, on: clock)
        candidateTime = try time(comparison.runCandidate, on: clock)
      }
      candidateTimes.append(candidateTime)
      baselineTimes.append(baselineTime)
      ratios.append(candidateTime / baselineTime)
    }
    return Measurement(
      scenario: name,
      candidate: candidate,
      baseline: baseline,
      records: records,
      candidateBytes: comparison.candidateBytes,
      baselineBytes: comparison.baselineBytes,
      repetitions: count,
      candidateSeconds: median(candidateTimes),
      baselineSeconds: median(baselineTimes),
      ratio: median(ratios),
      target: target,
      candidateItems: comparison.candidateItems,
      candidatePeakMemoryBytes: comparison.candidatePeakMemoryBytes,
      note: comparison.note
    )
  }
}

/// The time, in seconds, one call of `run` takes on `clock`.
///
/// Processor time by default rather than wall-clock time, because the benchmark is meant to
/// run on shared machines: time the thread spends descheduled while other processes run would
/// otherwise land on whichever side happened to be running.
private func time(_ run: () throws -> Void, on clock: BenchmarkClock) throws -> Double {
  let now = clock == .wall ? wallTime : threadProcessorTime
  let start = now()
  try run()
  return now() - start
}

/// Monotonic real time, in seconds.
func wallTime() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
}

/// The most memory the process has held resident so far, in bytes.
func peakResidentBytes() -> Int {
  var usage = rusage()
  #if canImport(Glibc)
    getrusage(RUSAGE_SELF.rawValue, &usage)
  #else
    getrusage(RUSAGE_SELF, &usage)
  #endif
  return maximumResidentBytes(of: usage)
}

/// The peak resident memory `usage` records, in bytes.
func maximumResidentBytes(of usage: rusage) -> Int {
  // Linux counts kilobytes, Darwin bytes.
  #if canImport(Darwin)
    return Int(usage.ru_maxrss)
  #else
    return Int(usage.ru_maxrss) * 1024
  #endif
}

/// The processor time this thread has used, in seconds.
func threadProcessorTime() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
}

private func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
}
