import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The file the Markdown summary goes to, opened before the check runs so a path that cannot
/// be written is a usage error at once rather than after a long run.
final class SummaryFile {
  let path: String
  private let descriptor: Int32

  /// Opens `path`, replacing what it holds or, with `appending` (GitHub's step summary, which
  /// every step of a job adds to), adding to its end.
  ///
  /// - Throws: a one-line message naming the file.
  init(path: String, appending: Bool) throws(CommandOptions.UsageError) {
    self.path = path
    let flags = O_WRONLY | O_CREAT | (appending ? O_APPEND : O_TRUNC)
    descriptor = open(path, flags, 0o644)
    guard descriptor >= 0 else {
      throw CommandOptions.UsageError(
        message:
          "cannot write the summary to `\(path)`: \(String(cString: strerror(errno)).lowercased())"
      )
    }
  }

  deinit {
    close(descriptor)
  }

  /// Writes all of `text`.
  ///
  /// - Throws: a one-line message naming the file, such as when the disk is full.
  func write(_ text: String) throws(CommandOptions.UsageError) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        throw CommandOptions.UsageError(
          message:
            "cannot write the summary to `\(path)`: \(String(cString: strerror(errno)).lowercased())"
        )
      }
      bytes = bytes.dropFirst(written)
    }
  }
}
