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
}
