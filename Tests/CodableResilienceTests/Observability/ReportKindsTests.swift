import CodableResilience
import Foundation
import Testing

/// The report kinds of the keys that come and go: a default used and an unknown field. What
/// `.strict` makes of a default, and which handlers receive an unknown field, are the
/// handler's, so they hold for a report made by hand as for one a wrapper makes.
@Suite("Report kinds")
struct ReportKindsTests {
  static func report(_ kind: UnknownValue.Kind, typeName: String = "Array<String>") -> UnknownValue
  {
    UnknownValue(
      kind: kind, typeName: typeName, rawValue: kind == .defaultUsed(.null) ? "null" : "",
      codingPath: [UnknownValue.PathComponent.key("accounts"), .index(2), .key("tags")])
  }

  @Test("strict throws keyNotFound for a default read for a missing key, as a plain property")
  func strictMissingKey() {
    let error = #expect(throws: DecodingError.self) {
      try UnknownValueHandler.strict(Self.report(.defaultUsed(.missingKey)))
    }
    guard case .keyNotFound(let key, let context)? = error else {
      Issue.record("expected keyNotFound, got \(String(describing: error))")
      return
    }
    #expect(key.stringValue == "tags")
    #expect(UnknownValue.PathComponent.jsonPath(context.codingPath) == "$.accounts[2]")
  }

  @Test("strict throws valueNotFound for a default read for null, as a plain property")
  func strictNull() {
    let error = #expect(throws: DecodingError.self) {
      try UnknownValueHandler.strict(Self.report(.defaultUsed(.null)))
    }
    guard case .valueNotFound(_, let context)? = error else {
      Issue.record("expected valueNotFound, got \(String(describing: error))")
      return
    }
    #expect(UnknownValue.PathComponent.jsonPath(context.codingPath) == "$.accounts[2].tags")
  }

  @Test("strict never throws for an unknown field")
  func strictUnknownField() throws {
    try UnknownValueHandler.strict(Self.report(.unknownField, typeName: "Account"))
  }

  @Test("an unknown field reaches only handlers that ask for it; a default reaches every one")
  func optIn() throws {
    let seen = Locked<[String]>([])
    let plain = UnknownValueHandler.report { value in
      seen.withLock { $0.append("plain \(value.kind)") }
    }
    let asking = plain.receivingUnknownFields()
    let renamedOnly = plain.receivingRenamedValues()
    for handler in [plain, asking, renamedOnly, UnknownValueHandler.ignore.followed(by: asking)] {
      try handler(Self.report(.unknownField, typeName: "Account"))
      try handler(Self.report(.defaultUsed(.missingKey)))
    }
    #expect(
      seen.withLock { $0 } == [
        "plain defaultUsed(CodableResilience.UnknownValue.DefaultReason.missingKey)",
        "plain unknownField",
        "plain defaultUsed(CodableResilience.UnknownValue.DefaultReason.missingKey)",
        "plain defaultUsed(CodableResilience.UnknownValue.DefaultReason.missingKey)",
        "plain unknownField",
        "plain defaultUsed(CodableResilience.UnknownValue.DefaultReason.missingKey)",
      ])
  }

  @Test(
    "each kind has its own line",
    arguments: [
      (
        UnknownValue.Kind.defaultUsed(.missingKey),
        "missing Array<String> at $.accounts[2].tags read as its default"
      ),
      (.defaultUsed(.null), "null Array<String> at $.accounts[2].tags read as its default"),
      (
        .unknownField,
        "Array<String> does not write the field at $.accounts[2].tags; kept to write back"
      ),
    ])
  func descriptions(kind: UnknownValue.Kind, line: String) {
    #expect(Self.report(kind).description == line)
  }
}
