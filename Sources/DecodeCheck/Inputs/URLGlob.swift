/// A pattern over a request's URL, as a routes file writes it: `*/api/v2/bookings/*`.
///
/// `*` matches any run of characters within one path segment (no `/`), possibly none; `**`
/// matches any run, across segments. A pattern that starts with a scheme (`https://…`) is
/// matched against the whole URL without its query and fragment; any other pattern against
/// the URL's path alone.
///
/// ```swift
/// let glob = try URLGlob("*/api/v2/listings")
/// glob.matches("https://api.example.com/api/v2/listings?page=2")  // true
/// ```
struct URLGlob: Sendable, Hashable {
  private enum Token: Hashable {
    case byte(UInt8)
    case star
    case doubleStar
  }

  /// Why a pattern cannot be used, in plain words.
  struct Problem: Error, Equatable {
    var message: String
  }

  /// The pattern as written.
  let pattern: String
  /// Whether it is matched against the whole URL (it starts with a scheme).
  let matchesWholeURL: Bool
  private let tokens: [Token]

  init(_ pattern: String) throws(Problem) {
    self.pattern = pattern
    guard !pattern.isEmpty else { throw Problem(message: "the pattern is empty") }
    if let forbidden = pattern.first(where: { $0 == "?" || $0 == "#" || $0 == " " }) {
      throw Problem(
        message: "`\(forbidden)` cannot appear in a pattern: queries and fragments are not "
          + "matched, and URLs hold no spaces")
    }
    matchesWholeURL = Self.schemeLength(of: pattern) != nil
    if !matchesWholeURL, !(pattern.hasPrefix("/") || pattern.hasPrefix("*")) {
      throw Problem(
        message: "a pattern starts with `/`, `*` or a scheme such as `https://`, "
          + "not `\(pattern.prefix(1))`")
    }
    var tokens: [Token] = []
    var bytes = Array(pattern.utf8)[...]
    while let byte = bytes.popFirst() {
      guard byte == UInt8(ascii: "*") else {
        tokens.append(.byte(byte))
        continue
      }
      if bytes.first == UInt8(ascii: "*") {
        bytes.removeFirst()
        if bytes.first == UInt8(ascii: "*") {
          throw Problem(message: "`***` is not a pattern: use `*` within a segment or `**` across")
        }
        tokens.append(.doubleStar)
      } else {
        tokens.append(.star)
      }
    }
    self.tokens = tokens
  }

  /// Whether the pattern matches `url` (an absolute URL or a path, with or without a query).
  func matches(_ url: String) -> Bool {
    let subject = matchesWholeURL ? Self.withoutQuery(url) : Self.path(of: url)
    return matches(Array(subject.utf8))
  }

  /// Dynamic programming over pattern tokens and subject bytes, one row at a time: linear
  /// memory, no recursion, no backtracking blow-up on patterns full of stars.
  private func matches(_ subject: [UInt8]) -> Bool {
    // row[j]: the tokens read so far match the first j bytes of the subject.
    var row = [Bool](repeating: false, count: subject.count + 1)
    row[0] = true
    for token in tokens {
      var next = [Bool](repeating: false, count: subject.count + 1)
      switch token {
      case .byte(let byte):
        for index in 0..<subject.count where row[index] && subject[index] == byte {
          next[index + 1] = true
        }
      case .star, .doubleStar:
        let crossesSegments = token == .doubleStar
        var reachable = false
        for index in 0...subject.count {
          if row[index] { reachable = true }
          next[index] = reachable
          if index < subject.count, !crossesSegments, subject[index] == UInt8(ascii: "/") {
            reachable = false
          }
        }
      }
      row = next
    }
    return row[subject.count]
  }

  /// The length of `scheme://` at the start of `text`, or `nil` when it does not start so.
  static func schemeLength(of text: String) -> Int? {
    StringForm.schemeLength(of: text)
  }

  /// The URL up to its query or fragment.
  static func withoutQuery(_ url: String) -> String {
    String(url.prefix { $0 != "?" && $0 != "#" })
  }

  /// The URL's path and query, as a report names the request: `/api/v2/listings?page=2` for
  /// `https://api.example.com/api/v2/listings?page=2`; `/` when it has no path.
  static func pathAndQuery(of url: String) -> String {
    guard let schemeLength = schemeLength(of: url) else { return url }
    let afterScheme = url.dropFirst(schemeLength)
    guard let start = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" })
    else { return "/" }
    let rest = afterScheme[start...]
    return rest.first == "/" ? String(rest) : "/" + rest
  }

  /// The URL's path alone: `/api/v2/listings`.
  static func path(of url: String) -> String {
    withoutQuery(pathAndQuery(of: url))
  }

  /// The URL's path with each segment that does not look like a name (``StringForm/looksLikeName(_:)``:
  /// an id, a UUID, a user's handle or address) written `*`, as a route would match it:
  /// `/api/v1/accounts/*/statuses` for `https://social.example/api/v1/accounts/1098/statuses?limit=2`.
  static func template(of url: String) -> String {
    path(of: url).split(separator: "/", omittingEmptySubsequences: false).map { segment in
      segment.isEmpty || StringForm.looksLikeName(String(segment)) ? String(segment) : "*"
    }.joined(separator: "/")
  }
}
