import CodableResilience
import Foundation

// An outcome as text to compare: a recorded fixture keeps its payload's outcome when their
// signatures are equal.
//
// ```swift
// decoder.outcome(of: fixture).signature == decoder.outcome(of: captured).signature
// ```

extension VariantOutcome {
  /// What a fixture must keep of the outcome: each report's kind, type, path and (for an
  /// unknown or renamed value) raw value, and the failure's kind, path and type. Not offsets,
  /// which indenting moves, nor messages, which quote the values replaced.
  var signature: [String] {
    reports.map(\.signature) + (failure.map { [$0.signature] } ?? [])
  }

  /// The failure, when it did not decode.
  var failure: VariantFailure? {
    if case .failed(let failure) = self { return failure }
    return nil
  }
}

extension ProbeAnswer {
  /// ``VariantOutcome/signature`` of what the variant reported beyond its payload.
  var signature: [String] {
    reports.map(\.signature) + (failure.map { [$0.signature] } ?? [])
  }
}

extension VariantReport {
  /// Each report's kind, type, path and what else identifies it, in the words of its row
  /// (``ReportRules/signature``).
  var signature: String {
    var worded = worded
    worded.elementSignature = elementFailure?.signature ?? ""
    return rules.signature(worded)
  }
}

extension VariantFailure {
  /// The kind, path and type; for a missing key, which key, since its message names only the
  /// model's key, where other messages quote the value.
  var signature: String {
    let key = message.hasPrefix("missing required key") ? " " + message : ""
    return "failed \(finding.kind) \(jsonPath ?? "-") \(typeName ?? "-")\(key)"
  }
}

extension JSONDocument {
  /// The bytes of a member's key, its quotes included.
  func keyRange(of member: Int) -> Range<Int> {
    let start = members[member].offset
    var end = start + 1
    while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
      end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
    }
    return start..<min(end + 1, bytes.count)
  }
}
