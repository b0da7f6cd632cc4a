import CodableResilience
import Foundation
import Testing

// `@SkipInvalidElements` (issue 22): elements that fail to decode are left out, reported with
// their own error, kept, and written back.

private struct Notice: Codable, Hashable, Sendable {
  var id: Int
  var title: String
}

private struct NoticeTimeline: Codable {
  @SkipInvalidElements var notices: [Notice]
  @SkipInvalidElements var pinned: [Notice]?
  @SkipInvalidElements var accounts: [String: Notice]
}

private struct PlainNoticeTimeline: Codable {
  var notices: [Notice]
}

private struct NoticeList: Codable {
  @SkipInvalidElements var notices: [Notice]
}

private struct NoticeSet: Codable {
  @SkipInvalidElements var notices: Set<Notice>
}

private struct NumberedAccounts: Codable {
  @SkipInvalidElements var byNumber: [Int: Notice]?
}

/// A generic model: Foundation's generic `decode(_:forKey:)` decodes its property.
private struct NoticeEnvelope<Value: Codable>: Codable {
  var value: Value
}

/// A class decoding its collection through `superDecoder(forKey:)`.
private final class SuperTimeline: Decodable {
  let notices: SkipInvalidElements<[Notice]>
  private enum CodingKeys: String, CodingKey { case notices }
  init(from decoder: any Decoder) throws {
    notices = try SkipInvalidElements(
      from: decoder.container(keyedBy: CodingKeys.self).superDecoder(forKey: .notices))
  }
}

