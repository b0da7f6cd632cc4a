/// A class of check, by the short, stable name every format shows beside its findings and
/// `--disable` turns off, the way SwiftLint names its rules: `unknown-value`,
/// `date-format-edge`.
///
/// A payload's finding is of the class of its kind. A finding of `--openapi` is of the class
/// of the check that made its payload (`enum-value`, `optionality`, …), except that the
/// RFC 3339 date-time edges the types-and-formats check tries, fractional seconds and a UTC
/// offset, are a class of their own: many date strategies refuse one or the other (Apple's
/// `.iso8601` refuses fractional seconds), and a team may decide that its server never sends
/// them.
///
/// ```swift
/// CheckClass(of: finding).rawValue  // "date-format-edge"
/// CheckClass(named: "enum-value")   // .enumValue
/// ```
enum CheckClass: String, CaseIterable, Sendable, Hashable {
  // What checking payloads finds, by kind.
  case unknownValue = "unknown-value"
  case elementLeftOut = "element-left-out"
  case oldSpelling = "old-spelling"
  case decodingFailure = "decoding-failure"
  case invalidJSON = "invalid-json"
  case noRoute = "no-route"
  case aliasConflict = "alias-conflict"
  case brittleField = "brittle-field"
  case auditedField = "audited-field"
  case defaultUsed = "default-used"
  case unknownField = "unknown-field"
  /// An input that could not be read: not a finding about a payload, so never turned off.
  case inputError = "input-error"
  // What `--openapi` finds, by the check that made the payload.
  case specExample = "spec-example"
  case enumValue = "enum-value"
  case optionality = "optionality"
  case typeFormat = "type-format"
  case dateFormatEdge = "date-format-edge"
  case variant = "variant"
  case notGenerated = "not-generated"

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

  /// The class of a finding of `kind` in a payload.
  init(kind: Finding.Kind) {
    switch kind {
    case .unknownValue: self = .unknownValue
    case .invalidElement: self = .elementLeftOut
    case .renamedValue: self = .oldSpelling
    case .decodingFailure: self = .decodingFailure
    case .invalidJSON: self = .invalidJSON
    case .noRoute: self = .noRoute
    case .aliasConflict: self = .aliasConflict
    case .brittleField: self = .brittleField
    case .auditedField: self = .auditedField
    case .inputError: self = .inputError
    case .notGenerated: self = .notGenerated
    case .defaultUsed: self = .defaultUsed
    case .unknownField: self = .unknownField
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

  /// The kind whose description and help a class shares (SARIF's rule for it).
  var kind: Finding.Kind {
    switch self {
    case .unknownValue, .enumValue: .unknownValue
    case .elementLeftOut: .invalidElement
    case .oldSpelling: .renamedValue
    case .decodingFailure, .specExample, .optionality, .typeFormat, .dateFormatEdge, .variant:
      .decodingFailure
    case .invalidJSON: .invalidJSON
    case .noRoute: .noRoute
    case .aliasConflict: .aliasConflict
    case .brittleField: .brittleField
    case .auditedField: .auditedField
    case .inputError: .inputError
    case .notGenerated: .notGenerated
    case .defaultUsed: .defaultUsed
    case .unknownField: .unknownField
    }
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
