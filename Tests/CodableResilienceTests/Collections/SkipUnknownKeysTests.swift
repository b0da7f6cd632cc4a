import CodableResilience
import Foundation
import Testing

private enum Platform: String, Codable, CaseIterable, UnknownDecodable {
  case ios
  case android
  case unknown
}

private enum Port: Int, Codable {
  case one = 1
  case http = 80
  case https = 443
}

private enum Device: String, Codable {
  case appleTV = "apple_tv"
  case phone
}

private struct Release: Codable, Equatable {
  @SkipUnknownKeys var downloads: [Platform: Int]
}

/// A raw-value enum that is not `CodingKeyRepresentable`: `Dictionary` reads and writes a
/// dictionary keyed by it as an array of alternating keys and values.
private enum Rate: Double, Codable {
  case low = 0.5
  case high = 1.5
}

private struct Rates: Codable {
  @SkipUnknownKeys var d: [Rate: Int]
}

private struct PlainRates: Codable {
  var d: [Rate: Int]
}

private struct OptionalRates: Codable {
  @SkipUnknownKeys var d: [Rate: Int]?
}

private struct PlainOptionalRates: Codable {
  var d: [Rate: Int]?
}

@Suite("SkipUnknownKeys")
struct SkipUnknownKeysTests {
  @Test("unknown keys neither fail the decode nor collide")
  func unknownKeysAreKeptApart() throws {
    let release = try JSONDecoder().decode(
      Release.self, from: json(#"{"downloads": {"ios": 10, "visionos": 2, "tvos": 3}}"#))
    #expect(release.downloads == [.ios: 10])
    #expect(release.downloads[.unknown] == nil)
    let kept = Dictionary(
      uniqueKeysWithValues: release.$downloads.unknownEntries.map { ($0.key, $0.value) })
    #expect(kept == ["visionos": 2, "tvos": 3])
  }

  @Test("a plain enum-keyed dictionary fails where the wrapper does not")
  func plainDictionaryFails() {
    // Swift decodes a dictionary keyed by a non-String raw value as an array of pairs.
    expectDecodingError(.typeMismatch, at: "$") {
      try JSONDecoder().decode([Platform: Int].self, from: json(#"{"ios": 10}"#))
    }
  }

  @Test("kept entries are written back, modified or not")
  func roundTrip() throws {
    let original = json(#"{"downloads": {"ios": 10, "visionos": 2}}"#)
    var release = try JSONDecoder().decode(Release.self, from: original)
    #expect(try JSONValue(data: JSONEncoder().encode(release)) == JSONValue(data: original))
    release.downloads[.android] = 5
    let expected = json(#"{"downloads": {"ios": 10, "android": 5, "visionos": 2}}"#)
    #expect(try JSONValue(data: JSONEncoder().encode(release)) == JSONValue(data: expected))
    release.$downloads.removeUnknownEntries()
    let trimmed = json(#"{"downloads": {"ios": 10, "android": 5}}"#)
    #expect(try JSONValue(data: JSONEncoder().encode(release)) == JSONValue(data: trimmed))
  }

  @Test("each unknown key is reported at its own path")
  func reportsPaths() throws {
    let (_, unknownValues) = try JSONDecoder().decodeCollectingUnknownValues(
      [String: Release].self, from: json(#"{"odd key": {"downloads": {"vision os": 1, "ios": 2}}}"#)
    )
    #expect(unknownValues.map(\.path) == [#"$["odd key"].downloads["vision os"]"#])
    #expect(unknownValues.map(\.rawValue) == ["vision os"])
    #expect(unknownValues.first?.knownValues == ["ios", "android"])
  }

  @Test("strict decoding fails at the unknown key")
  func strictFails() {
    #expect {
      try JSONDecoder().decodeStrictly(Release.self, from: json(#"{"downloads": {"tvos": 1}}"#))
    } throws: { error in
      guard case DecodingError.dataCorrupted(let context) = error else { return false }
      return UnknownValue.PathComponent.jsonPath(context.codingPath) == "$.downloads.tvos"
    }
  }

  @Test("integer raw keys match by their text; others are kept")
  func integerKeys() throws {
    let ports = try JSONDecoder().decode(
      SkipUnknownKeys<[Port: String]>.self,
      from: json(#"{"80": "web", "443": "tls", "22": "ssh", "x": "?"}"#))
    #expect(ports.wrappedValue == [.http: "web", .https: "tls"])
    #expect(Set(ports.unknownEntries.map(\.key)) == ["22", "x"])
  }

  @Test(
    "broken payloads still throw",
    arguments: [
      (#"{"downloads": {"ios": "ten"}}"#, DecodingErrorKind.typeMismatch, "$.downloads.ios"),
      (#"{"downloads": {"visionos": "two"}}"#, .typeMismatch, "$.downloads.visionos"),
      (#"{"downloads": "ios"}"#, .typeMismatch, "$.downloads"),
      // Read as `Dictionary` reads an array, as keys and values: a key that is no raw value.
      (#"{"downloads": [1, 2]}"#, .typeMismatch, "$.downloads[0]"),
      (#"{}"#, .keyNotFound, "$.downloads"),
      // `null` is `nil` only for an optional dictionary; here it is what a plain one throws.
      (#"{"downloads": null}"#, .valueNotFound, "$.downloads"),
    ]
  )
  func brokenPayloadsThrow(payload: String, kind: DecodingErrorKind, path: String) {
    expectDecodingError(kind, at: path) {
      try JSONDecoder().decode(Release.self, from: json(payload))
    }
  }

  @Test("equality compares known and kept entries")
  func equality() throws {
    let a = try JSONDecoder().decode(
      Release.self, from: json(#"{"downloads": {"ios": 1, "x": 2, "y": 3}}"#))
    let b = try JSONDecoder().decode(
      Release.self, from: json(#"{"downloads": {"y": 3, "ios": 1, "x": 2}}"#))
    let c = try JSONDecoder().decode(
      Release.self, from: json(#"{"downloads": {"ios": 1, "x": 2}}"#))
    #expect(a == b)
    #expect(a != c)
  }

  @Test("keys are read and written as they are, whatever the key strategy")
  func keyStrategiesLeaveKeysAlone() throws {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let original = json(#"{"apple_tv": 1, "vision_os": 2}"#)
    let (devices, unknownValues) = try decoder.decodeCollectingUnknownValues(
      SkipUnknownKeys<[Device: Int]>.self, from: original)
    #expect(devices.wrappedValue == [.appleTV: 1])
    #expect(unknownValues.map(\.path) == ["$.vision_os"])
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    #expect(try JSONValue(data: encoder.encode(devices)) == JSONValue(data: original))
  }

  @Test("integer keys that only parse to a known key are kept apart, not merged")
  func integerKeysDoNotCollide() throws {
    let original = json(#"{"1": "a", "01": "b", "+1": "c"}"#)
    let ports = try JSONDecoder().decode(SkipUnknownKeys<[Port: String]>.self, from: original)
    #expect(ports.wrappedValue == [.one: "a"])
    #expect(ports.unknownEntries.map(\.key) == ["+1", "01"])
    #expect(try JSONValue(data: JSONEncoder().encode(ports)) == JSONValue(data: original))
  }

  @Test("kept entries survive a property-list round trip")
  func propertyListRoundTrip() throws {
    let release = try JSONDecoder().decode(
      Release.self, from: json(#"{"downloads": {"ios": 10, "visionos": 2}}"#))
    let plist = try PropertyListEncoder().encode(release)
    let decoded = try PropertyListDecoder().decode(Release.self, from: plist)
    #expect(decoded == release)
    #expect(decoded.$downloads.unknownEntries.map(\.key) == ["visionos"])
  }

  @Test(
    "a dictionary written as pairs reads and writes as a plain one does",
    arguments: [#"{"d": [0.5, 1, 1.5, 2]}"#, #"{"d": []}"#])
  func pairsReadAsPlain(_ text: String) throws {
    let rates = try JSONDecoder().decode(Rates.self, from: json(text))
    let plain = try JSONDecoder().decode(PlainRates.self, from: json(text))
    #expect(rates.d == plain.d)
    #expect(rates.$d.unknownEntries.isEmpty)
    let written = try JSONDecoder().decode(PlainRates.self, from: JSONEncoder().encode(rates))
    #expect(written.d == plain.d)
    let form = try encodedJSON(rates)["d"]
    if case .array(let elements) = form {
      #expect(elements.count == 2 * plain.d.count)
    } else {
      Issue.record("written as \(String(describing: form)), not as pairs")
    }
  }

  @Test(
    "optional, a dictionary written as pairs reads and writes as a plain one does",
    arguments: [#"{"d": [1.5, 7]}"#, "{}"])
  func optionalPairsReadAsPlain(_ text: String) throws {
    let rates = try JSONDecoder().decode(OptionalRates.self, from: json(text))
    let plain = try JSONDecoder().decode(PlainOptionalRates.self, from: json(text))
    #expect(rates.d == plain.d)
    #expect(try encodedJSON(rates) == encodedJSON(plain))
  }

  @Test("an unknown key of a dictionary read as pairs is left out, reported and written back")
  func pairsLeaveOutUnknownKeys() throws {
    let text = #"{"d": [0.5, 1, 9.5, 2]}"#
    let (rates, reports) = try JSONDecoder().decodeCollectingUnknownValues(
      Rates.self, from: json(text))
    #expect(rates.d == [.low: 1])
    #expect(rates.$d.unknownEntries.map(\.key) == ["9.5"])
    #expect(reports.map(\.path) == ["$.d[2]"])
    #expect(reports.map(\.rawValue) == ["9.5"])
    #expect(try encodedJSON(rates) == JSONValue(parsing: text))
    expectDecodingError(.dataCorrupted, at: "$.d[2]") {
      try JSONDecoder().decodeStrictly(Rates.self, from: json(text))
    }
  }
}
