import CodableResilience
import Foundation
import Testing

private struct Account: Codable, Equatable {
  var id: Int
  @DecodeMissingAsDefault<EmptyByDefault<[String]>> var roles: [String]
  @DecodeMissingAsDefault<FalseByDefault> var isLocked: Bool
  @DecodeMissingAsDefault<ZeroByDefault<Int>> var followersCount: Int
}

/// The same model without the wrapper: what a plain model breaks on.
private struct PlainAccount: Codable {
  var id: Int
  var roles: [String]
  var isLocked: Bool
  var followersCount: Int
}

private enum NoHeader: DefaultValue {
  static var defaultValue: URL? { nil }
}

/// An optional value with a default, beside the same property plain.
private struct Banner: Codable {
  @DecodeMissingAsDefault<NoHeader> var header: URL?
}

private struct PlainBanner: Codable {
  var header: URL?
}

private struct PolicyViolation: Error {}

private enum Guest: DefaultValue {
  static var defaultValue: String { "guest" }
}

/// A generic model over its default, as the issue names it.
private struct Slot<D: DefaultValue>: Codable where D.Value: Codable {
  @DecodeMissingAsDefault<D> var value: D.Value
}

private struct Page: Codable {
  var accounts: [Account]
  @SkipInvalidElements var checked: [Account]
}

/// A hand-written `init(from:)` that keeps its decoder, as a model reading `userInfo` later
/// does, and decodes the wrapper through the same overload synthesized code calls.
private struct KeptDecoderAccount: Decodable {
  var name: String
  var decoderPath: String

  enum CodingKeys: String, CodingKey {
    case name
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(DecodeMissingAsDefault<Guest>.self, forKey: .name).wrappedValue
    let kept = decoder
    decoderPath = UnknownValue.PathComponent.jsonPath(kept.codingPath)
  }
}

/// A class hierarchy: the subclass decodes its superclass's part through `superDecoder()`.
private class Base: Decodable {
  @DecodeMissingAsDefault<TrueByDefault> var isActive: Bool
}

private final class Member: Base {
  let name: String

  enum CodingKeys: String, CodingKey {
    case name
  }

  required init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    try super.init(from: container.superDecoder())
  }
}

/// An error's case, path and message: equal when a plain model would throw the same.
private func outcome(_ error: DecodingError) -> String {
  "\(error.kind) at \(error.path ?? "?"): \(error.context?.debugDescription ?? "")"
}

private func reports(_ body: (JSONDecoder) throws -> Void) rethrows -> [String] {
  let collector = UnknownValueCollector()
  let decoder = JSONDecoder()
  decoder.unknownValueHandler = .collect(into: collector)
  try body(decoder)
  return collector.values.map(\.description)
}

