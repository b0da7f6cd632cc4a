import CodableResilience
import Foundation

// `OpenEnum` and `TaggedUnion` at every position, through the same equivalence checks as the
// other tools: the same value, reports and errors (case and path) as a top-level decode.

/// Not `Codable`: `OpenEnum` needs only its raw value to be.
enum Tone: String, CaseIterable, Sendable {
  case calm, loud
}

extension OpenEnum: PositionSubject where Known == Tone {
  static var samples: [String] { stringSamples(known: ["calm", "loud"]) }
  static var known: String { #""calm""# }
  static var positions: [Position<Self>] {
    standardPositions(
      ToneAt.Property.self, ToneAt.OptionalProperty.self, ToneAt.ArrayProperty.self,
      ToneAt.OptionalArrayProperty.self, ToneAt.NestedArrays.self,
      ToneAt.DictionaryProperty.self)
  }
}

enum ToneAt {
  struct Property: Holder { var value: OpenEnum<Tone> }
  struct OptionalProperty: Holder { var value: OpenEnum<Tone>? }
  struct ArrayProperty: Holder { var value: [OpenEnum<Tone>] }
  struct OptionalArrayProperty: Holder { var value: [OpenEnum<Tone>]? }
  struct NestedArrays: Holder { var value: [[OpenEnum<Tone>]] }
  struct DictionaryProperty: Holder { var value: [String: OpenEnum<Tone>] }
}

extension FeedItem: PositionSubject {
  static let samples = [
    #"{"type": "post", "title": "T", "likes": 1}"#, #"{"type": "ad", "sponsor": "S"}"#,
    #"{"type": "reel", "clip": "r"}"#, #"{"type": "POST"}"#, #"{"type": "post"}"#,
    #"{"type": "post", "title": 1, "likes": 1}"#, #"{"title": "T", "likes": 1}"#,
    #"{"type": 3}"#, #"{"type": null}"#, "null", "[]", #""post""#, "1",
  ]
  static let known = #"{"type": "ad", "sponsor": "K"}"#
  static let positions = standardPositions(
    FeedItemAt.Property.self, FeedItemAt.OptionalProperty.self, FeedItemAt.ArrayProperty.self,
    FeedItemAt.OptionalArrayProperty.self, FeedItemAt.NestedArrays.self,
    FeedItemAt.DictionaryProperty.self)
}

enum FeedItemAt {
  struct Property: Holder { var value: FeedItem }
  struct OptionalProperty: Holder { var value: FeedItem? }
  struct ArrayProperty: Holder { var value: [FeedItem] }
  struct OptionalArrayProperty: Holder { var value: [FeedItem]? }
  struct NestedArrays: Holder { var value: [[FeedItem]] }
  struct DictionaryProperty: Holder { var value: [String: FeedItem] }
}

extension Alert: PositionSubject {
  static let samples = [
    #"{"kind": "message", "data": {"text": "hi"}}"#, #"{"kind": "ping"}"#,
    #"{"kind": "banner", "data": {"x": [1, 2.5, null]}}"#, #"{"kind": "message"}"#,
    #"{"kind": "message", "data": {"text": 2}}"#, #"{"kind": "message", "data": null}"#,
    #"{"data": {}}"#, "null", "[]",
  ]
  static let known = #"{"kind": "ping"}"#
  static let positions = standardPositions(
    AlertAt.Property.self, AlertAt.OptionalProperty.self, AlertAt.ArrayProperty.self,
    AlertAt.OptionalArrayProperty.self, AlertAt.NestedArrays.self,
    AlertAt.DictionaryProperty.self)
}

enum AlertAt {
  struct Property: Holder { var value: Alert }
  struct OptionalProperty: Holder { var value: Alert? }
  struct ArrayProperty: Holder { var value: [Alert] }
  struct OptionalArrayProperty: Holder { var value: [Alert]? }
  struct NestedArrays: Holder { var value: [[Alert]] }
  struct DictionaryProperty: Holder { var value: [String: Alert] }
}

/// The union tools' positions, which `PositionEquivalenceTests` runs beside the others.
let unionPositions: [PositionCase] =
  OpenEnum<Tone>.positions.map(PositionCase.init) + FeedItem.positions.map(PositionCase.init)
  + Alert.positions.map(PositionCase.init)
