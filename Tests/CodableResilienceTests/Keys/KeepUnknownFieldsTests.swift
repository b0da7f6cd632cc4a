import CodableResilience
import Foundation
import Testing

/// A server's account as the app models it: the server sends more.
private struct Account: Codable, Hashable, Sendable {
  var id: Int
  var name: String
  var bio: String?
}

private struct Profile: Codable, Equatable {
  var avatar: String
}

private struct Settings: Codable, Equatable {
  var theme: String
}

/// A model whose nested `profile` keeps its own unknown fields and whose `settings` does not.
private struct Member: Codable, Equatable {
  var id: Int
  @KeepUnknownFields var profile: Profile
  var settings: Settings
}

private struct Session: Codable, Equatable {
  @KeepUnknownFields var account: Account
}

private struct Team: Codable, Equatable {
  var members: [KeepUnknownFields<Account>]
}

private struct MaybeSession: Codable {
  @KeepUnknownFields var account: Account?
}

private struct PlainMaybeSession: Codable {
  var account: Account?
}

private struct PlainSession: Codable {
  var account: Account
}

@Suite struct KeepUnknownFieldsTests {
  private let accountText = """
    {"id": 1, "name": "Ada", "header": "h.png", "followers": 12345678901234567890123,
     "exact": 9007199254740993, "fraction": 0.1, "flags": [true, null, {"a": -0.0}],
     "nested": {"deep": {"n": 18446744073709551615}}}
    """

