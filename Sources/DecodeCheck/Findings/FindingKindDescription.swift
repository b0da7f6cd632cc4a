extension Finding.Kind {
  /// How a kind of finding is named and explained in every format that describes kinds: the
  /// GitHub annotation's title, the SARIF rule, the summary's group heading, and whether a
  /// baseline may hold it.
  ///
  /// Everything that lists kinds reads this one table, so a new kind is one more case here.
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
    /// The finding's severity when nothing makes it stricter (SARIF `defaultConfiguration`).
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

  var details: Details {
    switch self {
    case .unknownValue:
      Details(
        title: "unknown value", heading: "Unknown values",
        description: "The payload holds a value the model's type does not know.",
        help: "Add the value to the type (a new case or known value) if the app should handle "
          + "it, or record it in a baseline (--write-baseline) if it is expected. It decodes "
          + "leniently; --strict makes it an error.",
        defaultSeverity: .warning, isBaselinable: true)
    case .decodingFailure:
      Details(
        title: "decoding failure", heading: "Decoding failures",
        description: "The payload is JSON, but the model cannot decode it.",
        help: "Make the model accept the payload (an optional property, a tolerant type) or "
          + "report the payload to the backend as a bug. The message names the key or type "
          + "that did not fit.",
        defaultSeverity: .error, isBaselinable: true)
    case .invalidJSON:
      Details(
        title: "invalid JSON", heading: "Invalid JSON",
        description: "The payload is not valid JSON, or not valid UTF-8.",
        help: "Capture the payload again: a truncated or corrupted file, or an error page saved "
          + "as JSON, is the usual cause. The position is where reading stopped.",
        defaultSeverity: .error, isBaselinable: true)
    case .inputError:
      Details(
        title: "input error", heading: "Inputs not checked",
        description: "The input could not be checked: missing, unreadable, or without a type.",
        help: "Fix the path, the permissions, or put the file in a folder named after a "
          + "registered type (or pass --type).",
        defaultSeverity: .error, isBaselinable: false)
    case .noRoute:
      Details(
        title: "no route", heading: "Requests with no route",
        description: "A captured JSON response matches no route, so it has no type to decode as.",
        help: "Add a route for the request's URL to the routes file (--routes), naming the type "
          + "its response decodes as; without --require-routes such responses are only counted.",
        defaultSeverity: .error, isBaselinable: true)
    case .notGenerated:
      Details(
        title: "not generated", heading: "Not generated from the OpenAPI document",
        description: "A part of the OpenAPI document no payload was generated from, so the "
          + "models were not checked against it.",
        help: "A $ref to another document is not fetched: bundle the document into one file "
          + "(for example with `npx @redocly/cli bundle`). A required member that refers to "
          + "its own schema cannot be generated, nor can a payload past the budget "
          + "(--max-payloads). Record it in a baseline if it is expected.",
        defaultSeverity: .warning, isBaselinable: true)
    case .brittleField:
      Details(
        title: "brittle field", heading: "Brittle fields",
        description: "A value or variant the server has never sent at this field makes the "
          + "whole payload fail to decode.",
        help: "Model the field with a tool that reads values it does not know (UnknownDecodable, "
          + "@DecodeUnknownAsNil, ExtensibleEnum, OpenEnum, TaggedUnion), or accept it in a "
          + "baseline (--write-baseline) if a new value should fail. --strict makes it an error.",
        defaultSeverity: .warning, isBaselinable: true, isAboutTheModel: true)
    case .auditedField:
      Details(
        title: "audited field", heading: "Audited fields",
        description: "What the audit found at a field a new value does not break: it is "
          + "reported (resilient), read as any other value (open), or required.",
        help: "Nothing fails. Review the open fields that hold enum-like values, and the "
          + "required ones a server might leave out.",
        defaultSeverity: .note, isBaselinable: false, isAboutTheModel: true)
    case .invalidElement:
      Details(
        title: "element left out", heading: "Elements left out",
        description: "An element of a collection fails to decode, and @SkipInvalidElements "
          + "left it out: the app does not see it (it is kept, and written back).",
        help: "Make the element's model accept it (an optional property, a tolerant type) or "
          + "report the payload to the backend as a bug; the message names the key or type "
          + "that did not fit. Record it in a baseline (--write-baseline) if it is expected. "
          + "--strict makes it an error.",
        defaultSeverity: .warning, isBaselinable: true)
    case .renamedValue:
      Details(
        title: "old spelling", heading: "Old spellings still sent",
        description: "A value read through one of its type's aliases or by its letter case: "
          + "a spelling the server still sends.",
        help: "Nothing fails. Once the server no longer sends the old spelling, the alias can "
          + "go. Baselines do not record old spellings.",
        defaultSeverity: .note, isBaselinable: false)
    case .aliasConflict:
      Details(
        title: "alias conflict", heading: "Alias conflicts",
        description: "A type's aliases are ambiguous: an alias that is another value's raw "
          + "value, two spellings equal ignoring letter case, or a tag alias that is a known "
          + "tag or names a tag the union does not know.",
        help: "Correct the type's ValueAliases (aliases, matchesCaseInsensitively) or its "
          + "TaggedUnion tagAliases. Decoding takes the first match and never stops on it, "
          + "but the value read may not be the one meant. A baseline cannot accept it.",
        defaultSeverity: .error, isBaselinable: false)
    case .defaultUsed:
      Details(
        title: "default used", heading: "Defaults used",
        description: "A key @DecodeMissingAsDefault read as its default, because the payload "
          + "left it out or sent null: a plain property would fail there.",
        help: "Nothing fails: the default is written back as it was read (no key, or null). "
          + "Record it in a baseline (--write-baseline) if the server omits it by design. "
          + "--strict makes it an error, as a plain property would throw.",
        defaultSeverity: .note, isBaselinable: true)
    case .unknownField:
      Details(
        title: "unknown field", heading: "Fields the model does not write",
        description: "A member of an object that the @KeepUnknownFields model does not write: "
          + "it is kept and written back, but the app does not see it.",
        help: "Nothing fails. Add the field to the model if the app should use it. Baselines "
          + "do not record unknown fields.",
        defaultSeverity: .note, isBaselinable: false)
    }
  }
}
