import Dispatch
import Foundation

/// A "recorded 1200 payloads, 37 of 105 MB read (85 payloads/s)" line redrawn in place on a
/// terminal while `--record` works through a large capture. How many payloads a capture holds
/// is not known until it is read to its end, so how far the run is goes by the bytes of the
/// inputs read, of their sizes (standard input's included: it is read before the run).
///
/// Like ``ProgressLine``, it stays silent for runs that finish quickly, redraws at most ten
/// times a second, and erases itself at the end so only the summary remains.
///
/// ```swift
/// let progress = RecordingProgress(stream: .standardError, name: "decode-check")
/// progress.read(upTo: 37_000_000)  // the inputs' bytes read so far
/// progress.advance(variants: 0)  // one more payload recorded
/// progress.finish()
/// ```
final class RecordingProgress: RecordProgress, @unchecked Sendable {
  // `@unchecked` because every access to the mutable state holds `lock`.
  private let lock = NSLock()
  private let stream: TextStream
  private let name: String
  private let silence: UInt64
  private let started = DispatchTime.now().uptimeNanoseconds
  private var recorded = 0
  /// The bytes of the inputs, and how many of them were read so far.
  private let totalBytes: Int
  private var bytesRead = 0
  private var lastDrawn: UInt64 = 0
  private var isShown = false

  init(
    stream: TextStream, name: String, silence: UInt64 = ProgressLine.silentStart,
    totalBytes: Int = 0
  ) {
    self.stream = stream
    self.totalBytes = totalBytes
    self.name = name
    self.silence = silence
  }

  /// The line for `recorded` payloads after `elapsed` nanoseconds, `bytesRead` of the inputs'
  /// `totalBytes` read (left out when the total is not known).
  static func line(
    name: String, recorded: Int, bytesRead: Int = 0, totalBytes: Int = 0, elapsed: UInt64
  ) -> String {
    let rate = Int((Double(recorded) * 1e9 / Double(max(elapsed, 1))).rounded())
    let read = totalBytes > 0 ? ", \(Self.read(min(bytesRead, totalBytes), of: totalBytes))" : ""
    return
      "\(name): recorded \(counted(recorded, "payload"))\(read) (\(counted(rate, "payload"))/s)"
  }

  /// `37 of 105 MB read`: in kilobytes under a megabyte (10⁶ bytes), with a tenth under ten.
  private static func read(_ bytes: Int, of total: Int) -> String {
    if total < 1_000_000 { return "\(bytes / 1000) of \(total / 1000) kB read" }
    guard total < 10_000_000 else { return "\(bytes / 1_000_000) of \(total / 1_000_000) MB read" }
    func tenths(_ bytes: Int) -> String { "\(bytes / 1_000_000).\(bytes % 1_000_000 / 100_000)" }
    return "\(tenths(bytes)) of \(tenths(total)) MB read"
  }

  /// Notes that the inputs were read up to `bytes`, counted across inputs; drawn with the
  /// next payload.
  func read(upTo bytes: Int) {
    lock.withLock { bytesRead = max(bytesRead, bytes) }
  }

  /// Counts one more payload as recorded, redrawing when it is time to.
  func advance(variants _: Int) {
    lock.withLock {
      recorded += 1
      let now = DispatchTime.now().uptimeNanoseconds
      guard now - started >= silence, now - lastDrawn >= 100_000_000 else { return }
      lastDrawn = now
      isShown = true
      let line = Self.line(
        name: name, recorded: recorded, bytesRead: bytesRead, totalBytes: totalBytes,
        elapsed: now - started)
      stream.write("\r\u{1B}[2K" + line)
    }
  }

  /// Erases the line, if it was ever drawn.
  func finish() {
    lock.withLock {
      if isShown { stream.write("\r\u{1B}[2K") }
      isShown = false
    }
  }
}
