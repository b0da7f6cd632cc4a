import CodableResilience
import Foundation
import Testing

/// Not `Codable` itself: `OpenEnum` needs only its raw value to be.
enum Visibility: String, CaseIterable, Sendable {
  case everyone
  case friends
}

/// Not `CaseIterable`: reports carry no known values.
enum Priority: Int, Sendable {
  case low = 1
  case high = 2
}

struct Album: Codable, Hashable, Sendable {
  var visibility: OpenEnum<Visibility>
  var previous: OpenEnum<Visibility>?
  var audiences: [OpenEnum<Visibility>]
  var history: [OpenEnum<Visibility>]?
  var byDevice: [String: OpenEnum<Visibility>]
  var priority: OpenEnum<Priority>
}

/// The same fields read through `OpenEnum`'s own `init(from:)`, as a generic model
/// (`Envelope<T>`) reads them, not through the keyed overloads, to compare both paths.
struct AlbumThroughInit: Decodable, Hashable {
  var visibility: OpenEnum<Visibility>
  var previous: OpenEnum<Visibility>?
  var audiences: [OpenEnum<Visibility>]
  var history: [OpenEnum<Visibility>]?
  var byDevice: [String: OpenEnum<Visibility>]
  var priority: OpenEnum<Priority>

  enum CodingKeys: String, CodingKey {
    case visibility, previous, audiences, history, byDevice, priority
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    visibility = try container.decodeGenerically(forKey: .visibility)
    previous = try container.decodeGenericallyIfPresent(forKey: .previous)
    audiences = try container.decodeGenerically(forKey: .audiences)
    history = try container.decodeGenericallyIfPresent(forKey: .history)
    byDevice = try container.decodeGenerically(forKey: .byDevice)
    priority = try container.decodeGenerically(forKey: .priority)
  }

  var album: Album {
    Album(
      visibility: visibility, previous: previous, audiences: audiences, history: history,
      byDevice: byDevice, priority: priority)
  }
}

@Suite("OpenEnum")
struct OpenEnumTests {
  static let payloads: [String] = [
    #"{"visibility": "friends", "audiences": [], "byDevice": {}, "priority": 1}"#,
    #"{"visibility": "followers", "previous": "nobody", "audiences": ["everyone", "team"], "history": ["x", "friends"], "byDevice": {"tv": "kiosk", "ios": "friends"}, "priority": 7}"#,
    #"{"visibility": "everyone", "previous": null, "audiences": ["friends"], "history": null, "byDevice": {}, "priority": 2}"#,
    #"{"visibility": "team", "previous": "friends", "audiences": ["friends", "team", "club"], "history": [], "byDevice": {"web": "everyone"}, "priority": 1}"#,
  ]

