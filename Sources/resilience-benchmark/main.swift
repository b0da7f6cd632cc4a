import Foundation

// `swift run -c release resilience-benchmark --help` explains the flags.

runCheckChildIfAsked()

let options: Options
let scenarios: [Scenario]
do {
  options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
  scenarios = try options.selected(from: Scenario.all)
} catch {
  FileHandle.standardError.write(Data("resilience-benchmark: \(error)\n\n\(Options.usage)\n".utf8))
  exit(2)
}

if options.helpOnly {
  print(Options.usage)
  exit(0)
}
if options.listOnly {
  for scenario in scenarios {
    let target = scenario.target.map { "target ≤ \($0)x" } ?? "a reference, no target"
    print("\(scenario.name): \(scenario.candidate) vs \(scenario.baseline), \(target)")
  }
  exit(0)
}

#if DEBUG
  FileHandle.standardError.write(
    Data("resilience-benchmark: a debug build; run it with `swift run -c release`\n".utf8))
#endif

if let side = options.profiledSide {
  do {
    for scenario in scenarios {
      for records in options.sizes {
        let comparison = try scenario.prepare(records)
        let run = side == .candidate ? comparison.runCandidate : comparison.runBaseline
        for _ in 0..<(options.repetitions ?? 10) { try run() }
      }
    }
  } catch {
    FileHandle.standardError.write(Data("resilience-benchmark: \(error)\n".utf8))
    exit(1)
  }
  exit(0)
}

var measurements: [Measurement] = []
do {
  for scenario in scenarios {
    for records in options.sizes {
      FileHandle.standardError.write(Data("\(scenario.name), \(records) records …\n".utf8))
      measurements.append(
        try scenario.measure(
          records: records, repetitions: options.repetitions, budget: options.budget))
    }
  }
} catch {
  BenchmarkFolder.removeAll()
  FileHandle.standardError.write(Data("resilience-benchmark: \(error)\n".utf8))
  exit(1)
}

BenchmarkFolder.removeAll()
let report = Report(machine: .current, seed: Payloads.seed, measurements: measurements)
print(options.json ? report.json : report.table)
exit(report.passed ? 0 : 1)
