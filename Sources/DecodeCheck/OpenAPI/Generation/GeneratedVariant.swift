import CodableResilience

/// A payload generated from the spec for one check, and what it tests: which check, which
/// place in the payload, which member of the spec.
///
/// ```swift
/// variant.purpose.check        // .enumValues
/// variant.purpose.path         // [.key("filter_action")]
/// variant.purpose.site.pointer // #/components/schemas/Filter/properties/filter_action/enum/3
/// variant.purpose.change       // .value(text: "blur", description: nil)
/// variant.engineVariant        // what the variants engine decodes
/// ```
struct GeneratedVariant: Sendable {
  var payload: GeneratedValue
  var purpose: VariantPurpose

  /// The variant as the variants engine takes it: its JSON text, and the change in the
  /// engine's words.
  var engineVariant: PayloadVariant {
    let change: PayloadChange
    switch purpose.change {
    case .value:
      let json = payload.value(at: purpose.path).map { String(decoding: $0.json(), as: UTF8.self) }
      change = .replacedValue(at: purpose.path, with: json ?? "null")
    case .omitted: change = .removedKey(at: purpose.path)
    case .null: change = .setNull(at: purpose.path)
    case .branch(let name, _):
      change = .generated(
        "the `\(name)` variant at \(UnknownValue.PathComponent.jsonPath(purpose.path))")
    }
    return PayloadVariant(payload.json(), change: change)
  }
}

/// What a ``GeneratedVariant`` changes, against the payload it was made from, and why.
struct VariantPurpose: Sendable {
  /// The change itself.
  enum Change: Sendable {
    /// The value at ``VariantPurpose/path`` is one the spec lists or allows, written as
    /// `text` (a string without its quotes); `description` says what kind of value it is,
    /// `nil` for an `enum` element.
    case value(text: String, description: String?)
    /// The member `key` is left out: the spec does not require it.
    case omitted(key: String)
    /// The member `key` is `null`: the spec allows it.
    case null(key: String)
    /// Another branch of a `oneOf` / `anyOf`, called `name`; with a discriminator, the
    /// property and the value that selects it.
    case branch(name: String, discriminator: (property: String, value: String)?)
  }

  var check: ContractCheck
  /// Where the change is in the payload.
  var path: [UnknownValue.PathComponent]
  /// The spec member the change comes from.
  var site: SpecSite
  var change: Change

  /// The spec's value the change is about, for baselines and reports: the `enum` element,
  /// the boundary, the discriminator value; `nil` for a member left out or `null`.
  var value: String? {
    switch change {
    case .value(let text, _): text
    case .branch(let name, let discriminator): discriminator?.value ?? name
    case .omitted, .null: nil
    }
  }
}
