import CodableResilience
import Foundation
import Testing

/// An `Int`-backed enum a server may send as a string.
enum EnergyRating: Int, Codable, Sendable {
  case one = 1
  case two, three
}

/// The same, with a case for values it does not know.
enum OpenRating: Int, Codable, UnknownDecodable, Sendable {
  case one = 1
  case two, three
  case unknown = -1
}

/// An identifier that may arrive as a number.
struct UserID: ExtensibleEnum {
  var rawValue: String
}

struct ConvertedListing: Codable, Equatable {
  @DecodeConvertingType var id: Int
  @DecodeConvertingType var price: Decimal
  @DecodeConvertingType var isActive: Bool
  @DecodeConvertingType var rating: EnergyRating
}

struct Scalars: Codable {
  @DecodeConvertingType var int: Int
  @DecodeConvertingType var uint8: UInt8
  @DecodeConvertingType var double: Double
  @DecodeConvertingType var float: Float
  @DecodeConvertingType var decimal: Decimal
  @DecodeConvertingType var flag: Bool
  @DecodeConvertingType var text: String
}

private func decode<T: Decodable>(
  _: T.Type, _ json: String, handler: UnknownValueHandler? = nil,
  snakeCase: Bool = false
) throws -> T {
  let decoder = JSONDecoder()
  if let handler { decoder.unknownValueHandler = handler }
  if snakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
  return try decoder.decode(T.self, from: Data(json.utf8))
}

private func encoded(_ value: some Encodable) throws -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  return String(decoding: try encoder.encode(value), as: UTF8.self)
}

/// Each accepted conversion: the JSON sent for one property of `Scalars`, and what it reads as.
struct Accepted: Sendable, CustomTestStringConvertible {
  let key: String
  let json: String
  let expected: String
  var testDescription: String { "\(key): \(json)" }
}

