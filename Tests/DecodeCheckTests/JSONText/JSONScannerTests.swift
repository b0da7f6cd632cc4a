import CodableResilience
import Foundation
import Testing

@testable import DecodeCheck

/// Where and why a payload stops being valid JSON, as the scanner reports it.
private func syntaxError(in data: Data) -> (message: String, position: String, path: String?)? {
  data.withUnsafeBytes { bytes in
    let scanner = JSONScanner(bytes)
    guard let error = scanner.firstSyntaxError() else { return nil }
    let position = scanner.positions(of: [error.offset])[error.offset]
    return (
      error.message, position.map(\.description) ?? "?",
      error.path.isEmpty ? nil : UnknownValue.PathComponent.jsonPath(error.path)
    )
  }
}

struct SyntaxCase: CustomTestStringConvertible, Sendable {
  var json: String
  var message: String
  var position: String
  var path: String?
  var testDescription: String { json.count > 40 ? String(json.prefix(40)) + "…" : json }
}

@Suite struct JSONScannerTests {
  @Test(arguments: [
    SyntaxCase(
      json: #"{"a": 1,}"#,
      message: "not valid JSON: a comma before `}`; JSON allows no trailing comma",
      position: "1:9"),
    SyntaxCase(
      json: "[1, 2,]", message: "not valid JSON: a comma before `]`; JSON allows no trailing comma",
      position: "1:7", path: "$[2]"),
    SyntaxCase(
      json: #"{"a" 1}"#,
      message: "not valid JSON: unexpected character `1`; expected `:` after the key",
      position: "1:6", path: "$.a"),
    SyntaxCase(
      json: "{'a': 1}",
      message: "not valid JSON: unexpected character `'`; expected a key in double quotes or `}` "
        + "(JSON strings use double quotes)",
      position: "1:2"),
    SyntaxCase(
      json: #"{"a": tru}"#,
      message: "not valid JSON: `tru` is not a JSON value (true, false and null are)",
      position: "1:7", path: "$.a"),
    SyntaxCase(
      json: #"{"a": NaN}"#,
      message: "not valid JSON: `NaN` is not a JSON value; JSON has no NaN or Infinity",
      position: "1:7", path: "$.a"),
    SyntaxCase(
      json: #"{"a": castle}"#,
      message: "not valid JSON: `castle` is not a JSON value; strings need double quotes",
      position: "1:7", path: "$.a"),
    SyntaxCase(
      json: #"{"a": 01}"#, message: "not valid JSON: `01` is not a number (no leading zeros)",
      position: "1:7", path: "$.a"),
    SyntaxCase(
      json: #"{"a": -x}"#,
      message: "not valid JSON: `-x` is not a number (a digit must follow `-`)",
      position: "1:7", path: "$.a"),
    SyntaxCase(
      json: #"{"a": 1.}"#,
      message: "not valid JSON: `1.` is not a number (a digit must follow `.`)",
      position: "1:7", path: "$.a"),
    SyntaxCase(
      json: #"{"a": "x\qy"}"#, message: #"not valid JSON: `\q` is not an escape JSON knows"#,
      position: "1:9", path: "$.a"),
    SyntaxCase(
      json: #"{"a": "\u12G4"}"#,
      message: #"not valid JSON: `\u12G4` is not a \u escape of four hex digits"#,
      position: "1:8", path: "$.a"),
    SyntaxCase(
      json: #"{"a": "\ud800"}"#,
      message: #"not valid JSON: `\uD800` is half of a surrogate pair without its other half"#,
      position: "1:8", path: "$.a"),
    SyntaxCase(
      json: #"{"a": "\ud800\u0041"}"#,
      message: #"not valid JSON: `\uD800` is half of a surrogate pair without its other half"#,
      position: "1:8", path: "$.a"),
    SyntaxCase(
      json: #"{"a": "\ud800\u12G4"}"#,
      message: #"not valid JSON: `\u12G4` is not a \u escape of four hex digits"#,
      position: "1:14", path: "$.a"),
    SyntaxCase(
      json: #"{"a": "x"#, message: "not valid JSON: a string that starts here is never closed",
      position: "1:7", path: "$.a"),
    SyntaxCase(
      json: #"{"a": [1, 2"#, message: "not valid JSON: the payload ends early; expected `,` or `]`",
      position: "1:12", path: "$.a[1]"),
    SyntaxCase(
      json: #"{"a": 1} {"b": 2}"#,
      message: "not valid JSON: unexpected character `{` after the end of the JSON value; one "
        + "value per line is newline-delimited JSON, read with --lines",
      position: "1:10"),
    SyntaxCase(
      json: "<html><body>502 Bad Gateway</body></html>",
      message:
        "not valid JSON: unexpected character `<`; expected a value (this looks like HTML or XML)",
      position: "1:1"),
    SyntaxCase(
      json: #"{"a": 1 /* note */}"#,
      message:
        "not valid JSON: unexpected character `/`; expected `,` or `}` (JSON has no comments)",
      position: "1:9", path: "$.a"),
    SyntaxCase(
      json: "{\n  \"a\": [\n    1,\n    ]\n}",
      message: "not valid JSON: a comma before `]`; JSON allows no trailing comma",
      position: "4:5", path: "$.a[1]"),
    SyntaxCase(
      json: #"{"é": x}"#,
      message: "not valid JSON: `x` is not a JSON value; strings need double quotes",
      position: "1:7", path: "$[\"é\"]"),
    SyntaxCase(
      json: #"{"a": }"#, message: "not valid JSON: unexpected character `}`; expected a value",
      position: "1:7", path: "$.a"),
    SyntaxCase(
      json: "{\"a\": \"x\ty\"}",
      message: "not valid JSON: control character U+0009 inside a string; it must be written as "
        + "an escape such as \\n",
      position: "1:9", path: "$.a"),
    SyntaxCase(json: "", message: "not valid JSON: the payload is empty", position: "1:1"),
    SyntaxCase(
      json: "  \n\t ", message: "not valid JSON: the payload holds only whitespace", position: "1:1"
    ),
  ])
  func reportsWhereAndWhyJSONIsInvalid(_ testCase: SyntaxCase) throws {
    let error = try #require(syntaxError(in: Data(testCase.json.utf8)))
    #expect(error.message == testCase.message)
    #expect(error.position == testCase.position)
    #expect(error.path == testCase.path)
  }

