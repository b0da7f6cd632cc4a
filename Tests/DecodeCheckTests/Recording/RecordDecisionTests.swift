import Foundation
import Testing

@testable import DecodeCheck

/// An instance's description, whose version and domain a team wants in its fixtures.
struct RecordedInstance: Decodable, Sendable {
  var domain: String
  var version: String
  var title: String
}

/// A model whose counts are a dictionary, and whose `state` a plain enum.
struct CountedThing: Decodable, Sendable {
  enum State: String, Decodable, Sendable { case on, off }
  var state: State
  var counts: [String: Int]
}

/// Secrets kept in a map by their owners' addresses.
struct Vault: Decodable, Sendable {
  var keys: [String: PinnedKey]
}

/// What recording decides, and what it shares: the keep list, decisions by field across
/// payloads, the probe budget, keys of dictionaries, and what its lines show (issue 40).
@Suite struct RecordDecisionTests {
  private let registry: ModelRegistry = {
    var registry = RecordingCapture.registry
    registry.register(RecordedInstance.self)
    registry.register(CountedThing.self)
    return registry
  }()

  private func record(_ arguments: [String]) -> CommandRun {
    runCommand(["--record"] + arguments, registry: registry)
  }

  private static let instance =
    #"{"domain": "social.ines-moreau.example", "version": "4.3.2", "title": "Ines' place"}"#

