import CodableResilience
import Foundation
import Testing

// Which unknown values a collection property reports, where, and in what order, through the
// concrete models a user writes: the keyed fast paths and the wrappers' own `init(from:)`
// must both report every unknown key in key order, and every unknown element at its own index.

private enum Platform: String, Codable, Hashable, Sendable {
  case ios, android
}

private enum Badge: String, Codable, Hashable, Sendable {
  case verified, superhost, new
}

private struct App: Decodable {
  @SkipUnknownKeys var downloads: [Platform: Int]
}

private struct Host: Decodable {
  @SkipUnknownElements var badges: [Badge]
  @SkipUnknownElements var badgeSet: Set<Badge>
}

/// Eight unknown keys, written out of order: hash order sorts them by chance once in 40,320.
private let unknownPlatforms = ["zos", "beos", "tvos", "amiga", "visionos", "os2", "haiku", "qnx"]

@Suite struct UnknownEntriesOrderTests {
  /// Every unknown key of a `@SkipUnknownKeys` property is reported and kept, sorted by key.
  @Test func everyUnknownKeyOfAPropertyIsReportedInKeyOrder() throws {
    let members = (["\"ios\": 1", "\"android\": 2"] + unknownPlatforms.map { "\"\($0)\": 0" })
    let (app, unknown) = try JSONDecoder().decodeCollectingUnknownValues(
      App.self, from: json(#"{"downloads": {\#(members.joined(separator: ", "))}}"#))
    let sorted = unknownPlatforms.sorted()
    #expect(app.downloads == [.ios: 1, .android: 2])
    #expect(app.$downloads.unknownEntries.map(\.key) == sorted)
    #expect(unknown.map(\.rawValue) == sorted)
    #expect(unknown.map(\.path) == sorted.map { "$.downloads.\($0)" })
  }

  /// The same at the top level, where the wrapper's own `init(from:)` reads the object.
  @Test func everyUnknownKeyAtTheTopLevelIsReportedInKeyOrder() throws {
    let members = unknownPlatforms.map { "\"\($0)\": 0" } + ["\"ios\": 1"]
    let (downloads, unknown) = try JSONDecoder().decodeCollectingUnknownValues(
      SkipUnknownKeys<[Platform: Int]>.self,
      from: json("{\(members.joined(separator: ", "))}"))
    let sorted = unknownPlatforms.sorted()
    #expect(downloads.wrappedValue == [.ios: 1])
    #expect(downloads.unknownEntries.map(\.key) == sorted)
    #expect(unknown.map(\.path) == sorted.map { "$.\($0)" })
  }

  /// Two unknown keys are sorted too. Each object's hash order is a coin toss, so the test
  /// decodes 24 of them: all 24 coming out sorted by chance is one in 16 million.
  @Test func twoUnknownKeysAreSortedInEveryObject() throws {
    for index in 0..<24 {
      let (first, second) = ("a\(index)", "b\(index)")
      let text = #"{"\#(second)": 2, "ios": 1, "\#(first)": 1}"#
      let (app, unknown) = try JSONDecoder().decodeCollectingUnknownValues(
        App.self, from: json(#"{"downloads": \#(text)}"#))
      #expect(app.$downloads.unknownEntries.map(\.key) == [first, second], "\(text)")
      #expect(unknown.map(\.rawValue) == [first, second], "\(text)")
      let topLevel = try JSONDecoder().decode(
        SkipUnknownKeys<[Platform: Int]>.self, from: json(text))
      #expect(topLevel.unknownEntries.map(\.key) == [first, second], "\(text)")
    }
  }

  /// Unknown elements next to each other are each reported at their own index, in an array
  /// and in a set, and kept in the order they were read.
  @Test func adjacentUnknownElementsAreReportedAtTheirOwnIndexes() throws {
    let (host, unknown) = try JSONDecoder().decodeCollectingUnknownValues(
      Host.self,
      from: json(
        #"{"badges": ["legend", "icon", "new", "mvp"], "badgeSet": ["icon", "legend", "new"]}"#))
    #expect(host.badges == [.new])
    #expect(host.badgeSet == [.new])
    #expect(host.$badges.unknownRawValues == ["legend", "icon", "mvp"])
    #expect(host.$badgeSet.unknownRawValues == ["icon", "legend"])
    #expect(
      unknown.map(\.path) == [
        "$.badges[0]", "$.badges[1]", "$.badges[3]", "$.badgeSet[0]", "$.badgeSet[1]",
      ])
    #expect(unknown.map(\.rawValue) == ["legend", "icon", "mvp", "icon", "legend"])
  }
}
