import CodableResilience
import Foundation
import Testing

private enum Badge: String, Codable, CaseIterable, Hashable {
  case verified
  case superhost
  case newcomer
}

private enum Level: Int, Codable {
  case low = 1
  case high = 2
}

private struct Profile: Codable, Equatable {
  @SkipUnknownElements var badges: [Badge]
  @SkipUnknownElements var badgeSet: Set<Badge>

  enum CodingKeys: String, CodingKey {
    case badges
    case badgeSet = "badge_set"
  }
}

/// Elements that are dictionaries `Dictionary` writes as arrays of keys and values.
private struct PriceLists: Codable {
  @SkipUnknownElements var lists: [[Double: Int]]
  @SkipUnknownElements var optionalLists: [[Bool: String]]?
}

private struct PlainPriceLists: Codable {
  var lists: [[Double: Int]]
  var optionalLists: [[Bool: String]]?
}

@Suite("SkipUnknownElements")
struct SkipUnknownElementsTests {
  @Test("unknown elements are left out of the value and kept aside")
  func skipsUnknownElements() throws {
    let profile = try JSONDecoder().decode(
      Profile.self,
      from: json(
        #"{"badges": ["verified", "gold", "newcomer", "gold"], "badge_set": ["x", "superhost"]}"#)
    )
    #expect(profile.badges == [.verified, .newcomer])
    #expect(profile.$badges.unknownRawValues == ["gold", "gold"])
    #expect(profile.badgeSet == [.superhost])
    #expect(profile.$badgeSet.unknownRawValues == ["x"])
  }

  @Test("an unmodified value writes back exactly the array that was read")
  func unmodifiedRoundTrip() throws {
    let original = json(
      #"{"badges": ["gold", "verified", "verified", "platinum"], "badge_set": ["newcomer", "x", "newcomer"]}"#
    )
    let profile = try JSONDecoder().decode(Profile.self, from: original)
    let encoded = try JSONEncoder().encode(profile)
    #expect(try JSONValue(data: encoded) == JSONValue(data: original))
  }

  @Test("a modified value writes the current elements, then the skipped raw values")
  func modifiedKeepsUnknownAtTheEnd() throws {
    var profile = try JSONDecoder().decode(
      Profile.self, from: json(#"{"badges": ["gold", "verified"], "badge_set": []}"#))
    profile.badges.append(.superhost)
    let encoded = try JSONEncoder().encode(profile)
    let expected = json(#"{"badges": ["verified", "superhost", "gold"], "badge_set": []}"#)
    #expect(try JSONValue(data: encoded) == JSONValue(data: expected))
  }

  @Test("removeUnknownElements drops what was skipped from the output")
  func removingUnknownRawValues() throws {
    var profile = try JSONDecoder().decode(
      Profile.self, from: json(#"{"badges": ["gold", "verified"], "badge_set": ["x"]}"#))
    profile.$badges.removeUnknownElements()
    profile.$badgeSet.removeUnknownElements()
    #expect(profile.$badges.unknownRawValues.isEmpty)
    let encoded = try JSONEncoder().encode(profile)
    #expect(
      try JSONValue(data: encoded)
        == JSONValue(data: json(#"{"badges": ["verified"], "badge_set": []}"#)))
  }

  @Test("each skipped element is reported at its own index")
  func reportsPaths() throws {
    let (_, unknownValues) = try JSONDecoder().decodeCollectingUnknownValues(
      [Profile].self,
      from: json(
        #"[{"badges": [], "badge_set": []}, {"badges": ["verified", "gold"], "badge_set": ["x"]}]"#)
    )
    #expect(unknownValues.map(\.path) == ["$[1].badges[1]", "$[1].badge_set[0]"])
    #expect(unknownValues.map(\.typeName) == ["Badge", "Badge"])
    #expect(unknownValues.first?.knownValues == ["verified", "superhost", "newcomer"])
  }

  /// Each array reads its own path once for all its elements: this holds every report of
  /// several arrays, with and without an installed handler, to values made by hand.
  @Test("reports of many arrays are the values made by hand at each element's path")
  func reportsAcrossArrays() throws {
    let payload = json(
      #"[{"badges": ["gold", "verified", "x", "y"], "badge_set": []}, "#
        + #"{"badges": ["z"], "badge_set": ["superhost", "w"]}]"#)
    let reports =
      [("gold", 0, "badges", 0), ("x", 0, "badges", 2), ("y", 0, "badges", 3)]
      + [("z", 1, "badges", 0), ("w", 1, "badge_set", 1)]
    let expected = reports.map { rawValue, record, key, index in
      UnknownValue(
        typeName: "Badge", rawValue: rawValue,
        codingPath: [UnknownValue.PathComponent.index(record), .key(key), .index(index)],
        knownValues: ["verified", "superhost", "newcomer"])
    }
    let seen = Locked<[UnknownValue]>([])
    let decoder = JSONDecoder()
    let (_, alone) = try decoder.decodeCollectingUnknownValues([Profile].self, from: payload)
    decoder.unknownValueHandler = .report { value in seen.withLock { $0.append(value) } }
    let (_, followed) = try decoder.decodeCollectingUnknownValues([Profile].self, from: payload)
    for values in [alone, followed, seen.withLock { $0 }] {
      #expect(values == expected)
      #expect(values.map(\.path) == expected.map(\.path))
      #expect(values.map(\.codingPath) == expected.map(\.codingPath))
      #expect(values.map(\.description) == expected.map(\.description))
      #expect(values.map(\.hashValue) == expected.map(\.hashValue))
    }
    #expect(alone.first?.path == "$[0].badges[0]")
  }

  @Test("strict decoding fails at the first skipped element")
  func strictFails() throws {
    #expect {
      try JSONDecoder().decodeStrictly(
        Profile.self, from: json(#"{"badges": ["verified", "gold"], "badge_set": []}"#))
    } throws: { error in
      guard case DecodingError.dataCorrupted(let context) = error else { return false }
      return UnknownValue.PathComponent.jsonPath(context.codingPath) == "$.badges[1]"
    }
  }

  @Test(
    "broken payloads still throw",
    arguments: [
      (#"{"badges": [null], "badge_set": []}"#, DecodingErrorKind.valueNotFound, "$.badges[0]"),
      (#"{"badges": [1], "badge_set": []}"#, .typeMismatch, "$.badges[0]"),
      (#"{"badges": "verified", "badge_set": []}"#, .typeMismatch, "$.badges"),
      (#"{"badge_set": []}"#, .keyNotFound, "$.badges"),
      // `null` is `nil` only for an optional collection; here it is what a plain array throws.
      (#"{"badges": null, "badge_set": []}"#, .valueNotFound, "$.badges"),
    ]
  )
  func brokenPayloadsThrow(payload: String, kind: DecodingErrorKind, path: String) {
    expectDecodingError(kind, at: path) {
      try JSONDecoder().decode(Profile.self, from: json(payload))
    }
  }

  @Test("integer raw values work, through property lists too")
  func integerRawValuesInPropertyLists() throws {
    let levels = try JSONDecoder().decode(
      SkipUnknownElements<[Level]>.self, from: json("[1, 7, 2]"))
    #expect(levels.wrappedValue == [.low, .high])
    #expect(levels.unknownRawValues == [7])
    let plist = try PropertyListEncoder().encode([levels])
    let decoded = try PropertyListDecoder().decode([SkipUnknownElements<[Level]>].self, from: plist)
    #expect(decoded == [levels])
  }

  @Test("an all-known value carries nothing extra and equals a value built in code")
  func allKnownEqualsBuiltInCode() throws {
    let decoded = try JSONDecoder().decode(
      SkipUnknownElements<[Badge]>.self, from: json(#"["verified"]"#))
    #expect(decoded == SkipUnknownElements(wrappedValue: [.verified]))
    #expect(decoded.unknownRawValues.isEmpty)
  }

  @Test(
    "elements that are dictionaries written as pairs read and write as in a plain array",
    arguments: [#"{"lists": [[1.5, 2], []], "optionalLists": [[true, "on"]]}"#, #"{"lists": []}"#])
  func dictionaryElementsReadAsPlain(_ text: String) throws {
    let lists = try JSONDecoder().decode(PriceLists.self, from: json(text))
    let plain = try JSONDecoder().decode(PlainPriceLists.self, from: json(text))
    #expect(lists.lists == plain.lists)
    #expect(lists.optionalLists == plain.optionalLists)
    #expect(try encodedJSON(lists) == encodedJSON(plain))
  }
}
