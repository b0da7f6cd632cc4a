/// Which check of `decode-check --openapi` a finding comes from.
///
/// ```swift
/// for finding in report.files.flatMap(\.findings) {
///   if finding.contract?.check == .enumValues { print(finding.message) }
/// }
/// ```
public enum ContractCheck: String, Sendable, Hashable, Codable, CaseIterable {
  /// The spec's own examples (`example`, `examples`) of the schema and of the responses that
  /// use it, decoded as they are.
  case examples
  /// Every value an `enum` lists, wherever the schema reaches it.
  case enumValues
  /// Each property not in `required` left out, and each nullable one `null`.
  case optionality
  /// Every value generated with its spec type and format: a `date-time`, an `int64` at its
  /// edges, a `number` with a fraction.
  case typesAndFormats
  /// Every `oneOf` / `anyOf` branch, and every value of a `discriminator`.
  case variants
  /// Parts of the spec no payload could be generated from: an external `$ref`, a required
  /// recursive member, a budget reached.
  case generation

  /// How the check is named in reports.
  ///
  /// ```swift
  /// ContractCheck.enumValues.title  // "enum values"
  /// ```
  var title: String {
    switch self {
    case .examples: "examples"
    case .enumValues: "enum values"
    case .optionality: "optionality"
    case .typesAndFormats: "types and formats"
    case .variants: "variants"
    case .generation: "generation"
    }
  }
}

/// Where in an OpenAPI document a finding of `decode-check --openapi` comes from, and what it
/// is about: the payloads were generated from the spec, so each finding names the spec's
/// member beside the generated payload's path.
///
/// ```swift
/// let contract = finding.contract!
/// contract.pointer  // #/components/schemas/Filter/properties/filter_action/enum/3
/// contract.value    // "blur"
/// ```
public struct ContractSource: Sendable, Hashable {
  /// Which check made the payload.
  ///
  /// ```swift
  /// contract.check  // .optionality
  /// ```
  public internal(set) var check: ContractCheck
  /// The type the payload was decoded as, by its short name.
  ///
  /// ```swift
  /// contract.typeName  // "Filter"
  /// ```
  public internal(set) var typeName: String
  /// The JSON pointer of the spec member the finding is about.
  ///
  /// ```swift
  /// contract.pointer.description  // "#/components/schemas/Quote/properties/state"
  /// ```
  public internal(set) var pointer: JSONPointer
  /// The spec's value the finding is about, as text: an `enum` element, a discriminator
  /// value; `nil` when it is about a member rather than a value.
  ///
  /// ```swift
  /// contract.value  // "blur"
  /// ```
  public internal(set) var value: String?
  /// The other mapped types that reach the same spec member, by their short names, when the
  /// finding is reported once for all of them (by the type whose own schema holds the
  /// member); empty otherwise.
  ///
  /// ```swift
  /// contract.alsoFoundThrough  // ["Notification", "Status"]
  /// ```
  public internal(set) var alsoFoundThrough: [String] = []
}
