import CodableResilience
import Foundation
import Testing

// One reporting path (issue 21): every value is decoded once, whatever position it sits at, and
// each unknown value reaches the handler once, in order, at its path. These models count the
// calls of their own `init(from:)`, which a second read of the same value would show.

/// How many times each counting type's `init(from:)` ran, by type name.
private let initCalls = Locked<[String: Int]>([:])

private func countCall(_ type: Any.Type) {
  initCalls.withLock { $0["\(type)", default: 0] += 1 }
}

private func calls(of type: Any.Type) -> Int {
  initCalls.withLock { $0["\(type)"] ?? 0 }
}

/// An `UnknownDecodable` enum whose own `init(from:)` counts its calls and reports through the
/// toolkit's default path.
private enum CountedKind: String, Codable, UnknownDecodable, Sendable {
  case house, flat
  case unknown

  init(from decoder: any Decoder) throws {
    countCall(CountedKind.self)
    let raw = try decoder.singleValueContainer().decode(String.self)
    if let value = CountedKind(rawValue: raw) {
      self = value
      return
    }
    // A custom `init(from:)` reports as the documentation shows, through the handler in
    // `userInfo`.
    if let handler = decoder.userInfo[.unknownValueHandler] as? UnknownValueHandler {
      try handler(
        UnknownValue(typeName: "CountedKind", rawValue: raw, codingPath: decoder.codingPath))
    }
    self = .unknown
  }
}

private struct Listing: Decodable {
  var kind: CountedKind
  var previous: CountedKind?
  var history: [CountedKind]
  var tags: [CountedKind]?
  @SkipUnknownElements var skipped: [CountedKind]
}

/// A custom `init(from:)` that reports, then reads its value a second time: the element
/// decoder cannot answer the second read from the array's cursor, so it reads the element again.
private enum ReadTwice: String, Decodable, Sendable {
  case on, off

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let first = try container.decode(String.self)
    if ReadTwice(rawValue: first) == nil,
      let handler = decoder.userInfo[.unknownValueHandler] as? UnknownValueHandler
    {
      try handler(
        UnknownValue(typeName: "ReadTwice", rawValue: first, codingPath: decoder.codingPath))
    }
    self = ReadTwice(rawValue: try container.decode(String.self)) ?? .off
  }
}

extension ReadTwice: UnknownDecodable {
  static var unknown: ReadTwice { .off }
}

private struct Switches: Decodable {
  var states: [ReadTwice]
}

@Suite("One reporting path", .serialized)
struct OneReportingPathTests {
  private let payload = Data(
    #"""
    {"kind": "castle", "previous": "tower", "history": ["house", "barn", "flat", "hut"],
     "tags": ["shed"], "skipped": ["flat", "igloo"]}
    """#.utf8)

  @Test("each value is decoded once, at every position, unknown ones included")
  func eachValueDecodedOnce() throws {
    let before = calls(of: CountedKind.self)
    _ = try JSONDecoder().decodeCollectingUnknownValues(Listing.self, from: payload)
    // kind, previous, four in history, one tag, and both of the skipped array's elements:
    // each element runs its own `init(from:)`, known or not (issue 29), once.
    #expect(calls(of: CountedKind.self) - before == 9)
  }

  @Test("each unknown value reaches the handler once, in order, at its path")
  func reportsOnceInOrder() throws {
    let (listing, unknownValues) = try JSONDecoder().decodeCollectingUnknownValues(
      Listing.self, from: payload)
    #expect(
      unknownValues.map { "\($0.rawValue) at \($0.path)" } == [
        "castle at $.kind", "tower at $.previous", "barn at $.history[1]",
        "hut at $.history[3]", "shed at $.tags[0]", "igloo at $.skipped[1]",
      ])
    #expect(listing.history == [.house, .unknown, .flat, .unknown])
    #expect(listing.skipped == [.flat])
    #expect(listing.$skipped.unknownRawValues == ["igloo"])
  }

  @Test("under strict, decoding throws at the first unknown value, once")
  func strictThrowsAtTheFirst() throws {
    let before = calls(of: CountedKind.self)
    #expect {
      try JSONDecoder().decodeStrictly(Listing.self, from: payload)
    } throws: { error in
      (error as? DecodingError)?.path == "$.kind"
    }
    #expect(calls(of: CountedKind.self) - before == 1)
  }

  @Test("an element that reads its value twice is read again, and reports once")
  func elementReadTwiceReportsOnce() throws {
    let (switches, unknownValues) = try JSONDecoder().decodeCollectingUnknownValues(
      Switches.self, from: Data(#"{"states": ["on", "dim", "off", "flicker"]}"#.utf8))
    #expect(switches.states == [.on, .off, .off, .off])
    #expect(unknownValues.map(\.path) == ["$.states[1]", "$.states[3]"])
  }
}
