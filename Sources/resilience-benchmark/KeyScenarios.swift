import BenchmarkModels
import CodableResilience
import Foundation

// The tools for keys that come and go, each against what an app writes without the package,
// on the same bytes.

extension Scenario {
  static let keepUnknownFields = Scenario(
    name: "keep-unknown-fields",
    candidate: "[KeepUnknownFields<HostAccount>]",
    baseline: "plain [HostAccount]",
    target: 2.00
  ) { records in
    let payload = Payloads.hostAccounts(count: records).data
    return try Comparison(
      candidate: .decoding([WrappedHostAccount].self, from: payload),
      baseline: .decoding([HostAccount].self, from: payload)
    ) { candidate, baseline in
      // The candidate also writes the fields it kept: compare the models, and that it kept.
      guard candidate.map(\.wrappedValue) == baseline,
        candidate.allSatisfy({ $0.unknownFields.count == 3 })
      else {
        throw ComparisonError(description: "the two models decoded different accounts")
      }
    }
  }
}
