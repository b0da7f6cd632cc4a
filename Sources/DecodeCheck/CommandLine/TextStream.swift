import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Where the command writes text: the process's standard output or error, or anything else,
/// such as a buffer a test reads back.
///
/// A seam for this package's tests and benchmark (`package`), not package API: a team's
/// checker runs ``DecodeCheckCommand/main(arguments:registry:name:environment:workingDirectory:)``
/// on the process's own streams.
///
/// ```swift
/// let captured = CapturedText()  // a test's own thread-safe buffer
/// let stream = TextStream { captured.append($0) }
/// let status = DecodeCheckCommand.main(
///   arguments: ["--list-types"], registry: registry, standardOutput: stream)
/// ```
package struct TextStream: Sendable {
  /// Whether the stream is a terminal; progress is only drawn on one.
  package let isTerminal: Bool

  private let writeText: @Sendable (String) -> Void

  /// Creates a stream that hands every piece of text to `write`.
  ///
  /// ```swift
  /// let silent = TextStream { _ in }
  /// ```
  package init(isTerminal: Bool = false, write: @escaping @Sendable (String) -> Void) {
    self.isTerminal = isTerminal
    self.writeText = write
  }

  /// Writes text as it is; the caller supplies line breaks.
  package func write(_ text: String) {
    writeText(text)
  }

  /// The process's standard output.
  package static var standardOutput: TextStream {
    TextStream(isTerminal: isatty(STDOUT_FILENO) != 0) { text in
      try? FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
    }
  }

  /// The process's standard error.
  package static var standardError: TextStream {
    TextStream(isTerminal: isatty(STDERR_FILENO) != 0) { text in
      try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }
  }
}
