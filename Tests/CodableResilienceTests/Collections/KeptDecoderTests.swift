import CodableResilience
import Foundation
import Testing

// An element whose own `init(from:)` keeps its decoder, to read `userInfo` or its value later,
// must be handed a decoder that stays one after the element has decoded: its own coding path,
// the decoder's own `userInfo`, containers that read its value, and `DecodingError`s only.
// Foundation's decoders allow all of this; the toolkit's element reading must too.

/// Where the elements' `init(from:)` leave the decoders they keep.
private final class KeptDecoders: @unchecked Sendable {
  var decoders: [any Decoder] = []
}

extension CodingUserInfoKey {
  fileprivate static let keptDecoders = CodingUserInfoKey(rawValue: "KeptDecoderTests.kept")!
}

/// An `UnknownDecodable` enum whose `init(from:)` keeps its decoder.
private enum Shelter: String, UnknownDecodable, Equatable {
  case house, tree, unknown

  init(from decoder: any Decoder) throws {
    let rawValue = try decoder.singleValueContainer().decode(String.self)
    (decoder.userInfo[.keptDecoders] as? KeptDecoders)?.decoders.append(decoder)
    self = Shelter(rawValue: rawValue) ?? .unknown
  }
}

private struct PlainShelters: Decodable {
  var shelters: [Shelter]
}

private struct SkippedShelters: Decodable {
  @SkipUnknownElements var shelters: [Shelter]
}

private struct OptionalSkippedShelters: Decodable {
  @SkipUnknownElements var shelters: [Shelter]?
}

/// A decode of one model, and the paths of the elements whose `init(from:)` ran: every
/// element's, known or not (issue 29).
private struct KeptCase: Sendable, CustomTestStringConvertible {
  let name: String
  let elementsDecoded: [Int]
  /// Whether the call installs a handler of its own (a collecting decode does).
  var installsHandler = false
  let decode: @Sendable (JSONDecoder, Data) throws -> Void
  var testDescription: String { name }
}

private let payload = Data(#"{"shelters": ["house", "boat", "tree", "cave"]}"#.utf8)

private let keptCases: [KeptCase] = [
  KeptCase(name: "@SkipUnknownElements [Shelter]", elementsDecoded: [0, 1, 2, 3]) {
    _ = try $0.decode(SkippedShelters.self, from: $1)
  },
  KeptCase(name: "@SkipUnknownElements [Shelter]?", elementsDecoded: [0, 1, 2, 3]) {
    _ = try $0.decode(OptionalSkippedShelters.self, from: $1)
  },
  KeptCase(
    name: "@SkipUnknownElements [Shelter], collecting", elementsDecoded: [0, 1, 2, 3],
    installsHandler: true
  ) {
    _ = try $0.decodeCollectingUnknownValues(SkippedShelters.self, from: $1)
  },
]

private let rawValues = ["house", "boat", "tree", "cave"]

/// Whether `body` returns, or throws a `DecodingError`: what a decoder's container calls do.
private func returnsOrThrowsDecodingError(_ body: () throws -> Void) -> Bool {
  do {
    try body()
    return true
  } catch {
    return error is DecodingError
  }
}

@Suite("A decoder an element keeps stays a decoder")
struct KeptDecoderTests {
  /// The toolkit's element reading hands a kept element the decoder's own decoder for it: its
  /// own path and value, the decoder's own `userInfo`, `DecodingError`s only.
  @Test(arguments: keptCases, [false, true])
  fileprivate func keptDecoderIsTheElementsOwn(_ kept: KeptCase, handler: Bool) throws {
    let decoders = KeptDecoders()
    let decoder = JSONDecoder()
    decoder.userInfo[.keptDecoders] = decoders
    if handler {
      decoder.unknownValueHandler = .report { _ in }
    }
    try kept.decode(decoder, payload)

    let paths = decoders.decoders.map { UnknownValue.PathComponent.jsonPath($0.codingPath) }
    #expect(Set(paths) == Set(kept.elementsDecoded.map { "$.shelters[\($0)]" }))

    for keptDecoder in decoders.decoders {
      guard let index = keptDecoder.codingPath.last?.intValue else {
        Issue.record("a kept decoder's path does not end at an element: \(keptDecoder.codingPath)")
        continue
      }
      // Its own value, read again after the decode is over.
      #expect(try keptDecoder.singleValueContainer().decode(String.self) == rawValues[index])
      // The decoder's own `userInfo`: the handler installed, or none.
      #expect(
        (keptDecoder.userInfo[.unknownValueHandler] != nil) == (handler || kept.installsHandler))
      #expect(keptDecoder.userInfo[.keptDecoders] as? KeptDecoders === decoders)
      // A container of the wrong kind throws a `DecodingError`, as Foundation's decoder does.
      #expect(throws: DecodingError.self) {
        _ = try keptDecoder.container(keyedBy: AnyKey.self)
      }
      #expect(throws: DecodingError.self) {
        _ = try keptDecoder.unkeyedContainer()
      }
    }
  }

  /// A plain `[Shelter]` is `JSONDecoder`'s own: the toolkit adds nothing to it, so a kept
  /// decoder is Foundation's, and answers as Foundation's does, without a trap.
  @Test(arguments: [false, true])
  func keptDecoderOfAPlainArrayIsFoundations(handler: Bool) throws {
    let decoders = KeptDecoders()
    let decoder = JSONDecoder()
    decoder.userInfo[.keptDecoders] = decoders
    if handler {
      decoder.unknownValueHandler = .report { _ in }
    }
    let decoded = try decoder.decode(PlainShelters.self, from: payload)
    #expect(decoded.shelters == [.house, .unknown, .tree, .unknown])
    #expect(decoders.decoders.count == 4)
    for keptDecoder in decoders.decoders {
      #expect((keptDecoder.userInfo[.unknownValueHandler] != nil) == handler)
      #expect(returnsOrThrowsDecodingError { _ = try keptDecoder.container(keyedBy: AnyKey.self) })
      #expect(returnsOrThrowsDecodingError { _ = try keptDecoder.unkeyedContainer() })
      #expect(
        returnsOrThrowsDecodingError {
          _ = try keptDecoder.singleValueContainer().decode(String.self)
        })
    }
  }
}

private struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
