import CodableResilience

/// How a toolkit report becomes a finding, in every mode: its severity, whether the app did
/// not take something, what a baseline records of it, its words in the check and in
/// `--openapi`, what a recorded fixture keeps of it, where the recorder looks for a stand-in,
/// and its member in `--format json`.
struct ReportRules {
  /// The severity under `--strict`; outside it, the kind's ``Finding/Kind/Details/defaultSeverity``.
  var strictSeverity: Finding.Severity
  /// Whether the app did not take something: an unknown value or an element left out. A
  /// renamed value was read as a value the type knows, a default as the model says, and an
  /// unknown field is kept.
  var isProblem: Bool
  /// What a baseline entry records as the finding's value.
  var baselineKey: BaselineKey
  /// The payload check's words: `unknown ListingKind value "castle"; known: house, flat`.
  var words: (WordedReport) -> String
  /// `--openapi`'s words, after what the spec allows: `ListingKind reads it as unknown`.
  var contractWords: (WordedReport) -> String
  /// What a recorded fixture must keep of the report: kind, type, path and what else
  /// identifies it, never what a fixture replaces.
  var signature: (WordedReport) -> String
  /// Where the recorder finds the stand-in it tried, to tell whether the models read it.
  var standIn: StandInPlace
  /// The report's member in a finding of `--format json`.
  var json: (UnknownValue) -> ReportJSON

  /// What a baseline entry records as a finding's value.
  enum BaselineKey {
    /// The raw value received (an unknown value's), which stays when the payload is edited.
    case rawValue
    /// The finding's message (for an element left out, its error: its JSON changes with
    /// every edit).
    case message
  }

  /// Where the recorder finds a stand-in in a report.
  enum StandInPlace {
    /// The raw value it reports.
    case rawValue
    /// The failure of the element it left out.
    case elementFailure
    /// Nowhere: it reports no value the payload sent.
    case none
  }
}

/// A report as the modes word it: the toolkit's report, its path with the payload's own keys,
/// and for an element left out, its error in decode-check's words.
struct WordedReport {
  var value: UnknownValue
  /// `$.listings[0].kind`, with the payload's own keys.
  var path: String
  /// For an element left out, its error and where inside it (`expected a number, found a
  /// string: "three" (at $.notices[2].id)`); empty otherwise.
  var elementError = ""
  /// For an element left out, its failure's ``VariantOutcome/signature`` part.
  var elementSignature = ""

  /// A renamed value's canonical raw value; empty for another kind.
  var canonical: String { Self.canonical(of: value) }

  /// Why a default was read, for a default used.
  var defaultReason: UnknownValue.DefaultReason? { Self.defaultReason(of: value) }

  static func canonical(of value: UnknownValue) -> String {
    if case .renamedValue(let canonical) = value.kind { return canonical }
    return ""
  }

  /// The JSON type a converted value arrived as.
  var received: UnknownValue.JSONType? { Self.received(of: value) }

  /// How a converted value was read: `arrived as a string; converted (@DecodeConvertingType)`.
  var conversion: String {
    switch received {
    case .singleValue: "arrived as one value; read as an array of it (@DecodeOneOrMany)"
    case let received?: "arrived as a \(received.rawValue); converted (@DecodeConvertingType)"
    case nil: "converted"
    }
  }

  static func received(of value: UnknownValue) -> UnknownValue.JSONType? {
    if case .convertedType(let received) = value.kind { return received }
    return nil
  }

  static func defaultReason(of value: UnknownValue) -> UnknownValue.DefaultReason? {
    if case .defaultUsed(let reason) = value.kind { return reason }
    return nil
  }
}

/// A report's member in a finding of `--format json`: its key and its fields.
struct ReportJSON {
  var key: String
  var fields: JSONValue

  /// `fields` as an object of strings, leaving out those that are `nil`.
  init(key: String, _ fields: KeyValuePairs<String, String?>) {
    self.key = key
    var object: [String: JSONValue] = [:]
    for case (let name, let value?) in fields {
      object[name] = .string(value)
    }
    self.fields = .object(object)
  }

  init(key: String, fields: JSONValue) {
    self.key = key
    self.fields = fields
  }
}
