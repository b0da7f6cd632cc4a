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
/// ```swift
/// let captured = CapturedText()  // a test's own thread-safe buffer
/// let stream = TextStream { captured.append($0) }
/// let status = DecodeCheckCommand.main(
///   arguments: ["--list-types"], registry: registry, standardOutput: stream)
/// ```
public struct TextStream: Sendable {
  /// Whether the stream is a terminal; progress is only drawn on one.
  public let isTerminal: Bool

  private let writeText: @Sendable (String) -> Void

  /// Creates a stream that hands every piece of text to `write`.
  ///
  /// ```swift
  /// let silent = TextStream { _ in }
  /// ```
  public init(isTerminal: Bool = false, write: @escaping @Sendable (String) -> Void) {
    self.isTerminal = isTerminal
    self.writeText = write
  }

  /// Writes text as it is; the caller supplies line breaks.
  public func write(_ text: String) {
    writeText(text)
  }

  /// The process's standard output.
  public static var standardOutput: TextStream {
    TextStream(isTerminal: isatty(STDOUT_FILENO) != 0) { text in
      try? FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
    }
  }

  /// The process's standard error.
  public static var standardError: TextStream {
    TextStream(isTerminal: isatty(STDERR_FILENO) != 0) { text in
      try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }
  }
}

/// Where the command reads the payload named `-` from.
///
/// ```swift
/// let status = DecodeCheckCommand.main(
///   arguments: ["--type", "Booking", "-"], registry: registry,
///   standardInput: .data(Data(#"{"id": "b-1"}"#.utf8)))
/// ```
public struct StandardInput: Sendable {
  let read: @Sendable () throws -> Data

  /// Creates an input that calls `read` once, when `-` is checked.
  ///
  /// ```swift
  /// let input = StandardInput { try Data(contentsOf: capturedPayloadURL) }
  /// ```
  public init(read: @escaping @Sendable () throws -> Data) {
    self.read = read
  }

  /// The process's standard input, read to its end.
  public static var process: StandardInput {
    StandardInput { try FileHandle.standardInput.readToEnd() ?? Data() }
  }

  /// Fixed bytes, for tests.
  ///
  /// ```swift
  /// let input = StandardInput.data(Data("{}".utf8))
  /// ```
  public static func data(_ data: Data) -> StandardInput {
    StandardInput { data }
  }
}
