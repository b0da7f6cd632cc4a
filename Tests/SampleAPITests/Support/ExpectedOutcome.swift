import CodableResilience
import Foundation

/// The content of a fixture's `.expected` file: what decoding the payload must produce.
/// `Fixtures/README.md` documents the format.
struct ExpectedOutcome: Decodable, Sendable {
  enum Outcome: String, Decodable, Sendable {
    case decoded
    case failed
  }

  /// One unknown value the lenient decode must report.
  struct ReportedValue: Decodable, Hashable, Comparable, Sendable, CustomStringConvertible {
    var type: String
    var rawValue: String
    var path: String

    init(type: String, rawValue: String, path: String) {
      self.type = type
      self.rawValue = rawValue
      self.path = path
    }

    init(_ value: UnknownValue) {
      self.init(type: value.typeName, rawValue: value.rawValue, path: value.path)
    }

    static func < (lhs: Self, rhs: Self) -> Bool {
      (lhs.path, lhs.type, lhs.rawValue) < (rhs.path, rhs.type, rhs.rawValue)
    }

    var description: String { "\(type) \"\(rawValue)\" at \(path)" }
  }

  /// A `DecodingError` as the fixture states it: its case and the path it names.
  struct Failure: Decodable, Hashable, Sendable, CustomStringConvertible {
    /// `dataCorrupted`, `keyNotFound`, `typeMismatch` or `valueNotFound`.
    var errorCase: String
    /// The JSONPath of the error's coding path; for `keyNotFound` it ends with the missing key.
    var path: String
    /// The missing key of a `keyNotFound`.
    var key: String?

    enum CodingKeys: String, CodingKey {
      case errorCase = "case"
      case path
      case key
    }

    init(errorCase: String, path: String, key: String? = nil) {
      self.errorCase = errorCase
      self.path = path
      self.key = key
    }

    /// The case and path of a `DecodingError`; `nil` for any other error.
    init?(_ error: any Error) {
      guard let error = error as? DecodingError else { return nil }
      let jsonPath = UnknownValue.PathComponent.jsonPath
      switch error {
      case .dataCorrupted(let context):
        self.init(errorCase: "dataCorrupted", path: jsonPath(context.codingPath))
      case .keyNotFound(let key, let context):
        self.init(
          errorCase: "keyNotFound", path: jsonPath(context.codingPath + [key]),
          key: key.stringValue)
      case .typeMismatch(_, let context):
        self.init(errorCase: "typeMismatch", path: jsonPath(context.codingPath))
      case .valueNotFound(_, let context):
        self.init(errorCase: "valueNotFound", path: jsonPath(context.codingPath))
      @unknown default:
        return nil
      }
    }

    var description: String {
      errorCase + " at " + path + (key.map { " (key \"\($0)\")" } ?? "")
    }
  }

  /// How the re-encoded JSON differs from the payload; everything else comes back as it was.
  struct RoundTrip: Decodable, Sendable {
    /// Paths whose value is written back differently, with what is written instead.
    var replaced: [String: JSONValue]
    /// Paths whose key is not written back at all.
    var removed: [String]

    init(replaced: [String: JSONValue] = [:], removed: [String] = []) {
      self.replaced = replaced
      self.removed = removed
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      replaced = try container.decodeIfPresent([String: JSONValue].self, forKey: .replaced) ?? [:]
      removed = try container.decodeIfPresent([String].self, forKey: .removed) ?? []
    }

    enum CodingKeys: String, CodingKey {
      case replaced
      case removed
    }
  }

  /// The members a `.expected` file may hold; any other key is a typo to report.
  static let allowedKeys: Set<String> = [
    "outcome", "note", "unknownValues", "strictError", "roundTrip", "error",
  ]

  var outcome: Outcome
  var note: String?
  var unknownValues: [ReportedValue]?
  var strictError: Failure?
  var roundTrip: RoundTrip?
  var error: Failure?

  init(contentsOf url: URL) throws {
    let data = try Data(contentsOf: url)
    self = try JSONDecoder().decode(ExpectedOutcome.self, from: data)
  }

  /// What is wrong with the file itself: members that do not fit its outcome, unknown keys.
  static func problems(in data: Data) throws -> [String] {
    guard case .object(let members) = try JSONDecoder().decode(JSONValue.self, from: data) else {
      return ["the file is not a JSON object"]
    }
    var problems = Set(members.keys).subtracting(allowedKeys).sorted().map {
      "unknown member \"\($0)\""
    }
    let expected = try JSONDecoder().decode(ExpectedOutcome.self, from: data)
    switch expected.outcome {
    case .decoded:
      if expected.error != nil { problems.append("a decoded outcome has an \"error\"") }
      if let unknownValues = expected.unknownValues {
        if unknownValues.isEmpty, expected.strictError != nil {
          problems.append("\"strictError\" without unknown values")
        }
        if !unknownValues.isEmpty, expected.strictError == nil {
          problems.append("unknown values without the \"strictError\" they cause")
        }
      } else {
        problems.append("a decoded outcome needs \"unknownValues\" (use [] for none)")
      }
    case .failed:
      if expected.error == nil { problems.append("a failed outcome needs an \"error\"") }
      if expected.unknownValues != nil || expected.roundTrip != nil {
        problems.append("a failed outcome has \"unknownValues\" or \"roundTrip\"")
      }
    }
    return problems
  }
}
