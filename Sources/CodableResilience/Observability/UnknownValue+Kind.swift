extension UnknownValue {
  /// What a report is about: an unknown value, an element left out, a renamed value, a default
  /// read for a missing key or `null`, a field the model does not write, or a value converted
  /// from another JSON type.
  ///
  /// New kinds come with new tools, so a `switch` over a kind ends in `@unknown default`: the
  /// next kind then needs no change to it (the enum is `@nonexhaustive`, SE-0487).
  ///
  /// ```swift
  /// switch value.kind {
  /// case .unknownValue: metrics.count("unknown_value", value.typeName)
  /// case .renamedValue(let canonical): print("read as", canonical)
  /// default: break
  /// }
  /// ```
  @nonexhaustive
  public enum Kind: Sendable, Hashable {
    /// A raw value, tag or key the type does not know, decoded leniently.
    ///
    /// ```swift
    /// value.kind == .unknownValue
    /// ```
    case unknownValue

    /// An element of a collection that failed to decode and was left out, with its error
    /// (``SkipInvalidElements``). ``UnknownValue/rawValue`` is the element's JSON.
    ///
    /// ```swift
    /// if case .invalidElement(let failure) = value.kind { print(failure.errorKind) }
    /// ```
    case invalidElement(ElementFailure)

    /// A value read through an alias or by its letter case (``ValueAliases``), with the
    /// canonical raw value it was read as. ``UnknownValue/rawValue`` is the spelling received.
    ///
    /// ```swift
    /// if case .renamedValue(let canonical) = value.kind { print(canonical) }  // "card"
    /// ```
    case renamedValue(canonical: String)

    /// A property read as its default (``DecodeMissingAsDefault``) because its key was missing
    /// or held `null`. ``UnknownValue/rawValue`` is what was read: empty for a missing key,
    /// `null` for `null`. Under ``UnknownValueHandler/strict`` the decode throws what a plain
    /// property throws there: `keyNotFound`, or the decoder's own error for `null`.
    ///
    /// ```swift
    /// if case .defaultUsed(.missingKey) = value.kind { print(value.path, "was missing") }
    /// ```
    case defaultUsed(DefaultReason)

    /// A member of an object that the model does not write, kept to be written back
    /// (``KeepUnknownFields``). ``UnknownValue/rawValue`` is the member's JSON. Like a renamed
    /// value it is not a problem: handlers receive it only when they ask to
    /// (``UnknownValueHandler/receivingUnknownFields()``), and it is never an error.
    ///
    /// ```swift
    /// if case .unknownField = value.kind { print("the server sends", value.path) }
    /// ```
    case unknownField

    /// A value that arrived as another JSON type and was converted exactly
    /// (``DecodeConvertingType``, ``DecodeOneOrMany``), with the type it arrived as.
    /// ``UnknownValue/rawValue`` is the value as sent: `7` for a number, `7` for the string
    /// `"7"` (the kind tells them apart), the JSON of a single value read as an array. Under
    /// ``UnknownValueHandler/strict`` the decode throws what a plain property throws there.
    ///
    /// ```swift
    /// if case .convertedType(from: .string) = value.kind { print(value.path, "came quoted") }
    /// ```
    case convertedType(from: JSONType)
  }

  /// The JSON type a converted value arrived as (see
  /// ``Kind-swift.enum/convertedType(from:)``).
  ///
  /// ```swift
  /// if case .convertedType(let received) = value.kind { print(received) }  // string
  /// ```
  public enum JSONType: String, Sendable, Hashable, Codable {
    /// A string, such as `"7"` read as an `Int`.
    case string
    /// A number, such as `7` read as a `String`.
    case number
    /// A boolean, such as `true` read as a `String`.
    case bool
    /// One value where an array was expected, read as an array of it (``DecodeOneOrMany``).
    case singleValue
  }

  /// Why a property was read as its default.
  ///
  /// ```swift
  /// if case .defaultUsed(let reason) = value.kind { print(reason) }  // missingKey
  /// ```
  public enum DefaultReason: String, Sendable, Hashable, Codable {
    /// The key was not in the object.
    case missingKey
    /// The key held `null`.
    case null
  }

  /// The error an element left out by ``SkipInvalidElements`` threw: its case, its own path
  /// and its description, and the error itself.
  ///
  /// ```swift
  /// failure.errorKind  // "keyNotFound"
  /// failure.path       // "$.notifications[3].title"
  /// ```
  public struct ElementFailure: Sendable, Hashable, CustomStringConvertible {
    /// The error the element threw.
    ///
    /// ```swift
    /// throw failure.error
    /// ```
    public var error: DecodingError { box.error }

    /// The error, behind one reference: a failure is copied with every report.
    private let box: ErrorBox

    /// The error's case: `keyNotFound`, `valueNotFound`, `typeMismatch` or `dataCorrupted`.
    ///
    /// ```swift
    /// failure.errorKind  // "typeMismatch"
    /// ```
    public var errorKind: String {
      switch error {
      case .keyNotFound: "keyNotFound"
      case .valueNotFound: "valueNotFound"
      case .typeMismatch: "typeMismatch"
      case .dataCorrupted: "dataCorrupted"
      @unknown default: "decodingError"
      }
    }

    /// The error's coding path, where inside the element it happened.
    ///
    /// ```swift
    /// failure.codingPath  // [.key("items"), .index(3), .key("title")]
    /// ```
    package var codingPath: [PathComponent] {
      switch error {
      case .keyNotFound(let key, let context):
        (context.codingPath + [key]).map(PathComponent.init)
      case .valueNotFound(_, let context), .typeMismatch(_, let context),
        .dataCorrupted(let context):
        context.codingPath.map(PathComponent.init)
      @unknown default:
        []
      }
    }

    /// The error's own description, as the decoder wrote it (with the missing key named for
    /// `keyNotFound`).
    ///
    /// ```swift
    /// failure.debugDescription  // No value associated with key "title".
    /// ```
    package var debugDescription: String {
      switch error {
      case .keyNotFound(_, let context), .valueNotFound(_, let context),
        .typeMismatch(_, let context), .dataCorrupted(let context):
        context.debugDescription
      @unknown default:
        "\(error)"
      }
    }

    /// Describes `error`, the error an element threw, for a report of an element left out.
    /// What it says is read from the error when it is asked for, so a failure collected and
    /// never printed costs only the error.
    ///
    /// ```swift
    /// let failure = UnknownValue.ElementFailure(error)
    /// let report = UnknownValue(
    ///   kind: .invalidElement(failure), typeName: "Notice", rawValue: #"{"id":3}"#,
    ///   codingPath: decoder.codingPath)
    /// ```
    public init(_ error: DecodingError) {
      box = ErrorBox(error)
    }

    /// The JSONPath-style text of ``codingPath``; for a missing key, the key's own path.
    ///
    /// ```swift
    /// failure.path  // "$.notifications[3].title"
    /// ```
    public var path: String {
      PathComponent.jsonPath(codingPath)
    }

    /// The case, the path and the description: `keyNotFound at $.items[3].title: No value
    /// associated with key "title".`
    ///
    /// ```swift
    /// print(failure)
    /// ```
    public var description: String {
      "\(errorKind) at \(path): \(debugDescription)"
    }

    /// Two failures are equal when their case, path and description are.
    ///
    /// ```swift
    /// lhs == rhs
    /// ```
    public static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.errorKind == rhs.errorKind && lhs.codingPath == rhs.codingPath
        && lhs.debugDescription == rhs.debugDescription
    }

    /// Hashes what equality compares.
    ///
    /// ```swift
    /// var seen: Set<UnknownValue.ElementFailure> = []
    /// ```
    public func hash(into hasher: inout Hasher) {
      hasher.combine(errorKind)
      hasher.combine(codingPath)
      hasher.combine(debugDescription)
    }
  }
}

/// The error of an ``UnknownValue/ElementFailure``.
private final class ErrorBox: Sendable {
  let error: DecodingError

  init(_ error: DecodingError) {
    self.error = error
  }
}
