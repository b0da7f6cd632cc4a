/// The error every check in this module throws: a fixture that does not match its
/// `.expected` file, a recorded expectation, a broken fuzzing rule, a missing folder.
///
/// Its description is the whole message, so Swift Testing and XCTest both show it when a test
/// throws it:
///
/// ```swift
/// do {
///   try fixture.check(Order.self)
/// } catch let failure as PayloadCheckFailure {
///   print(failure.message)
/// }
/// ```
public struct PayloadCheckFailure: Error, Sendable, CustomStringConvertible {
  /// What failed and where, over as many lines as it needs.
  public var message: String

  /// A failure with its message.
  init(_ message: String) {
    self.message = message
  }

  /// The ``message``.
  public var description: String { message }
}
