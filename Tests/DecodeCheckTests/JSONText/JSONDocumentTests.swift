import CodableResilience
import Foundation
import Testing

@testable import DecodeCheck

/// The one tree: what the audit's variants and the OpenAPI reader both read of it.
@Suite struct JSONDocumentTests {
  @Test func everyNodeKnowsItsContainerAndItsMember() throws {
    let text = #"{"a": [1, "x\n", {"b": true}], "c": null, "a": false}"#
    let tree = try #require(JSONDocument(Data(text.utf8)))
    #expect(
      tree.nodes.map(\.kind) == [
        .object, .array, .number, .string, .object, .boolean, .null, .boolean,
      ])
    #expect(tree.nodes.map(\.parent) == [nil, 0, 1, 1, 1, 4, 0, 0])
    for node in tree.nodes.indices.dropFirst() {
      let member = try #require(tree.nodes[node].member)
      #expect(tree.members[member].value == node)
      #expect(tree.nodes[try #require(tree.nodes[node].parent)].members.contains(member))
    }
    #expect(tree.nodes[JSONDocument.root].member == nil)
    #expect(tree.nodes.indices.map(tree.key(of:)) == [nil, "a", nil, nil, nil, "b", "c", "a"])
    // Members in text order, a repeated key kept; looking it up finds the first.
    #expect(tree.elements(of: JSONDocument.root).map(\.key) == ["a", "c", "a"])
    #expect(tree.member("a", of: JSONDocument.root)?.value == 1)
    #expect(tree.members[try #require(tree.nodes[1].member)].offset == 1)
    #expect(tree.string(3) == "x\n")
    #expect(tree.literal(3) == #""x\n""#)
    #expect(tree.text(of: 2) == "1")
    #expect(tree.number(2) == 1)
    #expect(tree.boolean(5) == true)
    #expect(tree.literal(1) == "[…]")
  }

  /// A large object is looked up through its index by key: the same answers as a small one.
  @Test func aLargeObjectFindsTheFirstOfARepeatedKey() throws {
    let members = (0..<20).map { #""k\#($0)": \#($0)"# } + [#""k3": "again""#]
    let tree = try #require(JSONDocument(Data(("{" + members.joined(separator: ",") + "}").utf8)))
    let found = try #require(tree.member("k3", of: JSONDocument.root))
    #expect(tree.literal(found.value) == "3")
    #expect(found.key == "k3")
    #expect(tree.member("k20", of: JSONDocument.root) == nil)
    #expect(tree.elements(of: JSONDocument.root).count == 21)
  }

  @Test func aByteOrderMarkIsSkippedAndOffsetsCountIt() throws {
    let tree = try #require(JSONDocument(Data([0xEF, 0xBB, 0xBF] + Array(#""sea""#.utf8))))
    #expect(tree.nodes.count == 1)
    #expect(tree.nodes[JSONDocument.root].offset == 3)
    #expect(tree.string(JSONDocument.root) == "sea")
    #expect(tree.key(of: JSONDocument.root) == nil)
  }

  /// The tree a payload is read into for audit variants is the one ``LocatingDecoder`` reads,
  /// with the same answers as `JSONDecoder`, a trailing comma included.
  @Test func theLocatingDecoderReadsTheSameTree() throws {
    let json = Data(#"{"a": [1.5, null, "x"], "b": {"c": false},}"#.utf8)
    let tree = try #require(JSONDocument(json))
    let located = try LocatingDecoder.decode(JSONValue.self, from: tree)
    #expect(located == ["a": [1.5, nil, "x"], "b": ["c": false]])
    #expect(located == (try JSONDecoder().decode(JSONValue.self, from: json)))
  }
}
