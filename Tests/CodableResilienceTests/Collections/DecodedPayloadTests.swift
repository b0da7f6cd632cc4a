import Foundation
import Testing

@testable import CodableResilience

/// `@SkipInvalidElements` reads the elements it leaves out from the payload when the decoding
/// runs through the package's own entry points (see `DecodedPayload`). That reader must give
/// exactly what `JSONValue.init(from:)` gives through `JSONDecoder`, or give nothing (and the
/// element is read through the decoder): these tests compare the two on data nobody here wrote,
/// on payloads made to break the reader, and through the entry points a user calls.
@Suite struct DecodedPayloadTests {
  // MARK: The reader against JSONDecoder

  /// The corpus's JSON files: every GitHub webhook payload and every JSONTestSuite file.
  static let corpusFiles: [String] = {
    guard let path = ProcessInfo.processInfo.environment["CODABLE_RESILIENCE_CORPUS"],
      !path.isEmpty,
      let walker = FileManager.default.enumerator(atPath: path)
    else { return [] }
    var files: [String] = []
    while let relative = walker.nextObject() as? String {
      if relative.hasSuffix(".json") {
        files.append(URL(fileURLWithPath: path).appendingPathComponent(relative).path)
      }
    }
    return files.sorted()
  }()

  @Test(
    "the corpus is there",
    .enabled(if: !corpusFiles.isEmpty, "set CODABLE_RESILIENCE_CORPUS to run the corpus tests"))
  func corpusIsThere() {
    #expect(Self.corpusFiles.count > 318, "the JSONTestSuite alone has 318 files")
  }

