import Foundation
import SampleAPI

// The libFuzzer entry point. Not a SwiftPM target: `.ci/fuzz` compiles this file with
// `Sources/CodableResilienceTesting/Fuzzing/DecodingInvariants.swift` (the rules checked, shared
// with `PayloadFuzzer`; the rest of that module needs Swift Testing, which the instrumented build
// does not link) and links the CodableResilience and SampleAPI modules it builds with coverage
// instrumentation.

/// Decodes the input as each sample API type with each handler (`.ignore`, a collector,
/// `.strict`) and re-encodes what decodes; traps, so that libFuzzer saves the input, when a
/// decode throws anything but a `DecodingError`, the handlers disagree, or a decoded value
/// does not re-encode and decode again to the same value.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzDecode(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let input = bytes.map { Data(bytes: $0, count: count) } ?? Data()
  let violations =
    decodingInvariantViolations(decoding: input, as: ListingPage.self).map { "ListingPage, \($0)" }
    + decodingInvariantViolations(decoding: input, as: Booking.self).map { "Booking, \($0)" }
  if !violations.isEmpty {
    // fatalError, not precondition: an optimized build drops a precondition's message.
    fatalError(violations.joined(separator: "\n"))
  }
  return 0
}
