import CodableResilience

/// A payload generated from the spec for one check, and what it tests: which check, which
/// place in the payload, which member of the spec. It is made only when its turn to be
/// decoded comes (``ProbeEngine``), and dropped once answered.
///
/// ```swift
/// variant.purpose.check        // .enumValues
/// variant.purpose.path         // [.key("filter_action")]
/// variant.purpose.site.pointer // #/components/schemas/Filter/properties/filter_action/enum/3
/// variant.purpose.change       // .value(text: "blur", description: nil)
/// variant.make().json()        // what the engine decodes
/// ```
struct GeneratedVariant: Sendable {
  /// Makes the payload.
  var make: @Sendable () -> GeneratedValue
  var purpose: VariantPurpose
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
