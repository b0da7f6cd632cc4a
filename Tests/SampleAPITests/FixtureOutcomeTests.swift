import CodableResilience
import Foundation
import SampleAPI
import Testing

/// Each payload in `Fixtures/` decoded as its folder's type, checked against its `.expected`
/// file: the unknown values reported, or the error thrown, and what strict decoding does.
@Suite("Fixture outcomes")
struct FixtureOutcomeTests {
  @Test(arguments: FixtureCatalog.shared.fixtures)
  func lenientDecodingReportsTheExpectedUnknownValuesOrFails(_ fixture: Fixture) throws {
    let type = try #require(sampleAPIModels[fixture.typeName])
    try checkLenientDecoding(as: type, payload: fixture.payload(), expected: fixture.expected())
  }

  @Test(arguments: FixtureCatalog.shared.fixtures)
  func strictDecodingFailsAtTheFirstUnknownValue(_ fixture: Fixture) throws {
    let type = try #require(sampleAPIModels[fixture.typeName])
    try checkStrictDecoding(as: type, payload: fixture.payload(), expected: fixture.expected())
  }

  private func checkLenientDecoding<T: FixtureModel>(
    as type: T.Type,
    payload: Data,
    expected: ExpectedOutcome
  ) throws {
    let collecting = Result {
      try JSONDecoder().decodeCollectingUnknownValues(T.self, from: payload)
    }
    let ignoring = Result { try JSONDecoder().decode(T.self, from: payload) }
    switch (expected.outcome, collecting) {
    case (.decoded, .success(let (value, unknownValues))):
      let reported = unknownValues.map(ExpectedOutcome.ReportedValue.init).sorted()
      #expect(reported == (expected.unknownValues ?? []).sorted())
      // Without a handler the same value decodes, and nothing else changes.
      #expect(try ignoring.get() == value)
    case (.decoded, .failure(let error)):
      Issue.record("expected the payload to decode, but it threw \(error)")
    case (.failed, .success):
      Issue.record(
        "expected \(expected.error.map(String.init(describing:)) ?? "?"), but it decoded")
    case (.failed, .failure(let error)):
      let failure = try #require(ExpectedOutcome.Failure(error), "not a DecodingError: \(error)")
      #expect(failure == expected.error)
      #expect(ignoring.failure.flatMap(ExpectedOutcome.Failure.init) == expected.error)
    }
  }

  private func checkStrictDecoding<T: FixtureModel>(
    as type: T.Type,
    payload: Data,
    expected: ExpectedOutcome
  ) throws {
    let strict = Result { try JSONDecoder().decodeStrictly(T.self, from: payload) }
    guard let expectedFailure = expected.strictError ?? expected.error else {
      // Nothing unknown and nothing broken: strict decoding gives the lenient value.
      #expect(try strict.get() == JSONDecoder().decode(T.self, from: payload))
      return
    }
    let error = try #require(strict.failure, "expected \(expectedFailure), but it decoded")
    #expect(ExpectedOutcome.Failure(error) == expectedFailure)
    guard expected.strictError != nil else { return }

    // The error carries the rejected value, and it is the first one a lenient decode reports.
    guard case DecodingError.dataCorrupted(let context) = error,
      let rejected = (context.underlyingError as? UnknownValueError)?.unknownValue
    else {
      Issue.record("strict decoding did not fail with an UnknownValueError underneath: \(error)")
      return
    }
    #expect(rejected.path == expectedFailure.path)
    let collector = UnknownValueCollector()
    let decoder = JSONDecoder()
    decoder.unknownValueHandler = .collect(into: collector)
    _ = try? decoder.decode(T.self, from: payload)
    #expect(collector.values.first == rejected)
  }
}

extension Result {
  /// The error of a failure; `nil` for a success.
  var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
