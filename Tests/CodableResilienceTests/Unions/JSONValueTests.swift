import CodableResilience
import Foundation
import Testing

@Suite("JSONValue")
struct JSONValueTests {
  static let documents: [String] = [
    "null", "true", "false", "0", "-1", "9007199254740993", "-9223372036854775808",
    "9223372036854775807", "18446744073709551615", "1.5", "-0.25", "1e300", #""post""#,
    #""é\n\"""#, "[]", "{}", #"[1, "two", null, [true], {"a": {}}]"#,
    #"{"type": "reel", "id": 9007199254740993, "nested": {"list": [1.5, false, null]}}"#,
  ]

  @Test("every JSON value round-trips through JSONDecoder and JSONEncoder", arguments: documents)
  func jsonRoundTrip(_ text: String) throws {
    let value = try JSONDecoder().decode(JSONValue.self, from: json(text))
    let encoded = try JSONEncoder().encode(value)
    #expect(try JSONDecoder().decode(JSONValue.self, from: encoded) == value)
    // The compact description is itself the same JSON.
    #expect(try JSONDecoder().decode(JSONValue.self, from: json(value.description)) == value)
  }

  @Test("integers keep every digit over the Int64 and UInt64 ranges")
  func integersAreExact() throws {
    let value = try JSONDecoder().decode(
      JSONValue.self,
      from: json("[9007199254740993, -9223372036854775808, 18446744073709551615]"))
    #expect(value == .array([.integer(9_007_199_254_740_993), .integer(.min), .unsigned(.max)]))
    let text = String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    #expect(text == "[9007199254740993,-9223372036854775808,18446744073709551615]")
    #expect(value.description == text)
  }

