import CodableResilience

// The one table of DecodeCheck's kinds of finding (issue 41): each kind's class, its words
// where kinds are described, its severity and baseline rule, and for a kind a toolkit report
// makes its `ReportRules`. A new kind of report is a case of `Finding.Kind`, of `CheckClass`
// and of `Finding.Kind.init(report:)`, and one row, all in this file.

extension Finding {
  /// What kind of finding it is.
  public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A value the models do not know, decoded leniently (and an error under `--strict`).
    case unknownValue
    /// The payload is JSON, but the model cannot decode it.
    case decodingFailure
    /// The payload is not valid JSON by RFC 8259 (or not valid UTF-8): an error, or a warning
    /// for what `JSONDecoder` reads all the same (a trailing comma, UTF-16 or UTF-32 text).
    case invalidJSON
    /// The input could not be checked: missing, unreadable, or without a type.
    case inputError
    /// A JSON response in a HAR archive that no route gives a type, under `--require-routes`.
    case noRoute
    /// A part of an OpenAPI document (`--openapi`) no payload was generated from: a `$ref`
    /// to another document or to nothing, a required recursive member, a budget reached.
    case notGenerated
    /// A field where a value or variant the server has never sent makes the payload fail
    /// to decode (`--audit`): a warning, an error under `--strict`.
    case brittleField
    /// What the audit found at a field a new value does not break: resilient, open or
    /// required. A note.
    case auditedField
    /// An element of a collection that fails to decode, which `@SkipInvalidElements` left
    /// out (and keeps, to write back): a warning, an error under `--strict`.
    case invalidElement
    /// A value read through one of its type's aliases or by its letter case
    /// (`ValueAliases`, a union's `tagAliases`): an old spelling the server still sends. A
    /// note, never an error, and never recorded in a baseline.
    case renamedValue
    /// A type's aliases that are ambiguous: an alias that is another value's raw value, two
    /// spellings equal ignoring letter case, a tag alias that is a known tag or names an
    /// unknown one. An error about the type, not a payload.
    case aliasConflict
    /// A property `@DecodeMissingAsDefault` read as its default because its key was missing
    /// or `null`: where a plain property throws. A note, an error under `--strict`.
    case defaultUsed
    /// A member of an object that a `@KeepUnknownFields` model does not write, kept to write
    /// back: the server sends more than the model knows. A note, never an error, and never
    /// recorded in a baseline.
    case unknownField
    /// A value that arrived as another JSON type (`"7"` for an `Int`, one value for an array)
    /// and that `@DecodeConvertingType` or `@DecodeOneOrMany` converted: where a plain
    /// property throws. A note, an error under `--strict`.
    case convertedType
    /// A field where the value as another JSON type (`7` as `"7"`) fails decoding (`--audit`):
    /// a note, an error where `--strict-classes` names `brittle-to-type`.
    case brittleToType
    /// A field where `null` fails decoding (`--audit`): a note, or as `brittleToType`.
    case brittleToNull
  }
}

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
  case convertedType = "converted-type"
  case brittleToType = "brittle-to-type"
  case brittleToNull = "brittle-to-null"
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
}

