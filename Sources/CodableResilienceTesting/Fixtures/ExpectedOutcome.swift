import CodableResilience
import Foundation

/// The content of a fixture's `.expected` file: what decoding its payload must produce.
///
/// The file is JSON, written to be read and reviewed. `Fixtures/README.md` and the
/// "Testing your own models" article document every member:
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
///
/// Version 2 adds the elements `@SkipInvalidElements` left out and the values read in an old
/// spelling (`ValueAliases`):
///
/// ```json
/// {
///   "version": 2,
///   "outcome": "decoded",
///   "unknownValues": [],
///   "invalidElements": [
///     { "type": "Line", "path": "$.lines[1]",
///       "error": { "case": "keyNotFound", "path": "$.lines[1].sku", "key": "sku" } }
///   ],
///   "renamedValues": [
///     { "type": "PaymentMethod", "rawValue": "credit_card", "canonical": "card",
///       "path": "$.payment" }
///   ],
///   "strictError": { "case": "keyNotFound", "path": "$.lines[1].sku", "key": "sku" },
///   "roundTrip": { "replaced": { "$.payment": "card" } }
/// }
/// ```
///
/// Version 3 adds the defaults `@DecodeMissingAsDefault` read and the fields a
/// `@KeepUnknownFields` model does not write:
///
/// ```json
/// {
///   "version": 3,
///   "outcome": "decoded",
///   "unknownValues": [],
///   "defaultsUsed": [ { "type": "String", "reason": "missingKey", "path": "$.header" } ],
///   "unknownFields": [ { "type": "Account", "path": "$.theme", "json": "\"dark\"" } ],
///   "strictError": { "case": "keyNotFound", "path": "$.header", "key": "header" }
/// }
/// ```
///
/// Version 4 adds the values `@DecodeConvertingType` and `@DecodeOneOrMany` converted from
/// another JSON type:
///
/// ```json
/// {
///   "version": 4,
///   "outcome": "decoded",
///   "unknownValues": [],
///   "convertedValues": [ { "type": "Int", "received": "string", "rawValue": "7", "path": "$.id" } ],
///   "strictError": { "case": "typeMismatch", "path": "$.id" }
/// }
/// ```
public struct ExpectedOutcome: Codable, Hashable, Sendable {
  /// The newest version of the format this library reads. A file without `version` is read
  /// as version 1, and a file is written in the oldest version that holds what it says: 4
  /// when it lists converted values, 3 when it lists defaults used or unknown fields, 2 when
  /// it lists elements left out or renamed values, 1 otherwise.
  public static let formatVersion = 4

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

  /// One element the lenient decode must leave out (`@SkipInvalidElements`), with the error it
  /// fails with.
  ///
  /// ```json
  /// { "type": "Line", "path": "$.lines[1]",
  ///   "error": { "case": "keyNotFound", "path": "$.lines[1].sku", "key": "sku" } }
  /// ```
  public struct LeftOutElement: Codable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The element's type, `UnknownValue.typeName`: `Line`.
    public var type: String
    /// The element's path, `UnknownValue.path`: `$.lines[1]`.
    public var path: String
    /// The element's own error: its case and the path inside the element it names.
    public var error: Failure

    /// An element left out as the file states it.
    public init(type: String, path: String, error: Failure) {
      self.type = type
      self.path = path
      self.error = error
    }

    /// The element a collecting handler reported; `nil` for another kind of report.
    public init?(_ value: UnknownValue) {
      guard case .invalidElement(let failure) = value.kind,
        let error = Failure(failure.error)
      else { return nil }
      self.init(type: value.typeName, path: value.path, error: error)
    }

    /// Orders by path, then type.
    public static func < (lhs: Self, rhs: Self) -> Bool {
      (lhs.path, lhs.type, lhs.error.description) < (rhs.path, rhs.type, rhs.error.description)
    }

