import CodableResilience
import Foundation
import Testing

struct UnknownValueHandlerTests {
  enum Kind: String, Codable, UnknownDecodable, CaseIterable, Sendable {
    case house
    case flat
    case unknown
  }

  struct RejectedCurrency: Error, Equatable {
    var rawValue: String
  }

  static let castle = UnknownValue(
    typeName: "Kind", rawValue: "castle",
    codingPath: [UnknownValue.PathComponent.key("units"), .index(1), .key("kind")],
    knownValues: ["house", "flat"])

  @Test func ignoreAcceptsEveryValue() throws {
    try UnknownValueHandler.ignore(Self.castle)
    let decoder = JSONDecoder()
    decoder.unknownValueHandler = .ignore
    #expect(try decoder.decode([Kind].self, from: json(#"["castle"]"#)) == [.unknown])
  }

  @Test func strictThrowsDataCorruptedCarryingTheValue() throws {
    let error = try #require(throws: DecodingError.self) {
      try UnknownValueHandler.strict(Self.castle)
    }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("expected dataCorrupted, got \(error)")
      return
    }
    #expect(context.codingPath.map(UnknownValue.PathComponent.init) == Self.castle.codingPath)
    #expect(
      context.debugDescription
        == #"unknown Kind value "castle" at $.units[1].kind; known: house, flat"#)
    #expect(
      context.underlyingError as? UnknownValueError == UnknownValueError(unknownValue: Self.castle))
  }

  @Test func reportPassesEveryValueToItsBody() throws {
    let seen = Locked<[UnknownValue]>([])
    let handler = UnknownValueHandler.report { value in seen.withLock { $0.append(value) } }
    let decoder = JSONDecoder()
    decoder.unknownValueHandler = handler
    let kinds = try decoder.decode([Kind].self, from: json(#"["castle", "flat", "igloo"]"#))
    #expect(kinds == [.unknown, .flat, .unknown])
    #expect(seen.withLock { $0.map(\.path) } == ["$[0]", "$[2]"])
    #expect(seen.withLock { $0.map(\.rawValue) } == ["castle", "igloo"])
  }

  @Test func collectAppendsToTheCollector() throws {
    let collector = UnknownValueCollector()
    try UnknownValueHandler.collect(into: collector)(Self.castle)
    #expect(collector.values == [Self.castle])
  }

  @Test func customHandlerErrorFailsTheDecodeUnchanged() throws {
    let decoder = JSONDecoder()
    decoder.unknownValueHandler = UnknownValueHandler.report { value in
      throw RejectedCurrency(rawValue: value.rawValue)
    }
    let error = try #require(throws: RejectedCurrency.self) {
      try decoder.decode([Kind].self, from: json(#"["house", "igloo"]"#))
    }
    #expect(error == RejectedCurrency(rawValue: "igloo"))
  }

  @Test func customHandlerCanChooseWhatToReject() throws {
    let decoder = JSONDecoder()
    decoder.unknownValueHandler = UnknownValueHandler.report { value in
      if value.rawValue.hasPrefix("x") { throw RejectedCurrency(rawValue: value.rawValue) }
    }
    #expect(try decoder.decode([Kind].self, from: json(#"["castle"]"#)) == [.unknown])
    #expect(throws: RejectedCurrency(rawValue: "xyz")) {
      try decoder.decode([Kind].self, from: json(#"["castle", "xyz"]"#))
    }
  }

  // MARK: - followed(by:)

  @Test func followedByCallsBothInOrder() throws {
    let calls = Locked<[String]>([])
    let first = UnknownValueHandler.report { value in
      calls.withLock { $0.append("1 \(value.path)") }
    }
    let second = UnknownValueHandler.report { value in
      calls.withLock { $0.append("2 \(value.path)") }
    }
    let decoder = JSONDecoder()
    decoder.unknownValueHandler = first.followed(by: second)
    _ = try decoder.decode([Kind].self, from: json(#"["castle", "igloo"]"#))
    #expect(calls.withLock { $0 } == ["1 $[0]", "2 $[0]", "1 $[1]", "2 $[1]"])
  }

  @Test func followedByStopsAtTheFirstThatThrows() throws {
    let collected = UnknownValueCollector()
    let decoder = JSONDecoder()
    decoder.unknownValueHandler = UnknownValueHandler.strict.followed(by: .collect(into: collected))
    expectDecodingError(.dataCorrupted, at: "$[0]") {
      try decoder.decode([Kind].self, from: json(#"["castle"]"#))
    }
    #expect(collected.values.isEmpty)
  }

  @Test func collectFollowedByStrictCollectsThenThrows() throws {
    let collected = UnknownValueCollector()
    let decoder = JSONDecoder()
    decoder.unknownValueHandler = UnknownValueHandler.collect(into: collected).followed(by: .strict)
    expectDecodingError(.dataCorrupted, at: "$[1]") {
      try decoder.decode([Kind].self, from: json(#"["flat", "castle", "igloo"]"#))
    }
    #expect(collected.values.map(\.path) == ["$[1]"])
  }

}
