import CodableResilience
import Dispatch
import Foundation
import Testing

/// `decodeStrictly` and `decodeCollectingUnknownValues` decode with the receiver itself: its
/// subclass, its configuration, shared by concurrent callers, and left as it was.
struct ReceiverDecodingTests {
  enum Kind: String, Codable, UnknownDecodable, CaseIterable, Sendable {
    case house, flat, unknown
  }

  struct Listing: Codable, Equatable, Sendable {
    var listingKind: Kind
    var kinds: [Kind]
  }

  static let unknownPayload = Data(#"{"listing_kind": "castle", "kinds": ["flat", "igloo"]}"#.utf8)
  static let knownPayload = Data(#"{"listing_kind": "house", "kinds": ["flat"]}"#.utf8)

  /// A subclass that only sets its strategies, as an app's configured decoder does; the
  /// others below add their own `decode(_:from:)`. Decoded with the instance itself.
  class SnakeCaseDecoder: JSONDecoder, @unchecked Sendable {
    override init() {
      super.init()
      keyDecodingStrategy = .convertFromSnakeCase
    }
  }

  /// A decoder that counts its decodes and reads snake-case keys: what an app's configured
  /// subclass looks like.
  final class CountingDecoder: SnakeCaseDecoder, @unchecked Sendable {
    // `@unchecked` because `decodes` is only touched by one test thread.
    var decodes = 0

    override func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
      decodes += 1
      return try super.decode(type, from: data)
    }
  }

  @Test func strictlyRunsTheSubclassesOwnDecode() throws {
    let decoder = CountingDecoder()
    let listing = try decoder.decodeStrictly(Listing.self, from: Self.knownPayload)
    #expect(listing == Listing(listingKind: .house, kinds: [.flat]))
    #expect(decoder.decodes == 1)
  }

  @Test func collectingRunsTheSubclassesOwnDecode() throws {
    let decoder = CountingDecoder()
    let (listing, unknownValues) = try decoder.decodeCollectingUnknownValues(
      Listing.self, from: Self.unknownPayload)
    #expect(listing == Listing(listingKind: .unknown, kinds: [.flat, .unknown]))
    #expect(unknownValues.map(\.path) == ["$.listingKind", "$.kinds[1]"])
    #expect(decoder.decodes == 1)
  }

  @Test func aHandlerInstalledBeforeIsPutBackAndStillCalledOutsideTheCall() throws {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let seen = UnknownValueCollector()
    decoder.unknownValueHandler = .collect(into: seen)

    expectDecodingError(.dataCorrupted, at: "$.listingKind") {
      try decoder.decodeStrictly(Listing.self, from: Self.unknownPayload)
    }
    // The strict call's value reached only the strict handler.
    #expect(seen.values.isEmpty)
    let (_, collected) = try decoder.decodeCollectingUnknownValues(
      Listing.self, from: Self.unknownPayload)
    #expect(collected.count == 2)
    // The installed handler is called after collecting, as before, and is back in place.
    #expect(seen.removeAll().count == 2)
    _ = try decoder.decode(Listing.self, from: Self.unknownPayload)
    #expect(seen.values.map(\.rawValue) == ["castle", "igloo"])
  }

  @Test func noHandlerBeforeMeansNoHandlerAfter() throws {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    decoder.userInfo[CodingUserInfoKey(rawValue: "app.context")!] = "kept"
    _ = try? decoder.decodeStrictly(Listing.self, from: Self.unknownPayload)
    _ = try decoder.decodeCollectingUnknownValues(Listing.self, from: Self.unknownPayload)
    #expect(decoder.userInfo[.unknownValueHandler] == nil)
    #expect(decoder.userInfo.count == 1)
    #expect(decoder.userInfo[CodingUserInfoKey(rawValue: "app.context")!] as? String == "kept")
  }

  /// Many threads share one decoder: each strict call fails at its own first unknown value,
  /// each collecting call gets exactly its own two values, plain decodes stay lenient, and the
  /// decoder is left as it was. A subclass is routed; `JSONDecoder` itself is copied.
  @Test(arguments: [false, true])
  func concurrentCallersOnOneDecoderEachGetTheirOwnHandler(subclass: Bool) throws {
    let decoder = subclass ? SnakeCaseDecoder() : JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let outcomes = UnknownValueCollector()
    DispatchQueue.concurrentPerform(iterations: 300) { iteration in
      let outcome: String
      switch iteration % 3 {
      case 0:
        do {
          _ = try decoder.decodeStrictly(Listing.self, from: Self.unknownPayload)
          outcome = "strict decoded"
        } catch let error as DecodingError {
          outcome = "strict threw at \(error.path ?? "?")"
        } catch {
          outcome = "strict threw \(error)"
        }
      case 1:
        let collected = try? decoder.decodeCollectingUnknownValues(
          Listing.self, from: Self.unknownPayload)
        outcome = "collected \(collected?.unknownValues.map(\.rawValue) ?? [])"
      default:
        let listing = try? decoder.decode(Listing.self, from: Self.unknownPayload)
        outcome = "plain \(listing?.listingKind.rawValue ?? "failed")"
      }
      outcomes.append(UnknownValue(typeName: "outcome", rawValue: outcome, codingPath: []))
    }
    let counts = Dictionary(grouping: outcomes.values.map(\.rawValue), by: { $0 }).mapValues(
      \.count)
    #expect(
      counts == [
        "strict threw at $.listingKind": 100,
        #"collected ["castle", "igloo"]"#: 100,
        "plain unknown": 100,
      ])
    #expect(decoder.userInfo[.unknownValueHandler] == nil)
  }