    /// `Line at $.lines[1]: keyNotFound at $.lines[1].sku (key "sku")`.
    public var description: String { "\(type) at \(path): \(error)" }
  }

  /// One value the lenient decode must read in an old spelling: through one of its type's
  /// aliases or by its letter case (`ValueAliases`, a union's `tagAliases`).
  ///
  /// ```json
  /// { "type": "PaymentMethod", "rawValue": "credit_card", "canonical": "card", "path": "$.payment" }
  /// ```
  public struct RenamedValue: Codable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The type that read it, `UnknownValue.typeName`: `PaymentMethod`.
    public var type: String
    /// The spelling received: `credit_card`.
    public var rawValue: String
    /// The canonical raw value it was read as: `card`.
    public var canonical: String
    /// Where it is, `UnknownValue.path`: `$.payment`.
    public var path: String

    /// A renamed value as the file states it.
    public init(type: String, rawValue: String, canonical: String, path: String) {
      self.type = type
      self.rawValue = rawValue
      self.canonical = canonical
      self.path = path
    }

    /// The value a collecting handler reported; `nil` for another kind of report.
    public init?(_ value: UnknownValue) {
      guard case .renamedValue(let canonical) = value.kind else { return nil }
      self.init(
        type: value.typeName, rawValue: value.rawValue, canonical: canonical, path: value.path)
    }

    /// Orders by path, then type and raw value.
    public static func < (lhs: Self, rhs: Self) -> Bool {
      (lhs.path, lhs.type, lhs.rawValue) < (rhs.path, rhs.type, rhs.rawValue)
    }

    /// `PaymentMethod "credit_card" read as "card" at $.payment`.
    public var description: String {
      "\(type) \(jsonText(rawValue)) read as \(jsonText(canonical)) at \(path)"
    }
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

  /// The format version the file was written in; `nil` reads as 1.
  ///
  /// Setting a member a newer version added raises it to that version, and setting it lower
  /// than the members need raises it back, so a file written from the outcome always claims a
  /// version that holds what it lists. Decoding a file keeps the file's own version.
  public var version: Int? {
    didSet { raiseVersionToFitMembers() }
  }
  /// Whether the payload decodes.
  public var outcome: Outcome
  /// One or two sentences on what the fixture shows; kept when the file is recorded again.
  public var note: String?
  /// Every unknown value reported, compared in any order; required when decoded.
  public var unknownValues: [ReportedValue]?
  /// Every element left out, compared in any order; absent reads as none (version 2).
  public var invalidElements: [LeftOutElement]? {
    didSet { raiseVersionToFitMembers() }
  }
  /// Every value read in an old spelling, compared in any order; absent reads as none
  /// (version 2).
  public var renamedValues: [RenamedValue]? {
    didSet { raiseVersionToFitMembers() }
  }
  /// Every default used, compared in any order; absent reads as none (version 3).
  public var defaultsUsed: [DefaultUsed]? {
    didSet { raiseVersionToFitMembers() }
  }
  /// Every field the model does not write, compared in any order; absent reads as none
  /// (version 3).
  public var unknownFields: [UnknownField]? {
    didSet { raiseVersionToFitMembers() }
  }
  /// Every value converted from another JSON type, compared in any order; absent reads as none
  /// (version 4).
  public var convertedValues: [ConvertedValue]? {
    didSet { raiseVersionToFitMembers() }
  }
  /// The error strict decoding throws when it differs from the lenient outcome.
  public var strictError: Failure?
  /// How the re-encoded value differs from the payload (`Encodable` types only).
  public var roundTrip: RoundTrip?
  /// The `DecodingError` of a failed outcome.
  public var error: Failure?

  /// An outcome as a `.expected` file states it, in the oldest format version that holds it.
  public init(
    outcome: Outcome,
    note: String? = nil,
    unknownValues: [ReportedValue]? = nil,
    invalidElements: [LeftOutElement]? = nil,
    renamedValues: [RenamedValue]? = nil,
    defaultsUsed: [DefaultUsed]? = nil,
    unknownFields: [UnknownField]? = nil,
    strictError: Failure? = nil,
    roundTrip: RoundTrip? = nil,
    error: Failure? = nil
  ) {
    self.outcome = outcome
    self.note = note
    self.unknownValues = unknownValues
    self.invalidElements = invalidElements
    self.renamedValues = renamedValues
    self.defaultsUsed = defaultsUsed
    self.unknownFields = unknownFields
    self.strictError = strictError
    self.roundTrip = roundTrip
    self.error = error
    self.version = writtenVersion
  }

  /// The oldest format version that holds this outcome: 4 when it lists converted values, 3
  /// when it lists defaults used or unknown fields, 2 when it lists elements left out or
  /// renamed values, 1 otherwise, so a file of a payload that has none stays readable by a
  /// library that reads version 1.
  var writtenVersion: Int {
    if convertedValues?.isEmpty == false { return 4 }
    if defaultsUsed?.isEmpty == false || unknownFields?.isEmpty == false { return 3 }
    return invalidElements?.isEmpty == false || renamedValues?.isEmpty == false ? 2 : 1
  }

  /// Raises ``version`` to ``writtenVersion`` when it is older; never lowers it.
  private mutating func raiseVersionToFitMembers() {
    if writtenVersion > version ?? 1 { version = writtenVersion }
  }
}
