import CodableResilience
import Foundation
import GitHubWebhookModels
import Testing

@Suite(
  "Real GitHub webhook payloads round-trip", .enabled(if: Corpus.isConfigured, Corpus.skipReason))
struct RoundTripTests {
  /// Decodes, encodes, and compares every catalogued field at its path in the re-encoded
  /// JSON with the original. `@DecodeUnknownAsNil` and `ExtensibleEnum` fields must come
  /// back exactly (present, absent, `null` or the raw value), in both vocabularies, so also
  /// for values the narrow one does not know. `UnknownDecodable` fields come back exactly
  /// when known and as `"unknown"` otherwise, as documented.
  @Test(
    "every catalogued field comes back as the tool promises",
    arguments: VocabularyChoice.allCases, Corpus.payloads)
  func fieldsComeBack(_ vocabulary: VocabularyChoice, _ payload: CorpusPayload) throws {
    let data = try payload.data()
    let event = try payload.model(vocabulary)
    let original = try JSONSerialization.jsonObject(with: data)

    let reencoded = try JSONSerialization.jsonObject(with: try event.decode(data).reencoded)

    var compared = 0
    for field in event.fields {
      for occurrence in field.pattern.occurrences(in: original) {
        let expected = field.leafAfterRoundTrip(of: occurrence.leaf)
        let actual = JSONLeaf(at: occurrence.path, in: reencoded)
        #expect(actual == expected, "\(field) at \(occurrence.jsonPath): was \(occurrence.leaf)")
        compared += 1
      }
    }
    #expect(compared > 0)
  }
}