private let payload = Data(
  #"""
  {"notices": [{"id": 1, "title": "a"}, {"id": 2}, {"id": "three", "title": "c"},
               {"id": 4, "title": "d"}],
   "accounts": {"zed": {"id": 9, "title": "z"}, "bad_one": {"title": "x"}, "alpha": 5}}
  """#.utf8)

// Keys a JSON object has no key for: `Dictionary` reads and writes these dictionaries as an
// array of alternating keys and values, and the wrapper reads and writes what it does.

private struct Prices: Codable {
  @SkipInvalidElements var d: [Double: Int]
}

private struct PlainPrices: Codable {
  var d: [Double: Int]
}

private struct OptionalPrices: Codable {
  @SkipInvalidElements var d: [Double: Int]?
}

private struct PlainOptionalPrices: Codable {
  var d: [Double: Int]?
}

private struct Switches: Codable {
  @SkipInvalidElements var d: [Bool: String]
}

private struct PlainSwitches: Codable {
  var d: [Bool: String]
}

private struct GridPoint: Codable, Hashable {
  var x: Int
  var y: Int
}

private struct Grid: Codable {
  @SkipInvalidElements var d: [GridPoint: String]
}

private struct PlainGrid: Codable {
  var d: [GridPoint: String]
}

/// A raw-value enum that is not `CodingKeyRepresentable`.
private enum Size: String, Codable {
  case small, large
}

private struct Sizes: Codable {
  @SkipInvalidElements var d: [Size: Int]?
}

private struct PlainSizes: Codable {
  var d: [Size: Int]?
}

/// A wrapper model and the plain one it mirrors, read from one payload.
struct PairsCase: Sendable, CustomTestStringConvertible {
  let testDescription: String
  let check: @Sendable () throws -> Void

  fileprivate init<
    Model: Codable & SendableMetatype, Plain: Codable & SendableMetatype,
    Entries: Equatable & SendableMetatype
  >(
    _ name: String, _: Model.Type, _: Plain.Type, json text: String,
    entries: @escaping @Sendable (Model) -> Entries, plain: @escaping @Sendable (Plain) -> Entries
  ) {
    testDescription = name
    check = {
      let model = try JSONDecoder().decode(Model.self, from: Data(text.utf8))
      let plainModel = try JSONDecoder().decode(Plain.self, from: Data(text.utf8))
      #expect(entries(model) == plain(plainModel))
      let written = try JSONValue(data: JSONEncoder().encode(model))
      let plainWritten = try JSONValue(data: JSONEncoder().encode(plainModel))
      #expect(written["d"].map(pairs) == plainWritten["d"].map(pairs))
      #expect(written.keys == plainWritten.keys)
    }
  }
}

/// The key-value pairs of a dictionary written as an array, in no order.
private func pairs(_ value: JSONValue) -> Set<[JSONValue]> {
  guard case .array(let elements) = value else { return [[value]] }
  return Set(
    stride(from: 0, to: elements.count - 1, by: 2).map { [elements[$0], elements[$0 + 1]] })
}

extension JSONValue {
  /// The keys of an object.
  fileprivate var keys: Set<String>? {
    guard case .object(let members) = self else { return nil }
    return Set(members.keys)
  }
}

@Suite("SkipInvalidElements")
struct SkipInvalidElementsTests {
  @Test("elements that fail are left out, the others keep their order")
  func leavesOutFailures() throws {
    let timeline = try JSONDecoder().decode(NoticeTimeline.self, from: payload)
    #expect(timeline.notices.map(\.id) == [1, 4])
    #expect(timeline.pinned == nil)
    #expect(timeline.accounts == ["zed": Notice(id: 9, title: "z")])
    #expect(
      timeline.$notices.invalidElements.map { "\($0.location) \($0.failure.errorKind)" } == [
        "index(1) keyNotFound", "index(2) typeMismatch",
      ])
    #expect(timeline.$notices.invalidElements[0].json == ["id": 2])
    #expect(
      timeline.$accounts.invalidElements.map { "\($0.location)" } == [
        #"key("alpha")"#, #"key("bad_one")"#,
      ])
  }

  @Test("each element left out is reported at its path with its own error, in order")
  func reportsEachWithItsError() throws {
    let (_, reports) = try JSONDecoder().decodeCollectingUnknownValues(
      NoticeTimeline.self, from: payload)
    #expect(
      reports.map { value -> String in
        guard case .invalidElement(let failure) = value.kind else { return "not invalid: \(value)" }
        return "\(value.typeName) \(value.path) \(failure.errorKind) \(failure.path)"
      } == [
        "Notice $.notices[1] keyNotFound $.notices[1].title",
        "Notice $.notices[2] typeMismatch $.notices[2].id",
        "Notice $.accounts.alpha typeMismatch $.accounts.alpha",
        "Notice $.accounts.bad_one keyNotFound $.accounts.bad_one.id",
      ])
    #expect(reports[0].rawValue == #"{"id":2}"#)
    #expect(
      reports[0].description.hasPrefix("Notice element at $.notices[1] left out: keyNotFound"))
  }

  @Test("under strict, the element's own error is thrown, as a plain array throws it")
  func strictThrowsTheElementsOwnError() throws {
    let plain = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(PlainNoticeTimeline.self, from: payload)
    }
    let strict = try #require(throws: DecodingError.self) {
      try JSONDecoder().decodeStrictly(NoticeTimeline.self, from: payload)
    }
    #expect(strict.kind == plain.kind)
    #expect(strict.path == plain.path)
    #expect(strict.context?.debugDescription == plain.context?.debugDescription)
  }

  @Test(
    "breakage of the collection itself throws as a plain array does",
    arguments: [#"{}"#, #"{"notices": null}"#, #"{"notices": {"a": 1}}"#, #"{"notices": 3}"#])
  func collectionBreakageThrows(_ text: String) throws {
    let plain = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(PlainNoticeTimeline.self, from: Data(text.utf8))
    }
    let wrapped = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(NoticeList.self, from: Data(text.utf8))
    }
    #expect(wrapped.kind == plain.kind)
    #expect(wrapped.path == plain.path)
  }

  @Test(
    "unmodified, the collection is written back exactly as it was read",
    arguments: [
      #"{"notices": [{"id": 1, "title": "a"}, {"id": 2}, {"id": 3, "title": "c"}, [], null], "accounts": {}}"#,
      #"{"notices": [], "pinned": [7, {"id": 1, "title": "p"}], "accounts": {"bad": 1, "k": {"id": 1, "title": "t"}}}"#,
      #"{"notices": [{"id": 1, "title": "a"}], "pinned": null, "accounts": {}}"#,
    ])
  func writtenBackAsRead(_ text: String) throws {
    let timeline = try JSONDecoder().decode(NoticeTimeline.self, from: Data(text.utf8))
    #expect(try JSONValue(data: JSONEncoder().encode(timeline)) == JSONValue(data: Data(text.utf8)))
  }

  @Test("modified, the current elements are written, then those left out")
  func modifiedAppendsThoseLeftOut() throws {
    var list = try JSONDecoder().decode(
      NoticeList.self,
      from: Data(#"{"notices": [{"id": 1}, {"id": 2, "title": "b"}]}"#.utf8))
    list.notices.append(Notice(id: 3, title: "c"))
    #expect(
      try JSONValue(data: JSONEncoder().encode(list)) == [
        "notices": [["id": 2, "title": "b"], ["id": 3, "title": "c"], ["id": 1]]
      ])
    list.$notices.removeInvalidElements()
    #expect(list.$notices.invalidElements.isEmpty)
    #expect(
      try JSONValue(data: JSONEncoder().encode(list)) == [
        "notices": [["id": 2, "title": "b"], ["id": 3, "title": "c"]]
      ])
  }

  @Test("a set leaves out its failures and writes back its array as read")
  func sets() throws {
    let text = #"{"notices": [{"id": 1, "title": "a"}, {"id": 1, "title": "a"}, {"id": "x"}]}"#
    let set = try JSONDecoder().decode(NoticeSet.self, from: Data(text.utf8))
    #expect(set.notices == [Notice(id: 1, title: "a")])
    #expect(set.$notices.invalidElements.map(\.location) == [.index(2)])
    #expect(try JSONValue(data: JSONEncoder().encode(set)) == JSONValue(data: Data(text.utf8)))
  }

  @Test("dictionary keys stay as they were sent, whatever the key strategy")
  func dictionaryKeysVerbatim() throws {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    let text = #"{"notices": [], "accounts": {"snake_key": {"id": 1, "title": "s"}, "bad_key": 2}}"#
    let (timeline, reports) = try decoder.decodeCollectingUnknownValues(
      NoticeTimeline.self, from: Data(text.utf8))
    #expect(timeline.accounts.keys.sorted() == ["snake_key"])
    #expect(reports.map(\.path) == ["$.accounts.bad_key"])
    #expect(try JSONValue(data: encoder.encode(timeline)) == JSONValue(data: Data(text.utf8)))
  }

  @Test("an Int-keyed dictionary reads its keys as Dictionary does")
  func intKeys() throws {
    let text = #"{"byNumber": {"1": {"id": 1, "title": "a"}, "2": {"id": 2}}}"#
    let accounts = try JSONDecoder().decode(NumberedAccounts.self, from: Data(text.utf8))
    #expect(accounts.byNumber == [1: Notice(id: 1, title: "a")])
    #expect(accounts.$byNumber.invalidElements.map(\.location) == [.key("2")])
    #expect(try JSONValue(data: JSONEncoder().encode(accounts)) == JSONValue(data: Data(text.utf8)))
    let missing = try JSONDecoder().decode(NumberedAccounts.self, from: Data("{}".utf8))
    #expect(missing.byNumber == nil)
    #expect(try JSONValue(data: JSONEncoder().encode(missing)) == [:])
  }

  @Test("every position decodes alike: top level, generic property, superDecoder")
  func positions() throws {
    let array = #"[{"id": 1, "title": "a"}, {"id": 2}]"#
    let expected = ["$[1]", "$.value[1]", "$.notices[1]"]
    let (top, topReports) = try JSONDecoder().decodeCollectingUnknownValues(
      SkipInvalidElements<[Notice]>.self, from: Data(array.utf8))
    let (generic, genericReports) = try JSONDecoder().decodeCollectingUnknownValues(
      NoticeEnvelope<SkipInvalidElements<[Notice]>>.self, from: Data(#"{"value": \#(array)}"#.utf8))
    let (viaSuper, superReports) = try JSONDecoder().decodeCollectingUnknownValues(
      SuperTimeline.self, from: Data(#"{"notices": \#(array)}"#.utf8))
    #expect(top.wrappedValue == generic.value.wrappedValue)
    #expect(top.wrappedValue == viaSuper.notices.wrappedValue)
    #expect((topReports + genericReports + superReports).map(\.path) == expected)
  }

  static let keyedAsPairs: [PairsCase] = [
    PairsCase(
      "Double keys", Prices.self, PlainPrices.self, json: #"{"d": [1.5, 2, -3, 4]}"#,
      entries: { $0.d }, plain: { $0.d }),
    PairsCase(
      "Bool keys", Switches.self, PlainSwitches.self, json: #"{"d": [true, "on", false, "off"]}"#,
      entries: { $0.d }, plain: { $0.d }),
    PairsCase(
      "struct keys", Grid.self, PlainGrid.self,
      json: #"{"d": [{"x": 1, "y": 2}, "a", {"x": 0, "y": 0}, "o"]}"#,
      entries: { $0.d }, plain: { $0.d }),
    PairsCase(
      "enum keys", Sizes.self, PlainSizes.self, json: #"{"d": ["small", 1, "large", 3]}"#,
      entries: { $0.d }, plain: { $0.d }),
    PairsCase(
      "optional, present", OptionalPrices.self, PlainOptionalPrices.self,
      json: #"{"d": [0.25, 1]}"#, entries: { $0.d }, plain: { $0.d }),
    PairsCase(
      "optional, missing", OptionalPrices.self, PlainOptionalPrices.self, json: "{}",
      entries: { $0.d }, plain: { $0.d }),
    PairsCase(
      "optional enum keys, empty", Sizes.self, PlainSizes.self, json: #"{"d": []}"#,
      entries: { $0.d }, plain: { $0.d }),
  ]

  @Test(
    "keys a JSON object cannot hold are read and written as a plain dictionary does",
    arguments: keyedAsPairs)
  func keysReadAsPairs(_ testCase: PairsCase) throws {
    try testCase.check()
  }

  @Test("an entry of a dictionary read as pairs whose key or value fails is left out, and kept")
  func pairsLeaveOutFailures() throws {
    let text = #"{"d": [1.5, "x", 2.5, 3, true, 4, 5.5, 6]}"#
    let (prices, reports) = try JSONDecoder().decodeCollectingUnknownValues(
      Prices.self, from: Data(text.utf8))
    #expect(prices.d == [2.5: 3, 5.5: 6])
    #expect(prices.$d.invalidElements.map(\.location) == [.index(1), .index(4)])
    #expect(prices.$d.invalidElements.map(\.json) == ["x", true])
    #expect(reports.map(\.path) == ["$.d[1]", "$.d[4]"])
    // Unmodified, written back exactly as read.
    #expect(try JSONValue(data: JSONEncoder().encode(prices)) == JSONValue(data: Data(text.utf8)))
    // Modified: the current entries, then those left out, each with its key.
    var modified = prices
    modified.d[9.5] = 10
    let written = try #require(try JSONValue(data: JSONEncoder().encode(modified))["d"])
    #expect(pairs(written) == [[1.5, "x"], [2.5, 3], [true, 4], [5.5, 6], [9.5, 10]])
  }

  @Test("a dictionary read as pairs throws, under strict and when broken, as a plain one does")
  func pairsThrowAsPlain() throws {
    for text in [#"{"d": [1.5, "x"]}"#, #"{"d": [1.5]}"#, #"{"d": {"1.5": 2}}"#] {
      let plain = #expect(throws: DecodingError.self) {
        try JSONDecoder().decode(PlainPrices.self, from: Data(text.utf8))
      }
      let strict = #expect(throws: DecodingError.self) {
        try JSONDecoder().decodeStrictly(Prices.self, from: Data(text.utf8))
      }
      #expect(strict?.kind == plain?.kind)
      #expect(strict?.path == plain?.path)
      #expect(strict?.context?.debugDescription == plain?.context?.debugDescription)
    }
  }
}
