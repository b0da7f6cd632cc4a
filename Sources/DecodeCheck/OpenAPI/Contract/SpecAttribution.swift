import CodableResilience

/// What a decode reported, in the spec's words: each unknown value, element left out or failed
/// payload is attributed to what the spec says of the value where it happened (the `enum`
/// element, the discriminator value, the example, the type), and what could not be generated
/// is noted. ``SchemaCheck`` decides which payloads are decoded; this says what each answer
/// means.
///
/// ```swift
/// let attribution = SpecAttribution(
///   wording: ContractWording(typeName: "Quote", isStrict: false), graph: graph,
///   limits: PayloadGenerator.Limits())
/// let findings = attribution.findings(for: answer, of: variant)
/// ```
struct SpecAttribution {
  let wording: ContractWording
  let graph: SchemaGraph
  /// The generator's limits, which the notes on what was cut name.
  let limits: PayloadGenerator.Limits
}

// MARK: - Variants

extension SpecAttribution {
  /// What decoding a variant of a payload the model decodes came to, as findings: a failure
  /// is the variant's change, since the payload it was made from decodes; a new unknown value
  /// is reported by what stands where it is.
  func findings(for answer: ProbeAnswer, of variant: GeneratedVariant) -> [ContractFinding] {
    let purpose = variant.purpose
    var findings: [ContractFinding] = []
    // Made again only when a report needs what stands where it is.
    var payload: GeneratedValue?
    for report in answer.reports {
      if report.isElementLeftOut, purpose.path.starts(with: report.path) {
        // The change made the element fail, as it would have made the payload fail.
        findings.append(
          wording.finding(
            for: report, because: wording.reason(for: purpose), check: purpose.check,
            site: purpose.site, value: purpose.value))
      } else {
        if payload == nil { payload = variant.make() }
        findings.append(attribution(report, in: payload!))
      }
    }
    guard let failure = answer.failure else { return findings }
    let place = UnknownValue.PathComponent.jsonPath(purpose.path)
    var finding = wording.failure(
      failure, because: wording.reason(for: purpose),
      consequence: wording.consequence(for: purpose), check: purpose.check, site: purpose.site,
      value: purpose.value, path: place)
    if let path = failure.path, !path.starts(with: purpose.path), !purpose.path.starts(with: path) {
      finding.finding.message += " (at \(UnknownValue.PathComponent.jsonPath(path)))"
    }
    findings.append(finding)
    return findings
  }

  /// What the model reported in `payload` (an unknown value, an old spelling, an element left
  /// out, by where inside it it failed), as a finding worded by what the spec says of the
  /// value there: the `enum` element, the discriminator value, the example or the type it
  /// came from. (Not by the variant's change: a value inside a changed branch is the value's.)
  func attribution(_ unknown: VariantReport, in payload: GeneratedValue) -> ContractFinding {
    let path = payload.deepestPath(along: unknown.elementFailure?.path ?? unknown.path)
    let (node, nodePath) = meaningfulValue(at: path, in: payload)
    let raw = unknown.isElementLeftOut ? node.displayed : unknown.unknownValue.rawValue
    var origin = node.origin
    if origin.reason == .typeAndFormat || origin.reason == .anyValue {
      origin.site = memberSite(at: nodePath, in: payload) ?? origin.site
    }
    let (because, check): (String, ContractCheck)
    switch origin.reason {
    case .enumValue:
      (because, check) = ("the spec allows \(jsonQuoted(raw)) here", .enumValues)
    case .discriminator:
      var variant = "the spec allows the `\(raw)` variant here"
      if case .key(let property)? = path.last { variant += " (`\(property)`: \(jsonQuoted(raw)))" }
      (because, check) = (variant, .variants)
    case .example:
      (because, check) = ("the spec's example for this member is \(jsonQuoted(raw))", .examples)
    case .constant, .typeAndFormat, .anyValue, .literal:
      (because, check) = ("the spec allows \(describe(node)) here", .typesAndFormats)
    }
    return wording.finding(
      for: unknown, because: because, check: check, site: origin.site, value: raw)
  }

