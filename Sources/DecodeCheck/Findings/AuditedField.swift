/// What the audit found at one field of a model, as a finding of `--audit` carries it, the way
/// a finding of `--openapi` carries its ``ContractSource``: the plain data that ``FieldAudit``
/// is the public view of. The example's file and request are those of the input report that
/// holds the finding, and its position the finding's.
struct AuditedField: Sendable, Hashable {
  /// The qualified name of the model audited.
  var typeName: String
  /// The field's JSON path pattern, `$.listings[*].kind`.
  var path: String
  /// `brittle`, `resilient` or `open`; `nil` for a field only left out.
  var verdict: String?
  /// `newValue` or `newVariant`; `nil` when ``verdict`` is.
  var question: String?
  /// Whether leaving the member out, in some payload, fails decoding.
  var isRequired: Bool
  /// The type the deciding outcome names.
  var namedType: String?
  /// The toolkit's tool that caught a new value, for a resilient field.
  var tool: String?
  /// The deciding outcome in words.
  var detail: String?
  /// How many payloads showed the verdict.
  var payloadCount: Int
  /// How many places showed it.
  var placeCount: Int
  /// The example's own path, `$.listings[3].kind`.
  var examplePath: String
  /// Whether a baseline accepted this brittle field.
  var isBaselined = false

  /// Whether the field answers a type's change: the other JSON type, `null`.
  var isAboutTheType: Bool { question == "otherType" || question == "null" }

  /// What a baseline records of a brittle field besides its model and pattern.
  var baselineValue: String {
    switch question {
    case "newVariant": "a new variant fails decoding"
    case "otherType": "the value as another JSON type fails decoding"
    case "null": "null fails decoding"
    default: "a new value fails decoding"
    }
  }
}