extension Finding.Kind {
  /// The kind's row.
  var row: Row {
    switch self {
    case .unknownValue:
      Row(
        class: .unknownValue,
        details: Details(
          title: "unknown value", heading: "Unknown values",
          description: "The payload holds a value the model's type does not know.",
          help: "Add the value to the type (a new case or known value) if the app should handle "
            + "it, or record it in a baseline (--write-baseline) if it is expected. It decodes "
            + "leniently; --strict makes it an error.",
          defaultSeverity: .warning, isBaselinable: true),
        report: ReportRules(
          strictSeverity: .error, isProblem: true, baselineKey: .rawValue,
          words: { report in
            var words =
              "unknown \(report.value.typeName) value \(jsonQuoted(report.value.rawValue))"
            if let known = report.value.knownValues, !known.isEmpty {
              words += "; known: " + known.joined(separator: ", ")
            }
            return words
          },
          contractWords: { "\($0.value.typeName) reads it as unknown" },
          signature: {
            "unknown \($0.value.typeName) \($0.path) \(jsonQuoted($0.value.rawValue))"
          },
          standIn: .rawValue,
          json: { value in
            var fields: [String: JSONValue] = [
              "type": .string(value.typeName), "rawValue": .string(value.rawValue),
            ]
            fields["knownValues"] = value.knownValues.map { .array($0.map(JSONValue.string)) }
            return ReportJSON(key: "unknownValue", fields: .object(fields))
          }))
    case .decodingFailure:
      Row(
        class: .decodingFailure,
        details: Details(
          title: "decoding failure", heading: "Decoding failures",
          description: "The payload is JSON, but the model cannot decode it.",
          help: "Make the model accept the payload (an optional property, a tolerant type) or "
            + "report the payload to the backend as a bug. The message names the key or type "
            + "that did not fit.",
          defaultSeverity: .error, isBaselinable: true))
    case .invalidJSON:
      Row(
        class: .invalidJSON,
        details: Details(
          title: "invalid JSON", heading: "Invalid JSON",
          description: "The payload is not valid JSON, or not valid UTF-8.",
          help: "Capture the payload again: a truncated or corrupted file, or an error page saved "
            + "as JSON, is the usual cause. The position is where reading stopped.",
          defaultSeverity: .error, isBaselinable: true))
    case .inputError:
      Row(
        class: .inputError,
        details: Details(
          title: "input error", heading: "Inputs not checked",
          description: "The input could not be checked: missing, unreadable, or without a type.",
          help: "Fix the path, the permissions, or put the file in a folder named after a "
            + "registered type (or pass --type).",
          defaultSeverity: .error, isBaselinable: false))
    case .noRoute:
      Row(
        class: .noRoute,
        details: Details(
          title: "no route", heading: "Requests with no route",
          description: "A captured JSON response matches no route, so it has no type to decode as.",
          help: "Add a route for the request's URL to the routes file (--routes), naming the type "
            + "its response decodes as; without --require-routes such responses are only counted.",
          defaultSeverity: .error, isBaselinable: true))
    case .notGenerated:
      Row(
        class: .notGenerated,
        details: Details(
          title: "not generated", heading: "Not generated from the OpenAPI document",
          description: "A part of the OpenAPI document no payload was generated from, so the "
            + "models were not checked against it.",
          help: "A $ref to another document is not fetched: bundle the document into one file "
            + "(for example with `npx @redocly/cli bundle`). A required member that refers to "
            + "its own schema cannot be generated, nor can a payload past the budget "
            + "(--max-payloads). Record it in a baseline if it is expected.",
          defaultSeverity: .warning, isBaselinable: true))
    case .brittleField:
      Row(
        class: .brittleField,
        details: Details(
          title: "brittle field", heading: "Brittle fields",
          description: "A value or variant the server has never sent at this field makes the "
            + "whole payload fail to decode.",
          help: "Model the field with a tool that reads values it does not know (UnknownDecodable, "
            + "@DecodeUnknownAsNil, ExtensibleEnum, OpenEnum, TaggedUnion), or accept it in a "
            + "baseline (--write-baseline) if a new value should fail. --strict makes it an error.",
          defaultSeverity: .warning, isBaselinable: true, isAboutTheModel: true))
    case .auditedField:
      Row(
        class: .auditedField,
        details: Details(
          title: "audited field", heading: "Audited fields",
          description: "What the audit found at a field a new value does not break: it is "
            + "reported (resilient), read as any other value (open), or required.",
          help: "Nothing fails. Review the open fields that hold enum-like values, and the "
            + "required ones a server might leave out.",
          defaultSeverity: .note, isBaselinable: false, isAboutTheModel: true))
    case .brittleToType, .brittleToNull:
      Row(
        class: self == .brittleToType ? .brittleToType : .brittleToNull,
        details: Details(
          title: self == .brittleToType ? "brittle to another type" : "brittle to null",
          heading: self == .brittleToType
            ? "Fields brittle to another type" : "Fields brittle to null",
          description: "The value sent "
            + (self == .brittleToType ? "as another JSON type (7 as \"7\")" : "as null")
            + " at this field makes the whole payload fail to decode.",
          help: "A plain model is brittle to this almost everywhere, so it is a note. Where the "
            + "backend may change the type, model the field with @DecodeConvertingType (or "
            + "@DecodeOneOrMany), or an optional; --strict-classes fails on it.",
          defaultSeverity: .note, isBaselinable: true, isAboutTheModel: true))
    case .invalidElement:
      Row(
        class: .elementLeftOut,
        details: Details(
          title: "element left out", heading: "Elements left out",
          description: "An element of a collection fails to decode, and @SkipInvalidElements "
            + "left it out: the app does not see it (it is kept, and written back).",
          help: "Make the element's model accept it (an optional property, a tolerant type) or "
            + "report the payload to the backend as a bug; the message names the key or type "
            + "that did not fit. Record it in a baseline (--write-baseline) if it is expected. "
            + "--strict makes it an error.",
          defaultSeverity: .warning, isBaselinable: true),
        report: ReportRules(
          strictSeverity: .error, isProblem: true, baselineKey: .message,
          words: {
            "left out an element that fails to decode as \($0.value.typeName): "
              + $0.elementError
          },
          contractWords: {
            "an element that fails to decode as \($0.value.typeName) is left out: "
              + $0.elementError
          },
          signature: { "left out \($0.value.typeName) \($0.path) \($0.elementSignature)" },
          standIn: .elementFailure,
          json: { value in
            guard case .invalidElement(let failure) = value.kind else {
              return ReportJSON(key: "element", ["type": value.typeName, "json": value.rawValue])
            }
            let error: JSONValue = .object([
              "case": .string(failure.errorKind), "path": .string(failure.path),
              "description": .string(failure.debugDescription),
            ])
            return ReportJSON(
              key: "element",
              fields: .object([
                "type": .string(value.typeName), "json": .string(value.rawValue), "error": error,
              ]))
          }))
    case .renamedValue:
      Row(
        class: .oldSpelling,
        details: Details(
          title: "old spelling", heading: "Old spellings still sent",
          description: "A value read through one of its type's aliases or by its letter case: "
            + "a spelling the server still sends.",
          help: "Nothing fails. Once the server no longer sends the old spelling, the alias can "
            + "go. Baselines do not record old spellings.",
          defaultSeverity: .note, isBaselinable: false),
        report: ReportRules(
          strictSeverity: .note, isProblem: false, baselineKey: .message,
          words: {
            "old spelling \($0.value.typeName) \(jsonQuoted($0.value.rawValue)) read as "
              + jsonQuoted($0.canonical)
          },
          contractWords: {
            "\($0.value.typeName) reads it as \(jsonQuoted($0.canonical)), an old spelling"
          },
          signature: {
            "renamed \($0.value.typeName) \($0.path) \(jsonQuoted($0.value.rawValue)) "
              + $0.canonical
          },
          standIn: .rawValue,
          json: {
            ReportJSON(
              key: "renamed",
              [
                "type": $0.typeName, "received": $0.rawValue,
                "canonical": WordedReport.canonical(of: $0),
              ])
          }))
    case .aliasConflict:
      Row(
        class: .aliasConflict,
        details: Details(
          title: "alias conflict", heading: "Alias conflicts",
          description: "A type's aliases are ambiguous: an alias that is another value's raw "
            + "value, two spellings equal ignoring letter case, or a tag alias that is a known "
            + "tag or names a tag the union does not know.",
          help: "Correct the type's ValueAliases (aliases, matchesCaseInsensitively) or its "
            + "TaggedUnion tagAliases. Decoding takes the first match and never stops on it, "
            + "but the value read may not be the one meant. A baseline cannot accept it.",
          defaultSeverity: .error, isBaselinable: false))
    case .defaultUsed:
      Row(
        class: .defaultUsed,
        details: Details(
          title: "default used", heading: "Defaults used",
          description: "A key @DecodeMissingAsDefault read as its default, because the payload "
            + "left it out or sent null: a plain property would fail there.",
          help: "Nothing fails: the default is written back as it was read (no key, or null). "
            + "Record it in a baseline (--write-baseline) if the server omits it by design. "
            + "--strict makes it an error, as a plain property would throw.",
          defaultSeverity: .note, isBaselinable: true),
        report: ReportRules(
          strictSeverity: .error, isProblem: false, baselineKey: .message,
          words: {
            "\($0.defaultReason == .null ? "null" : "missing") \($0.value.typeName) read as its "
              + "default (@DecodeMissingAsDefault)"
          },
          contractWords: { "\($0.value.typeName) reads it as its default" },
          signature: {
            "default \($0.value.typeName) \($0.path) \($0.defaultReason?.rawValue ?? "")"
          },
          standIn: .none,
          json: {
            ReportJSON(
              key: "defaultUsed",
              ["type": $0.typeName, "reason": WordedReport.defaultReason(of: $0)?.rawValue ?? ""])
          }))
    case .unknownField:
      Row(
        class: .unknownField,
        details: Details(
          title: "unknown field", heading: "Fields the model does not write",
          description: "A member of an object that the @KeepUnknownFields model does not write: "
            + "it is kept and written back, but the app does not see it.",
          help: "Nothing fails. Add the field to the model if the app should use it. Baselines "
            + "do not record unknown fields.",
          defaultSeverity: .note, isBaselinable: false),
        report: ReportRules(
          strictSeverity: .note, isProblem: false, baselineKey: .message,
          words: { "\($0.value.typeName) does not write this field; kept to write back" },
          contractWords: { "\($0.value.typeName) does not write it, and keeps it" },
          // Its raw value is the member's JSON, whose values a fixture replaces.
          signature: { "unknown field \($0.value.typeName) \($0.path)" },
          standIn: .none,
          json: { ReportJSON(key: "unknownField", ["model": $0.typeName, "json": $0.rawValue]) }))
    case .convertedType:
      Row(
        class: .convertedType,
        details: Details(
          title: "converted type", heading: "Values of another JSON type",
          description: "A value that arrived as another JSON type (\"7\" for an Int, one value "
            + "for an array), which @DecodeConvertingType or @DecodeOneOrMany converted exactly: "
            + "a plain property would fail there.",
          help: "Nothing fails: the value is written back in the JSON type it arrived as. Ask "
            + "the backend whether the type changed on purpose, and record it in a baseline "
            + "(--write-baseline) if it did. --strict makes it an error, as a plain property "
            + "would throw.",
          defaultSeverity: .note, isBaselinable: true),
        report: ReportRules(
          strictSeverity: .error, isProblem: false, baselineKey: .message,
          // The words name the type and the JSON type received, never the value: a converted
          // id differs in every payload, and a baseline matches by the words.
          words: { "\($0.value.typeName) \($0.conversion)" },
          contractWords: { "\($0.value.typeName) reads it only by converting its JSON type" },
          signature: {
            "converted \($0.value.typeName) \($0.path) \($0.received?.rawValue ?? "")"
          },
          standIn: .none,
          json: {
            ReportJSON(
              key: "convertedType",
              [
                "type": $0.typeName, "received": WordedReport.received(of: $0)?.rawValue,
                "rawValue": $0.rawValue,
              ])
          }))
    }
  }

  /// How the kind is named and explained (``Row/details``).
  var details: Details { row.details }

  /// The kind of finding a toolkit report of `kind` makes.
  init(report kind: UnknownValue.Kind) {
    switch kind {
    case .unknownValue: self = .unknownValue
    case .invalidElement: self = .invalidElement
    case .renamedValue: self = .renamedValue
    case .defaultUsed: self = .defaultUsed
    case .unknownField: self = .unknownField
    case .convertedType: self = .convertedType
    @unknown default: self = .unknownValue
    }
  }
}
