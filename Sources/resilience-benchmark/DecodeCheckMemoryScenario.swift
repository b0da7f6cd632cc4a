import DecodeCheck
import Foundation
import SampleAPI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// Issue 42: a plain check with text output writes its findings as its inputs complete, so its
// memory does not grow with the findings. Before, a 123 MB archive of listing pages peaked at
// 6.5x its 12 MB tenth (354 MB against 55 MB, release).

extension Scenario {
  /// The command's peak memory on a HAR archive of 40,000 bookings, four unknown values
  /// each (160,000 findings), against its peak on the archive's first 4,000: each in a
  /// process of its own (this executable, `--check-child`), so neither sees the other's
  /// memory or the benchmark's. The row fails when the larger peaks over 2x the smaller. The
  /// timed sides are the 4,000 written as found (text) against the same run holding its
  /// report whole (`--summary`): writing as found costs no time.
  static let decodeCheckMemoryFlat = Scenario(
    name: "decode-check-memory-flat",
    candidate: "command, text written as found, 4,000 bookings (40,000 peak ≤ 2x 4,000's)",
    baseline: "the same, the report held whole (--summary)",
    target: 1.05
  ) { _ in
    let capture = try CheckMemory.capture.get()
    let (smallPeak, largePeak) = try CheckMemory.peaks.get()
    guard Double(largePeak) <= 2 * Double(smallPeak) else {
      throw ComparisonError(
        description: "the check of 40,000 bookings peaked at \(largePeak / 1_000_000) MB, "
          + "over 2x the \(smallPeak / 1_000_000) MB of 4,000")
    }
    let registry = ModelRegistry(registering: Booking.self)
    func run(_ extra: [String]) -> Side<Int32> {
      Side(byteCount: capture.smallBytes) {
        DecodeCheckCommand.main(
          arguments: extra + ["--jobs", "1", "--routes", capture.routes, capture.small],
          registry: registry, name: "decode-check", environment: [:],
          standardOutput: TextStream { _ in }, standardError: TextStream { _ in })
      }
    }
    let summary = capture.small + ".summary.md"
    var comparison = try Comparison(candidate: run([]), baseline: run(["--summary", summary])) {
      written, held in
      guard written == 0, held == 0 else {
        throw ComparisonError(description: "the runs did not check the capture")
      }
    }
    let ratio = (Double(largePeak) / Double(smallPeak) * 100).rounded() / 100
    comparison.note =
      "peak of a check of 40,000 bookings \(largePeak / 1_000_000) MB, of 4,000 "
      + "\(smallPeak / 1_000_000) MB: \(ratio)x (≤ 2x), each process on its own"
    return comparison
  }
}

/// The two archives and the peaks of their checks, made once per process.
private enum CheckMemory {
  struct Capture {
    var small: String
    var large: String
    var routes: String
    var smallBytes: Int
  }

  static let capture: Result<Capture, any Error> = Result {
    let folder = try BenchmarkFolder.emptyFolder(named: "memory-flat")
    let routes = folder.appendingPathComponent("routes.json").path
    try Data(#"{ "routes": [ { "url": "*/api/v2/bookings/*", "type": "Booking" } ] }"#.utf8)
      .write(to: URL(fileURLWithPath: routes))
    let small = folder.appendingPathComponent("small.har").path
    let large = folder.appendingPathComponent("large.har").path
    let smallBytes = try writeArchive(entries: 4_000, to: small)
    _ = try writeArchive(entries: 40_000, to: large)
    return Capture(small: small, large: large, routes: routes, smallBytes: smallBytes)
  }

  static let peaks: Result<(small: Int, large: Int), any Error> = Result {
    let archives = try capture.get()
    return (
      try childPeak(["--routes", archives.routes, archives.small]),
      try childPeak(["--routes", archives.routes, archives.large])
    )
  }

  /// Writes an archive of `entries` bookings with four unknown values each (a state, a
  /// channel, an age group and a currency the models do not know), entry by entry; returns
  /// the bodies' bytes.
  static func writeArchive(entries: Int, to path: String) throws -> Int {
    guard FileManager.default.createFile(atPath: path, contents: nil),
      let file = FileHandle(forWritingAtPath: path)
    else { throw ComparisonError(description: "cannot write \(path)") }
    defer { try? file.close() }
    var bodies = 0
    try file.write(contentsOf: Data(#"{"log": {"version": "1.2", "entries": ["#.utf8))
    for index in 0..<entries {
      let body = """
        {"id": "HB-\(20_000 + index)", "listing_id": \(40_000 + index), "state": "on_hold_\(index % 7)",
         "channel": "kiosk", "guests": [{"name": "Guest \(index)", "age_group": \(4 + index % 3)}],
         "total": {"amount": \(100 + index % 500).5, "currency": "CHF"}}
        """
      bodies += body.utf8.count
      let entry: [String: Any] = [
        "request": ["method": "GET", "url": "https://api.example.com/api/v2/bookings/HB-\(index)"],
        "response": ["status": 200, "content": ["mimeType": "application/json", "text": body]],
      ]
      var text = try JSONSerialization.data(withJSONObject: entry)
      if index > 0 { text.insert(UInt8(ascii: ","), at: 0) }
      try file.write(contentsOf: text)
    }
    try file.write(contentsOf: Data("]}}".utf8))
    return bodies
  }

  /// The peak resident memory of this executable run as `--check-child arguments`, which
  /// checks as `decode-check` does, in bytes.
  static func childPeak(_ arguments: [String]) throws -> Int {
    let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
    let argv = ([executable, childFlag] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    var pid = pid_t()
    guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else {
      throw ComparisonError(description: "cannot run \(executable) \(childFlag)")
    }
    var status: Int32 = 0
    var usage = rusage()
    guard wait4(pid, &status, 0, &usage) == pid, status == 0 else {
      throw ComparisonError(description: "the child check failed (status \(status))")
    }
    return maximumResidentBytes(of: usage)
  }

  static let childFlag = "--check-child"
}

/// Runs the command with the sample API's types when this executable was started as a child
/// of ``CheckMemory/childPeak(_:)``; returns without doing anything otherwise.
func runCheckChildIfAsked() {
  let arguments = Array(CommandLine.arguments.dropFirst())
  guard arguments.first == CheckMemory.childFlag else { return }
  exit(
    DecodeCheckCommand.main(
      arguments: Array(arguments.dropFirst()), registry: ModelRegistry(registering: Booking.self),
      name: "decode-check", environment: [:]))
}
