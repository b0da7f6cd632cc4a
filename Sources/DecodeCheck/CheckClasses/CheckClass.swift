extension CheckClass {
  /// The class of `finding`.
  init(of finding: Finding) {
    guard let contract = finding.contract else {
      self.init(kind: finding.kind)
      return
    }
    switch contract.check {
    case .examples: self = .specExample
    case .enumValues: self = .enumValue
    case .optionality: self = .optionality
    case .typesAndFormats:
      self = contract.value.map(Self.isDateFormatEdge) == true ? .dateFormatEdge : .typeFormat
    case .variants: self = .variant
    case .generation: self = .notGenerated
    }
  }

  /// The class of a baseline entry that no longer occurs: its kind's, or a date-time edge's
  /// when it records one (an entry keeps the spec's value, not the check).
  init(of entry: BaselineEntry) {
    self =
      entry.pointer != nil && Self.isDateFormatEdge(entry.value)
      ? .dateFormatEdge : .init(kind: entry.kind)
  }

  /// Whether `value` is one of the date-times with fractional seconds or a UTC offset that
  /// the types-and-formats check generates for a `date-time`.
  private static func isDateFormatEdge(_ value: String) -> Bool {
    FormatSamples.stringVariants(format: "date-time").contains { $0.value == value }
  }

  /// The class named `name`; `nil` for a name no class has.
  init?(named name: String) {
    self.init(rawValue: name)
  }

  /// Whether `--disable` may turn it off: every class but inputs that could not be read.
  var canBeDisabled: Bool { self != .inputError }

  /// The names `--disable` takes, comma-separated, for messages and help.
  static var disableableNames: String {
    allCases.filter(\.canBeDisabled).map(\.rawValue).joined(separator: ", ")
  }

  /// One sentence saying what the class checks (SARIF's `shortDescription` of its rule).
  var summary: String {
    switch self {
    case .specExample: "The spec's own examples decoded as they are (--openapi)."
    case .enumValue: "Every value an enum of the spec lists (--openapi)."
    case .optionality:
      "Each member the spec does not require left out, each nullable one null (--openapi)."
    case .typeFormat:
      "Each value of its spec type and format, and the edges of numbers (--openapi)."
    case .dateFormatEdge:
      "RFC 3339 date-times with fractional seconds or a UTC offset, which many date strategies "
        + "refuse (--openapi)."
    case .variant: "Every oneOf and anyOf branch and discriminator value (--openapi)."
    default: kind.details.description
    }
  }
}
