extension UnknownValue {
  /// One step of a coding path: a key of an object or an index into an array.
  ///
  /// It is itself a `CodingKey`, so a path of these can be handed to a `DecodingError`:
  ///
  /// ```swift
  /// let context = DecodingError.Context(
  ///   codingPath: unknownValue.codingPath, debugDescription: "…")
  /// ```
  public enum PathComponent: CodingKey, Sendable, Hashable, CustomStringConvertible {
    /// A key of an object.
    ///
    /// ```swift
    /// let component = UnknownValue.PathComponent.key("listings")
    /// ```
    case key(String)
    /// A position in an array.
    ///
    /// ```swift
    /// let component = UnknownValue.PathComponent.index(1)
    /// ```
    case index(Int)

    /// Classifies a decoder's coding key.
    ///
    /// Decoders name array positions with keys whose `intValue` is the index and whose
    /// `stringValue` is `"Index N"`; every other key is an object key (including the
    /// numeric keys of an `[Int: Value]` dictionary, whose `stringValue` is the number).
    ///
    /// ```swift
    /// let components = decoder.codingPath.map(UnknownValue.PathComponent.init)
    /// ```
    public init(_ key: any CodingKey) {
      if let component = key as? PathComponent {
        self = component
        return
      }
      let text = key.stringValue
      if let index = key.intValue, Self.isIndexText(text, index) {
        self = .index(index)
      } else {
        self = .key(text)
      }
    }

    /// Whether `text` is `"Index N"` for `index`, compared without building that text.
    private static func isIndexText(_ text: String, _ index: Int) -> Bool {
      text.hasPrefix("Index ") && text.dropFirst(6) == String(index)
    }

    /// The key's text, or `"Index N"` for an array position, as decoders name them.
    ///
    /// ```swift
    /// UnknownValue.PathComponent.index(3).stringValue  // "Index 3"
    /// ```
    public var stringValue: String {
      switch self {
      case .key(let key): key
      case .index(let index): "Index \(index)"
      }
    }

    /// The position for an array index, `nil` for an object key.
    ///
    /// ```swift
    /// UnknownValue.PathComponent.index(3).intValue  // 3
    /// ```
    public var intValue: Int? {
      if case .index(let index) = self { return index }
      return nil
    }

    /// Creates an object key.
    ///
    /// ```swift
    /// UnknownValue.PathComponent(stringValue: "kind")  // .key("kind")
    /// ```
    public init(stringValue: String) {
      self = .key(stringValue)
    }

    /// Creates an array index.
    ///
    /// ```swift
    /// UnknownValue.PathComponent(intValue: 2)  // .index(2)
    /// ```
    public init(intValue: Int) {
      self = .index(intValue)
    }

    /// The component as it appears in a JSONPath: `.name`, `["odd key"]` or `[3]`.
    ///
    /// ```swift
    /// UnknownValue.PathComponent.key("odd key").description  // ["odd key"]
    /// ```
    public var description: String {
      switch self {
      case .index(let index):
        return "[\(index)]"
      case .key(let key):
        return isPlainIdentifier(key) ? ".\(key)" : "[\(jsonQuoted(key))]"
      }
    }

    /// The JSONPath-style text of a coding path, starting at `$` for the payload's root, as
    /// every report and element failure writes its ``UnknownValue/path``: an error logged
    /// beside the reports names its place the same way.
    ///
    /// ```swift
    /// let path: [UnknownValue.PathComponent] = [.key("units"), .index(1), .key("kind")]
    /// print(UnknownValue.PathComponent.jsonPath(path))  // Prints "$.units[1].kind"
    ///
    /// if case .typeMismatch(_, let context) = error as? DecodingError {
    ///   logger.error("\(UnknownValue.PathComponent.jsonPath(context.codingPath)): mismatch")
    /// }
    /// ```
    public static func jsonPath(_ codingPath: [any CodingKey]) -> String {
      codingPath.reduce(into: "$") { text, key in
        text += PathComponent(key).description
      }
    }
  }
}

/// Whether a key can follow a dot in a JSONPath: a letter or underscore, then letters,
/// digits or underscores (ASCII only, so the path reads the same everywhere).
private func isPlainIdentifier(_ key: String) -> Bool {
  guard let first = key.utf8.first, isLetterOrUnderscore(first) else { return false }
  return key.utf8.allSatisfy {
    isLetterOrUnderscore($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
  }
}

private func isLetterOrUnderscore(_ byte: UInt8) -> Bool {
  (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    || byte == UInt8(ascii: "_")
}
