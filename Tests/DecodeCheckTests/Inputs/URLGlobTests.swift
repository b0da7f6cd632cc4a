import Testing

@testable import DecodeCheck

@Suite struct URLGlobTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var pattern: String
    var url: String
    var matches: Bool
    var testDescription: String { "\(pattern) \(matches ? "matches" : "misses") \(url)" }
  }

  static let cases: [Case] = [
    Case(
      pattern: "*/api/v2/listings", url: "https://api.example.com/api/v2/listings?page=2",
      matches: true),
    Case(
      pattern: "*/api/v2/listings", url: "https://api.example.com/api/v2/listings/7", matches: false
    ),
    Case(
      pattern: "*/api/v2/bookings/*", url: "https://h.example/api/v2/bookings/b-1", matches: true),
    Case(pattern: "*/api/v2/bookings/*", url: "https://h.example/api/v2/bookings/", matches: true),
    Case(
      pattern: "*/api/v2/bookings/*", url: "https://h.example/api/v2/bookings/b-1/guests",
      matches: false),
    Case(pattern: "*/listings", url: "https://h.example/v1/listings", matches: false),
    Case(pattern: "**/listings", url: "https://h.example/v1/listings", matches: true),
    Case(
      pattern: "/api/**/guests", url: "https://h.example/api/v2/bookings/b-1/guests", matches: true),
    Case(pattern: "/api/**", url: "https://h.example/api", matches: false),
    Case(pattern: "/api/b*s", url: "https://h.example/api/bookings", matches: true),
    Case(pattern: "/api/b*s", url: "https://h.example/api/b/s", matches: false),
    Case(
      pattern: "https://api.example.com/api/*", url: "https://api.example.com/api/x?q=1",
      matches: true),
    Case(
      pattern: "https://api.example.com/api/*", url: "https://other.example.com/api/x",
      matches: false),
    Case(pattern: "https://*.example.com/**", url: "https://eu.example.com/a/b#top", matches: true),
    Case(pattern: "/", url: "https://h.example", matches: true),
    Case(pattern: "/a", url: "/a?x=/b", matches: true),
  ]

  @Test(arguments: cases)
  func matching(_ test: Case) throws {
    #expect(try URLGlob(test.pattern).matches(test.url) == test.matches)
  }

  @Test(arguments: [
    ("", "empty"), ("api/v2", "starts with `/`, `*` or a scheme"), ("/a?b=1", "`?` cannot appear"),
    ("/a/***", "`***` is not a pattern"), ("/a b", "` ` cannot appear"),
  ])
  func invalidPatternsSayWhy(_ pattern: String, _ words: String) {
    #expect {
      try URLGlob(pattern)
    } throws: { error in
      (error as? URLGlob.Problem)?.message.contains(words) == true
    }
  }

  @Test(arguments: [
    ("https://api.example.com/api/v2/listings?page=2", "/api/v2/listings?page=2"),
    ("https://api.example.com", "/"),
    ("https://api.example.com?x=1", "/?x=1"),
    ("/relative/path?q", "/relative/path?q"),
  ])
  func reportsNameThePathAndQuery(_ url: String, _ shown: String) {
    #expect(URLGlob.pathAndQuery(of: url) == shown)
  }

  /// A pattern of many stars against a long path neither recurses nor backtracks forever.
  @Test func manyStarsStayFast() throws {
    let glob = try URLGlob("/" + String(repeating: "*a", count: 200) + "b")
    #expect(!glob.matches("/" + String(repeating: "a", count: 5_000)))
  }
}
