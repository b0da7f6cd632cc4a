import CodableResilience
import Foundation
import Testing

@testable import DecodeCheck

/// A model whose server sends some values as another JSON type: a quoted id, a price as text,
/// one tag where it sends a list.
private struct Offer: Codable {
  @DecodeConvertingType var id: Int
  @DecodeConvertingType var price: Decimal
  @DecodeOneOrMany var tags: [String]
}

/// The same model, plain.
private struct PlainOffer: Codable {
  var id: Int
  var price: Decimal
  var tags: [String]
}

/// decode-check lists each converted value as a note of class `converted-type` (an error under
/// `--strict`, as a plain property throws), turns it off with `--disable converted-type`, and
/// baselines it by path, type and the JSON type received, never by value.
@Suite struct ConvertedTypeCheckTests {
  private let payload = Data(#"{"id": "7", "price": "12.50", "tags": "sale"}"#.utf8)

  @Test func eachConvertedValueIsANoteAtItsPath() {
    let report = PayloadChecker().check(payload, as: RegisteredModel(Offer.self))
    #expect(report.outcome == .decoded)
    #expect(
      report.findings.map {
        "\($0.severity) \($0.path ?? "") \(CheckClass(of: $0).rawValue) "
          + "\($0.position.map { "\($0.line):\($0.column)" } ?? "-")"
      } == [
        "note $.id converted-type 1:8", "note $.price converted-type 1:22",
        "note $.tags converted-type 1:39",
      ])
    #expect(
      report.findings.map(\.message) == [
        "Int arrived as a string; converted (@DecodeConvertingType)",
        "Decimal arrived as a string; converted (@DecodeConvertingType)",
        "Array<String> arrived as one value; read as an array of it (@DecodeOneOrMany)",
      ])
  }

  @Test func strictMakesThemErrorsAsAPlainModelFails() {
    let strict = PayloadChecker(strict: true).check(payload, as: RegisteredModel(Offer.self))
    #expect(strict.findings.map(\.severity) == [.error, .error, .error])
    let plain = PayloadChecker().check(payload, as: RegisteredModel(PlainOffer.self))
    #expect(plain.outcome == .failed)
  }

  @Test func theJSONFormatNamesTheTypeReceivedAndTheValueSent() throws {
    let folder = try TemporaryFolder()
    _ = try folder.write(payload, to: "Offer/one.json")
    let run = runCommand(
      ["--format", "json", folder.path + "/Offer"], registry: ModelRegistry(registering: Offer.self)
    )
    #expect(run.status == 0, "\(run.errors)")
    let document = try JSONDecoder().decode(JSONValue.self, from: Data(run.output.utf8))
    let findings = document["files"]?[0]?["findings"]
    #expect(findings?[0]?["class"] == .string("converted-type"))
    #expect(
      findings?[0]?["convertedType"]
        == .object([
          "type": .string("Int"), "received": .string("string"), "rawValue": .string("7"),
        ]))
    #expect(findings?[2]?["convertedType"]?["received"] == .string("singleValue"))
  }

  @Test func disableTurnsThemOff() throws {
    let folder = try TemporaryFolder()
    _ = try folder.write(payload, to: "Offer/one.json")
    let run = runCommand(
      ["--strict", "--disable", "converted-type", folder.path + "/Offer"],
      registry: ModelRegistry(registering: Offer.self))
    #expect(run.status == 0, "\(run.output)\(run.errors)")
    #expect(!run.output.contains("converted"), "\(run.output)")
  }

  /// A baseline written from one payload accepts another whose values differ: the entry holds
  /// the type and the JSON type received, not the value. A value that arrives as a new JSON
  /// type is not accepted.
  @Test func aBaselineRecordsTheTypeReceivedNotTheValue() throws {
    let folder = try TemporaryFolder()
    _ = try folder.write(payload, to: "Offer/one.json")
    let registry = ModelRegistry(registering: Offer.self)
    let baseline = folder.path + "/baseline.json"
    let write = runCommand(
      ["--strict", "--write-baseline", baseline, folder.path + "/Offer"], registry: registry)
    #expect(write.status == 1, "\(write.output)\(write.errors)")
    #expect(
      try Baseline(contentsOfFile: baseline).entries.map(\.kind)
        == [.convertedType, .convertedType, .convertedType])
    let text = try String(contentsOfFile: baseline, encoding: .utf8)
    #expect(!text.contains("12.50") && !text.contains("sale"), "\(text)")

    try Data(#"{"id": "8", "price": "3.10", "tags": "new"}"#.utf8).write(
      to: URL(fileURLWithPath: folder.path + "/Offer/one.json"))
    let other = runCommand(
      ["--strict", "--baseline", baseline, folder.path + "/Offer"], registry: registry)
    #expect(other.status == 0, "\(other.output)\(other.errors)")

    try Data(#"{"id": 8, "price": 3.1, "tags": ["new"], "extra": 1}"#.utf8).write(
      to: URL(fileURLWithPath: folder.path + "/Offer/one.json"))
    let plainTypes = runCommand(
      ["--strict", "--baseline", baseline, folder.path + "/Offer"], registry: registry)
    #expect(plainTypes.status == 0, "\(plainTypes.output)\(plainTypes.errors)")

    struct Flagged: Codable {
      @DecodeConvertingType var id: Int
    }
    _ = try folder.write(Data(#"{"id": "1"}"#.utf8), to: "Flagged/one.json")
    let flaggedRegistry = ModelRegistry(registering: Flagged.self)
    let flaggedBaseline = folder.path + "/flagged.json"
    _ = runCommand(
      ["--write-baseline", flaggedBaseline, folder.path + "/Flagged"], registry: flaggedRegistry)
    try Data(#"{"id": true}"#.utf8).write(
      to: URL(fileURLWithPath: folder.path + "/Flagged/one.json"))
    let refused = runCommand(
      ["--baseline", flaggedBaseline, folder.path + "/Flagged"], registry: flaggedRegistry)
    #expect(refused.status == 1, "a bool does not convert to an Int: \(refused.output)")
  }
}
