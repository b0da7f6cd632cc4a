import Foundation

/// The machine a run was made on, named in every report.
struct Machine: Encodable {
  var processor: String
  var cores: Int
  var operatingSystem: String

  static var current: Machine {
    let cpuInfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let modelLine = cpuInfo.split(separator: "\n").first { $0.hasPrefix("model name") }
    let model = modelLine?.split(separator: ":", maxSplits: 1).last?
      .trimmingCharacters(in: .whitespaces)
    return Machine(
      processor: model ?? "unknown processor",
      cores: ProcessInfo.processInfo.activeProcessorCount,
      operatingSystem: ProcessInfo.processInfo.operatingSystemVersionString
    )
  }

  enum CodingKeys: String, CodingKey {
    case processor, cores
    case operatingSystem = "operating_system"
  }
}

/// The results of a run, as a table for people or JSON for tools.
struct Report: Encodable {
  var machine: Machine
  var seed: UInt64
  var measurements: [Measurement]
  var passed: Bool { measurements.allSatisfy(\.passed) }

  enum CodingKeys: String, CodingKey {
    case machine, seed, measurements, passed
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(machine, forKey: .machine)
    try container.encode(seed, forKey: .seed)
    try container.encode(measurements, forKey: .measurements)
    try container.encode(passed, forKey: .passed)
  }

  var json: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let data = (try? encoder.encode(self)) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }

  /// A Markdown table (readable as it is in a terminal), then what each scenario compares.
  var table: String {
    let header = ["scenario", "records", "MB/s", "baseline MB/s", "ratio", "target", "result"]
    let rows = measurements.map { measurement in
      [
        measurement.scenario,
        measurement.records.formatted(),
        String(format: "%.1f", measurement.candidateMegabytesPerSecond),
        String(format: "%.1f", measurement.baselineMegabytesPerSecond),
        String(format: "%.3fx", measurement.ratio),
        measurement.target.map { String(format: "≤ %.2fx", $0) } ?? "none",
        measurement.target == nil ? "reference" : measurement.passed ? "pass" : "FAIL",
      ]
    }
    let widths = header.indices.map { column in
      ([header] + rows).map { $0[column].count }.max() ?? 0
    }
    let numeric = Set(1...5)
    func line(_ cells: [String]) -> String {
      let padded = cells.enumerated().map { column, cell in
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        return numeric.contains(column) ? padding + cell : cell + padding
      }
      return "| " + padded.joined(separator: " | ") + " |"
    }
    let rule =
      "|"
      + widths.enumerated().map { column, width in
        String(repeating: "-", count: width + 1) + (numeric.contains(column) ? ":" : "-")
      }.joined(separator: "|") + "|"

    var lines = [
      "Machine: \(machine.processor), \(machine.cores) cores; \(machine.operatingSystem)",
      "JSONDecoder, payloads from seed \(seed); ratio = candidate time / baseline time,",
      "median of interleaved run pairs (lower is faster).",
      "",
      line(header),
      rule,
    ]
    lines += rows.map(line)
    lines.append("")
    var described: Set<String> = []
    for measurement in measurements where described.insert(measurement.scenario).inserted {
      lines.append("\(measurement.scenario): \(measurement.candidate) vs \(measurement.baseline)")
      for sized in measurements where sized.scenario == measurement.scenario {
        if let peak = sized.candidatePeakMemoryBytes {
          let seconds = (sized.candidateSeconds * 100).rounded() / 100
          lines.append(
            "  \(sized.records.formatted()) records: \(seconds) s a run; peak memory "
              + "\((Double(peak) / 1e6).rounded().formatted()) MB after the first (the process's)")
        }
        if let note = sized.note {
          lines.append("  \(sized.records.formatted()) records: \(note)")
        }
        guard let rate = sized.candidateItemsPerSecond, let items = sized.candidateItems else {
          continue
        }
        let baselineRate = Double(items.count) / sized.baselineSeconds
        lines.append(
          "  \(sized.records.formatted()) records: \(Int(rate.rounded())) \(items.noun)/s, "
            + "\(Int(baselineRate.rounded())) plain decodes/s")
      }
    }
    return lines.joined(separator: "\n")
  }
}