@Suite("@DecodeMissingAsDefault")
struct DecodeMissingAsDefaultTests {
  @Test(
    "a missing key or null reads as the default; a value as itself",
    arguments: [
      (#"{"id": 1}"#, [String](), false, 0),
      (#"{"id": 1, "roles": null, "isLocked": null, "followersCount": null}"#, [], false, 0),
      (
        #"{"id": 1, "roles": ["admin"], "isLocked": true, "followersCount": 9}"#, ["admin"], true, 9
      ),
      (#"{"id": 1, "roles": [], "isLocked": false, "followersCount": 0}"#, [], false, 0),
    ])
  func reads(payload: String, roles: [String], isLocked: Bool, followers: Int) throws {
    let account = try JSONDecoder().decode(Account.self, from: json(payload))
    #expect(account.roles == roles)
    #expect(account.isLocked == isLocked)
    #expect(account.followersCount == followers)
  }

  @Test(
    "encoding writes back what was read: no key, null, or the value",
    arguments: [
      #"{"id": 1}"#,
      #"{"id": 1, "roles": null, "isLocked": null, "followersCount": null}"#,
      #"{"id": 1, "roles": ["admin"], "isLocked": true, "followersCount": 9}"#,
      #"{"id": 1, "roles": [], "isLocked": false, "followersCount": 0}"#,
      #"{"id": 1, "roles": null, "followersCount": 4}"#,
    ])
  func writesBack(payload: String) throws {
    let account = try JSONDecoder().decode(Account.self, from: json(payload))
    #expect(try encodedJSON(account) == JSONValue(parsing: payload))
  }

  @Test("a value the app sets is written, the default included")
  func appEditsAreWritten() throws {
    var account = try JSONDecoder().decode(Account.self, from: json(#"{"id": 1, "roles": null}"#))
    #expect(account.$roles.defaultUsed == .null)
    #expect(account.$isLocked.defaultUsed == .missingKey)
    account.roles.append("admin")
    account.isLocked = false
    #expect(account.$roles.defaultUsed == nil)
    #expect(
      try encodedJSON(account)
        == JSONValue(parsing: #"{"id": 1, "roles": ["admin"], "isLocked": false}"#))
  }

  @Test(
    "a value of the wrong type throws what a plain property throws: breakage is not a default",
    arguments: [
      #"{"id": 1, "roles": [], "isLocked": "yes", "followersCount": 2}"#,
      #"{"id": 1, "roles": "admin", "isLocked": true, "followersCount": 2}"#,
      #"{"id": 1, "roles": [1], "isLocked": true, "followersCount": 2}"#,
      #"{"id": 1, "roles": [], "isLocked": true, "followersCount": 1.5}"#,
    ])
  func wrongTypesThrow(payload: String) {
    let plain = #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(PlainAccount.self, from: json(payload))
    }
    let wrapped = #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Account.self, from: json(payload))
    }
    #expect(wrapped.map(outcome) == plain.map(outcome))
  }

  @Test("each default is reported at its path with its reason, in payload order")
  func reported() throws {
    let payload = json(#"{"id": 1, "roles": null, "followersCount": 3}"#)
    let (_, values) = try JSONDecoder().decodeCollectingUnknownValues(Account.self, from: payload)
    #expect(
      values.map(\.description) == [
        "null Array<String> at $.roles read as its default",
        "missing Bool at $.isLocked read as its default",
      ])
    #expect(values.map(\.kind) == [.defaultUsed(.null), .defaultUsed(.missingKey)])
    #expect(
      try reports { _ = try $0.decode(Account.self, from: payload) } == values.map(\.description))
  }

  @Test(
    "strict throws what the plain model throws, at the same path",
    arguments: [
      #"{"id": 1}"#,
      #"{"id": 1, "roles": null, "isLocked": true, "followersCount": 2}"#,
      #"{"id": 1, "roles": [], "isLocked": null, "followersCount": 2}"#,
      #"{"id": 1, "roles": [], "isLocked": true}"#,
    ])
  func strictMatchesPlain(payload: String) throws {
    let plain = #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(PlainAccount.self, from: json(payload))
    }
    let strict = #expect(throws: DecodingError.self) {
      try JSONDecoder().decodeStrictly(Account.self, from: json(payload))
    }
    #expect(strict.map(outcome) == plain.map(outcome))
    #expect(strict != nil)
  }

  @Test(
    "strict on an optional value goes as a plain optional property: a missing key or null is nil",
    arguments: ["{}", #"{"header": null}"#])
  func strictOptionalValue(payload: String) throws {
    let plain = try JSONDecoder().decode(PlainBanner.self, from: json(payload))
    let strict = try JSONDecoder().decodeStrictly(Banner.self, from: json(payload))
    #expect(strict.header == plain.header)
    #expect(strict.header == nil)
    let (_, reports) = try JSONDecoder().decodeCollectingUnknownValues(
      Banner.self, from: json(payload))
    #expect(reports.map(\.path) == ["$.header"])
  }

  @Test("a handler's own error for a default is thrown as it is, not replaced")
  func handlersOwnErrors() {
    let decoder = JSONDecoder()
    decoder.unknownValueHandler = .report { value in
      if case .defaultUsed = value.kind {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(codingPath: [], debugDescription: "policy: \(value.path)"))
      }
    }
    let error = #expect(throws: DecodingError.self) {
      try decoder.decode(Account.self, from: json(#"{"id": 1, "isLocked": true}"#))
    }
    #expect(error?.kind == .dataCorrupted)
    #expect(error?.context?.debugDescription == "policy: $.roles")
    decoder.unknownValueHandler = .report { _ in throw PolicyViolation() }
    #expect(throws: PolicyViolation.self) {
      try decoder.decode(Account.self, from: json(#"{"id": 1}"#))
    }
  }

  @Test("every position: nested, in arrays, elements left out, snake case, generic, superDecoder")
  func positions() throws {
    let page = json(
      #"{"accounts": [{"id": 1}, {"id": 2, "roles": ["x"]}], "checked": [{"id": 3}, {"oops": 1}]}"#)
    #expect(
      try reports { _ = try $0.decode(Page.self, from: page) } == [
        "missing Array<String> at $.accounts[0].roles read as its default",
        "missing Bool at $.accounts[0].isLocked read as its default",
        "missing Int at $.accounts[0].followersCount read as its default",
        "missing Bool at $.accounts[1].isLocked read as its default",
        "missing Int at $.accounts[1].followersCount read as its default",
        "missing Array<String> at $.checked[0].roles read as its default",
        "missing Bool at $.checked[0].isLocked read as its default",
        "missing Int at $.checked[0].followersCount read as its default",
        #"Account element at $.checked[1] left out: keyNotFound at $.checked[1].id: No value associated with key CodingKeys(stringValue: "id", intValue: nil) ("id")."#,
      ])

    let snake = JSONDecoder()
    snake.keyDecodingStrategy = .convertFromSnakeCase
    let collector = UnknownValueCollector()
    snake.unknownValueHandler = .collect(into: collector)
    let account = try snake.decode(Account.self, from: json(#"{"id": 1, "is_locked": true}"#))
    #expect(account.isLocked)
    #expect(collector.values.map(\.path) == ["$.roles", "$.followersCount"])

    let slot = try JSONDecoder().decodeCollectingUnknownValues(Slot<Guest>.self, from: json("{}"))
    #expect(slot.value.value == "guest")
    #expect(slot.unknownValues.map(\.path) == ["$.value"])
    #expect(try encodedJSON(slot.value) == JSONValue(parsing: "{}"))

    let member = try JSONDecoder().decodeCollectingUnknownValues(
      Member.self, from: json(#"{"name": "ada", "super": {}}"#))
    #expect(member.value.isActive)
    #expect(member.unknownValues.map(\.path) == ["$.super.isActive"])

    let kept = try JSONDecoder().decodeCollectingUnknownValues(
      [KeptDecoderAccount].self, from: json(#"[{"name": "ada"}, {}]"#))
    #expect(kept.value.map(\.name) == ["ada", "guest"])
    #expect(kept.value.map(\.decoderPath) == ["$[0]", "$[1]"])
    #expect(kept.unknownValues.map(\.path) == ["$[1].name"])
  }

  @Test("as an element or at the top level, null reads as the default and is written back")
  func elements() throws {
    let (flags, values) = try JSONDecoder().decodeCollectingUnknownValues(
      [DecodeMissingAsDefault<TrueByDefault>].self, from: json("[false, null]"))
    #expect(flags.map(\.wrappedValue) == [false, true])
    #expect(values.map(\.description) == ["null Bool at $[1] read as its default"])
    #expect(try encodedJSON(flags) == JSONValue(parsing: "[false, null]"))
  }

  @Test("property lists read and write back the same way")
  func propertyLists() throws {
    let data = try PropertyListEncoder().encode(
      try JSONDecoder().decode(Account.self, from: json(#"{"id": 1, "isLocked": true}"#)))
    let collector = UnknownValueCollector()
    let decoder = PropertyListDecoder()
    decoder.unknownValueHandler = .collect(into: collector)
    let account = try decoder.decode(Account.self, from: data)
    #expect(account.isLocked)
    #expect(collector.values.map(\.path) == ["$.roles", "$.followersCount"])
    #expect(account.$roles.defaultUsed == .missingKey)
  }

  @Test("where the wrapper is a plain generic parameter, a missing key throws, as documented")
  func genericParameterLimit() throws {
    expectDecodingError(.keyNotFound, at: "$.value") {
      try JSONDecoder().decode(Box<DecodeMissingAsDefault<FalseByDefault>>.self, from: json("{}"))
    }
    let null = try JSONDecoder().decode(
      Box<DecodeMissingAsDefault<FalseByDefault>>.self, from: json(#"{"value": null}"#))
    #expect(null.value.wrappedValue == false)
  }

  @Test("ready-made defaults")
  func readyMade() {
    #expect(FalseByDefault.defaultValue == false)
    #expect(TrueByDefault.defaultValue == true)
    #expect(ZeroByDefault<Double>.defaultValue == 0)
    #expect(EmptyByDefault<String>.defaultValue == "")
    #expect(EmptyByDefault<[Int]>.defaultValue == [])
    #expect(DecodeMissingAsDefault<Guest>().wrappedValue == "guest")
  }
}
