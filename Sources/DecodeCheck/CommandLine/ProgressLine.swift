import Dispatch
import Foundation

/// A "checked 120 of 5000 files (850 files/s)" line redrawn in place on a terminal while a
/// long run works; with `--audit`, "checked 12 of 91 files, 6120 variants (2 files/s)".
///
/// It stays silent for runs that finish quickly, redraws at most ten times a second, and
/// erases itself at the end so only the report remains.
final class ProgressLine: @unchecked Sendable {
  // `@unchecked` because every access to the mutable state holds `lock`.
  private let lock = NSLock()
  private let stream: TextStream
  private let total: Int
  private let name: String
  private let started = DispatchTime.now().uptimeNanoseconds
  private var finished = 0
  /// The variants the audit decoded so far; `nil` when the run does not audit.
  private var variants: Int?
  private var lastDrawn: UInt64 = 0
  private var isShown = false

  /// How long a run stays silent before the line is first drawn.
  static let silentStart: UInt64 = 300_000_000
  private let silence: UInt64
  private static let redrawInterval: UInt64 = 100_000_000

  init(
    stream: TextStream, total: Int, name: String = "decode-check",
    silence: UInt64 = ProgressLine.silentStart, countsVariants: Bool = false
  ) {
    variants = countsVariants ? 0 : nil
    self.stream = stream
    self.total = total
    self.name = name
    self.silence = silence
  }

  /// The line for `finished` inputs done after `elapsed` nanoseconds.
  static func line(
    name: String, finished: Int, total: Int, variants: Int? = nil, elapsed: UInt64
  ) -> String {
    let rate = Int((Double(finished) * 1e9 / Double(max(elapsed, 1))).rounded())
    let audited = variants.map { ", \(counted($0, "variant"))" } ?? ""
    return "\(name): checked \(finished) of \(total) files\(audited) (\(rate) files/s)"
  }

  /// Counts one more input as done, and the variants its audit decoded, redrawing when it is
  /// time to.
  func advance(variants audited: Int = 0) {
    lock.withLock {
      finished += 1
      variants? += audited
      let now = DispatchTime.now().uptimeNanoseconds
      guard now - started >= silence, now - lastDrawn >= Self.redrawInterval else {
        return
      }
      lastDrawn = now
      isShown = true
      let line = Self.line(
        name: name, finished: finished, total: total, variants: variants, elapsed: now - started)
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

extension ProgressLine: CheckProgress {}
