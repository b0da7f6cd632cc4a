import CodableResilience
import Foundation
import Testing

@testable import DecodeCheck

@Suite struct JSONDocumentVariantsTests {
  private let payload = """
    {
      "page": 1,
      "listings": [
        { "kind": "house", "title": "Sea \\"view\\"", "tags": ["a", "b"] },
        { "kind": "flat", "title": "Loft", "tags": [] }
      ],
      "next": null
    }
    """

  private func outline() throws -> JSONDocument {
    try #require(JSONDocument(Data(payload.utf8)))
  }

  @Test func everyValueHasItsPathKindAndText() throws {
    let outline = try outline()
    let paths = outline.paths()
    let described = outline.nodes.indices.map { node in
      "\(UnknownValue.PathComponent.jsonPath(paths[node])) \(outline.nodes[node].kind)"
    }
    #expect(
      described == [
        "$ object", "$.page number", "$.listings array", "$.listings[0] object",
        "$.listings[0].kind string", "$.listings[0].title string", "$.listings[0].tags array",
        "$.listings[0].tags[0] string", "$.listings[0].tags[1] string", "$.listings[1] object",
        "$.listings[1].kind string", "$.listings[1].title string", "$.listings[1].tags array",
        "$.next null",
      ])
    let title = try #require(outline.node(at: "$.listings[0].title"))
    #expect(outline.text(of: title) == #"Sea "view""#)
    #expect(outline.key(of: title) == "title")
    #expect(outline.key(of: try #require(outline.node(at: "$.listings[1]"))) == nil)
    let page = try #require(outline.node(at: "$.page"))
    #expect(outline.text(of: page) == "1")
    let offset = outline.nodes[page].offset
    #expect(outline.positions(of: [offset])[offset] == TextPosition(line: 2, column: 11))
  }

  /// Each way of leaving a member out keeps the rest as it was written, and valid JSON.
  @Test(arguments: [
    (
      "$.page",
      #"{"listings":[{"kind":"house","title":"Sea \"view\"","tags":["a","b"]},{"kind":"flat","title":"Loft","tags":[]}],"next":null}"#
    ),
    (
      "$.next",
      #"{"page":1,"listings":[{"kind":"house","title":"Sea \"view\"","tags":["a","b"]},{"kind":"flat","title":"Loft","tags":[]}]}"#
    ),
    (
      "$.listings[0].title",
      #"{"page":1,"listings":[{"kind":"house","tags":["a","b"]},{"kind":"flat","title":"Loft","tags":[]}],"next":null}"#
    ),
    (
      "$.listings[0].tags[1]",
      #"{"page":1,"listings":[{"kind":"house","title":"Sea \"view\"","tags":["a"]},{"kind":"flat","title":"Loft","tags":[]}],"next":null}"#
    ),
    (
      "$.listings[1]",
      #"{"page":1,"listings":[{"kind":"house","title":"Sea \"view\"","tags":["a","b"]}],"next":null}"#
    ),
  ])
  func removingAMemberKeepsTheRest(path: String, expected: String) throws {
    let outline = try outline()
    let variant = outline.variant(removing: try #require(outline.node(at: path)))
    #expect(try compact(variant) == expected)
    // No comma is left behind: the variant is JSON by RFC 8259, not only to JSONDecoder.
    #expect(variant.withUnsafeBytes { StrictJSONValidator.isValid($0, from: 0) })
  }

  @Test func theOnlyMemberLeavesAnEmptyContainer() throws {
    let outline = try #require(JSONDocument(Data(#"{"a": {"b": [ 1 ]}}"#.utf8)))
    let only = try #require(outline.node(at: "$.a.b[0]"))
    #expect(
      String(decoding: outline.variant(removing: only), as: UTF8.self)
        == #"{"a": {"b": [  ]}}"#)
    let member = try #require(outline.node(at: "$.a.b"))
    #expect(
      String(decoding: outline.variant(removing: member), as: UTF8.self) == #"{"a": {}}"#)
  }

  @Test func replacingAndNullingEditOneValueInPlace() throws {
    let outline = try outline()
    let kind = try #require(outline.node(at: "$.listings[1].kind"))
    let replaced = outline.variant(replacing: kind, with: #""castle""#)
    #expect(
      String(decoding: replaced, as: UTF8.self)
        == payload.replacing(#""flat""#, with: #""castle""#))
    let nulled = outline.variant(nulling: kind)
    #expect(
      String(decoding: nulled, as: UTF8.self) == payload.replacing(#""flat""#, with: "null")
    )
  }

  @Test func aNewVariantKeepsOnlyTheMembersGiven() throws {
    let outline = try outline()
    let element = try #require(outline.node(at: "$.listings[0]"))
    let kind = try #require(outline.node(at: "$.listings[0].kind"))
    let tags = try #require(outline.node(at: "$.listings[0].tags"))
    let variant = outline.variant(tagging: element, tag: kind, as: #""castle""#, keeping: [tags])
    #expect(
      try compact(variant)
        == #"{"page":1,"listings":[{"kind":"castle","tags":["a","b"]},{"kind":"flat","title":"Loft","tags":[]}],"next":null}"#
    )
  }

  @Test func textThatIsNotOneJSONValueHasNoOutline() {
    for text in ["", "{", #"{"a": 1} 2"#, "[1, ]x", "nul"] {
      #expect(JSONDocument(Data(text.utf8)) == nil, "\(text)")
    }
    // A trailing comma, which JSONDecoder reads, and a byte order mark are read.
    let trailing = JSONDocument(Data(#"{"a": [1, 2,],}"#.utf8))
    #expect(trailing?.nodes.count == 4)
    let marked = JSONDocument(Data([0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8)))
    #expect(marked.flatMap { $0.node(at: "$.a") }.map { marked!.text(of: $0) } == "1")
  }

  /// Nesting as deep as JSONDecoder reads is read without recursion.
  @Test func deepNestingIsRead() throws {
    let depth = 512
    let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    let outline = try #require(JSONDocument(Data(text.utf8)))
    #expect(outline.nodes.count == depth)
    #expect(outline.paths().last?.count == depth - 1)
  }
}

/// The payload re-encoded without white space and with its key order kept, for comparing
/// edits: valid JSON or the test fails.
private func compact(_ data: Data) throws -> String {
  let outline = try #require(
    JSONDocument(data), "not JSON: \(String(decoding: data, as: UTF8.self))")
  var text = ""
  func write(_ node: Int) {
    switch outline.nodes[node].kind {
    case .object:
      text += "{"
      for (index, child) in outline.children(of: node).enumerated() {
        if index > 0 { text += "," }
        text += jsonQuoted(outline.key(of: child) ?? "") + ":"
        write(child)
      }
      text += "}"
    case .array:
      text += "["
      for (index, child) in outline.children(of: node).enumerated() {
        if index > 0 { text += "," }
        write(child)
      }
      text += "]"
    case .string:
      text += jsonQuoted(outline.text(of: node))
    default:
      text += outline.text(of: node)
    }
  }
  write(0)
  return text
}
