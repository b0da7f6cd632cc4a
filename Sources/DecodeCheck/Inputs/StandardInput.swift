import Foundation

/// Where the command reads the payload named `-` from.
///
/// A seam for this package's tests (`package`), not package API: a team's checker reads the
/// process's standard input.
///
/// ```swift
/// let status = DecodeCheckCommand.main(
///   arguments: ["--type", "Booking", "-"], registry: registry,
///   standardInput: .data(Data(#"{"id": "b-1"}"#.utf8)))
/// ```
package struct StandardInput: Sendable {
  let read: @Sendable () throws -> Data

  /// Creates an input that calls `read` once, when `-` is checked.
  ///
  /// ```swift
  /// let input = StandardInput { try Data(contentsOf: capturedPayloadURL) }
  /// ```
  package init(read: @escaping @Sendable () throws -> Data) {
    self.read = read
  }

  /// The process's standard input, read to its end.
  package static var process: StandardInput {
    StandardInput { try FileHandle.standardInput.readToEnd() ?? Data() }
  }

  /// Fixed bytes, for tests.
  ///
  /// ```swift
  /// let input = StandardInput.data(Data("{}".utf8))
  /// ```
  package static func data(_ data: Data) -> StandardInput {
    StandardInput { data }
  }
}
