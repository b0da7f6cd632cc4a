/// A JSON path pattern of values a team keeps as captured in recorded fixtures (`--keep`, a
/// route's `keep`): `$.version`, `$.listings[*].title`. A pattern names every value of that
/// field, and everything inside it; an index (`[3]`) is read as `[*]`.
///
/// ```swift
/// try KeepPattern.normalized("$.listings[0].title")  // "$.listings[*].title"
/// ```
enum KeepPattern {
  /// Why a pattern cannot be used.
  struct Problem: Error, Equatable {
    var message: String
  }

  /// The pattern as the recorder compares it with a value's field, every index `[*]`.
  static func normalized(_ pattern: String) throws(Problem) -> String {
    guard pattern.hasPrefix("$") else {
      throw Problem(
        message: "`\(pattern)` is not a JSON path pattern; write one such as $.version or "
          + "$.items[*].title")
    }
    var result = ""
    var rest = pattern[...]
    while let open = rest.firstIndex(of: "[") {
      result += rest[..<open]
      guard let close = rest[open...].firstIndex(of: "]") else {
        throw Problem(message: "`\(pattern)` has a `[` that is never closed")
      }
      let inside = rest[rest.index(after: open)..<close]
      result +=
        !inside.isEmpty && inside.allSatisfy(\.isASCII) && inside.allSatisfy(\.isNumber)
        ? "[*]" : String(rest[open...close])
      rest = rest[rest.index(after: close)...]
    }
    return result + rest
  }
}