let acceptedConversions: [Accepted] = [
  Accepted(key: "int", json: #""7""#, expected: "7"),
  Accepted(key: "int", json: #""-7""#, expected: "-7"),
  Accepted(key: "int", json: #""7.0""#, expected: "7"),
  Accepted(key: "int", json: #""1e2""#, expected: "100"),
  Accepted(key: "int", json: #""9223372036854775807""#, expected: "9223372036854775807"),
  Accepted(key: "uint8", json: #""255""#, expected: "255"),
  Accepted(key: "double", json: #""12.50""#, expected: "12.5"),
  Accepted(key: "double", json: #""-1.5e3""#, expected: "-1500.0"),
  Accepted(key: "float", json: #""0.5""#, expected: "0.5"),
  Accepted(key: "decimal", json: #""12.50""#, expected: "12.5"),
  Accepted(key: "decimal", json: #""9007199254740993""#, expected: "9007199254740993"),
  Accepted(key: "flag", json: #""true""#, expected: "true"),
  Accepted(key: "flag", json: #""false""#, expected: "false"),
  Accepted(key: "flag", json: "1", expected: "true"),
  Accepted(key: "flag", json: "0", expected: "false"),
  Accepted(key: "text", json: "7", expected: "7"),
  Accepted(key: "text", json: "12.50", expected: "12.5"),
  Accepted(key: "text", json: "9007199254740993", expected: "9007199254740993"),
  Accepted(key: "text", json: "1e2", expected: "100"),
  Accepted(key: "text", json: "true", expected: "true"),
  Accepted(
    key: "text", json: "12345678901234567890123456789012345678",
    expected: "12345678901234567890123456789012345678"),
]

/// Each refused conversion: the JSON sent for one property, which throws what a plain property
/// of the same type throws.
let refusedConversions: [(key: String, json: String)] = [
  ("int", #""7.5""#), ("int", #""+7""#), ("int", #"" 7""#), ("int", #""7 ""#), ("int", #""07""#),
  ("int", #""0x7""#), ("int", #""""#), ("int", #""seven""#), ("int", #""１""#), ("int", "true"),
  ("int", #""9223372036854775808""#), ("uint8", #""300""#), ("uint8", #""-1""#),
  ("double", #""1e400""#), ("double", #""NaN""#), ("double", #""inf""#), ("float", #""1e39""#),
  ("decimal", #""1.""#), ("decimal", #"".5""#), ("flag", #""yes""#), ("flag", #""TRUE""#),
  ("flag", "2"), ("flag", "0.5"), ("flag", #""1""#), ("text", "[1]"), ("text", #"{"a": 1}"#),
  ("text", "123456789012345678901234567890123456789"), ("int", "[7]"), ("int", "null"),
]

/// A `Scalars` payload with every property of its own type but `key`, which is `json`.
private func scalars(with key: String, _ json: String) -> String {
  var members = [
    "int": "1", "uint8": "2", "double": "3.5", "float": "4.5", "decimal": "5.25",
    "flag": "true", "text": #""t""#,
  ]
  members[key] = json
  return "{" + members.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}"
}

/// `Scalars` with plain properties: what a plain model throws for the same payload.
struct PlainScalars: Decodable {
  var int: Int
  var uint8: UInt8
  var double: Double
  var float: Float
  var decimal: Decimal
  var flag: Bool
  var text: String
}

struct DecodeConvertingTypeTests {
  @Test(arguments: acceptedConversions)
  func aValueOfAnotherTypeConvertsExactlyAndIsReported(_ accepted: Accepted) throws {
    let collector = UnknownValueCollector()
    let value = try decode(
      Scalars.self, scalars(with: accepted.key, accepted.json), handler: .collect(into: collector))
    let read: String =
      switch accepted.key {
      case "int": "\(value.int)"
      case "uint8": "\(value.uint8)"
      case "double": "\(value.double)"
      case "float": "\(value.float)"
      case "decimal": "\(value.decimal)"
      case "flag": "\(value.flag)"
      default: value.text
      }
    #expect(read == accepted.expected)
    let report = try #require(collector.values.first)
    #expect(collector.values.count == 1)
    #expect(report.path == "$.\(accepted.key)")
    let sentAsString = accepted.json.hasPrefix("\"")
    let received: UnknownValue.JSONType =
      sentAsString ? .string : accepted.json == "true" ? .bool : .number
    #expect(report.kind == .convertedType(from: received))
    if sentAsString {
      #expect(report.rawValue == String(accepted.json.dropFirst().dropLast()))
    }
  }

  @Test(arguments: acceptedConversions)
  func strictThrowsWhatAPlainPropertyThrows(_ accepted: Accepted) throws {
    let json = scalars(with: accepted.key, accepted.json)
    let plain = #expect(throws: DecodingError.self) { try decode(PlainScalars.self, json) }
    let strict = #expect(throws: DecodingError.self) {
      try decode(Scalars.self, json, handler: .strict)
    }
    #expect(describe(try #require(strict)) == describe(try #require(plain)))
  }

  @Test(arguments: refusedConversions)
  func whatDoesNotConvertThrowsAsPlain(_ key: String, _ json: String) throws {
    let payload = scalars(with: key, json)
    let plain = #expect(throws: DecodingError.self) { try decode(PlainScalars.self, payload) }
    let collector = UnknownValueCollector()
    let converting = #expect(throws: DecodingError.self) {
      try decode(Scalars.self, payload, handler: .collect(into: collector))
    }
    #expect(describe(try #require(converting)) == describe(try #require(plain)))
    #expect(collector.values.isEmpty)
  }

  @Test func valuesOfTheirOwnTypeReadAsPlainWithNoReport() throws {
    let collector = UnknownValueCollector()
    let listing = try decode(
      ConvertedListing.self, #"{"id": 7, "price": 12.5, "isActive": true, "rating": 3}"#,
      handler: .collect(into: collector))
    #expect(listing.id == 7 && listing.price == Decimal(string: "12.5") && listing.isActive)
    #expect(listing.rating == .three)
    #expect(listing.$id.convertedFrom == nil)
    #expect(collector.values.isEmpty)
    #expect(
      try encoded(listing) == #"{"id":7,"isActive":true,"price":12.5,"rating":3}"#)
  }

  @Test func writtenBackInTheTypeReceived() throws {
    let json = #"{"id": "7", "price": "12.50", "isActive": 1, "rating": "3"}"#
    let listing = try decode(ConvertedListing.self, json)
    #expect(listing.id == 7 && listing.rating == .three && listing.isActive)
    #expect(listing.$id.convertedFrom == .string)
    #expect(listing.$isActive.convertedFrom == .number)
    #expect(try encoded(listing) == #"{"id":"7","isActive":1,"price":"12.50","rating":"3"}"#)
  }

  @Test func aValueTheAppSetsIsWrittenInTheTypeReceivedWhenItCanBe() throws {
    var listing = try decode(
      ConvertedListing.self, #"{"id": "7", "price": "12.50", "isActive": 1, "rating": "3"}"#)
    listing.id += 1
    listing.price = Decimal(string: "13.75")!
    listing.isActive = false
    listing.rating = .one
    #expect(try encoded(listing) == #"{"id":"8","isActive":0,"price":"13.75","rating":"1"}"#)

    struct Named: Codable {
      @DecodeConvertingType var name: String
      @DecodeConvertingType var flag: String
    }
    var named = try decode(Named.self, #"{"name": 42, "flag": true}"#)
    #expect(named.name == "42" && named.flag == "true")
    #expect(try encoded(named) == #"{"flag":true,"name":42}"#)
    named.name = "abc"
    named.flag = "maybe"
    #expect(try encoded(named) == #"{"flag":"maybe","name":"abc"}"#)
    named.name = "9007199254740993"
    #expect(try encoded(named) == #"{"flag":"maybe","name":9007199254740993}"#)
  }

  @Test func aValueTheAppBuildsIsWrittenAsItsOwnType() throws {
    let listing = ConvertedListing(id: 7, price: 2, isActive: true, rating: .two)
    #expect(try encoded(listing) == #"{"id":7,"isActive":true,"price":2,"rating":2}"#)
  }

  @Test func aDoubleSentAsTextKeepsItsDigitsUntilSet() throws {
    struct Price: Codable {
      @DecodeConvertingType var amount: Double
    }
    var price = try decode(Price.self, #"{"amount": "12.50"}"#)
    #expect(price.amount == 12.5)
    #expect(try encoded(price) == #"{"amount":"12.50"}"#)
    price.amount = 12.5
    #expect(try encoded(price) == #"{"amount":"12.5"}"#)
  }

  @Test func aRawValueThatNamesNoCaseDoesWhatTheTypeDoes() throws {
    struct Plain: Decodable {
      @DecodeConvertingType var rating: EnergyRating
    }
    struct PlainEnum: Decodable {
      var rating: EnergyRating
    }
    let plainError = #expect(throws: DecodingError.self) {
      try decode(PlainEnum.self, #"{"rating": 9}"#)
    }
    let converted = #expect(throws: DecodingError.self) {
      try decode(Plain.self, #"{"rating": "9"}"#)
    }
    #expect(describe(try #require(converted)) == describe(try #require(plainError)))

    struct Open: Codable {
      @DecodeConvertingType var rating: OpenRating
    }
    let collector = UnknownValueCollector()
    let open = try decode(Open.self, #"{"rating": "9"}"#, handler: .collect(into: collector))
    #expect(open.rating == .unknown)
    #expect(collector.values.map(\.kind) == [.convertedType(from: .string), .unknownValue])
    #expect(collector.values.map(\.path) == ["$.rating", "$.rating"])
    #expect(collector.values.map(\.rawValue) == ["9", "9"])
  }

  @Test func anIdentifierArrivesAsANumber() throws {
    struct Account: Codable {
      @DecodeConvertingType var owner: UserID
    }
    let collector = UnknownValueCollector()
    let account = try decode(
      Account.self, #"{"owner": 1234567}"#, handler: .collect(into: collector))
    #expect(account.owner.rawValue == "1234567")
    #expect(collector.values.first?.kind == .convertedType(from: .number))
    #expect(collector.values.first?.typeName == "UserID")
    #expect(try encoded(account) == #"{"owner":1234567}"#)
  }

  @Test func anOptionalReadsMissingAndNullAsNilAndWritesThemBack() throws {
    struct Maybe: Codable {
      @DecodeConvertingType var count: Int?
    }
    let missing = try decode(Maybe.self, "{}")
    #expect(missing.count == nil)
    #expect(try encoded(missing) == "{}")
    let null = try decode(Maybe.self, #"{"count": null}"#)
    #expect(null.count == nil)
    #expect(try encoded(null) == #"{"count":null}"#)
    let collector = UnknownValueCollector()
    var quoted = try decode(Maybe.self, #"{"count": "3"}"#, handler: .collect(into: collector))
    #expect(quoted.count == 3)
    #expect(collector.values.first?.typeName == "Int")
    #expect(try encoded(quoted) == #"{"count":"3"}"#)
    quoted.count = nil
    #expect(try encoded(quoted) == "{}")
  }

  @Test func aMissingKeyOrNullThrowsAsPlainForAValueThatIsNotOptional() throws {
    struct Plain: Decodable { var id: Int }
    for json in ["{}", #"{"id": null}"#] {
      let plain = #expect(throws: DecodingError.self) { try decode(Plain.self, json) }
      let rest = #""price": 1, "isActive": true, "rating": 1}"#
      let payload = json == "{}" ? "{" + rest : json.dropLast() + ", " + rest
      let converting = #expect(throws: DecodingError.self) {
        try decode(ConvertedListing.self, payload)
      }
      #expect(describe(try #require(converting)) == describe(try #require(plain)))
    }
  }

  @Test func everyPositionReportsAtItsPath() throws {
    struct Inner: Codable {
      @DecodeConvertingType var unitCount: Int
    }
    struct Outer: Codable {
      var inner: Inner
      var many: [DecodeConvertingType<Int>]
    }
    let collector = UnknownValueCollector()
    let outer = try decode(
      Outer.self, #"{"inner": {"unit_count": "4"}, "many": [1, "2"]}"#,
      handler: .collect(into: collector), snakeCase: true)
    #expect(outer.inner.unitCount == 4)
    #expect(outer.many.map(\.wrappedValue) == [1, 2])
    #expect(collector.values.map(\.path) == ["$.inner.unitCount", "$.many[1]"])
    let top = try decode(DecodeConvertingType<Int>.self, #""5""#)
    #expect(top.wrappedValue == 5)
    #expect(try encoded(top) == #""5""#)
  }

  @Test func theReportDescribesTheConversion() throws {
    let collector = UnknownValueCollector()
    _ = try decode(
      ConvertedListing.self, #"{"id": "7", "price": 1, "isActive": true, "rating": 1}"#,
      handler: .collect(into: collector))
    #expect(
      collector.values.map(\.description) == [#"Int at $.id arrived as the string "7"; converted"#])
  }
}

/// The migration guide's answer to BetterCodable's `@LosslessArray`: elements that convert are
/// read and reported, one that does not is left out with its error, and each is written back
/// as read.
struct LosslessArrayMigrationTests {
  struct Batch: Codable {
    @SkipInvalidElements var ids: [DecodeConvertingType<Int>]
  }

  @Test func elementsConvertAndOneThatDoesNotIsLeftOut() throws {
    let json = #"{"ids": [1, "2", "x", 4]}"#
    let (batch, reports) = try JSONDecoder().decodeCollectingUnknownValues(
      Batch.self, from: Data(json.utf8))
    #expect(batch.ids.map(\.wrappedValue) == [1, 2, 4])
    #expect(reports.map(\.path) == ["$.ids[1]", "$.ids[2]"])
    #expect(reports.first?.kind == .convertedType(from: .string))
    if case .invalidElement(let failure) = reports.last?.kind {
      #expect(failure.errorKind == "typeMismatch")
    } else {
      Issue.record("the element that does not convert is not left out: \(reports)")
    }
    #expect(
      String(decoding: try JSONEncoder().encode(batch), as: UTF8.self)
        == #"{"ids":[1,"2","x",4]}"#)
  }
}

/// What is not converted, because how it reads a string or a number is the decoder's affair.
struct NotConvertedTests {
  @Test func aDateOrAURLOfAnotherJSONTypeThrowsAsPlain() throws {
    struct Stamped: Decodable {
      @DecodeConvertingType var at: Date
      @DecodeConvertingType var link: URL
    }
    struct PlainStamped: Decodable {
      var at: Date
      var link: URL
    }
    for json in [#"{"at": "7", "link": "https://a.example"}"#, #"{"at": 7, "link": 7}"#] {
      let plain = #expect(throws: DecodingError.self) {
        try JSONDecoder().decode(PlainStamped.self, from: Data(json.utf8))
      }
      let collector = UnknownValueCollector()
      let decoder = JSONDecoder()
      decoder.unknownValueHandler = .collect(into: collector)
      let converting = #expect(throws: DecodingError.self) {
        try decoder.decode(Stamped.self, from: Data(json.utf8))
      }
      #expect(describe(try #require(converting)) == describe(try #require(plain)), "\(json)")
      #expect(collector.values.isEmpty)
    }
  }
}