  @Test("keyed overloads and init(from:) give the same values and reports", arguments: payloads)
  func overloadsMatchInit(_ text: String) throws {
    let (fast, fastReports) = try JSONDecoder().decodeCollectingUnknownValues(
      Album.self, from: json(text))
    let (slow, slowReports) = try JSONDecoder().decodeCollectingUnknownValues(
      AlbumThroughInit.self, from: json(text))
    #expect(fast == slow.album)
    #expect(
      fastReports.sorted(by: { $0.path < $1.path }) == slowReports.sorted(by: { $0.path < $1.path })
    )
    #expect(try encodedJSON(fast) == JSONValue(parsing: text).removingNulls())
  }

  @Test("unknown values are kept, reported under Known's name, and written back")
  func unknownKeptAndReported() throws {
    let (album, reports) = try JSONDecoder().decodeCollectingUnknownValues(
      Album.self, from: json(Self.payloads[1]))
    #expect(album.visibility == .unknown("followers"))
    #expect(album.previous == .unknown("nobody"))
    #expect(album.audiences == [.known(.everyone), .unknown("team")])
    #expect(album.history == [.unknown("x"), .known(.friends)])
    #expect(album.byDevice == ["tv": .unknown("kiosk"), "ios": .known(.friends)])
    #expect(album.priority == .unknown(7))
    #expect(
      Set(reports.map(\.path)) == [
        "$.visibility", "$.previous", "$.audiences[1]", "$.history[0]", "$.byDevice.tv",
        "$.priority",
      ])
    let visibility = try #require(reports.first { $0.path == "$.visibility" })
    #expect(visibility.typeName == "Visibility")
    #expect(visibility.rawValue == "followers")
    #expect(visibility.knownValues == ["everyone", "friends"])
    let priority = try #require(reports.first { $0.path == "$.priority" })
    #expect(priority.typeName == "Priority")
    #expect(priority.rawValue == "7")
    #expect(priority.knownValues == nil)
  }

  @Test("property lists decode the same values and reports")
  func propertyLists() throws {
    let text = Self.payloads[1].replacingOccurrences(
      of: #""history": ["x", "friends"], "#, with: "")
    let (fromJSON, jsonReports) = try JSONDecoder().decodeCollectingUnknownValues(
      Album.self, from: json(text))
    let (fromList, listReports) = try PropertyListDecoder().decodeCollectingUnknownValues(
      Album.self, from: documentData(text, format: .propertyList))
    #expect(fromList == fromJSON)
    #expect(Set(listReports.map(\.path)) == Set(jsonReports.map(\.path)))
    let again = try PropertyListDecoder().decode(
      Album.self, from: PropertyListEncoder().encode(fromList))
    #expect(again == fromList)
  }

  static let breakage: [(String, DecodingErrorKind, String)] = [
    (
      #"{"visibility": 1, "audiences": [], "byDevice": {}, "priority": 1}"#, .typeMismatch,
      "$.visibility"
    ),
    (
      #"{"visibility": null, "audiences": [], "byDevice": {}, "priority": 1}"#, .valueNotFound,
      "$.visibility"
    ),
    (#"{"audiences": [], "byDevice": {}, "priority": 1}"#, .keyNotFound, "$.visibility"),
    (
      #"{"visibility": "x", "previous": 3, "audiences": [], "byDevice": {}, "priority": 1}"#,
      .typeMismatch, "$.previous"
    ),
    (
      #"{"visibility": "x", "audiences": ["friends", 3], "byDevice": {}, "priority": 1}"#,
      .typeMismatch, "$.audiences[1]"
    ),
    (
      #"{"visibility": "x", "audiences": [null], "byDevice": {}, "priority": 1}"#, .valueNotFound,
      "$.audiences[0]"
    ),
    (
      #"{"visibility": "x", "audiences": "friends", "byDevice": {}, "priority": 1}"#, .typeMismatch,
      "$.audiences"
    ),
    (
      #"{"visibility": "x", "audiences": [], "history": [1], "byDevice": {}, "priority": 1}"#,
      .typeMismatch, "$.history[0]"
    ),
    (
      #"{"visibility": "x", "audiences": [], "byDevice": {}, "priority": "high"}"#, .typeMismatch,
      "$.priority"
    ),
  ]

  @Test("a wrong JSON type throws what a plain field throws, on both paths", arguments: breakage)
  func breakageMatches(_ text: String, _ kind: DecodingErrorKind, _ path: String) throws {
    let fast = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(Album.self, from: json(text))
    }
    let slow = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(AlbumThroughInit.self, from: json(text))
    }
    #expect(fast.kind == kind)
    #expect(fast.path == path)
    #expect(slow.kind == kind)
    #expect(slow.path == path)
  }

  @Test("strict decoding throws at the first unknown value, on both paths")
  func strict() throws {
    let text =
      #"{"visibility": "friends", "audiences": ["everyone", "team"], "byDevice": {}, "priority": 1}"#
    let fast = try #require(throws: DecodingError.self) {
      try JSONDecoder().decodeStrictly(Album.self, from: json(text))
    }
    let slow = try #require(throws: DecodingError.self) {
      try JSONDecoder().decodeStrictly(AlbumThroughInit.self, from: json(text))
    }
    #expect(fast.kind == .dataCorrupted)
    #expect(fast.path == "$.audiences[1]")
    #expect(slow.path == fast.path)
  }

  @Test("top level, arrays and generic boxes")
  func otherPositions() throws {
    let (value, reports) = try JSONDecoder().decodeCollectingUnknownValues(
      [OpenEnum<Visibility>].self, from: json(#"["friends", "club"]"#))
    #expect(value == [.known(.friends), .unknown("club")])
    #expect(reports.map(\.path) == ["$[1]"])
    let box = try JSONDecoder().decode(
      Box<OpenEnum<Visibility>>.self, from: json(#"{"value": "club"}"#))
    #expect(box.value.rawValue == "club")
    let optional = try JSONDecoder().decode(
      OptionalBox<OpenEnum<Visibility>>.self, from: json(#"{}"#))
    #expect(optional.value == nil)
  }

  @Test("rawValue, init(rawValue:) and knownValue")
  func rawValues() {
    #expect(OpenEnum<Visibility>(rawValue: "friends") == .known(.friends))
    #expect(OpenEnum<Visibility>(rawValue: "club") == .unknown("club"))
    #expect(OpenEnum<Visibility>.known(.everyone).rawValue == "everyone")
    #expect(OpenEnum<Visibility>.unknown("club").rawValue == "club")
    #expect(OpenEnum<Visibility>.known(.friends).knownValue == .friends)
    #expect(OpenEnum<Visibility>.unknown("club").knownValue == nil)
    // Values are their raw values, as for any RawRepresentable type.
    #expect(Set<OpenEnum<Visibility>>([.known(.friends), .unknown("friends")]).count == 1)
    #expect(OpenEnum<Visibility>.known(.friends) != .unknown("club"))
  }
}

extension JSONValue {
  /// The value without object members that are `null`, as a plain optional writes them back.
  func removingNulls() -> JSONValue {
    switch self {
    case .object(let members):
      .object(members.filter { $0.value != .null }.mapValues { $0.removingNulls() })
    case .array(let values): .array(values.map { $0.removingNulls() })
    default: self
    }
  }
}

extension KeyedDecodingContainer {
  /// Decodes through the container's generic entry point: `T` is not known to be an
  /// `OpenEnum` here, so its own `init(from:)` runs.
  func decodeGenerically<T: Decodable>(forKey key: Key) throws -> T {
    try decode(T.self, forKey: key)
  }

  /// Decodes an optional through the container's generic entry point.
  func decodeGenericallyIfPresent<T: Decodable>(forKey key: Key) throws -> T? {
    try decodeIfPresent(T.self, forKey: key)
  }
}
