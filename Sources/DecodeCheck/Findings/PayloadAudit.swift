// What auditing a payload found, as plain data: the auditor (in Audit) makes it, each input's
// report (FileReport.audits) carries it until every input is checked, and the audit gathers
// it into findings. It sits with the findings, below both, as ContractSource does.

/// One place of a payload the audit asked about, and what the model answered.
struct PlaceAudit: Sendable, Hashable {
  /// What the audit asked.
  enum Question: Sendable, Hashable {
    /// A string or integer the server has never sent there.
    case newValue
    /// An array's element tagged with a tag never sent, carrying only what every element
    /// of the array carries.
    case newVariant
    /// The member left out.
    case missingKey
    /// A scalar sent as the other JSON type it converts from or to, its value kept: `7` as
    /// `"7"`, `"7"` as `7`, `true` as `"true"`.
    case otherType
    /// A scalar sent as `null`.
    case null
  }

  /// What decoding the variant came to.
  enum Answer: Sendable, Hashable {
    /// A new value or variant failed decoding; `typeName` is the type the failure names.
    case brittle(typeName: String?, message: String)
    /// A new value or variant was reported as unknown by `typeName`, a type of the toolkit's
    /// `tool` when it can be told (`UnknownDecodable`); or, with `leftOut`, it made an element
    /// of type `typeName` fail to decode, which `tool` (`@SkipInvalidElements`) left out.
    case resilient(typeName: String, tool: String?, leftOut: Bool = false)
    /// A new value or variant decoded with nothing reported.
    case open
    /// Leaving the member out failed decoding.
    case required(message: String)
    /// Leaving the member out decoded.
    case optional
  }

  /// The field: the path with every array index written `[*]`, `$.listings[*].kind`.
  var pattern: String
  /// The place itself, `$.listings[3].kind`.
  var path: String
  var question: Question
  var answer: Answer
  /// Where the value is in its file (for a HAR entry, in the response body).
  var position: TextPosition?
}

/// What auditing one payload found.
struct PayloadAudit: Sendable, Hashable {
  var places: [PlaceAudit]
  /// How many variants were decoded.
  var variantCount: Int
  /// How many places the budget per file had no room for, of those the budget per field
  /// chose.
  var leftOutCount = 0
}
