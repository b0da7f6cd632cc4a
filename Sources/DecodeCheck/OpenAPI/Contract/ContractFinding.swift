import CodableResilience

/// A finding of one mapped type, before its place in the OpenAPI document has a line and a
/// column: those are found for every type's findings in one pass over the document.
struct ContractFinding: Sendable {
  var finding: Finding
  /// The byte offset of the finding's place in the document.
  var offset: Int

  /// What makes two findings the same, so one seen in many payloads is reported once: the
  /// finding's ``Finding/identity``.
  var identity: FindingIdentity { finding.identity }
}

/// The words of `--openapi`'s findings: what the spec allows, and what the model does with it.
///
/// ```swift
/// let words = ContractWording(typeName: "Filter", isStrict: false)
/// words.finding(for: report, because: "the spec allows \"blur\" here", check: .enumValues,
///               site: site, value: "blur").finding.message
/// // the spec allows "blur" here; Filter.Action reads it as unknown
/// ```
struct ContractWording {
  /// The mapped type's short name: `Quote`.
  var typeName: String
  var isStrict: Bool

  /// A finding for what the model reported: a value it read as unknown or an element it left
  /// out (a warning, an error under `--strict`), or a value it read in an old spelling (a
  /// note: the spec still names it, and the model reads it as the value it is now).
  func finding(
    for report: VariantReport, because reason: String, check: ContractCheck, site: SpecSite,
    value: String?
  ) -> ContractFinding {
    let message = "\(reason); " + report.rules.contractWords(report.worded)
    let finding = report.finding(isStrict: isStrict, message: message)
    return located(finding, check: check, site: site, value: value)
  }

  /// A finding for a payload the model could not decode: always an error, at `path` (by
  /// default where the decoding failed).
  func failure(
    _ failure: VariantFailure, because reason: String, consequence: String,
    check: ContractCheck, site: SpecSite, value: String?, path: String? = nil
  ) -> ContractFinding {
    located(
      Finding(
        severity: .error, kind: .decodingFailure,
        message: "\(reason); \(consequence): \(failure.message)",
        path: path ?? failure.jsonPath),
      check: check, site: site, value: value)
  }

  /// A part of the spec no payload was generated from.
  func notGenerated(_ message: String, site: SpecSite, isError: Bool) -> ContractFinding {
    located(
      Finding(
        severity: isError ? .error : .problem(isStrict: isStrict), kind: .notGenerated,
        message: "not generated: " + message),
      check: .generation, site: site, value: nil)
  }

  /// The payloads of a schema the budget had no room for, given when some of them were its
  /// own (an example, a variant of its own members), counting all of them: a warning (an
  /// error under `--strict`) of the kind ``Finding/Kind/notGenerated``, worded as what it is,
  /// a partial check.
  func leftOut(_ count: Int, budget: Int, site: SpecSite) -> ContractFinding {
    located(
      Finding(
        severity: .problem(isStrict: isStrict), kind: .notGenerated,
        message: "`\(typeName)` was checked with \(budget) payloads, the budget per schema; "
          + "\(count) more \(count == 1 ? "was" : "were") left out (raise the budget with "
          + "--max-payloads)"),
      check: .generation, site: site, value: nil)
  }

  private func located(_ finding: Finding, check: ContractCheck, site: SpecSite, value: String?)
    -> ContractFinding
  {
    var finding = finding
    finding.contract = ContractSource(
      check: check, typeName: typeName, pointer: site.pointer, value: value)
    return ContractFinding(finding: finding, offset: site.offset)
  }

  /// What a variant's change means for the server, as the first half of its finding.
  func reason(for purpose: VariantPurpose) -> String {
    switch purpose.change {
    case .value(let text, nil):
      return "the spec allows \(jsonQuoted(text)) here"
    case .value(let text, let description?):
      return "the spec allows \(description) here (\(text))"
    case .omitted(let key):
      return "the spec lets the server omit `\(key)`"
    case .null(let key):
      return "the spec lets the server send `null` for `\(key)`"
    case .branch(let name, nil):
      return "the spec allows the `\(name)` variant here"
    case .branch(let name, let (property, value)?):
      return "the spec allows the `\(name)` variant here (`\(property)`: \(jsonQuoted(value)))"
    }
  }

  /// What a failure of a variant means, as the second half of its finding.
  func consequence(for purpose: VariantPurpose) -> String {
    switch purpose.change {
    case .omitted: "\(typeName) requires it"
    case .null: "\(typeName) does not accept it"
    case .value(_, nil), .branch: "a server sending it breaks decoding"
    case .value(_, _?): "\(typeName) cannot read it"
    }
  }
}
