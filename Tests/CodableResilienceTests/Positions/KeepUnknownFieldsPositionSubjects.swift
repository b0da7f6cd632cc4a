import CodableResilience
import Foundation

// `@KeepUnknownFields` (issue 31) at every position a model can be: the same model, the same
// unknown fields kept, the same reports (only to a handler that asks, never `.strict`'s error)
// and the same JSON written back as a top-level decode, under every handler.

/// A server's visitor as the app models it: the server sends more.
struct Visitor: Codable, Hashable, Sendable {
  var id: Int
  var name: String
  var nickname: String?
}

/// Objects a `Visitor` decodes from, with no unknown fields, one, several and of every JSON
/// kind, and every way the model fails; then what is no object at all.
let visitorSamples = [
  #"{"id": 1, "name": "Ada"}"#,
  #"{"id": 2, "name": "Grace", "team": "navy"}"#,
  // An optional's `null`, which synthesized `Codable` does not write: kept as an unknown field.
  #"{"id": 3, "name": "Alan", "nickname": null}"#,
  #"{"id": 4, "name": "Kurt", "z": [1, {"deep": null}], "a": 12345678901234567890123, "m": {"x": -0.0}, "nickname": "K"}"#,
  #"{"é": true, "id": 5, "name": "Emmy", "quote\"key": "v", "tab\tkey": 0.1}"#,
  #"{"id": "6", "name": "Wrong type", "extra": 1}"#,
  #"{"id": 7, "extra": 1}"#,
  #"{"id": 8, "name": null, "extra": 1}"#,
  "{}", "null", "[]", #""Ada""#, "3",
]

/// `@KeepUnknownFields var visitor: Visitor` as a subject: it describes the model, the fields
/// kept, and what a model holding it writes, so every position is compared on all three.
extension KeepUnknownFields: PositionSubject where Model == Visitor {
  static var samples: [String] { visitorSamples }
  static var known: String { #"{"id": 1, "name": "Ada"}"# }
  static var positions: [Position<Self>] {
    standardPositions(
      VisitorAt.Property.self, VisitorAt.OptionalProperty.self, VisitorAt.ArrayProperty.self,
      VisitorAt.OptionalArrayProperty.self, VisitorAt.NestedArrays.self,
      VisitorAt.DictionaryProperty.self)
  }

  var canonicalDescription: String {
    let fields = unknownFields.map { "\($0.key)=\($0.value)" }.sorted()
    return "\(wrappedValue), unknown \(fields), written \(writtenText(self))"
  }
}

/// A model whose own `init(from:)` hands its decoder on to `@KeepUnknownFields`, and whose
/// `encode(to:)` hands its encoder on: the wrapper sees the object the model was given.
struct ForwardedVisitor: Codable, PositionSubject {
  var kept: KeepUnknownFields<Visitor>

  init(from decoder: any Decoder) throws {
    kept = try KeepUnknownFields(from: decoder)
  }

  func encode(to encoder: any Encoder) throws {
    try kept.encode(to: encoder)
  }

  var canonicalDescription: String { kept.canonicalDescription }

  static let samples = visitorSamples
  static let known = KeepUnknownFields<Visitor>.known
  static let positions = standardPositions(
    ForwardedVisitorAt.Property.self, ForwardedVisitorAt.OptionalProperty.self,
    ForwardedVisitorAt.ArrayProperty.self, ForwardedVisitorAt.OptionalArrayProperty.self,
    ForwardedVisitorAt.NestedArrays.self, ForwardedVisitorAt.DictionaryProperty.self)
}

// Concrete models, `Codable` so a round trip goes through the toolkit's encoding overload too.

enum VisitorAt {
  struct Property: Holder, Codable { var value: KeepUnknownFields<Visitor> }
  struct OptionalProperty: Holder, Codable { var value: KeepUnknownFields<Visitor>? }
  struct ArrayProperty: Holder, Codable { var value: [KeepUnknownFields<Visitor>] }
  struct OptionalArrayProperty: Holder, Codable { var value: [KeepUnknownFields<Visitor>]? }
  struct NestedArrays: Holder, Codable { var value: [[KeepUnknownFields<Visitor>]] }
  struct DictionaryProperty: Holder, Codable {
    var value: [String: KeepUnknownFields<Visitor>]
  }
}

enum ForwardedVisitorAt {
  struct Property: Holder, Codable { var value: ForwardedVisitor }
  struct OptionalProperty: Holder, Codable { var value: ForwardedVisitor? }
  struct ArrayProperty: Holder, Codable { var value: [ForwardedVisitor] }
  struct OptionalArrayProperty: Holder, Codable { var value: [ForwardedVisitor]? }
  struct NestedArrays: Holder, Codable { var value: [[ForwardedVisitor]] }
  struct DictionaryProperty: Holder, Codable { var value: [String: ForwardedVisitor] }
}

let keepUnknownFieldsPositions: [PositionCase] =
  KeepUnknownFields<Visitor>.positions.map(PositionCase.init)
  + ForwardedVisitor.positions.map(PositionCase.init)
