import CodableResilience
import DecodeCheck
import Foundation
import GitHubWebhookModels

/// One webhook event the models cover, type-erased so tests can run over every event
/// folder: the folder, the catalogued fields, and a decode–encode pass.
struct ModelledEvent: Sendable {
  let folder: String
  let fields: [Field]
  /// The event's model, for `decode-check`'s engine.
  let registered: RegisteredModel
  private let decodeAndEncode: @Sendable (Data) throws -> DecodeOutcome
  private let decodeStrictlyAndDiscard: @Sendable (Data) throws -> Void

  init<Event: CataloguedEvent>(_ type: Event.Type) {
    folder = Event.folder
    fields = Event.fields
    registered = RegisteredModel(Event.self)
    decodeAndEncode = { data in
      let (event, unknownValues) = try JSONDecoder().decodeCollectingUnknownValues(
        Event.self, from: data)
      return DecodeOutcome(unknownValues: unknownValues, reencoded: try JSONEncoder().encode(event))
    }
    decodeStrictlyAndDiscard = { data in
      _ = try JSONDecoder().decodeStrictly(Event.self, from: data)
    }
  }

  /// Decodes leniently, collecting unknown values, and encodes the result back.
  func decode(_ data: Data) throws -> DecodeOutcome {
    try decodeAndEncode(data)
  }

  /// Decodes with the strict handler, which throws at the first unknown value.
  func decodeStrictly(_ data: Data) throws {
    try decodeStrictlyAndDiscard(data)
  }

  /// The events modelled, in one vocabulary.
  static func all<Vocabulary: WebhookVocabulary>(_: Vocabulary.Type) -> [ModelledEvent] {
    [
      ModelledEvent(PullRequestEvent<Vocabulary>.self),
      ModelledEvent(PullRequestReviewEvent<Vocabulary>.self),
      ModelledEvent(IssuesEvent<Vocabulary>.self),
      ModelledEvent(CheckRunEvent<Vocabulary>.self),
      ModelledEvent(CheckSuiteEvent<Vocabulary>.self),
      ModelledEvent(WorkflowRunEvent<Vocabulary>.self),
      ModelledEvent(ReleaseEvent<Vocabulary>.self),
    ]
  }

  /// The corpus folders of the events modelled.
  static let folders = all(CorpusVocabulary.self).map(\.folder)
}

/// What a decode–encode pass produced.
struct DecodeOutcome {
  /// The unknown values reported while decoding, in order.
  let unknownValues: [UnknownValue]
  /// The decoded model, encoded again.
  let reencoded: Data
}

/// The two sets of enums the models are decoded with.
enum VocabularyChoice: String, CaseIterable, Sendable, CustomStringConvertible {
  /// ``CorpusVocabulary``: every value the corpus shows.
  case corpus
  /// ``NarrowVocabulary``: about half of them.
  case narrow

  var events: [ModelledEvent] {
    switch self {
    case .corpus: Self.corpusEvents
    case .narrow: Self.narrowEvents
    }
  }

  var description: String { rawValue }

  private static let corpusEvents = ModelledEvent.all(CorpusVocabulary.self)
  private static let narrowEvents = ModelledEvent.all(NarrowVocabulary.self)
}

/// An unknown value as the tests compare them: where, what, and which type.
struct ReportedValue: Hashable, Comparable, CustomStringConvertible {
  let path: String
  let rawValue: String
  let typeName: String

  init(path: String, rawValue: String, typeName: String) {
    self.path = path
    self.rawValue = rawValue
    self.typeName = typeName
  }

  init(_ value: UnknownValue) {
    self.init(path: value.path, rawValue: value.rawValue, typeName: value.typeName)
  }

  static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.path, lhs.rawValue, lhs.typeName) < (rhs.path, rhs.rawValue, rhs.typeName)
  }

  var description: String { "\(typeName) \"\(rawValue)\" at \(path)" }
}

extension ModelledEvent {
  /// The unknown values decoding `json` must report, found by walking the JSON at every
  /// catalogued field: each string outside the field type's known values.
  func predictedUnknownValues(in json: Any) -> [ReportedValue] {
    fields.flatMap { field in
      field.pattern.occurrences(in: json).compactMap { occurrence -> ReportedValue? in
        guard case .string(let rawValue) = occurrence.leaf, field.reports(rawValue) else {
          return nil
        }
        return ReportedValue(
          path: occurrence.jsonPath, rawValue: rawValue, typeName: field.typeName)
      }
    }
  }
}
