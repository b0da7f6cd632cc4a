import CodableResilience

/// What decoding a payload as a model came to.
///
/// ```swift
/// switch VariantDecoder(model).outcome(of: data) {
/// case .decodedSilently: break
/// case .decodedWithReports(let reports): print(reports.map(\.jsonPath))
/// case .failed(let failure): print(failure.jsonPath ?? "$", failure.message)
/// }
/// ```
enum VariantOutcome: Sendable {
  /// It decoded, and the handler received nothing.
  case decodedSilently
  /// It decoded, and the handler received these reports, in the order they were made.
  case decodedWithReports([VariantReport])
  /// It did not decode.
  case failed(VariantFailure)

  /// Every report the handler received, also those before a failure.
  var reports: [VariantReport] {
    switch self {
    case .decodedSilently: []
    case .decodedWithReports(let reports): reports
    case .failed(let failure): failure.reportsBefore
    }
  }

  /// Whether the payload decoded.
  var decoded: Bool {
    if case .failed = self { return false }
    return true
  }

  /// The reports that say the app did not take something: unknown values and elements left
  /// out, not renamed values.
  var problems: [VariantReport] {
    reports.filter(\.isProblem)
  }
}

/// One report the checker's handler received while a payload decoded (an unknown value, an
/// element left out, a renamed value), and where it is in the payload.
///
/// ```swift
/// report.unknownValue.typeName  // "ListingKind"
/// report.jsonPath               // "$.listings[0].kind", with the payload's own keys
/// ```
struct VariantReport: Sendable {
  /// The report as the toolkit made it: type name, raw value, coding path, known values.
  var unknownValue: UnknownValue
  /// Where it is, with the payload's own keys (`accepted_methods`, where a key strategy
  /// turned it into `acceptedMethods`); the coding path when the text does not hold it.
  var path: [UnknownValue.PathComponent]
  /// The byte offset of the value in the payload, for a line and column; `nil` when the
  /// text does not hold it.
  var offset: Int?

  /// For an element left out (`@SkipInvalidElements`), its own error in decode-check's words,
  /// where inside the element it happened, with the payload's own keys.
  var elementFailure: VariantFailure?

  /// ``path`` as JSONPath text: `$.listings[0].kind`.
  var jsonPath: String { UnknownValue.PathComponent.jsonPath(path) }

  /// Whether the app did not take something: an unknown value or an element left out
  /// (``ReportRules/isProblem``).
  var isProblem: Bool { rules.isProblem }

  /// The finding kind's rules for this report, from the one table (`FindingKinds.swift`).
  var rules: ReportRules {
    // Every kind a report maps to has rules; an unknown value's otherwise.
    let kind = Finding.Kind(report: unknownValue.kind)
    return kind.row.report ?? Finding.Kind.unknownValue.row.report!
  }

  /// The report as the modes word it: its path with the payload's own keys and, for an
  /// element left out, its error in decode-check's words.
  var worded: WordedReport {
    var worded = WordedReport(value: unknownValue, path: jsonPath)
    if case .invalidElement(let failure) = unknownValue.kind {
      worded.elementError = elementFailureText(otherwise: failure)
    }
    return worded
  }

  /// Whether it is an element `@SkipInvalidElements` left out.
  var isElementLeftOut: Bool {
    if case .invalidElement = unknownValue.kind { return true }
    return false
  }

  /// The finding for this report, worded by `message`, with the kind and severity the one
  /// table gives it (``ReportRules``), whichever mode words it.
  ///
  /// ```swift
  /// report.finding(isStrict: false, message: "unknown ListingKind value \"castle\"")
  /// ```
  func finding(isStrict: Bool, message: String) -> Finding {
    let kind = Finding.Kind(report: unknownValue.kind)
    let severity = isStrict ? rules.strictSeverity : kind.details.defaultSeverity
    return Finding(
      severity: severity, kind: kind, message: message, path: jsonPath,
      unknownValue: unknownValue)
  }

  /// The finding for this report when a payload is checked, in the check's words
  /// (``ReportRules/words``).
  ///
  /// `$.notices[2]: left out an element that fails to decode as Notice: expected a number,
  /// found a string: "three" (at $.notices[2].id)`
  func finding(isStrict: Bool) -> Finding {
    finding(isStrict: isStrict, message: rules.words(worded))
  }

  /// The error of an element left out, in decode-check's words, followed by where inside the
  /// element it happened when that is not the element itself: `expected a number, found a
  /// string: "three" (at $.notices[2].id)`. `failure`, the error as thrown, when it could not
  /// be explained.
  func elementFailureText(otherwise failure: UnknownValue.ElementFailure) -> String {
    guard let elementFailure else { return failure.description }
    var text = elementFailure.message
    if let inner = elementFailure.jsonPath, inner != jsonPath {
      text += " (at \(inner))"
    }
    return text
  }
}

/// Why a payload did not decode, in decode-check's words, and where.
///
/// ```swift
/// failure.jsonPath   // "$.listings[0].heating"
/// failure.message    // unknown Heating value "solar", and Heating cannot decode values it …
/// failure.typeName   // "Heating"
/// ```
struct VariantFailure: Sendable {
  /// The finding the checker reports for it, with its JSON path and message: a decoding
  /// failure, or invalid JSON when `JSONDecoder` read the text differently.
  var finding: Finding
  /// Where it is, with the payload's own keys: the value at fault, or for a missing key the
  /// object that lacks it; `nil` when the failure names no place.
  var path: [UnknownValue.PathComponent]?
  /// The byte offset the finding is at, for a line and column; `nil` when it has none.
  var offset: Int?
  /// The type the failure names: the enum that cannot read a value (`Heating`), the type
  /// that rejected one through the handler, or the Swift type a value was expected to be
  /// (`Int`). `nil` when it names none (a missing key).
  var typeName: String?
  /// The reports made before decoding failed.
  var reportsBefore: [VariantReport]

  /// The failure in plain words: "missing required key `status`".
  var message: String { finding.message }

  /// ``path`` as JSONPath text, `nil` when there is none.
  var jsonPath: String? { path.map(UnknownValue.PathComponent.jsonPath) }
}
