import Foundation

// The libFuzzer entry point for the HAR reader. Not a SwiftPM target: `.ci/fuzz` compiles this
// file into the DecodeCheck module itself (so it reaches the internal reader) with coverage
// instrumentation, and links the CodableResilience module it builds.

/// Where each input is written for the reader, which reads files: one file per process.
private let archivePath =
  FileManager.default.temporaryDirectory.appendingPathComponent(
    "fuzz-har-\(ProcessInfo.processInfo.processIdentifier).har"
  ).path

/// Reads the input as a HAR archive twice, with a buffer of 16 bytes (a refill inside almost
/// every token) and of a megabyte (the whole input at once), and traps, so that libFuzzer saves
/// the input, when the two readings differ in any entry or problem, or when the reading and
/// the payload validator disagree on the same bytes (``HARReading/disagreement(with:)``).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzHARReader(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let input = bytes.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
  guard FileManager.default.createFile(atPath: archivePath, contents: Data(input)) else {
    fatalError("cannot write \(archivePath)")
  }
  let small: HARReading
  let large: HARReading
  do {
    small = try HARReading(path: archivePath, bufferSize: 16)
    large = try HARReading(path: archivePath, bufferSize: 1 << 20)
  } catch {
    fatalError("cannot open \(archivePath): \(error)")
  }
  // fatalError, not precondition: an optimized build drops a precondition's message.
  if small != large {
    fatalError("a 16-byte buffer reads\n\(small)\nbut a megabyte reads\n\(large)")
  }
  if let disagreement = large.disagreement(with: input) {
    fatalError(disagreement)
  }
  return 0
}