  /// Every file: where `JSONDecoder` reads a `JSONValue`, the reader reads the same value,
  /// case for case and byte for byte, or nothing; on the webhook payloads (valid UTF-8, no
  /// lone surrogates) it must read every one. Where `JSONDecoder` fails, the reader must
  /// only not trap.
  @Test(
    "the reader reads each corpus file as JSONDecoder does",
    .enabled(if: !corpusFiles.isEmpty, "set CODABLE_RESILIENCE_CORPUS to run the corpus tests"),
    arguments: corpusFiles)
  func readerAgreesOnCorpus(path: String) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let read = readWithReader(data)
    guard let expected = try? JSONDecoder().decode(JSONValue.self, from: data) else { return }
    if path.contains("octokit-webhooks") {
      let value = try #require(read, "the reader gave up on \(path)")
      #expect(exactlyEqual(value, expected))
    } else if let read {
      #expect(exactlyEqual(read, expected), "\(read) versus \(expected)")
    }
  }

  /// Values chosen to break a reader: escapes, surrogate pairs, every number form, repeated
  /// keys, whitespace everywhere, trailing commas `JSONDecoder` accepts.
  static let trickyValues: [String] = [
    #""plain""#, #""""#, #""\"quoted\" \\ \/ \b\f\n\r\t""#, #""\u00e9\u00E9 é e\u0301""#,
    #""\ud83d\ude00 😀""#, #""tab\u0009and\u0000nul""#,
    #""a long ASCII string without escapes, longer than a word""#,
    "0", "-0", "7", "-7", "123456789012345", "1234567890123456", "-1234567890123456",
    "9223372036854775807", "9223372036854775808", "18446744073709551615", "18446744073709551616",
    "123456789012345678901234567890", "1.5", "-1.5", "1.0", "-0.0", "1e2", "1E+2", "1e-2",
    "0.30000000000000000001", "5e-324", "true", "false", "null",
    "[]", "[ ]", "{}", "{ }", "[1,2,]", #"{"a":1,}"#, #"{"a": 1, "a": 2}"#,
    #"{"a": {"b": [1, {"c": null}]}, "a": 3}"#, " \n\t[ 1 , \"x\" , { \"k\" : [ ] } ] \r\n",
    #"[[[[[[[[[[["deep"]]]]]]]]]]]"#, #"{"key with \"escape\"": "v", "é": "é"}"#,
  ]

  @Test("the reader reads each tricky value as JSONDecoder does", arguments: trickyValues)
  func readerAgreesOnTrickyValues(json: String) throws {
    let data = Data(json.utf8)
    let expected = try JSONDecoder().decode(JSONValue.self, from: data)
    let read = readWithReader(data)
    if let read {
      #expect(exactlyEqual(read, expected), "\(read) versus \(expected)")
    }
  }

  /// Values the reader has no business reading alone: it gives nothing, and the decoder
  /// reads them (a lone surrogate) or throws its own error (a number beyond `Double`).
  @Test(
    "the reader leaves lone surrogates and numbers beyond Double to the decoder",
    arguments: [#""\ud800""#, #""\udc00x""#, #""\ud83d\u0041""#, "1e400", "[-1e400]"])
  func readerLeavesLoneSurrogates(json: String) {
    #expect(readWithReader(Data(json.utf8)) == nil)
  }

  /// Bytes that are not UTF-8 inside a string, early, late, in a short string and in a long
  /// one: the reader gives nothing rather than a string with replacement characters.
  @Test(
    "the reader gives nothing for a string that is not UTF-8",
    arguments: [
      [0xFF], [0x61, 0xC3], Array("abcdefghijk".utf8) + [0xFE] + Array("lmnop".utf8),
      Array("abcdefghij".utf8) + [0xFE],
    ])
  func readerRefusesInvalidUTF8(content: [UInt8]) {
    let quote = UInt8(ascii: "\"")
    #expect(readWithReader(Data([quote] + content + [quote])) == nil)
    // Room after the string, so that its end is found a word at a time.
    let spaces = [UInt8](repeating: 0x20, count: 16)
    #expect(readWithReader(Data([quote] + content + [quote] + spaces)) == nil)
    #expect(readWithReader(Data([UInt8(ascii: "[")] + [quote] + content + [quote, 0x5D])) == nil)
  }

  /// Every prefix of a payload, and each byte replaced: the reader gives a value or nothing,
  /// never traps.
  @Test("the reader never traps on a cut or damaged payload")
  func readerSurvivesDamage() {
    let json = #"{"a": [1, -2.5e3, "x\u00e9\"", {"b": null, "c": [true, false]}], "d": "😀"}"#
    let bytes = Array(json.utf8)
    for end in 0...bytes.count {
      _ = readWithReader(Data(bytes[..<end]))
    }
    for index in bytes.indices {
      for replacement in [UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "{"), 0xFF, 0] {
        var damaged = bytes
        damaged[index] = replacement
        _ = readWithReader(Data(damaged))
      }
    }
  }

  // MARK: Plain texts, kept unread

  /// Values whose text is plain: kept as text and read only when asked for.
  static let plainValues: [String] = [
    #""plain""#, #""""#, "\"é, 😀 and e\u{301} as UTF-8\"", "0", "-7", "123456789012345",
    "-123456789012345", "true", "false", "null", "[]", "{}", " [ 1 , \"x\" , { \"k\" : [ ] } ]",
    #"{"a": 1, "a": 2}"#, "[1,2,]", #"{"id": "2", "account": {"bot": false, "n": 12}}"#,
  ]

  /// Values that are not, because the reader reads them only with a number decoder, or their
  /// text holds an escape: fractions, exponents, long integers.
  static let valuesThatAreNotPlain: [String] = [
    #""\"quoted\"""#, #""\u00e9""#, #""a\/b""#, "1.5", "-0", "-0.0", "1e2", "1E+2",
    "1234567890123456",
    "9223372036854775808", #"{"a": [1, {"b": 2.5}]}"#, #"[true, "\n"]"#,
  ]

  @Test("a plain text is kept as text, and reads as the reader reads it", arguments: plainValues)
  func plainTextReadsAsTheReaderDoes(json: String) throws {
    let data = Data(json.utf8)
    try data.withUnsafeBytes { buffer in
      let reader = PayloadReader(bytes: buffer)
      let start = reader.skippingWhitespace(from: 0)
      let end = try #require(reader.plainEnd(ofValueAt: start))
      let (value, valueEnd) = try #require(
        reader.value(at: start, readingNumbersWith: JSONDecoder()))
      #expect(end == valueEnd)
      let kept = KeptJSON(plainText: Array(buffer[start..<end]))
      #expect(exactlyEqual(kept.value, value))
      #expect(exactlyEqual(kept.value, try JSONDecoder().decode(JSONValue.self, from: data)))
    }
  }

  @Test(
    "a text the reader needs more for is read at once, and no value is plain where none starts",
    arguments: valuesThatAreNotPlain + ["}", "]", ",", ":", " 1", "\u{FF}"])
  func otherTextsAreNotPlain(json: String) {
    Data(json.utf8).withUnsafeBytes { buffer in
      #expect(PayloadReader(bytes: buffer).plainEnd(ofValueAt: 0) == nil)
    }
  }

  /// On data nobody here wrote: every value in the corpus files `JSONDecoder` reads whose text
  /// is plain reads back, from a copy of that text alone, as the reader reads it in the file.
  @Test(
    "every plain value of the corpus reads back as the reader reads it",
    .enabled(if: !corpusFiles.isEmpty, "set CODABLE_RESILIENCE_CORPUS to run the corpus tests"))
  func plainValuesOfTheCorpus() throws {
    var plain = 0
    var notPlain = 0
    for path in Self.corpusFiles {
      let data = try Data(contentsOf: URL(fileURLWithPath: path))
      guard (try? JSONDecoder().decode(JSONValue.self, from: data)) != nil else { continue }
      try data.withUnsafeBytes { buffer in
        let reader = PayloadReader(bytes: buffer)
        for start in Self.valueStarts(in: reader) {
          guard let end = reader.plainEnd(ofValueAt: start) else {
            notPlain += 1
            continue
          }
          plain += 1
          let (value, valueEnd) = try #require(
            reader.value(at: start, readingNumbersWith: JSONDecoder()))
          #expect(end == valueEnd, "\(path) at \(start)")
          #expect(exactlyEqual(KeptJSON(plainText: Array(buffer[start..<end])).value, value))
        }
      }
    }
    #expect(plain > 10_000)
    #expect(notPlain > 100)
  }

  /// Where the values of a payload start (and its members' keys, which are strings too):
  /// the root, and after each `[`, `,` and `:` outside strings.
  static func valueStarts(in reader: PayloadReader) -> [Int] {
    var starts = [reader.skippingWhitespace(from: 0)]
    var index = 0
    while index < reader.bytes.count {
      switch reader.bytes[index] {
      case UInt8(ascii: "\""):
        index = reader.end(ofValueAt: index) ?? reader.bytes.count
        continue
      case UInt8(ascii: "["), UInt8(ascii: ","), UInt8(ascii: ":"):
        let start = reader.skippingWhitespace(from: index + 1)
        if start < reader.bytes.count, reader.bytes[start] != UInt8(ascii: "]"),
          reader.bytes[start] != UInt8(ascii: "}")
        {
          starts.append(start)
        }
      default:
        break
      }
      index += 1
    }
    return starts
  }

  // MARK: Left out across pages

  struct PaddedItem: Codable, Equatable {
    var id: Int
    var pad: JSONValue?
  }

  struct Page: Codable, Equatable {
    @SkipInvalidElements var pinned: [Item]
    @SkipInvalidElements var items: [PaddedItem]
    @SkipInvalidElements var grid: [[Item]]
    var cursor: String
  }

  struct GridRow: Codable, Equatable {
    @SkipInvalidElements var cells: [Item]
  }

  struct Pages: Codable, Equatable {
    @SkipInvalidElements var pages: [Page]
    var rows: [GridRow]
  }

  /// Pages whose arrays leave elements out in several places: `items` comes before `pinned`
  /// in the payload but is read after it, `grid` is an array of arrays, a page fails whole,
  /// and `rows` holds arrays of their own after the pages. Each element left out is found
  /// after the one before it, from the end of that one.
  static let pagesPayload: String = {
    func page(_ number: Int) -> String {
      let items = (0..<6).map { index in
        index % 3 == 1
          ? #"{"id": "bad \#(number).\#(index)", "note": [1, {"x": "y"}]}"#
          : #"{"id": \#(number * 10 + index), "pad": {"a": [1, 2, {"b": "]}"}]}}"#
      }
      return """
        {"items": [\(items.joined(separator: ", "))],
         "grid": [[{"id": 1}, {"id": "g\(number)"}], [], [{"id": false}, {"id": 2}]],
         "pinned": [{"id": "p\(number)"}, {"id": \(number)}],
         "cursor": "c\(number)"}
        """
    }
    let pages = (0..<5).map(page) + [#"{"items": [], "grid": [], "pinned": []}"#]
    return """
      {"pages": [\(pages.joined(separator: ",\n"))],
       "rows": [{"cells": [{"id": "r0"}, {"id": 0}]}, {"cells": [{"id": 1}, [true]]}]}
      """
  }()

  @Test("elements left out across pages and nested arrays are found where the decoder finds them")
  func elementsAcrossPages() throws {
    let data = Data(Self.pagesPayload.utf8)
    let read = try Self.decodeKeepingPayload(Pages.self, from: data)
    let viaPayload = try read.value.get()

    let plain = JSONDecoder()
    let viaDecoderReports = Reports()
    plain.unknownValueHandler = .report { viaDecoderReports.append($0) }
    let viaDecoder = try plain.decode(Pages.self, from: data)

    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    func described(_ reports: [UnknownValue]) -> [String] {
      reports.map { "\($0.path) \($0.rawValue)" }
    }
    #expect(described(read.reports) == described(viaDecoderReports.values))
    #expect(try encoder.encode(viaPayload) == encoder.encode(viaDecoder))
    #expect(viaPayload == viaDecoder)
    // Per page: 2 items, 2 grid cells, 1 pinned; the last page fails whole; 2 row cells.
    #expect(read.reports.count == 5 * 5 + 1 + 2)
    #expect(read.payload.elementsRead == read.reports.count)
    // Written back as read.
    let written = try JSONDecoder().decode(JSONValue.self, from: encoder.encode(viaPayload))
    let sent = try JSONDecoder().decode(JSONValue.self, from: data)
    #expect(written == sent)
  }

  /// A model that reads one array twice, as two properties.
  struct TwoReads: Decodable, Equatable {
    var first: SkipInvalidElements<[Item]>
    var again: SkipInvalidElements<[Item]>

    enum CodingKeys: String, CodingKey { case items }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      first = try container.decode(SkipInvalidElements<[Item]>.self, forKey: .items)
      again = try container.decode(SkipInvalidElements<[Item]>.self, forKey: .items)
    }
  }

  @Test("an array read twice finds its elements left out again, from its start")
  func anArrayReadTwice() throws {
    let data = Data(
      #"{"items": [{"id": 0}, {"id": "a"}, {"id": 2}, {"id": 3}, {"id": "b"}, {"id": 5}]}"#.utf8)
    let read = try JSONDecoder().decodeCollectingUnknownValues(TwoReads.self, from: data)
    #expect(read.value.first.wrappedValue.map(\.id) == [0, 2, 3, 5])
    #expect(read.value.again == read.value.first)
    #expect(
      read.unknownValues.map(\.rawValue) == [
        #"{"id":"a"}"#, #"{"id":"b"}"#, #"{"id":"a"}"#, #"{"id":"b"}"#,
      ])
    #expect(
      read.unknownValues.map(\.path) == ["$.items[1]", "$.items[4]", "$.items[1]", "$.items[4]"])
  }

  // MARK: Through the entry points

  struct Item: Codable, Equatable {
    var id: Int
  }

  struct Feed: Codable, Equatable {
    @SkipInvalidElements var items: [Item]
    @SkipInvalidElements var groups: [String: [Item]]
    @SkipInvalidElements var later: [Item]?
  }

  /// A payload whose left-out elements hold every tricky value, at several depths.
  static let feedPayload: String = {
    let left = trickyValues.map { #"{"id": "not a number", "value": \#($0)}"# }
    let items = left.enumerated().map { index, element in
      index % 3 == 0 ? #"{"id": \#(index)}, \#(element)"# : element
    }
    return """
      {"items": [\(items.joined(separator: ", "))],
       "groups": {"first": [{"id": 1}, "text", [1, 2]], "second\\u00e9": [null, {"id": 2}]},
       "later": [1.5e3, {"id": 3}, {"id": 4, "extra": "\\ud83d\\ude00"}]}
      """
  }()

  /// What a decoding reported and what it wrote back, to compare two decodings by.
  struct Outcome: Equatable {
    var reports: [String]
    var written: String
  }

  static func outcome(_ feed: Feed, _ reports: [UnknownValue]) throws -> Outcome {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return Outcome(
      reports: reports.map { "\($0.path) \($0.rawValue) \($0.kind)" },
      written: String(decoding: try encoder.encode(feed), as: UTF8.self))
  }

  /// The payload read (`decodeCollectingUnknownValues`) and the decoder read (a handler set on
  /// a plain decoder, which keeps no payload) agree on every report and on what is written.
  @Test("elements read from the payload are those the decoder reads")
  func entryPointsAgree() throws {
    let data = Data(Self.feedPayload.utf8)
    let collected = try JSONDecoder().decodeCollectingUnknownValues(Feed.self, from: data)

    let plain = JSONDecoder()
    let reports = Reports()
    plain.unknownValueHandler = .report { reports.append($0) }
    let decoded = try plain.decode(Feed.self, from: data)

    let viaPayload = try Self.outcome(collected.value, collected.unknownValues)
    let viaDecoder = try Self.outcome(decoded, reports.values)
    #expect(viaPayload == viaDecoder)
    // Each tricky item, the two dictionary entries whose arrays fail, `later[0]`.
    #expect(collected.unknownValues.count == Self.trickyValues.count + 2 + 1)
    #expect(collected.value == decoded)
  }

  /// Re-encoding what was read from the payload writes back the payload's elements.
  @Test("an unmodified feed is written back as it was read")
  func writtenBackExactly() throws {
    let json = #"{"items":[{"id":1},{"id":"x","v":[1.5,"\u00e9",{"a":null}]},{"id":2}]}"#
    struct Items: Codable {
      @SkipInvalidElements var items: [Item]
    }
    let read = try JSONDecoder().decodeCollectingUnknownValues(Items.self, from: Data(json.utf8))
    #expect(read.value.items == [Item(id: 1), Item(id: 2)])
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let written = String(decoding: try encoder.encode(read.value), as: UTF8.self)
    #expect(written == #"{"items":[{"id":1},{"id":"x","v":[1.5,"é",{"a":null}]},{"id":2}]}"#)
  }

  /// The payload is read when the decoding is the call's own, and each left-out element is
  /// read from it once.
  @Test(
    "a negative zero in an element left out is written back with its sign",
    arguments: [true, false])
  func negativeZeroKeepsItsSign(fromPayload: Bool) throws {
    let text = #"[1, [-0, {"a": -0, "b": 0}], 2]"#
    let decoder = JSONDecoder()
    let numbers =
      fromPayload
      ? try decoder.decodeCollectingUnknownValues(
        SkipInvalidElements<[Int]>.self, from: Data(text.utf8)
      ).value
      : try decoder.decode(SkipInvalidElements<[Int]>.self, from: Data(text.utf8))
    #expect(numbers.wrappedValue == [1, 2])
    let written = String(decoding: try JSONEncoder().encode(numbers), as: UTF8.self)
    #expect(
      written.replacingOccurrences(of: #"{"b":0,"a":-0}"#, with: #"{"a":-0,"b":0}"#)
        == #"[1,[-0,{"a":-0,"b":0}],2]"#)
  }

  @Test("a routed decoding reads left-out elements from the payload")
  func payloadIsUsed() throws {
    let read = try Self.decodeKeepingPayload(Feed.self, from: Data(Self.feedPayload.utf8))
    _ = try read.value.get()
    // The array elements; a dictionary's entries are read through the decoder.
    #expect(read.payload.elementsRead == Self.trickyValues.count + 1)
  }

  /// Settings under which paths cannot be followed keep no payload.
  @Test("other key strategies, JSON5 and UTF-16 keep no payload")
  func payloadRefusedWhereItCannotBeFollowed() {
    let json = Data(#"{"a": 1}"#.utf8)
    let snake = JSONDecoder()
    snake.keyDecodingStrategy = .convertFromSnakeCase
    #expect(DecodedPayload(json, decodedBy: snake) == nil)
    let json5 = JSONDecoder()
    json5.allowsJSON5 = true
    #expect(DecodedPayload(json, decodedBy: json5) == nil)
    let utf16 = #"{"a": 1}"#.data(using: .utf16BigEndian)!
    #expect(DecodedPayload(utf16, decodedBy: JSONDecoder()) == nil)
    let bom = Data([0xEF, 0xBB, 0xBF]) + json
    #expect(DecodedPayload(bom, decodedBy: JSONDecoder()) == nil)
    #expect(DecodedPayload(json, decodedBy: JSONDecoder()) != nil)
  }

  /// A snake-case decoder still keeps and reports the elements, read through the decoder.
  @Test("a snake-case decoder reads left-out elements through the decoder")
  func snakeCaseFallsBack() throws {
    struct Snake: Codable {
      @SkipInvalidElements var itemList: [Item]
    }
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let read = try decoder.decodeCollectingUnknownValues(
      Snake.self, from: Data(#"{"item_list": [{"id": 1}, {"id": true}]}"#.utf8))
    #expect(read.value.itemList == [Item(id: 1)])
    #expect(read.unknownValues.map(\.rawValue) == [#"{"id":true}"#])
  }

  /// A custom `init(from:)` that runs a nested `JSONDecoder` with the same `userInfo` on
  /// another payload: its elements are not the outer payload's, so they are read through the
  /// nested decoder.
  struct Envelope: Decodable {
    var inner: Feed
    var outer: [Item]

    enum CodingKeys: String, CodingKey {
      // The outer list sits where the inner one does, so a read of the outer payload at the
      // inner list's path would find an element there.
      case embedded
      case outer = "items"
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      let embedded = try container.decode(String.self, forKey: .embedded)
      let nested = JSONDecoder()
      // What copying the outer decoder's `userInfo` gives the nested one.
      nested.userInfo[.decodedPayload] = decoder.userInfo[.decodedPayload] as? DecodedPayload
      nested.userInfo[.unknownValueHandler] =
        decoder.userInfo[.unknownValueHandler] as? UnknownValueHandler
      inner = try nested.decode(Feed.self, from: Data(embedded.utf8))
      outer = try container.decode(SkipInvalidElements<[Item]>.self, forKey: .outer).wrappedValue
    }
  }

  @Test("a nested JSONDecoder with the same userInfo is not read from the outer payload")
  func nestedDecoderFallsBack() throws {
    let inner = #"{"items": [{"id": 1}, {"id": "inner"}], "groups": {}}"#
    let escaped = inner.replacingOccurrences(of: "\"", with: "\\\"")
    let json = #"{"embedded": "\#(escaped)", "items": [{"id": 2}, {"id": "outer"}]}"#
    let decoded = try Self.decodeKeepingPayload(Envelope.self, from: Data(json.utf8))
    let read = try decoded.value.get()
    #expect(read.inner.items == [Item(id: 1)])
    #expect(read.outer == [Item(id: 2)])
    #expect(decoded.reports.map(\.rawValue) == [#"{"id":"inner"}"#, #"{"id":"outer"}"#])
    #expect(decoded.reports.map(\.path) == ["$.items[1]", "$.items[1]"])
    #expect(decoded.payload.elementsRead == 1, "only the outer element is the payload's")
  }

  /// Elements read through `superDecoder()` get a decoder of their own: read through it.
  @Test("an array read through superDecoder keeps and reports its elements")
  func superDecoderFallsBack() throws {
    struct Wrapped: Decodable {
      var items: [Item]
      enum CodingKeys: String, CodingKey { case items }
      init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let superDecoder = try container.superDecoder(forKey: .items)
        items = try SkipInvalidElements<[Item]>(from: superDecoder).wrappedValue
      }
    }
    let read = try JSONDecoder().decodeCollectingUnknownValues(
      Wrapped.self, from: Data(#"{"items": [{"id": "x\u00e9"}, {"id": 5}]}"#.utf8))
    #expect(read.value.items == [Item(id: 5)])
    #expect(read.unknownValues.map(\.rawValue) == [#"{"id":"xé"}"#])
    #expect(read.unknownValues.map(\.path) == ["$.items[0]"])
  }

  /// Where `Keeper` keeps the payload of the call that decoded it.
  static let keptPayload = Locked<DecodedPayload?>(nil)

  /// A model that keeps its decoder's payload past the call, as a model keeping `userInfo`
  /// for later would.
  struct Keeper: Decodable {
    @SkipInvalidElements var items: [Item]

    init(from decoder: any Decoder) throws {
      let payload = decoder.userInfo[.decodedPayload] as? DecodedPayload
      DecodedPayloadTests.keptPayload.withLock { $0 = payload }
      _items = try decoder.container(keyedBy: AnyCodingKey.self)
        .decode(SkipInvalidElements<[Item]>.self, forKey: AnyCodingKey("items"))
    }
  }

  /// Found by a second read: a later decoder can get the freed root decoder's address, and
  /// then read the old payload's bytes as its own elements.
  @Test("a payload kept past its call reads nothing for a later decode")
  func payloadOutlivingItsCall() throws {
    _ = try JSONDecoder().decodeCollectingUnknownValues(
      Keeper.self, from: Data(#"{"items": [{"id": "from the old payload"}]}"#.utf8))
    let payload = try #require(Self.keptPayload.withLock { $0 })
    let readBefore = payload.elementsRead
    struct Items: Decodable {
      @SkipInvalidElements var items: [Item]
    }
    for index in 0..<20 {
      let decoder = JSONDecoder()
      decoder.userInfo[.decodedPayload] = payload
      let reports = Reports()
      decoder.unknownValueHandler = .report { reports.append($0) }
      let json = #"{"items": [{"id": "new \#(index)"}]}"#
      _ = try decoder.decode(Items.self, from: Data(json.utf8))
      #expect(reports.values.map(\.rawValue) == [#"{"id":"new \#(index)"}"#])
    }
    #expect(payload.elementsRead == readBefore)
  }

  // MARK: Helpers

  /// Decodes `data` as a routed call (`decodeCollectingUnknownValues`) does, reporting to a
  /// `.report` handler and keeping the `DecodedPayload`, to see what was read from it.
  static func decodeKeepingPayload<T: Decodable>(
    _: T.Type, from data: Data
  ) throws -> (value: Result<T, any Error>, reports: [UnknownValue], payload: DecodedPayload) {
    let decoder = JSONDecoder()
    let payload = try #require(DecodedPayload(data, decodedBy: decoder))
    decoder.userInfo[.decodedPayload] = payload
    let reports = Reports()
    decoder.unknownValueHandler = .report { reports.append($0) }
    let value = Result { try decoder.decode(PayloadRoot<T>.self, from: data).value }
    payload.finish()
    return (value, reports.values, payload)
  }

  /// The reader's value for the whole of `data`, which must end where the value ends.
  func readWithReader(_ data: Data) -> JSONValue? {
    data.withUnsafeBytes { buffer -> JSONValue? in
      let reader = PayloadReader(bytes: buffer)
      let start = reader.skippingWhitespace(from: 0)
      guard let (value, end) = reader.value(at: start, readingNumbersWith: JSONDecoder()) else {
        return nil
      }
      return reader.skippingWhitespace(from: end) == buffer.count ? value : nil
    }
  }
}

/// The same case, the same number down to the bit, the same string down to the byte.
private func exactlyEqual(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
  switch (lhs, rhs) {
  case (.null, .null): true
  case (.bool(let lhs), .bool(let rhs)): lhs == rhs
  case (.integer(let lhs), .integer(let rhs)): lhs == rhs
  case (.unsigned(let lhs), .unsigned(let rhs)): lhs == rhs
  case (.double(let lhs), .double(let rhs)): lhs.bitPattern == rhs.bitPattern
  case (.decimal(let lhs), .decimal(let rhs)): lhs.description == rhs.description
  case (.string(let lhs), .string(let rhs)): lhs.utf8.elementsEqual(rhs.utf8)
  case (.array(let lhs), .array(let rhs)):
    lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { exactlyEqual($0, $1) }
  case (.object(let lhs), .object(let rhs)):
    lhs.count == rhs.count
      && lhs.allSatisfy { key, value in rhs[key].map { exactlyEqual(value, $0) } ?? false }
  default: false
  }
}

/// Reports a handler received, in order.
private final class Reports: Sendable {
  private let storage = Locked<[UnknownValue]>([])
  func append(_ value: UnknownValue) { storage.withLock { $0.append(value) } }
  var values: [UnknownValue] { storage.withLock { $0 } }
}