  @Test func roundTripGivesBackTheObjectRead() throws {
    let account = try JSONDecoder().decode(KeepUnknownFields<Account>.self, from: json(accountText))
    #expect(account.wrappedValue == Account(id: 1, name: "Ada"))
    #expect(
      Set(account.unknownFields.keys) == [
        "header", "followers", "exact", "fraction", "flags", "nested",
      ])
    #expect(try encodedJSON(account) == JSONValue(parsing: accountText))
    #expect(account.unknownFields["followers"]?.description == "12345678901234567890123")
    #expect(account.unknownFields["exact"]?.description == "9007199254740993")
  }

  @Test func anOptionalsNullIsKeptAndWrittenBack() throws {
    let text = #"{"id": 1, "name": "Ada", "bio": null}"#
    let account = try JSONDecoder().decode(KeepUnknownFields<Account>.self, from: json(text))
    #expect(account.unknownFields == ["bio": .null])
    #expect(try encodedJSON(account) == JSONValue(parsing: text))
  }

  @Test func theModelWinsOverAFieldOfTheSameName() throws {
    var account = try JSONDecoder().decode(
      KeepUnknownFields<Account>.self, from: json(#"{"id": 1, "name": "Ada", "bio": null}"#))
    account.wrappedValue.bio = "Mathematician"
    #expect(
      try encodedJSON(account)
        == JSONValue(parsing: #"{"id": 1, "name": "Ada", "bio": "Mathematician"}"#))
    let made = KeepUnknownFields(
      wrappedValue: Account(id: 2, name: "Grace"), unknownFields: ["name": "other", "x": 1])
    #expect(try encodedJSON(made) == JSONValue(parsing: #"{"id": 2, "name": "Grace", "x": 1}"#))
  }

  @Test func editsAndUnknownFieldsAreBothWritten() throws {
    var session = try JSONDecoder().decode(
      Session.self, from: json(#"{"account": {"id": 1, "name": "Ada", "header": "h.png"}}"#))
    session.account.name = "Ada L."
    #expect(session.$account.unknownFields == ["header": "h.png"])
    #expect(
      try encodedJSON(session)
        == JSONValue(parsing: #"{"account": {"id": 1, "name": "Ada L.", "header": "h.png"}}"#))
  }

  @Test func aNestedObjectKeepsItsFieldsWhenWrapped() throws {
    let text = """
      {"id": 7, "role": "admin",
       "profile": {"avatar": "a.png", "banner": {"w": 1500}},
       "settings": {"theme": "dark", "font": "mono"}}
      """
    let member = try JSONDecoder().decode(KeepUnknownFields<Member>.self, from: json(text))
    #expect(member.unknownFields == ["role": "admin"])
    #expect(member.wrappedValue.$profile.unknownFields == ["banner": .object(["w": 1500])])
    // `settings` is not wrapped: its `font` is not the wrapped objects' to keep.
    let expected = """
      {"id": 7, "role": "admin",
       "profile": {"avatar": "a.png", "banner": {"w": 1500}},
       "settings": {"theme": "dark"}}
      """
    #expect(try encodedJSON(member) == JSONValue(parsing: expected))
  }

  @Test func arrayElementsKeepTheirOwnFields() throws {
    let text = """
      {"members": [{"id": 1, "name": "Ada", "header": "a"}, {"id": 2, "name": "Grace"},
                   {"id": 3, "name": "Alan", "pronouns": ["he"]}]}
      """
    let team = try JSONDecoder().decode(Team.self, from: json(text))
    #expect(team.members.map(\.unknownFields.count) == [1, 0, 1])
    #expect(try encodedJSON(team) == JSONValue(parsing: text))
    let list = try JSONDecoder().decode(
      [KeepUnknownFields<Account>].self, from: json(#"[{"id": 1, "name": "Ada", "x": 1}]"#))
    #expect(list.first?.unknownFields == ["x": 1])
  }

  @Test func aGenericPropertyKeepsFieldsAsAConcreteOneDoes() throws {
    let text = #"{"value": {"id": 1, "name": "Ada", "x": [1]}}"#
    let box = try JSONDecoder().decode(Box<KeepUnknownFields<Account>>.self, from: json(text))
    #expect(box.value.unknownFields == ["x": [1]])
    #expect(try encodedJSON(box) == JSONValue(parsing: text))
  }

  @Test func wrappersCompareModelAndKeptFields() {
    let account = Account(id: 1, name: "Ada")
    let kept = KeepUnknownFields(wrappedValue: account, unknownFields: ["x": 1])
    #expect(kept == KeepUnknownFields(wrappedValue: account, unknownFields: ["x": 1.0]))
    #expect(kept != KeepUnknownFields(wrappedValue: account))
    #expect(Set([kept, kept]).count == 1)
  }

  @Test func aMissingOrNullPropertyThrowsWhatAPlainModelThrows() throws {
    for text in [#"{}"#, #"{"account": null}"#, #"{"account": 3}"#, #"{"account": {"id": 1}}"#] {
      let plain = #expect(throws: DecodingError.self) {
        try JSONDecoder().decode(PlainSession.self, from: json(text))
      }
      let wrapped = #expect(throws: DecodingError.self) {
        try JSONDecoder().decode(Session.self, from: json(text))
      }
      #expect(wrapped?.kind == plain?.kind, "\(text)")
      #expect(wrapped?.path == plain?.path, "\(text)")
    }
  }

  @Test func anOptionalModelReadsAMissingKeyAndNullAsAPlainOptionalDoes() throws {
    let texts = [#"{}"#, #"{"account": null}"#, #"{"account": {"id": 1, "name": "Ada"}}"#]
    for text in texts {
      let plain = try JSONDecoder().decode(PlainMaybeSession.self, from: json(text))
      let wrapped = try JSONDecoder().decode(MaybeSession.self, from: json(text))
      #expect(wrapped.account == plain.account, "\(text)")
      #expect(try encodedJSON(wrapped) == encodedJSON(plain), "\(text)")
    }
    let text = #"{"account": {"id": 1, "name": "Ada", "x": 1}}"#
    let kept = try JSONDecoder().decode(MaybeSession.self, from: json(text))
    #expect(kept.$account.unknownFields == ["x": 1])
    #expect(try encodedJSON(kept) == JSONValue(parsing: text))
  }

  @Test func unknownFieldsAreReportedOnlyToHandlersThatAsk() throws {
    let text = #"{"account": {"id": 1, "name": "Ada", "zone": "UTC", "header": {"url": "h"}}}"#
    let (_, collected) = try JSONDecoder().decodeCollectingUnknownValues(
      Session.self, from: json(text))
    #expect(collected.isEmpty)

    let reports = Locked<[UnknownValue]>([])
    let decoder = JSONDecoder()
    decoder.unknownValueHandler = UnknownValueHandler.report { value in
      reports.withLock { $0.append(value) }
    }.receivingUnknownFields()
    _ = try decoder.decode(Session.self, from: json(text))
    let seen = reports.withLock { $0 }
    #expect(seen.map(\.path) == ["$.account.header", "$.account.zone"])
    #expect(seen.map(\.kind) == [.unknownField, .unknownField])
    #expect(seen.map(\.rawValue) == [#"{"url":"h"}"#, #""UTC""#])
    #expect(seen.first?.typeName == "Account")

    let (_, every) = try JSONDecoder().decodeCollectingEveryReport(Session.self, from: json(text))
    #expect(every.map(\.path) == ["$.account.header", "$.account.zone"])
  }

  @Test func strictDecodingNeverThrowsForUnknownFields() throws {
    let session = try JSONDecoder().decodeStrictly(
      Session.self, from: json(#"{"account": {"id": 1, "name": "Ada", "zone": "UTC"}}"#))
    #expect(session.$account.unknownFields == ["zone": "UTC"])
  }

  @Test func aModelWithItsOwnCodingKeepsWhatItDoesNotWrite() throws {
    let text = #"{"user_name": "ada", "legacy": "x", "karma": 3}"#
    let user = try JSONDecoder().decode(KeepUnknownFields<HandWrittenUser>.self, from: json(text))
    #expect(user.wrappedValue.name == "ada")
    // `legacy` is read by the model but not written: it is kept, and written back.
    #expect(user.unknownFields == ["legacy": "x", "karma": 3])
    #expect(try encodedJSON(user) == JSONValue(parsing: text))
  }

  @Test func keyStrategiesApplyToUnknownFieldsAsToTheModelsKeys() throws {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let text = #"{"user_id": 1, "display_name": "Ada", "header_url": "h.png"}"#
    let user = try decoder.decode(KeepUnknownFields<SnakeUser>.self, from: json(text))
    #expect(user.wrappedValue == SnakeUser(userId: 1, displayName: "Ada"))
    #expect(user.unknownFields == ["headerUrl": "h.png"])
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    #expect(try JSONValue(data: encoder.encode(user)) == JSONValue(parsing: text))
  }

  @Test func propertyListsRoundTripTheirJSONKinds() throws {
    let data = try propertyList([
      "id": 1, "name": "Ada", "zone": "UTC", "limits": ["daily": 3, "ratio": 0.5],
    ])
    let account = try PropertyListDecoder().decode(KeepUnknownFields<Account>.self, from: data)
    #expect(account.unknownFields == ["zone": "UTC", "limits": ["daily": 3, "ratio": 0.5]])
    let written = try PropertyListEncoder().encode(account)
    let again = try PropertyListDecoder().decode(KeepUnknownFields<Account>.self, from: written)
    #expect(again == account)
  }

  @Test func aPropertyListValueNoJSONKindHoldsThrowsADecodingError() throws {
    let data = try propertyList(["id": 1, "name": "Ada", "seen": Date(timeIntervalSince1970: 0)])
    #expect(throws: DecodingError.self) {
      try PropertyListDecoder().decode(KeepUnknownFields<Account>.self, from: data)
    }
  }

  @Test func aClassDecodedThroughSuperDecoderKeepsWhatNeitherLevelWrites() throws {
    let text = #"{"breed": "collie", "super": {"name": "Rex"}, "collar": "red"}"#
    let dog = try JSONDecoder().decode(KeepUnknownFields<Dog>.self, from: json(text))
    #expect(dog.wrappedValue.name == "Rex")
    #expect(dog.unknownFields == ["collar": "red"])
    #expect(try encodedJSON(dog) == JSONValue(parsing: text))
  }

  @Test func aModelThatIsNoObjectKeepsNothing() throws {
    let list = try JSONDecoder().decode(KeepUnknownFields<[Int]>.self, from: json("[1, 2]"))
    #expect(list.wrappedValue == [1, 2] && list.unknownFields.isEmpty)
    #expect(try encodedJSON(list) == JSONValue(parsing: "[1, 2]"))
    // A model that reads one member of an object but writes a single value.
    let token = try JSONDecoder().decode(
      KeepUnknownFields<Token>.self, from: json(#"{"value": "t", "x": 1}"#))
    #expect(token.unknownFields.isEmpty)
    #expect(try encodedJSON(token) == JSONValue(parsing: #""t""#))
  }

  @Test func aModelForwardingToAnObjectKeepsWhatThatObjectDoesNotWrite() throws {
    let text = #"{"id": 1, "name": "Ada", "x": true}"#
    let wrapped = try JSONDecoder().decode(KeepUnknownFields<Forwarding>.self, from: json(text))
    #expect(wrapped.unknownFields == ["x": true])
    #expect(try encodedJSON(wrapped) == JSONValue(parsing: text))
  }
}

/// Compile-time check: the wrapper is `Sendable` wherever its model is.
private func requireSendable<T: Sendable>(_: T.Type) {}
private func keptFieldsAreSendable() { requireSendable(KeepUnknownFields<Account>.self) }

/// A model with its own `init(from:)` and `encode(to:)`: reads `legacy`, never writes it.
private struct HandWrittenUser: Codable {
  var name: String
  private enum CodingKeys: String, CodingKey {
    case name = "user_name"
    case legacy
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    _ = try container.decodeIfPresent(String.self, forKey: .legacy)
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
  }
}

private struct SnakeUser: Codable, Equatable {
  var userId: Int
  var displayName: String
}

private class Animal: Codable {
  var name: String
}

/// A class that decodes its superclass through `superDecoder()`, under the key `super`.
private final class Dog: Animal, @unchecked Sendable {
  var breed: String
  private enum CodingKeys: CodingKey { case breed }

  required init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    breed = try container.decode(String.self, forKey: .breed)
    try super.init(from: container.superDecoder())
  }

  override func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(breed, forKey: .breed)
    try super.encode(to: container.superEncoder())
  }
}

/// Reads a member of an object, writes a single value.
private struct Token: Codable {
  var value: String
  private enum CodingKeys: CodingKey { case value }

  init(from decoder: any Decoder) throws {
    value = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .value)
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(value)
  }
}

/// Forwards its coding to a wrapped object through a single-value container.
private struct Forwarding: Codable {
  var account: Account

  init(from decoder: any Decoder) throws {
    account = try decoder.singleValueContainer().decode(Account.self)
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(account)
  }
}