  /// A failure of the full payload, worded by what the spec says of the value it is at.
  func failure(
    _ failure: VariantFailure, at path: [UnknownValue.PathComponent], in base: GeneratedValue
  ) -> ContractFinding {
    let (node, nodePath) = meaningfulValue(at: path, in: base)
    var origin = node.origin
    if origin.reason == .typeAndFormat || origin.reason == .anyValue {
      origin.site = memberSite(at: nodePath, in: base) ?? origin.site
    }
    let text = node.displayed
    let breaks = "a server sending it breaks decoding"
    let cannotRead = "\(wording.typeName) cannot read it"
    let (because, consequence, check, value): (String, String, ContractCheck, String?)
    if case .object = node.content, let key = FailureExplanation.missingKey(in: failure.message) {
      // The member is named in the path and the words, as optionality: the model requires a
      // member the spec never sends.
      let member = UnknownValue.PathComponent.jsonPath((failure.path ?? []) + [.key(key)])
      return wording.failure(
        failure, because: "the spec does not define `\(key)` here",
        consequence: "\(wording.typeName) requires it", check: .optionality, site: origin.site,
        value: nil, path: member)
    } else {
      switch origin.reason {
      case .enumValue:
        (because, consequence, check, value) = (
          "the spec allows \(jsonQuoted(text)) here", breaks, .enumValues, text
        )
      case .discriminator:
        (because, consequence, check, value) = (
          "the spec allows the `\(text)` variant here", breaks, .variants, text
        )
      case .example:
        (because, consequence, check, value) = (
          "the spec's example for this member is \(jsonQuoted(text))", cannotRead, .examples, text
        )
      case .constant:
        (because, consequence, check, value) = (
          "the spec sends \(jsonQuoted(text)) here", cannotRead, .typesAndFormats, text
        )
      case .anyValue:
        (because, consequence, check, value) = (
          "the spec allows any value here (it gives no type), such as {}", cannotRead,
          .typesAndFormats, nil
        )
      case .typeAndFormat, .literal:
        (because, consequence, check, value) = (
          "the spec sends \(describe(node)) here", cannotRead,
          origin.branch == nil ? .typesAndFormats : .variants, nil
        )
      }
    }
    return wording.failure(
      failure, because: because, consequence: consequence, check: check, site: origin.site,
      value: value)
  }

  /// The value at `path`, or above it the first that the payload holds and the spec decided
  /// as a whole: past the end of what was generated (a key a model asks for that the payload
  /// lacks), or inside the `enum` element or example an object or array belongs to.
  func meaningfulValue(
    at path: [UnknownValue.PathComponent], in payload: GeneratedValue
  ) -> (GeneratedValue, [UnknownValue.PathComponent]) {
    var path = path
    while !path.isEmpty {
      if let node = payload.value(at: path), node.origin.reason != .literal { return (node, path) }
      path.removeLast()
    }
    return (payload, [])
  }

  /// Where the property is declared whose value is at `path`: its key under `properties`;
  /// `nil` for an array's element or the root.
  func memberSite(at path: [UnknownValue.PathComponent], in payload: GeneratedValue)
    -> SpecSite?
  {
    guard case .key(let key)? = path.last, let parent = payload.value(at: path.dropLast()),
      case .object(let members) = parent.content
    else { return nil }
    return members.first { $0.key == key }?.site
  }

  /// What the spec says a typed value is, with the value sent: `a string in format
  /// date-time ("2024-05-01T12:00:00Z")`, `an integer (1)`, `an object`.
  func describe(_ value: GeneratedValue) -> String {
    let merged = MergedSchema(graph, value.origin.schema)
    let format = merged.format.map { " in format \($0)" } ?? ""
    switch value.content {
    case .object: return "an object"
    case .array: return "an array"
    case .string(let text): return "a string\(format) (\(jsonQuoted(text)))"
    case .number(let text):
      let type = merged.impliedType == .integer ? "an integer" : "a number"
      return "\(type)\(format) (\(text))"
    case .boolean(let flag): return "a boolean (\(flag))"
    case .null: return "`null`"
    }
  }
}

// MARK: - What was not generated

extension SpecAttribution {
  /// The findings for what the generator could not generate: an error for a `$ref` to
  /// nothing, otherwise a warning; nothing for an optional recursive member, which payloads
  /// simply leave out.
  func notes(_ notes: [PayloadGenerator.Note]) -> [ContractFinding] {
    var findings: [ContractFinding] = []
    for note in notes {
      let isError: Bool
      if case .unresolved(.missing) = note.cut { isError = true } else { isError = false }
      switch note.cut {
      case .recursive where !note.isRequired:
        continue
      default:
        let leftOut =
          note.isRequired
          ? "; payloads leave out the value that requires it" : "; payloads leave it out"
        findings.append(
          wording.notGenerated(words(for: note.cut) + leftOut, site: note.site, isError: isError))
      }
    }
    return findings
  }

  /// Why a value was cut, in words.
  func words(for cut: PayloadGenerator.Cut) -> String {
    switch cut {
    case .recursive:
      "recursive: it refers back to a schema it is inside of, so no finite payload has it"
    case .tooDeep:
      "deeper than \(limits.maximumDepth) levels"
    case .tooLarge:
      "the payload would hold more than \(limits.maximumValues) values"
    case .unresolved(.external(let reference)):
      "`$ref` \(jsonQuoted(reference)) is in another document, which is not fetched"
    case .unresolved(.missing(let reference)):
      "`$ref` \(jsonQuoted(reference)) leads to nothing in this document"
    case .unresolved(.local):
      "an unresolved reference"
    case .nothingAllowed:
      "the schema allows no value"
    }
  }
}