  /// An app decoder that logs every unknown value from its own `decode(_:from:)`.
  final class LoggingDecoder: SnakeCaseDecoder, @unchecked Sendable {
    // `@unchecked` because `logged` is only touched by one test thread.
    var logged: [String] = []
    var decodes = 0

    override func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
      decodes += 1
      let (value, unknownValues) = try decodeCollectingUnknownValues(type, from: data)
      logged += unknownValues.map(\.path)
      return value
    }
  }

  /// A subclass whose own `decode(_:from:)` calls the toolkit: no endless recursion, and
  /// every value is logged once.
  @Test func aSubclassThatCollectsInItsOwnDecodeRunsOnce() throws {
    let decoder = LoggingDecoder()
    let listing = try decoder.decode(Listing.self, from: Self.unknownPayload)
    #expect(listing == Listing(listingKind: .unknown, kinds: [.flat, .unknown]))
    #expect(decoder.logged == ["$.listingKind", "$.kinds[1]"])
    // Called directly, the override is entered again by the toolkit and gives way at its call
    // back into the toolkit: code before that call runs twice, code after it once.
    #expect(decoder.decodes == 2)

    let strict = LoggingDecoder()
    expectDecodingError(.dataCorrupted, at: "$.listingKind") {
      try strict.decodeStrictly(Listing.self, from: Self.unknownPayload)
    }
    let collecting = LoggingDecoder()
    let (_, collected) = try collecting.decodeCollectingUnknownValues(
      Listing.self, from: Self.unknownPayload)
    #expect(collected.map(\.path) == ["$.listingKind", "$.kinds[1]"])
    #expect(collecting.decodes == 1)
    #expect(collecting.userInfo[.unknownValueHandler] == nil)
  }

  /// `JSONDecoder` stops the process on input that ends right after the `[` opening the 513th
  /// level; the toolkit's entry points throw instead.
  @Test(arguments: [
    String(repeating: "[", count: 513),
    #"{"kinds": "# + String(repeating: "[", count: 512),
  ])
  func inputEndingAtThe513thBracketThrows(_ text: String) {
    let decoder = JSONDecoder()
    let encodings: [String.Encoding] = [
      .utf8, .utf16LittleEndian, .utf16BigEndian, .utf32LittleEndian, .utf32BigEndian,
      .utf16, .utf32,
    ]
    for encoding in encodings {
      let data = try! #require(text.data(using: encoding))
      // Foundation's error for input nested too deep: invalid JSON, at the top.
      expectDecodingError(.dataCorrupted, at: "$") {
        try decoder.decodeStrictly([Listing].self, from: data)
      }
      expectDecodingError(.dataCorrupted, at: "$") {
        try decoder.decodeCollectingUnknownValues([Listing].self, from: data)
      }
    }
  }

  /// Every ending a line break is added to reads, in every width and byte order, as something
  /// that no longer ends with `[`, and nothing else is changed.
  @Test(arguments: [
    ("[", "[\n"), ("\0[", "\0[\0\n"), ("[\0", "[\0\n\0"), ("\0\0\0[", "\0\0\0[\0\0\0\n"),
    ("[\0\0\0", "[\0\0\0\n\0\0\0"), ("[]", "[]"), ("x[", "x[\n"), ("", ""),
  ])
  func lineBreakAfterATrailingBracket(_ input: String, _ expected: String) {
    #expect(withoutTrailingOpenBracket(Data(input.utf8)) == Data(expected.utf8))
  }
}
