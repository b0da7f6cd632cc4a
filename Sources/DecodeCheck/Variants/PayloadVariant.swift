import CodableResilience
import Foundation

// The variants engine: build a payload the server might send, decode it as the app does,
// and say what happened. `decode-check --audit` and `decode-check --openapi` are its clients;
// so is the checking of a captured payload, which is the variant "the payload as it is".
//
// A client uses four things:
//
// 1. `PayloadVariant`: a payload (bytes, or a `JSONTree` it serializes) and the
//    `PayloadChange` that made it, said in words a report can show.
// 2. `PayloadOutline` (optional): a payload's values with their paths and places in the text,
//    to make variants of a payload by editing it in place: `variant(replacing:with:)`,
//    `variant(removing:)`, `variant(nulling:)`, `variant(tagging:tag:as:keeping:)`.
// 3. `VariantDecoder(model)`: decodes variants as the `RegisteredModel` says the app does (its
//    decoder's key, date and data strategies and `userInfo`), with unknown values collected
//    by the checker's own handler (never the app's), several variants at once.
// 4. `VariantOutcome`: decoded silently, decoded with reports, or failed, located.
//
// ```swift
// let decoder = VariantDecoder(model)
// let outline = PayloadOutline(data)!
// let variants = outline.nodes.indices
//   .filter { outline.nodes[$0].kind == .string }
//   .map { outline.variant(replacing: $0, with: #""never-sent""#) }
// for (variant, outcome) in zip(variants, decoder.outcomes(of: variants, maximumConcurrency: 2)) {
//   switch outcome {
//   case .decodedSilently: print(variant.change, "changes nothing the model reports")
//   case .decodedWithReports(let reports): print(variant.change, "reported:", reports)
//   case .failed(let failure): print(variant.change, "fails at", failure.jsonPath, failure.message)
//   }
// }
// ```
//
// The outcome carries every report the toolkit made (`VariantReport.unknownValue`, as the
// handler received it), renamed values included, so each client classifies the kinds of
// report: an unknown value, an element left out (with its own error explained,
// `VariantReport.elementFailure`), a renamed value (`VariantReport.isProblem` is false).

/// A payload the server might send, and how it came to be: a captured payload with one
/// change, or a payload generated whole.
///
/// ```swift
/// let variant = PayloadVariant(data, change: .replacedValue(at: path, with: #""castle""#))
/// let generated = PayloadVariant(tree, change: .generated("the example of `Listing`"))
/// ```
struct PayloadVariant: Sendable {
  /// The payload's bytes, UTF-8 JSON.
  var payload: Data
  /// What makes it a variant.
  var change: PayloadChange

  init(_ payload: Data, change: PayloadChange) {
    self.payload = payload
    self.change = change
  }

  /// A payload generated as a tree, written as compact JSON text.
  init(_ tree: JSONTree, change: PayloadChange) {
    self.init(tree.jsonData(), change: change)
  }
}

/// What makes a variant: one change at a path (with the payload's own keys), or a whole
/// generated payload.
///
/// ```swift
/// PayloadChange.removedKey(at: [.key("listings"), .index(0), .key("status")]).description
/// // "$.listings[0].status left out"
/// ```
enum PayloadChange: Sendable, Hashable, CustomStringConvertible {
  /// The value at a path replaced by `json`, one JSON value (`"castle"`, `97`).
  case replacedValue(at: [UnknownValue.PathComponent], with: String)
  /// The member at a path left out.
  case removedKey(at: [UnknownValue.PathComponent])
  /// `null` at a path.
  case setNull(at: [UnknownValue.PathComponent])
  /// The object at a path (an array's element) given a tag never sent: the member `key`
  /// holds `tag` (JSON text), and the members a new variant cannot be counted on to carry
  /// are left out.
  case newTag(at: [UnknownValue.PathComponent], key: String, tag: String)
  /// A payload made whole, such as an example from an API's published contract, said in
  /// words: "the example of `Listing`".
  case generated(String)

  /// The path the change is at; `nil` for a generated payload.
  var path: [UnknownValue.PathComponent]? {
    switch self {
    case .replacedValue(let path, _), .removedKey(let path), .setNull(let path),
      .newTag(let path, _, _):
      path
    case .generated: nil
    }
  }

  /// The change in words: `$.listings[0].kind replaced by "castle"`.
  var description: String {
    switch self {
    case .replacedValue(let path, let json):
      "\(UnknownValue.PathComponent.jsonPath(path)) replaced by \(json)"
    case .removedKey(let path):
      "\(UnknownValue.PathComponent.jsonPath(path)) left out"
    case .setNull(let path):
      "\(UnknownValue.PathComponent.jsonPath(path)) set to null"
    case .newTag(let path, let key, let tag):
      "\(UnknownValue.PathComponent.jsonPath(path)) a new variant, \(jsonQuoted(key)): \(tag)"
    case .generated(let description):
      description
    }
  }
}