  @Test("kinds stay apart: true, 1, 1.5 and \"1\"")
  func kindsStayApart() throws {
    let value = try JSONDecoder().decode(JSONValue.self, from: json(#"[true, 1, 1.5, "1"]"#))
    #expect(value == .array([.bool(true), .integer(1), .double(1.5), .string("1")]))
    #expect(JSONValue.bool(true) != .integer(1))
    #expect(JSONValue.string("1") != .integer(1))
  }

  @Test("numbers compare and hash by value")
  func numbersByValue() {
    #expect(JSONValue.integer(2) == .double(2.0))
    #expect(JSONValue.unsigned(2) == .integer(2))
    #expect(JSONValue.double(2.5) != .integer(2))
    #expect(JSONValue.unsigned(.max) != .double(18_446_744_073_709_551_616.0))
    #expect(JSONValue.unsigned(1 << 63) == .double(9_223_372_036_854_775_808.0))
    #expect(JSONValue.integer(9_007_199_254_740_993) != .double(9_007_199_254_740_992))
    #expect(Set<JSONValue>([2, 2.0, .unsigned(2)]).count == 1)
  }

  @Test("objects compare equal whatever their key order")
  func objectsIgnoreOrder() throws {
    let one = try JSONDecoder().decode(JSONValue.self, from: json(#"{"a": 1, "b": [2]}"#))
    let two = try JSONDecoder().decode(JSONValue.self, from: json(#"{"b": [2], "a": 1}"#))
    #expect(one == two)
    #expect(one.hashValue == two.hashValue)
    #expect(one != (try JSONDecoder().decode(JSONValue.self, from: json(#"{"a": 1}"#))))
  }

  @Test("literals build every kind")
  func literals() {
    let value: JSONValue = ["n": nil, "b": true, "i": 7, "d": 0.5, "s": "x", "a": [1, "y"]]
    #expect(
      value
        == .object([
          "n": .null, "b": .bool(true), "i": .integer(7), "d": .double(0.5), "s": .string("x"),
          "a": .array([.integer(1), .string("y")]),
        ]))
  }

  @Test("subscripts return nil for a missing key, an index out of range or another kind")
  func subscripts() {
    let value: JSONValue = ["tags": ["a", "b"], "id": 3]
    #expect(value["tags"]?[1] == "b")
    #expect(value["id"] == 3)
    #expect(value["missing"] == nil)
    #expect(value["tags"]?[2] == nil)
    #expect(value["tags"]?[-1] == nil)
    #expect(value[0] == nil)
    #expect(value["id"]?["x"] == nil)
    #expect(value["id"]?[0] == nil)
  }

  @Test("description is compact JSON with sorted keys")
  func description() {
    let value: JSONValue = ["b": [1, true, nil], "a": "q\"\n", "c": 2.0, "d": 0.5]
    #expect(value.description == #"{"a":"q\"\n","b":[1,true,null],"c":2,"d":0.5}"#)
    #expect(JSONValue.array([]).description == "[]")
    #expect(JSONValue.object([:]).description == "{}")
  }

  @Test("object keys are kept as they are under key strategies")
  func keyStrategies() throws {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let value = try decoder.decode(JSONValue.self, from: json(#"{"snake_case": {"inner_key": 1}}"#))
    #expect(value["snake_case"]?["inner_key"] == 1)
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    let back = try JSONDecoder().decode(
      JSONValue.self, from: encoder.encode(JSONValue.object(["camelCase": 1])))
    #expect(back == ["camelCase": 1])
  }

  @Test("property lists round-trip")
  func propertyLists() throws {
    let value: JSONValue = [
      "s": "x", "i": -4, "big": .unsigned(.max), "d": 2.5, "b": false, "a": [1, ["k": "v"]],
    ]
    for format in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
      let encoder = PropertyListEncoder()
      encoder.outputFormat = format
      let decoded = try PropertyListDecoder().decode(JSONValue.self, from: encoder.encode(value))
      #expect(decoded == value)
    }
  }

  @Test("a property-list value JSON cannot hold throws a DecodingError")
  func propertyListDate() throws {
    let data = try propertyList(["when": Date(timeIntervalSince1970: 0)])
    // The decoder says the value is a dictionary, so its members are read as one
    // `[String: JSONValue]`, and the member that fails throws its own error, at its own path.
    expectDecodingError(.typeMismatch, at: "$.when") {
      try PropertyListDecoder().decode(JSONValue.self, from: data)
    }
  }

  /// A string that is not valid UTF-8 fails a `JSONValue` as it fails a `String`: with
  /// Foundation's "not valid JSON" at the root, wherever it sits, whatever else the payload
  /// holds. It used to be read as every other kind in turn and fail as an array at its path,
  /// so which of two broken members an object read in hash order met first changed the error.
  static let invalidUTF8: [Data] = {
    func bytes(_ parts: [String]) -> Data {
      // Each `~` stands for the byte 0xFF, which is never UTF-8.
      Data(parts.joined(separator: "~").utf8.map { $0 == UInt8(ascii: "~") ? 0xFF : $0 })
    }
    return [
      bytes([#"["a", ""#, #""]"#]),
      bytes([#"{"k": {"deep": "x"#, #""}}"#]),
      bytes([#"{"EUR"#, #"": 1, "b": [""#, #""]}"#]),
    ]
  }()

  @Test("a string that is not valid UTF-8 fails as it fails a String", arguments: invalidUTF8)
  func invalidUTF8FailsAsAString(data: Data) {
    func failure(_ decode: () throws -> Void) -> String {
      do {
        try decode()
        return "decoded"
      } catch {
        return "\(error)"
      }
    }
    let asStrings = failure { _ = try JSONDecoder().decode([String].self, from: data) }
    let rootFailure =
      "DecodingError.dataCorrupted: Data was corrupted. Debug description: The given data was "
      + "not valid JSON."
    if data.first == UInt8(ascii: "[") {
      #expect(asStrings == rootFailure)
    }
    for _ in 0..<10 {
      #expect(failure { _ = try JSONDecoder().decode(JSONValue.self, from: data) } == rootFailure)
    }
  }

  /// Keys are written in the order of their UTF-8 bytes, the same on every run. Sorted by `<`,
  /// these two came out in either order: Swift 6.3 compares them as neither less nor greater.
  @Test func keysWithAccentsWrittenTwoWaysKeepOneOrder() {
    let keys = ["e\u{301}", "\u{e9}\"", "z", "a"]
    #expect(!(keys[0] < keys[1]) && !(keys[1] < keys[0]) && keys[0] != keys[1])
    var texts: Set<String> = []
    for round in 0..<50 {
      var members: [String: JSONValue] = [:]
      if round.isMultiple(of: 2) { members.reserveCapacity(round) }
      for (index, key) in (round.isMultiple(of: 3) ? keys.reversed() : keys).enumerated() {
        members[key] = .integer(Int64(index))
      }
      texts.insert(
        JSONValue.object(members).description.replacingOccurrences(
          of: #":\d"#, with: ":n", options: .regularExpression))
    }
    #expect(texts == [#"{"a":n,"e\#u{301}":n,"z":n,"\#u{e9}\"":n}"#])
  }

  /// Each zero is read and written back as a plain `Double` is: `-0` keeps its sign.
  @Test(
    "a negative zero is written with its sign, as a Double writes it",
    arguments: ["-0", "-0.0", "-0e5", "0", "-0.5"])
  func negativeZeroKeepsItsSign(_ number: String) throws {
    let text = "[\(number), {\"a\": \(number)}]"
    let value = try JSONDecoder().decode(JSONValue.self, from: json(text))
    let plain = try JSONDecoder().decode(NumberAndObject.self, from: json(text))
    let plainText = String(decoding: try JSONEncoder().encode(plain), as: UTF8.self)
    #expect(String(decoding: try JSONEncoder().encode(value), as: UTF8.self) == plainText)
    #expect(value.description == plainText)
  }

  /// A number and an object holding one, as plain `Double`s read and write them.
  struct NumberAndObject: Codable {
    var number: Double
    var object: [String: Double]

    init(from decoder: any Decoder) throws {
      var container = try decoder.unkeyedContainer()
      number = try container.decode(Double.self)
      object = try container.decode([String: Double].self)
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.unkeyedContainer()
      try container.encode(number)
      try container.encode(object)
    }
  }

  static func decimal(_ text: String) -> JSONValue {
    .decimal(Decimal(string: text)!)
  }

  /// One number in two cases: 2^64, 2^63, `UInt64.max`, 2^53 + 1, `Int64.min`, and a fraction
  /// whose shortest `Double` text is not its exact value.
  static let sameNumbers: [(JSONValue, JSONValue)] = [
    (decimal("18446744073709551616"), .double(18_446_744_073_709_551_616.0)),
    (decimal("-18446744073709551616"), .double(-18_446_744_073_709_551_616.0)),
    (decimal("9223372036854775808"), .unsigned(1 << 63)),
    (decimal("9223372036854775808"), .double(9_223_372_036_854_775_808.0)),
    (decimal("18446744073709551615"), .unsigned(.max)),
    (decimal("9007199254740993"), .integer(9_007_199_254_740_993)),
    (decimal("-9223372036854775808"), .integer(.min)),
    (decimal("1125899906842624.25"), .double(1_125_899_906_842_624.25)),
    (decimal("2.50"), .double(2.5)),
    (decimal("7"), .integer(7)),
  ]

  @Test("a decimal equals and hashes as the same number in another case", arguments: sameNumbers)
  func decimalsCompareByValue(_ decimal: JSONValue, _ other: JSONValue) {
    #expect(decimal == other)
    #expect(other == decimal)
    #expect(decimal.hashValue == other.hashValue)
    #expect(Set([decimal, other]).count == 1)
    #expect(JSONValue.array([decimal]) == .array([other]))
  }

  /// Numbers a case holds that differ by one in their last digit, or that a `Double` rounds.
  static let differentNumbers: [(JSONValue, JSONValue)] = [
    (decimal("18446744073709551616"), .unsigned(.max)),
    (decimal("18446744073709551617"), .double(18_446_744_073_709_551_616.0)),
    (decimal("9007199254740993"), .double(9_007_199_254_740_992.0)),
    (decimal("9007199254740993"), .integer(9_007_199_254_740_992)),
    (decimal("0.30000000000000000001"), .double(0.3)),
    (decimal("-9223372036854775809"), .integer(.min)),
    // The shortest texts of 2^64 and of the double nearest 0.1, which are not their values.
    (decimal("18446744073709552000"), .double(18_446_744_073_709_551_616.0)),
    (decimal("18446744073709552000"), decimal("18446744073709551616")),
    (decimal("0.1"), .double(0.1)),
  ]

  @Test("a decimal is unequal to a number it differs from", arguments: differentNumbers)
  func decimalsDifferByValue(_ decimal: JSONValue, _ other: JSONValue) {
    #expect(decimal != other)
    #expect(other != decimal)
    #expect(Set([decimal, other]).count == 2)
  }
}
