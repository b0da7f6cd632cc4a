import CodableResilience
import Foundation

/// The content of a fixture's `.expected` file: what decoding its payload must produce.
///
/// The file is JSON, written to be read and reviewed. `Fixtures/README.md` and the
/// "Testing your own models" article document every member; this is format version 1:
///
/// ```json
/// {
///   "version": 1,
///   "outcome": "decoded",
///   "unknownValues": [
///     { "type": "OrderStatus", "rawValue": "on_hold", "path": "$.status" }
///   ],
///   "strictError": { "case": "dataCorrupted", "path": "$.status" },
///   "roundTrip": { "replaced": { "$.status": "unknown" } }
/// }
/// ```
public struct ExpectedOutcome: Codable, Hashable, Sendable {
  /// The version of the format this library reads and writes. A file without `version` is
  /// read as version 1.
  public static let formatVersion = 1

  /// What a lenient decode (no handler, or a collecting one) does with the payload.
  public enum Outcome: String, Codable, Hashable, Sendable {
    case decoded
    case failed
  }

  /// One unknown value the lenient decode must report.
  public struct ReportedValue: Codable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// `UnknownValue.typeName`, such as `OrderStatus`.
    public var type: String
    /// `UnknownValue.rawValue`: the raw value's text, `"6"` for an `Int`.
    public var rawValue: String
    /// `UnknownValue.path`, such as `$.lines[1].status`.
    public var path: String

    /// A reported value as the file states it.
    public init(type: String, rawValue: String, path: String) {
      self.type = type
      self.rawValue = rawValue
      self.path = path
    }

    /// The value a collecting handler reported.
    public init(_ value: UnknownValue) {
      self.init(type: value.typeName, rawValue: value.rawValue, path: value.path)
    }

    /// Orders by path, then type and raw value.
    public static func < (lhs: Self, rhs: Self) -> Bool {
      (lhs.path, lhs.type, lhs.rawValue) < (rhs.path, rhs.type, rhs.rawValue)
    }

