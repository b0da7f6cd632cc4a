import CodableResilience

// The columns of the one table of kinds (`FindingKinds.swift`): what each row says.

extension Finding.Kind {
  /// How a kind of finding is named and explained in every format that describes kinds: the
  /// GitHub annotation's title, the SARIF rule, the summary's group heading, and whether a
  /// baseline may hold it.
  ///
  /// ```swift
  /// Finding.Kind.unknownValue.details.title  // "unknown value"
  /// ```
  struct Details {
    /// A short lower-case name: "unknown value".
    var title: String
    /// The heading of the summary's group of such findings: "Decoding failures".
    var heading: String
    /// One sentence saying what the finding means (SARIF `shortDescription`).
    var description: String
    /// What to do about it (SARIF `help`).
    var help: String
    /// The finding's severity when nothing makes it stricter (SARIF `defaultConfiguration`):
    /// a report's severity outside `--strict`.
    var defaultSeverity: Finding.Severity
    /// Whether `--baseline` may accept it. Inputs that could not be checked are never
    /// accepted: a missing file is not a finding about a payload.
    var isBaselinable: Bool
    /// Whether it is about a field of a model rather than the payload it was found in (the
    /// audit's findings): the input holding it is only its example, so it counts toward
    /// neither the input's outcome nor its baselined findings, a baseline that accepts it
    /// leaves it listed as a note, and the formats list it after every finding about payloads.
    var isAboutTheModel = false
  }

  /// One row of the table: the kind's class of check (of a finding in a payload; a finding of
  /// `--openapi` is of its check's class), its words and rules, and the report kind it is
  /// made of, if any.
  struct Row {
    var `class`: CheckClass
    var details: Details
    var report: ReportRules?
  }
}

extension CheckClass {
  /// The class of a finding of `kind` in a payload.
  init(kind: Finding.Kind) {
    self = kind.row.class
  }

  /// The kind whose description and help a class shares (SARIF's rule for it): the kind
  /// whose class it is, or for a class of `--openapi` the kind its findings are of.
  var kind: Finding.Kind {
    switch self {
    case .enumValue: .unknownValue
    case .specExample, .optionality, .typeFormat, .dateFormatEdge, .variant: .decodingFailure
    default: Finding.Kind.allCases.first { $0.row.class == self } ?? .decodingFailure
    }
  }

  /// The classes `--strict-classes` may name: the audit's notes of a type's change.
  static let failableByName: Set<CheckClass> = [.brittleToType, .brittleToNull]
}
