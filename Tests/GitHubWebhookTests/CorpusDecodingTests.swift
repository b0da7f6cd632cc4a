import CodableResilience
import Foundation
import GitHubWebhookModels
import Testing

@Suite(
  "Real GitHub webhook payloads decode", .enabled(if: Corpus.isConfigured, Corpus.skipReason))
struct CorpusDecodingTests {
  @Test("the corpus holds payloads for every modelled event")
  func corpusHoldsEveryModelledEvent() throws {
    let folder = try #require(Corpus.folder)
    for event in ModelledEvent.folders {
      #expect(
        !Corpus.payloads(of: event).isEmpty,
        "no payloads under \(folder.path) for \(event); is \(Corpus.environmentVariable) right?")
    }
  }

  @Test(
    "every payload decodes with the full models and no unknown value", arguments: Corpus.payloads)
  func decodesWithNoUnknownValue(_ payload: CorpusPayload) throws {
    let data = try payload.data()
    let event = try payload.model(.corpus)

    let outcome = try event.decode(data)

    #expect(outcome.unknownValues.map(ReportedValue.init) == [])
    #expect(throws: Never.self) { try event.decodeStrictly(data) }
  }

  @Test(
    "the narrow models report exactly the values outside their subset", arguments: Corpus.payloads)
  func narrowModelsReportTheValuesOutsideTheirSubset(_ payload: CorpusPayload) throws {
    let data = try payload.data()
    let event = try payload.model(.narrow)
    let predicted = event.predictedUnknownValues(in: try JSONSerialization.jsonObject(with: data))

    let outcome = try event.decode(data)

    #expect(outcome.unknownValues.map(ReportedValue.init).sorted() == predicted.sorted())
    if predicted.isEmpty {
      #expect(throws: Never.self) { try event.decodeStrictly(data) }
    } else {
      let error = try #require(throws: DecodingError.self) { try event.decodeStrictly(data) }
      guard case .dataCorrupted(let context) = error,
        let rejected = (context.underlyingError as? UnknownValueError)?.unknownValue
      else {
        Issue.record("expected the strict handler's dataCorrupted, got \(error)")
        return
      }
      #expect(predicted.contains(ReportedValue(rejected)))
      // The first value the collecting decode met.
      #expect(rejected == outcome.unknownValues.first)
      #expect(UnknownValue.PathComponent.jsonPath(context.codingPath) == rejected.path)
    }
  }

  /// Guards the catalogue itself: a misspelt path would match nothing and make the
  /// predictions above vacuously empty.
  @Test("every catalogued field has a place in the corpus; the narrow models meet unknown values")
  func catalogueMatchesTheCorpus() throws {
    var placed: Set<String> = []
    var patterns: Set<String> = []
    for event in VocabularyChoice.narrow.events {
      var predictedInFolder = 0
      for payload in Corpus.payloads(of: event.folder) {
        let json = try JSONSerialization.jsonObject(with: try payload.data())
        predictedInFolder += event.predictedUnknownValues(in: json).count
        for field in event.fields {
          patterns.insert(field.pattern.description)
          if field.pattern.hasPlace(in: json) { placed.insert(field.pattern.description) }
        }
      }
      #expect(predictedInFolder > 0, "the narrow models know every value of \(event.folder)")
    }
    #expect(patterns.subtracting(placed).sorted() == [])
  }
}
