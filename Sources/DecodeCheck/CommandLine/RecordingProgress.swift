import Dispatch
import Foundation

/// A "recorded 1200 payloads (85 payloads/s)" line redrawn in place on a terminal while
/// `--record` works through a large capture, whose payload count is not known until the
/// archive is read to its end.
///
/// Like ``ProgressLine``, it stays silent for runs that finish quickly, redraws at most ten
/// times a second, and erases itself at the end so only the summary remains.
///
/// ```swift
/// let progress = RecordingProgress(stream: .standardError, name: "decode-check")
/// progress.advance(variants: 0)  // one more payload recorded
/// progress.finish()
/// ```
final class RecordingProgress: CheckProgress, @unchecked Sendable {
  // `@unchecked` because every access to the mutable state holds `lock`.
  private let lock = NSLock()
  private let stream: TextStream
  private let name: String
  private let silence: UInt64
  private let started = DispatchTime.now().uptimeNanoseconds
  private var recorded = 0
  private var lastDrawn: UInt64 = 0
  private var isShown = false

  init(stream: TextStream, name: String, silence: UInt64 = ProgressLine.silentStart) {
    self.stream = stream
    self.name = name
    self.silence = silence
  }

  /// The line for `recorded` payloads after `elapsed` nanoseconds.
  static func line(name: String, recorded: Int, elapsed: UInt64) -> String {
    let rate = Int((Double(recorded) * 1e9 / Double(max(elapsed, 1))).rounded())
    return "\(name): recorded \(counted(recorded, "payload")) (\(rate) payloads/s)"
  }

  /// Counts one more payload as recorded, redrawing when it is time to.
  func advance(variants _: Int) {
    lock.withLock {
      recorded += 1
      let now = DispatchTime.now().uptimeNanoseconds
      guard now - started >= silence, now - lastDrawn >= 100_000_000 else { return }
      lastDrawn = now
      isShown = true
      stream.write(
        "\r\u{1B}[2K" + Self.line(name: name, recorded: recorded, elapsed: now - started))
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
