import CodableResilience
import Foundation
import Testing

private enum Tier: String, Codable {
  case gold
  case silver
}

/// A type an app made conform to `SkipUnknownElementsCollection` itself: the protocol has no
/// requirements, but the wrapper can make and write only the collections the package makes
/// conform.
private struct TierBag: SkipUnknownElementsCollection {
  typealias Element = Tier
}

/// The same for `SkipUnknownKeysDictionary`.
private struct TierLedger: SkipUnknownKeysDictionary {
  typealias Key = Tier
  typealias Value = Int
}

private struct Member: Codable {
  @SkipUnknownElements var tiers: TierBag
}

private struct Ledger: Codable {
  @SkipUnknownKeys var counts: TierLedger
}

/// One storage behind `@SkipUnknownElements` and `@SkipUnknownKeys`: a held type it cannot
/// make or write is a `DecodingError` or an `EncodingError` that names the type, not a trap.
@Suite("Collection storage")
struct CollectionStorageTests {
  @Test("a collection type the package does not make conform fails to decode, naming it")
  func unsupportedCollectionDecodes() {
    let error = expectDecodingError(.dataCorrupted, at: "$.tiers") {
      try JSONDecoder().decode(Member.self, from: Data(#"{"tiers": ["gold", "bronze"]}"#.utf8))
    }
    #expect(error?.context?.debugDescription.contains("TierBag is none of them") == true)
  }

  @Test("a dictionary type the package does not make conform fails to decode, naming it")
  func unsupportedDictionaryDecodes() {
    let error = expectDecodingError(.dataCorrupted, at: "$.counts") {
      try JSONDecoder().decode(Ledger.self, from: Data(#"{"counts": {"gold": 1}}"#.utf8))
    }
    #expect(error?.context?.debugDescription.contains("TierLedger is neither") == true)
  }

  @Test("writing a held type the package does not make conform throws, naming it")
  func unsupportedTypesEncode() {
    let elements = #expect(throws: EncodingError.self) {
      try JSONEncoder().encode(Member(tiers: TierBag()))
    }
    #expect(String(describing: elements).contains("TierBag is none of them"))
    let entries = #expect(throws: EncodingError.self) {
      try JSONEncoder().encode(Ledger(counts: TierLedger()))
    }
    #expect(String(describing: entries).contains("TierLedger is neither"))
  }
}
