import DecodeCheck
import Foundation

extension PayloadFixture {
  /// Asks `T`, field by field, what a value the server has never sent would do to this
  /// payload, as `decode-check --audit` does: a new string or integer at each place, a new
  /// variant of an array's tagged elements, each key left out.
  ///
  /// The answer is decode-check's `AuditReport`: its `brittle` fields are those
  /// where a new value makes the whole payload fail to decode (a plain `enum`), so a team's
  /// own tests can hold every model to "no brittle field":
  ///
  /// ```swift
  /// import CodableResilienceTesting
  /// import DecodeCheck
  /// import Testing
  ///
  /// @Test(arguments: try PayloadFixture.all(in: "Fixtures/Order"))
  /// func ordersHaveNoBrittleField(_ fixture: PayloadFixture) throws {
  ///   let audit = try fixture.audit(Order.self, decoder: .app)
  ///   #expect(audit.brittle.isEmpty, "\(audit.brittle.map(\.description))")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The model the payload decodes as.
  ///   - decoder: The app's configured decoder (key and date strategies, `userInfo`); it is
  ///     read, never changed, and its unknown-value handler is not called.
  ///   - budget: How many places the audit asks about (decode-check's `AuditBudget`).
  /// - Throws: ``PayloadCheckFailure`` when the payload cannot be read, is not JSON or does
  ///   not decode as `T`: only a payload that decodes can be audited, so audit the fixtures
  ///   whose expected outcome is `decoded`.
  public func audit<T: Decodable>(
    _ type: T.Type,
    decoder: JSONDecoder = JSONDecoder(),
    budget: AuditBudget = .standard
  ) throws -> AuditReport {
    let payload = try payload()
    var checker = PayloadChecker()
    checker.audit = budget
    let report = checker.audit(payload, as: RegisteredModel(T.self) { decoder }, path: description)
    guard let audit = AuditReport(report), audit.payloadCount == 1 else {
      let findings = report.files.flatMap(\.findings).map {
        "  \($0.path ?? "$"): \($0.message)"
      }
      throw PayloadCheckFailure(
        "\(payloadURL.path) does not decode as \(T.self), so it cannot be audited:\n"
          + findings.joined(separator: "\n"))
    }
    return audit
  }
}
