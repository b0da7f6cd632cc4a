import Foundation

/// When ``PayloadFixture/check(_:decoder:encoder:record:)`` writes a fixture's `.expected`
/// file from what the payload actually does. Every check that writes a file fails, saying so,
/// so a recorded expectation is always looked at before it is committed.
///
/// The mode comes from, in order: the `record:` argument, ``PayloadFixture/recordMode`` set
/// for a task, the `CODABLE_RESILIENCE_RECORD` environment variable (`missing`, `all` or
/// `never`), and otherwise ``missing``. CI should run with `never`:
///
/// ```sh
/// CODABLE_RESILIENCE_RECORD=never swift test
/// ```
public enum RecordMode: String, Sendable, CaseIterable {
  /// Write a missing `.expected` file; compare with those that exist. The default.
  case missing
  /// Rewrite every `.expected` file (keeping its `note`).
  case all
  /// Write nothing: a missing `.expected` file fails the test. For CI.
  case never

  /// The environment variable that sets the mode.
  static let environmentVariable = "CODABLE_RESILIENCE_RECORD"

  /// The mode `CODABLE_RESILIENCE_RECORD` names; ``missing`` when it is not set.
  static func fromEnvironment() throws -> RecordMode {
    try RecordMode(environmentValue: ProcessInfo.processInfo.environment[environmentVariable])
  }

  /// The mode a value of `CODABLE_RESILIENCE_RECORD` names, in any case; ``missing`` for
  /// none or an empty one.
  init(environmentValue text: String?) throws {
    guard let text, !text.isEmpty else {
      self = .missing
      return
    }
    guard let mode = RecordMode(rawValue: text.lowercased()) else {
      throw PayloadCheckFailure(
        "\(Self.environmentVariable)=\(text) is not a record mode: use missing, all or never")
    }
    self = mode
  }
}
