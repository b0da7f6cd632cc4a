import CodableResilience
import Foundation
import Testing

struct TaggedPost: Codable {
  @DecodeOneOrMany var tags: [String]
  @DecodeOneOrMany var labels: [String]?
}

struct TaggedSet: Codable {
  @DecodeOneOrMany var kinds: Set<Int>
}

private func decode<T: Decodable>(
  _: T.Type, _ json: String, handler: UnknownValueHandler? = nil
) throws -> T {
  let decoder = JSONDecoder()
  if let handler { decoder.unknownValueHandler = handler }
  return try decoder.decode(T.self, from: Data(json.utf8))
}

private func encoded(_ value: some Encodable) throws -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  return String(decoding: try encoder.encode(value), as: UTF8.self)
}

/// `TaggedPost` with plain properties: what a plain model throws.
private struct PlainTaggedPost: Decodable {
  var tags: [String]
  var labels: [String]?
}

struct DecodeOneOrManyTests {
  @Test func anArrayReadsAsPlainWithNoReport() throws {
    let collector = UnknownValueCollector()
    let post = try decode(
      TaggedPost.self, #"{"tags": ["a", "b"], "labels": []}"#, handler: .collect(into: collector))
    #expect(post.tags == ["a", "b"] && post.labels == [])
    #expect(!post.$tags.readSingleValue)
    #expect(collector.values.isEmpty)
    #expect(try encoded(post) == #"{"labels":[],"tags":["a","b"]}"#)
  }

  @Test func aSingleValueIsACollectionOfOneReportedAndWrittenBackAsOne() throws {
    let collector = UnknownValueCollector()
    var post = try decode(
      TaggedPost.self, #"{"tags": "a", "labels": "b"}"#, handler: .collect(into: collector))
    #expect(post.tags == ["a"] && post.labels == ["b"])
    #expect(post.$tags.readSingleValue)
    #expect(collector.values.map(\.path) == ["$.tags", "$.labels"])
    #expect(
      collector.values.map(\.kind) == Array(repeating: .convertedType(from: .singleValue), count: 2)
    )
    #expect(collector.values.map(\.rawValue) == [#""a""#, #""b""#])
    #expect(collector.values.map(\.typeName) == ["Array<String>", "Array<String>"])
    #expect(try encoded(post) == #"{"labels":"b","tags":"a"}"#)
    post.tags.append("c")
    #expect(try encoded(post) == #"{"labels":"b","tags":["a","c"]}"#)
    post.labels = ["b"]
    #expect(try encoded(post) == #"{"labels":["b"],"tags":["a","c"]}"#)
  }

  @Test func anOptionalReadsMissingAndNullAsNilAndWritesThemBack() throws {
    let missing = try decode(TaggedPost.self, #"{"tags": []}"#)
    #expect(missing.labels == nil)
    #expect(try encoded(missing) == #"{"tags":[]}"#)
    let null = try decode(TaggedPost.self, #"{"tags": [], "labels": null}"#)
    #expect(null.labels == nil)
    #expect(try encoded(null) == #"{"labels":null,"tags":[]}"#)
  }

  @Test(arguments: [
    #"{"tags": 7}"#, #"{"tags": null}"#, #"{}"#, #"{"tags": ["a", 7]}"#, #"{"tags": {"a": 1}}"#,
    #"{"tags": [], "labels": 7}"#, #"{"tags": [[]]}"#,
  ])
  func whatIsNoElementThrowsAsPlain(_ json: String) throws {
    let plain = #expect(throws: DecodingError.self) { try decode(PlainTaggedPost.self, json) }
    let collector = UnknownValueCollector()
    let oneOrMany = #expect(throws: DecodingError.self) {
      try decode(TaggedPost.self, json, handler: .collect(into: collector))
    }
    #expect(describe(try #require(oneOrMany)) == describe(try #require(plain)))
    #expect(collector.values.isEmpty)
  }

  @Test func strictThrowsWhatAPlainCollectionThrows() throws {
    let json = #"{"tags": "a"}"#
    let plain = #expect(throws: DecodingError.self) { try decode(PlainTaggedPost.self, json) }
    let strict = #expect(throws: DecodingError.self) {
      try decode(TaggedPost.self, json, handler: .strict)
    }
    #expect(describe(try #require(strict)) == describe(try #require(plain)))
  }

  @Test func aSetAndAConvertedElement() throws {
    let collector = UnknownValueCollector()
    let set = try decode(TaggedSet.self, #"{"kinds": 3}"#, handler: .collect(into: collector))
    #expect(set.kinds == [3])
    #expect(try encoded(set) == #"{"kinds":3}"#)

    struct Ids: Codable {
      @DecodeOneOrMany var ids: [DecodeConvertingType<Int>]
    }
    let ids = try decode(Ids.self, #"{"ids": "7"}"#, handler: .collect(into: collector))
    #expect(ids.ids.map(\.wrappedValue) == [7])
    #expect(try encoded(ids) == #"{"ids":"7"}"#)
  }

  @Test func atTheTopLevelAndAsAnElement() throws {
    let top = try decode(DecodeOneOrMany<[Int]>.self, "5")
    #expect(top.wrappedValue == [5])
    #expect(try encoded(top) == "5")
    let collector = UnknownValueCollector()
    let many = try decode(
      [DecodeOneOrMany<[Int]>].self, "[[1], 2]", handler: .collect(into: collector))
    #expect(many.map(\.wrappedValue) == [[1], [2]])
    #expect(collector.values.map(\.path) == ["$[1]"])
  }
}

/// A list of lists: a single list is no single element when one of its elements fails as the
/// inner list's element does; it throws as a plain element, at the element's path.
struct OneOrManyNestingTests {
  struct Grid: Decodable {
    @DecodeOneOrMany var rows: [[Int]]
  }

  @Test func anElementThatFailsInsideThrowsAsAPlainElement() throws {
    struct PlainGrid: Decodable {
      var rows: [[Int]]
    }
    let json = Data(#"{"rows": [1, 2]}"#.utf8)
    let collector = UnknownValueCollector()
    let decoder = JSONDecoder()
    decoder.unknownValueHandler = .collect(into: collector)
    let thrown = #expect(throws: DecodingError.self) { try decoder.decode(Grid.self, from: json) }
    let plain = #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(PlainGrid.self, from: json)
    }
    #expect(describe(try #require(thrown)) == describe(try #require(plain)))
    #expect(collector.values.isEmpty)
    let grid = try JSONDecoder().decode(Grid.self, from: Data(#"{"rows": [[1, 2]]}"#.utf8))
    #expect(grid.rows == [[1, 2]])
  }
}