  @Test func theKeepListKeepsValuesAsCaptured() throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.instance, to: "captures/RecordedInstance/one.json")
    let plain = record([folder.path + "/Plain", folder.path + "/captures"])
    #expect(plain.status == 0)
    let kept = record([
      folder.path + "/Kept", "--keep", "$.version,$.domain", folder.path + "/captures",
    ])
    #expect(kept.status == 0)
    #expect(kept.outputLines.first?.contains("; 2 values kept as listed (--keep)") == true)
    let text = try #require(
      FixtureFolder(path: folder.path + "/Kept").fixtureNames().first.map {
        try String(contentsOfFile: folder.path + "/Kept/" + $0, encoding: .utf8)
      })
    #expect(text.contains(#""version": "4.3.2""#))
    #expect(text.contains(#""domain": "social.ines-moreau.example""#))
    #expect(text.contains(#""title": "redacted""#))
    // Eight instances are told apart by what is kept.
    #expect(
      FixtureFolder(path: folder.path + "/Kept").fixtureNames()
        != FixtureFolder(path: folder.path + "/Plain").fixtureNames())
    let bad = record([folder.path + "/Bad", "--keep", "version", folder.path + "/captures"])
    #expect(bad.status == 2)
    #expect(bad.errors.contains("`--keep`: `version` is not a JSON path pattern"))
  }

  @Test func aRouteKeepsItsOwnValues() throws {
    let folder = try TemporaryFolder()
    let routes = try folder.write(
      #"{ "routes": [ { "url": "*/api/v1/instance", "type": "RecordedInstance", "keep": ["$.version"] } ] }"#,
      to: "routes.json")
    let archive = try folder.write(
      try Archives.archive([Archives.entry(Archives.host + "/api/v1/instance", text: Self.instance)]
      ),
      to: "capture/capture.har")
    let run = record([folder.path + "/Out", "--routes", routes, archive])
    #expect(run.status == 0, "\(run.output)")
    let name = try #require(FixtureFolder(path: folder.path + "/Out").fixtureNames().first)
    let text = try String(contentsOfFile: folder.path + "/Out/" + name, encoding: .utf8)
    #expect(text.contains(#""version": "4.3.2""#))
    #expect(!text.contains("ines-moreau"))
    let wrong = try folder.write(
      #"{ "routes": [ { "url": "*/x", "type": "RecordedInstance", "keep": "$.version" } ] }"#,
      to: "wrong.json")
    #expect(record([folder.path + "/W", "--routes", wrong, archive]).status == 2)
  }

  /// A payload of a shape seen before takes every decision from its field, with no probe.
  @Test func decisionsByFieldAreSharedAcrossPayloads() throws {
    let model = RegisteredModel(RecordedProfile.self) {
      let decoder = JSONDecoder()
      decoder.dateDecodingStrategy = .iso8601
      return decoder
    }
    let redactor = FixtureRedactor(decoder: VariantDecoder(model))
    let first = redactor.record(Data(RecordingCapture.profile().utf8))
    guard case .recorded(let one) = first.result else {
      Issue.record("not recorded: \(first.result)")
      return
    }
    #expect(!first.learned.isEmpty)
    var starved = redactor
    starved.budget = 0
    let other = Data(
      RecordingCapture.profile(email: "lea.martin@example.org", nickname: "Paulo").utf8)
    guard case .recorded(let two) = starved.record(other, fields: first.learned).result else {
      Issue.record("a payload of a known shape needed probes")
      return
    }
    #expect(two.shape == one.shape)
    #expect(two.text == one.text)
    // Without what the first taught, the same payload needs probes, and is not written.
    guard case .overBudget = starved.record(other).result else {
      Issue.record("recorded without probes")
      return
    }
  }

  @Test func aPayloadOverTheBudgetIsNamed() throws {
    let folder = try TemporaryFolder()
    try folder.write(RecordingCapture.booking, to: "captures/Booking/one.json")
    let run = record([folder.path + "/Out", "--max-probes", "3", folder.path + "/captures"])
    #expect(run.status == 1)
    #expect(
      run.outputLines.contains(
        "not written: \(folder.path)/captures/Booking/one.json: deciding its values takes more "
          + "than 3 probes; raise --max-probes to record it"))
    #expect(FixtureFolder(path: folder.path + "/Out").fixtureNames().isEmpty)
  }

  /// A key no decode reaches is kept as a name, unless another payload of the run reads its
  /// object as a dictionary: then it is data, and replaced.
  @Test func keysOfAnObjectReadAsADictionaryElsewhereAreReplaced() throws {
    let folder = try TemporaryFolder()
    try folder.write(#"{"state": "on", "counts": {"ines": 1}}"#, to: "captures/CountedThing/a.json")
    try folder.write(
      #"{"state": "dimmed", "counts": {"paulo": 2}}"#, to: "captures/CountedThing/b.json")
    let run = record([folder.path + "/Out", folder.path + "/captures"])
    #expect(run.status == 0, "\(run.output)")
    let out = FixtureFolder(path: folder.path + "/Out")
    let texts = try out.fixtureNames().map {
      try String(contentsOfFile: folder.path + "/Out/" + $0, encoding: .utf8)
    }
    #expect(texts.count == 2)
    #expect(!texts.joined().contains("ines") && !texts.joined().contains("paulo"))
    #expect(texts.contains { $0.contains(#""state": "dimmed""#) })
    // Alone, the failing one keeps the key that looks like a name, and lists it.
    try FileManager.default.removeItem(atPath: folder.path + "/captures/CountedThing/a.json")
    let alone = record([folder.path + "/Alone", folder.path + "/captures"])
    #expect(alone.output.contains("2 keys kept as field names, listed in kept-keys.txt"))
    let list = try String(contentsOfFile: folder.path + "/Alone/kept-keys.txt", encoding: .utf8)
    #expect(list.contains("\t$.counts\n"))
    #expect(list.hasSuffix("\t$.counts.paulo\n"))
  }

  /// A line never shows a dictionary's key: only keys that look like names, and are kept.
  @Test func notWrittenLinesShowNoPersonalKey() throws {
    let redactor = FixtureRedactor(decoder: VariantDecoder(RegisteredModel(Vault.self)))
    let result = redactor.record(
      Data(#"{"keys": {"ines.moreau@example.org": {"key": "sk_live_9f8e7d6c"}}}"#.utf8)
    ).result
    guard case .needsCapturedValue(let path) = result else {
      Issue.record("recorded: \(result)")
      return
    }
    #expect(path == "$.keys[*].key")
  }
}
