/// What to run and how to print it, from the command line.
struct Options {
  var sizes = [1_000, 10_000, 100_000]
  /// Interleaved pairs per measurement; `nil` fits them to ``budget``.
  var repetitions: Int?
  /// Seconds of timed runs to aim for per scenario and size.
  var budget = 2.5
  /// Substrings of scenario names to run; all scenarios when empty.
  var filters: [String] = []
  var json = false
  /// Runs only this side's decode, untimed, for a profiler.
  var profiledSide: ProfiledSide?
  var listOnly = false
  var helpOnly = false

  static let usage = """
    usage: resilience-benchmark [--json] [--sizes N,N,...] [--repetitions N] [--budget SECONDS]
                                [--filter NAME]... [--list] [--profile candidate|baseline]

    Decodes generated payloads with JSONDecoder and compares the toolkit's models with plain
    Codable models on the same bytes. Build it in release mode:
      swift run -c release resilience-benchmark

      --json            print the results as JSON instead of a table
      --sizes           record counts to run (default 1000,10000,100000)
      --repetitions     interleaved run pairs per measurement (default: as many as fit the budget)
      --budget          seconds of timed runs per scenario and size (default 2.5)
      --filter          run only scenarios whose name contains NAME (repeatable)
      --list            list the scenarios and exit
      --profile SIDE    run only the candidate's or the baseline's decode, untimed, as many
                        times as --repetitions says (default 10), to run under a profiler:
                        valgrind --tool=callgrind .build/release/resilience-benchmark \\
                          --filter NAME --sizes 1000 --profile candidate

    `resilience-benchmark --check-child ARGS` runs `decode-check ARGS` with the sample Booking
    type and nothing else: the child process whose peak memory decode-check-memory-flat reads.

    Exit status: 0 when every ratio meets its target, 1 when one does not, 2 on a usage error.
    """

  init(arguments: [String]) throws {
    var remaining = arguments[...]
    func value(of flag: String) throws -> String {
      guard let value = remaining.popFirst() else {
        throw OptionsError(description: "\(flag) needs a value")
      }
      return value
    }
    while let argument = remaining.popFirst() {
      switch argument {
      case "--json": json = true
      case "--list": listOnly = true
      case "--help", "-h": helpOnly = true
      case "--sizes":
        let text = try value(of: argument)
        let parsed = text.split(separator: ",").map { Int($0) }
        guard !parsed.isEmpty, parsed.allSatisfy({ ($0 ?? 0) > 0 }) else {
          throw OptionsError(description: "--sizes takes positive record counts: \(text)")
        }
        sizes = parsed.compactMap { $0 }
      case "--repetitions":
        let text = try value(of: argument)
        guard let count = Int(text), count > 0 else {
          throw OptionsError(description: "--repetitions takes a positive count: \(text)")
        }
        repetitions = count
      case "--budget":
        let text = try value(of: argument)
        guard let seconds = Double(text), seconds > 0 else {
          throw OptionsError(description: "--budget takes a positive number of seconds: \(text)")
        }
        budget = seconds
      case "--profile":
        let text = try value(of: argument)
        guard let side = ProfiledSide(rawValue: text) else {
          throw OptionsError(description: "--profile takes candidate or baseline: \(text)")
        }
        profiledSide = side
      case "--filter":
        filters.append(try value(of: argument))
      default:
        throw OptionsError(description: "unknown argument \(argument)")
      }
    }
  }

  /// The scenarios the filters select, in their listed order.
  func selected(from scenarios: [Scenario]) throws -> [Scenario] {
    guard !filters.isEmpty else { return scenarios }
    // A filter that names a scenario exactly selects that one alone, so `mixed-model` can be
    // run without `mixed-model-unknown-reported`.
    let names = Set(scenarios.map { $0.name.lowercased() })
    let chosen = scenarios.filter { scenario in
      filters.contains { filter in
        let filter = filter.lowercased()
        let name = scenario.name.lowercased()
        return names.contains(filter) ? name == filter : name.contains(filter)
      }
    }
    guard !chosen.isEmpty else {
      let names = scenarios.map(\.name).joined(separator: ", ")
      throw OptionsError(description: "no scenario matches \(filters); scenarios: \(names)")
    }
    return chosen
  }
}

/// The side of a comparison `--profile` runs.
enum ProfiledSide: String {
  case candidate
  case baseline
}

/// A command line the benchmark cannot run.
struct OptionsError: Error, CustomStringConvertible {
  var description: String
}
