import Foundation

/// One comparison the benchmark makes: a decode using the toolkit (the candidate) against
/// the decode it must keep up with (the baseline), and the time ratio it must stay under.
///
/// Adding a scenario is adding one value to ``Scenario/all``: give it a name, say what each
/// side is, and build its ``Comparison`` for a number of records.
struct Scenario: Sendable {
  /// A short identifier, matched by `--filter`.
  var name: String
  /// What the candidate decodes with.
  var candidate: String
  /// What the baseline decodes with.
  var baseline: String
  /// The largest acceptable candidate time / baseline time; `nil` for a reference, which
  /// shows what the platform itself does and cannot fail.
  var target: Double?
  /// How a run is timed: the calling thread's processor time, unless a side spreads its work
  /// over several threads, which only the wall clock sees.
  var clock: BenchmarkClock = .threadProcessorTime
  /// Generates the payloads for `records` records, checks that both sides decode them to
  /// the same values, and returns the two decodes to time.
  var prepare: @Sendable (_ records: Int) throws -> Comparison
}

/// How the benchmark times one run.
enum BenchmarkClock: Sendable {
  /// The processor time of the calling thread: other processes on the machine do not count.
  case threadProcessorTime
  /// Elapsed real time, for sides that work on several threads.
  case wall
}

/// The two timed decodes of a scenario at one size.
struct Comparison {
  /// The bytes the candidate decodes per run.
  var candidateBytes: Int
  /// The bytes the baseline decodes per run.
  var baselineBytes: Int
  /// One full decode by the candidate, the decoded value released before it returns.
  var runCandidate: () throws -> Void
  /// One full decode by the baseline.
  var runBaseline: () throws -> Void

  /// Seconds the first run of each side took together: the runs `check` is given, which
  /// also warm caches, the allocator and lazily built runtime metadata.
  var warmUpSeconds: Double

  /// What one candidate run handles, when a rate of it says more than bytes do: the report
  /// adds "41230 variants/s" for `(count: 310, noun: "variants")`.
  var candidateItems: (count: Int, noun: String)?

  /// The process's peak resident memory right after the candidate's first run, before any
  /// baseline ran, in bytes: what the candidate needs, for a scenario that measures it (with
  /// ``peakResidentBytes()``). Run such a scenario alone (`--filter`): a scenario run before
  /// may have raised the peak already.
  var candidatePeakMemoryBytes: Int?

  /// What the row measured besides time, which the report prints under it.
  var note: String?

  /// Compares two decodes. Each is run once here (outside the measurement) and `check` is
  /// given both results, to throw if they did not decode the same thing.
  init<Candidate, Baseline>(
    candidate: Side<Candidate>,
    baseline: Side<Baseline>,
    check: (Candidate, Baseline) throws -> Void
  ) throws {
    let start = threadProcessorTime()
    let candidateValue = try candidate.decode()
    let baselineValue = try baseline.decode()
    warmUpSeconds = threadProcessorTime() - start
    try check(candidateValue, baselineValue)
    candidateBytes = candidate.byteCount
    baselineBytes = baseline.byteCount
    runCandidate = { _ = try candidate.decode() }
    runBaseline = { _ = try baseline.decode() }
  }
}

/// One side of a comparison: a payload and how it is decoded.
struct Side<Value> {
  /// The bytes one run reads.
  var byteCount: Int
  var decode: () throws -> Value

  /// Decodes `payload` as `type` with `decoder`; a fresh decode of the same bytes every run.
  static func decoding(
    _ type: Value.Type, from payload: Data, with decoder: JSONDecoder = JSONDecoder()
  )
    -> Side where Value: Decodable
  {
    Side(byteCount: payload.count) { try decoder.decode(type, from: payload) }
  }
}

/// Why a scenario's two sides could not be compared.
struct ComparisonError: Error, CustomStringConvertible {
  var description: String
}

/// Throws unless both values encode to the same JSON: the check that two models read the
/// same values from the same payload.
func expectSameJSON<Candidate: Encodable, Baseline: Encodable>(
  _ candidate: Candidate,
  _ baseline: Baseline
) throws {
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  guard try encoder.encode(candidate) == encoder.encode(baseline) else {
    throw ComparisonError(description: "the two models decoded different values")
  }
}

/// Throws unless `count` is 9–11% of `total`: the share of a payload's values (or elements) a
/// scenario makes unknown, failing or renamed. Payloads under 1,000 records vary more and pass.
func expectOneInTen(_ count: Int, of total: Int, records: Int, what: String) throws {
  let share = Double(count) / Double(total)
  guard (0.09...0.11).contains(share) || records < 1_000 else {
    throw ComparisonError(description: "the payload's \(what) share is \(share), not 10%")
  }
}