  @Test(arguments: [
    #"{"a": [1, 2.5e-3, -0, true, false, null, "x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"], "b": {}}"#,
    "  [ ]  ", "\"just a string\"", "42", "\u{FEFF}{\"after\": \"a byte order mark\"}",
    #"{"emoji": "🏠", "accents": "café"}"#,
  ])
  func acceptsValidJSON(_ json: String) {
    #expect(syntaxError(in: Data(json.utf8)) == nil)
  }

  @Test(
    arguments: [
      (
        [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D],
        "not valid UTF-8: byte 0xFF inside a string", "1:7"
      ),
      ([0x22, 0xC3, 0x28, 0x22], "not valid UTF-8: byte 0xC3 inside a string", "1:2"),
      ([0x22, 0xED, 0xA0, 0x80, 0x22], "not valid UTF-8: byte 0xED inside a string", "1:2"),
      ([0x22, 0xC0, 0xAF, 0x22], "not valid UTF-8: byte 0xC0 inside a string", "1:2"),
      ([0x5B, 0xFE, 0x5D], "not valid UTF-8: byte 0xFE", "1:2"),
      (
        [0x00, 0x01, 0x02],
        "not valid JSON: unexpected byte 0x00 where a value was expected; the data looks binary",
        "1:1"
      ),
    ] as [([UInt8], String, String)])
  func reportsInvalidUTF8AndBinaryData(bytes: [UInt8], message: String, position: String) throws {
    let error = try #require(syntaxError(in: Data(bytes)))
    #expect(error.message == message)
    #expect(error.position == position)
  }

