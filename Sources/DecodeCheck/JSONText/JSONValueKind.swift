/// The JSON type of a value, in the words findings use.
enum JSONValueKind: Sendable, Hashable {
  case object
  case array
  case string
  case number
  case boolean
  case null

  /// The kind with its article: "an object", "a number", "`null`".
  var words: String {
    switch self {
    case .object: "an object"
    case .array: "an array"
    case .string: "a string"
    case .number: "a number"
    case .boolean: "a boolean"
    case .null: "`null`"
    }
  }
}
