import CodableResilience
import Foundation
import Testing

// How a wrapped property finds out whether its key is there (issue 29): each wrapper's rule
// asks the container at most once, and a collection that is not optional asks only when its
// read fails or reads nothing. These pin that a missing key still throws exactly what the plain
// property throws, with every decoder and handler, and that what was read is written back.

@Suite("Wrapped properties: a missing key, whoever decodes it")
struct MissingKeyLookupTests {
  enum Kind: String, Codable, UnknownDecodable, CaseIterable, Sendable {
    case house, flat, unknown
  }

  struct Elements: Codable { @SkipUnknownElements var tags: [Kind] }
  struct Invalid: Codable { @SkipInvalidElements var tags: [Int] }
  struct InvalidSet: Codable { @SkipInvalidElements var tags: Set<Int> }
  struct InvalidDict: Codable { @SkipInvalidElements var tags: [String: Int] }
  struct Plain: Codable { var tags: [Int] }

  func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "not a DecodingError: \(error)" }
    switch error {
    case .keyNotFound(let key, let context):
      return "keyNotFound \(key.stringValue) at \(context.codingPath.map(\.stringValue))"
    default: return "\(error)"
    }
  }

  func outcome<T: Decodable>(
    _ type: T.Type, _ decode: (T.Type, UnknownValueHandler?) throws -> T,
    handler: UnknownValueHandler?
  ) -> String {
    do {
      _ = try decode(type, handler)
      return "decoded"
    } catch { return describe(error) }
  }

  static let empty = Data(#"{"other": 1}"#.utf8)

  func json<T: Decodable>(_ t: T.Type, _ handler: UnknownValueHandler?) throws -> T {
    let decoder = JSONDecoder()
    if let handler { decoder.userInfo[.unknownValueHandler] = handler }
    return try decoder.decode(t, from: Self.empty)
  }

  func plist<T: Decodable>(_ t: T.Type, _ handler: UnknownValueHandler?) throws -> T {
    let data = try PropertyListSerialization.data(
      fromPropertyList: ["other": 1], format: .xml, options: 0)
    let decoder = PropertyListDecoder()
    if let handler { decoder.userInfo[.unknownValueHandler] = handler }
    return try decoder.decode(t, from: data)
  }

  func forwarding<T: Decodable>(_ t: T.Type, _ handler: UnknownValueHandler?) throws -> T {
    try ForwardingDecoder.decode(
      t, from: Self.empty, userInfo: handler.map { [.unknownValueHandler: $0] } ?? [:])
  }

  @Test(arguments: ["json", "plist", "forwarding"])
  func missingKeyOfNonOptionalCollection(decoderName: String) {
    func run<T: Decodable>(_ t: T.Type, _ h: UnknownValueHandler?) -> String {
      switch decoderName {
      case "json": outcome(t, json, handler: h)
      case "plist": outcome(t, plist, handler: h)
      default: outcome(t, forwarding, handler: h)
      }
    }
    let collector = UnknownValueCollector()
    for handler in [nil, UnknownValueHandler.strict, .collect(into: collector)] {
      let plain = run(Plain.self, handler)
      #expect(plain == "keyNotFound tags at []")
      #expect(run(Elements.self, handler) == plain)
      #expect(run(Invalid.self, handler) == plain)
      #expect(run(InvalidSet.self, handler) == plain)
      #expect(run(InvalidDict.self, handler) == plain)
    }
    #expect(collector.values.isEmpty)
  }

  // MARK: SkipUnknownKeys

  enum Field: String, Codable, CaseIterable, Sendable { case a, b }
  enum NEField: String, CaseIterable, Sendable { case a, b }
  struct NEKeys: Codable { @SkipUnknownKeys<[NEField: Int]> var map: [NEField: Int] }

  @Test func pairsOfNonEncodableKeyWriteBack() {
    #expect(decodeText(NEKeys.self, #"{"map": ["a", 1, "z", 2]}"#) == #"{"map":["a",1,"z",2]}"#)
  }

  /// With a decoder that gives a missing key an empty array from `superDecoder(forKey:)`.
  func emptyForMissing<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
    try ForwardingDecoder.decode(
      type, from: Data(text.utf8), userInfo: [:], emptyForMissingKey: true)
  }

  @Test("a decoder that gives a missing key an empty value: still the plain keyNotFound")
  func missingKeyWithDecoderGivingEmptyValueForMissingKey() {
    func run<T: Decodable>(_ type: T.Type) -> String {
      do {
        _ = try emptyForMissing(type, #"{"other": 1}"#)
        return "decoded"
      } catch { return describe(error) }
    }
    let plain = run(Plain.self)
    #expect(plain == "keyNotFound tags at []")
    #expect(run(Elements.self) == plain)
    #expect(run(Invalid.self) == plain)
  }

  @Test("a present empty array reads as empty, with that decoder and with JSONDecoder")
  func presentEmptyArray() throws {
    let text = Data(#"{"tags": []}"#.utf8)
    #expect(try emptyForMissing(Elements.self, #"{"tags": []}"#).tags.isEmpty)
    let elements = try JSONDecoder().decode(Elements.self, from: text)
    let invalid = try JSONDecoder().decode(Invalid.self, from: text)
    #expect(elements.tags.isEmpty && invalid.tags.isEmpty)
    #expect(try encodedJSON(elements) == ["tags": []])
    #expect(try encodedJSON(invalid) == ["tags": []])
  }
  struct Keys: Codable { @SkipUnknownKeys<[Field: Int]> var map: [Field: Int] }
  struct OptKeys: Codable { @SkipUnknownKeys<[Field: Int]?> var map: [Field: Int]? }
  struct PlainDict: Codable { var map: [String: Int] }
  struct PlainOptDict: Codable { var map: [String: Int]? }

  func decodeText<T: Decodable>(
    _ t: T.Type, _ text: String, _ handler: UnknownValueHandler? = nil,
    collector: UnknownValueCollector? = nil
  ) -> String {
    let decoder = JSONDecoder()
    if let handler { decoder.userInfo[.unknownValueHandler] = handler }
    do {
      let value = try decoder.decode(t, from: Data(text.utf8))
      if let e = value as? any Encodable {
        let enc = JSONEncoder()
        enc.outputFormatting = .sortedKeys
        return String(decoding: try enc.encode(e), as: UTF8.self)
      }
      return "decoded"
    } catch { return describe(error) }
  }

  @Test func skipUnknownKeysSeams() {
    #expect(decodeText(OptKeys.self, #"{}"#) == "{}")
    #expect(decodeText(OptKeys.self, #"{"map": null}"#) == #"{"map":null}"#)
    #expect(decodeText(OptKeys.self, #"{"map": {"a": 1, "z": 2}}"#) == #"{"map":{"a":1,"z":2}}"#)
    #expect(decodeText(Keys.self, #"{}"#) == "keyNotFound map at []")
    #expect(decodeText(Keys.self, #"{"map": ["a", 1, "z", 2]}"#) == #"{"map":["a",1,"z",2]}"#)
    #expect(decodeText(OptKeys.self, #"{"map": ["a", 1]}"#) == #"{"map":["a",1]}"#)
    let plainFail = decodeText(PlainDict.self, #"{"map": {"a": "x"}}"#, .strict)
    #expect(decodeText(Keys.self, #"{"map": {"a": "x"}}"#, .strict) == plainFail)
    #expect(decodeText(OptKeys.self, #"{"map": {"a": "x"}}"#, .strict) == plainFail)
    let plainNull = decodeText(PlainDict.self, #"{"map": null}"#, .strict)
    #expect(decodeText(Keys.self, #"{"map": null}"#, .strict) == plainNull)
    let collector = UnknownValueCollector()
    #expect(decodeText(OptKeys.self, #"{}"#, .collect(into: collector)) == "{}")
    #expect(decodeText(Keys.self, #"{}"#, .collect(into: collector)) == "keyNotFound map at []")
    #expect(decodeText(Keys.self, #"{}"#, .strict) == "keyNotFound map at []")
    #expect(collector.values.isEmpty)
  }
}