  @Test func stopsAtTheDepthJSONDecoderAcceptsWithoutRecursing() throws {
    let accepted = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    #expect(syntaxError(in: Data(accepted.utf8)) == nil)
    #expect(throws: Never.self) {
      _ = try JSONDecoder().decode(JSONValue.self, from: Data(accepted.utf8))
    }

    let tooDeep = String(repeating: "[", count: 1_000_000)
    let error = try #require(syntaxError(in: Data(tooDeep.utf8)))
    #expect(
      error.message
        == "not valid JSON: nested more than 512 levels deep, the most JSONDecoder reads")
    #expect(error.position == "1:513")
  }

  @Test func locatesValuesByCodingPathInOnePass() throws {
    let json = """
      {
        "a": { "b": [10, { "c": "x" }] },
        "d": null,
        "k": 1, "k": 2,
        "e\\u0073caped": 3.5
      }
      """
    let paths: [[UnknownValue.PathComponent]] = [
      [.key("a"), .key("b"), .index(1), .key("c")],
      [.key("d")],
      [.key("a"), .key("b"), .index(5)],
      [],
      [.key("k")],
      [.key("escaped")],
      [.key("a"), .key("b")],
    ]
    let found = Data(json.utf8).withUnsafeBytes { bytes in
      let scanner = JSONScanner(bytes)
      return scanner.locate(paths).map { value in
        value.map { (scanner.positions(of: [$0.offset])[$0.offset]!.description, $0.kind, $0.text) }
      }
    }
    #expect(found.count == paths.count)
    #expect(found[0]?.0 == "2:27" && found[0]?.1 == .string && found[0]?.2 == "\"x\"")
    #expect(found[1]?.0 == "3:8" && found[1]?.1 == .null)
    #expect(found[2] == nil)
    #expect(found[3]?.0 == "1:1" && found[3]?.1 == .object && found[3]?.2 == nil)
    // Of duplicate keys the first counts, as in JSONDecoder.
    #expect(found[4]?.0 == "4:8" && found[4]?.2 == "1")
    #expect(found[5]?.0 == "5:19" && found[5]?.1 == .number && found[5]?.2 == "3.5")
    #expect(found[6]?.0 == "2:15" && found[6]?.1 == .array)
  }

  @Test func theTreeKeepsTheFirstOfDuplicateKeysAsJSONDecoderDoes() throws {
    let json = Data(#"{"k": 1, "list": [true, null], "k": "second"}"#.utf8)
    let tree = try #require(json.withUnsafeBytes { JSONScanner($0).tree() })
    let located = try LocatingDecoder.decode(JSONValue.self, from: tree)
    #expect(located == ["k": 1, "list": [true, nil]])
    #expect(located == (try JSONDecoder().decode(JSONValue.self, from: json)))
  }

  @Test func skipsDeepNestingWithoutRecursing() throws {
    let depth = 200_000
    let json =
      #"{"deep": "# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
      + #", "after": true}"#
    let found = Data(json.utf8).withUnsafeBytes { bytes in
      JSONScanner(bytes).locate([[.key("after")]])
    }
    #expect(found.first??.kind == .boolean)
    #expect(found.first??.offset == 2 * depth + 20)
  }

  @Test func countsColumnsInCharactersAfterAByteOrderMark() {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{\"é\":\n  \"🏠\", x".utf8)
    let positions = Data(bytes).withUnsafeBytes { buffer in
      JSONScanner(buffer).positions(of: [0, 3, 9, 12, 17, bytes.count])
    }
    #expect(positions[0] == TextPosition(line: 1, column: 1))
    #expect(positions[3] == TextPosition(line: 1, column: 1))
    #expect(positions[9] == TextPosition(line: 1, column: 6))  // after "é": the line break
    #expect(positions[12] == TextPosition(line: 2, column: 3))  // the quote before 🏠
    #expect(positions[17] == TextPosition(line: 2, column: 5))  // the closing quote
    #expect(positions[bytes.count] == TextPosition(line: 2, column: 9))  // the end
  }
}