    /// `OrderStatus "on_hold" at $.status`.
    public var description: String { "\(type) \(jsonText(rawValue)) at \(path)" }
  }

  /// A `DecodingError` as the file states it: its case and the path it names.
  public struct Failure: Codable, Hashable, Sendable, CustomStringConvertible {
    /// `dataCorrupted`, `keyNotFound`, `typeMismatch` or `valueNotFound`.
    public var errorCase: String
    /// The JSONPath of the error's coding path; for `keyNotFound` it ends with the missing key.
    public var path: String
    /// The missing key of a `keyNotFound`.
    public var key: String?

    enum CodingKeys: String, CodingKey {
      case errorCase = "case"
      case path
      case key
    }

    /// A failure as the file states it.
    public init(errorCase: String, path: String, key: String? = nil) {
      self.errorCase = errorCase
      self.path = path
      self.key = key
    }

    /// The case and path of a `DecodingError`; `nil` for any other error.
    ///
    /// ```swift
    /// ExpectedOutcome.Failure(error)?.description  // "keyNotFound at $.total (key \"total\")"
    /// ```
    public init?(_ error: any Error) {
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

    /// `keyNotFound (key "total")`, without the path.
    var caseDescription: String {
      errorCase + (key.map { " (key \(jsonText($0)))" } ?? "")
    }

    /// `keyNotFound at $.total (key "total")`.
    public var description: String {
      errorCase + " at " + path + (key.map { " (key \(jsonText($0)))" } ?? "")
    }
  }

  /// How the re-encoded JSON differs from the payload; everything else comes back as it was.
  public struct RoundTrip: Codable, Hashable, Sendable {
    /// Paths whose value is written back differently, with what is written instead.
    public var replaced: [String: FixtureJSON]
    /// Paths whose object member is not written back at all.
    public var removed: [String]
    /// Paths of object members written back that the payload did not have, with their value.
    public var added: [String: FixtureJSON]

    /// Round-trip changes as the file states them; none by default.
    public init(
      replaced: [String: FixtureJSON] = [:],
      removed: [String] = [],
      added: [String: FixtureJSON] = [:]
    ) {
      self.replaced = replaced
      self.removed = removed
      self.added = added
    }

    /// Reads the `roundTrip` member; each of its members may be absent.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      replaced = try container.decodeIfPresent([String: FixtureJSON].self, forKey: .replaced) ?? [:]
      removed = try container.decodeIfPresent([String].self, forKey: .removed) ?? []
      added = try container.decodeIfPresent([String: FixtureJSON].self, forKey: .added) ?? [:]
    }

    /// Writes the `roundTrip` member, leaving out its empty members.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      if !replaced.isEmpty { try container.encode(replaced, forKey: .replaced) }
      if !removed.isEmpty { try container.encode(removed.sorted(), forKey: .removed) }
      if !added.isEmpty { try container.encode(added, forKey: .added) }
    }

    /// Whether the payload comes back exactly.
    var isEmpty: Bool { replaced.isEmpty && removed.isEmpty && added.isEmpty }

    enum CodingKeys: String, CodingKey {
      case replaced
      case removed
      case added
    }
  }

  /// The members a `.expected` file may hold; any other key is a typo to report.
  static let allowedKeys: Set<String> = [
    "version", "outcome", "note", "unknownValues", "strictError", "roundTrip", "error",
  ]

  /// The order members are written in, so recorded files read top to bottom.
  static let memberOrder = [
    "version", "outcome", "note", "unknownValues", "strictError", "roundTrip", "error",
    "type", "rawValue", "case", "path", "key", "replaced", "removed", "added",
  ]

  /// The format version the file was written in; `nil` reads as 1.
  public var version: Int?
  /// Whether the payload decodes.
  public var outcome: Outcome
  /// One or two sentences on what the fixture shows; kept when the file is recorded again.
  public var note: String?
  /// Every unknown value reported, compared in any order; required when decoded.
  public var unknownValues: [ReportedValue]?
  /// The error strict decoding throws when it differs from the lenient outcome.
  public var strictError: Failure?
  /// How the re-encoded value differs from the payload (`Encodable` types only).
  public var roundTrip: RoundTrip?
  /// The `DecodingError` of a failed outcome.
  public var error: Failure?

  /// An outcome as a `.expected` file states it.
  public init(
    outcome: Outcome,
    note: String? = nil,
    unknownValues: [ReportedValue]? = nil,
    strictError: Failure? = nil,
    roundTrip: RoundTrip? = nil,
    error: Failure? = nil
  ) {
    self.version = Self.formatVersion
    self.outcome = outcome
    self.note = note
    self.unknownValues = unknownValues
    self.strictError = strictError
    self.roundTrip = roundTrip
    self.error = error
  }

  /// Reads a `.expected` file, reporting what is wrong with it: not JSON, an unknown member,
  /// members that do not fit the outcome, a newer format version.
  ///
  /// ```swift
  /// let expected = try ExpectedOutcome(contentsOf: fixture.expectedURL)
  /// ```
  public init(contentsOf url: URL) throws {
    let data = try Data(contentsOf: url)
    let problems: [String]
    do {
      self = try JSONDecoder().decode(ExpectedOutcome.self, from: data)
      problems = try Self.problems(in: data)
    } catch {
      throw PayloadCheckFailure("\(url.path): not a readable .expected file: \(error)")
    }
    if !problems.isEmpty {
      throw PayloadCheckFailure(
        "\(url.path) is not a valid .expected file:\n"
          + problems.map { "  \($0)" }.joined(separator: "\n"))
    }
  }

  /// What is wrong with the file itself: members that do not fit its outcome, unknown keys,
  /// paths that are not JSONPaths, a version this library does not read.
  static func problems(in data: Data) throws -> [String] {
    guard case .object(let members) = try FixtureJSON(parsing: data) else {
      return ["the file is not a JSON object"]
    }
    var problems = Set(members.keys).subtracting(allowedKeys).sorted().map {
      "unknown member \"\($0)\""
    }
    let expected = try JSONDecoder().decode(ExpectedOutcome.self, from: data)
    if let version = expected.version, version != formatVersion {
      problems.append(
        "format version \(version); this CodableResilienceTesting reads version \(formatVersion)")
    }
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
    let roundTrip = expected.roundTrip ?? RoundTrip()
    let paths =
      (expected.unknownValues ?? []).map(\.path)
      + [expected.strictError?.path, expected.error?.path].compactMap { $0 }
      + Array(roundTrip.replaced.keys) + roundTrip.removed + Array(roundTrip.added.keys)
    for path in paths {
      do {
        _ = try FixtureJSON.components(of: path)
      } catch {
        problems.append("\(error)")
      }
    }
    return problems
  }

  /// The file's text: indented JSON, members in a fixed order, ending with a newline.
  func fileText() throws -> String {
    let value = try FixtureJSON(parsing: JSONEncoder().encode(self))
    return value.prettyPrinted(memberOrder: Self.memberOrder) + "\n"
  }
}
