import BenchmarkModels
import CodableResilience
import Foundation

// The collection wrappers and the model that uses every tool, each against what an app
// writes without the package, on the same bytes.

extension Scenario {
  static let skipUnknownElementsArray = Scenario(
    name: "skip-unknown-elements-array",
    candidate: "@SkipUnknownElements [Facility]",
    baseline: "plain [Facility]",
    target: 1.00
  ) { records in
    let payload = Payloads.facilityLists(count: records).data
    return try Comparison(
      candidate: .decoding([FacilityList].self, from: payload),
      baseline: .decoding([PlainFacilityList].self, from: payload),
      check: expectSameJSON
    )
  }

  static let skipUnknownElementsSet = Scenario(
    name: "skip-unknown-elements-set",
    candidate: "@SkipUnknownElements Set<Facility>",
    baseline: "plain Set<Facility>",
    target: 1.00
  ) { records in
    let payload = Payloads.facilityLists(count: records).data
    return try Comparison(
      candidate: .decoding([FacilitySet].self, from: payload),
      baseline: .decoding([PlainFacilitySet].self, from: payload)
    ) { candidate, baseline in
      // A set's order is its own, so compare the sets rather than their JSON.
      guard candidate.map(\.facilities) == baseline.map(\.facilities) else {
        throw ComparisonError(description: "the two models decoded different sets")
      }
    }
  }

  static let skipUnknownElementsOptional = Scenario(
    name: "skip-unknown-elements-optional",
    candidate: "@SkipUnknownElements [Facility]?",
    baseline: "plain [Facility]?",
    target: 1.00
  ) { records in
    let payload = Payloads.facilityLists(count: records, optional: true).data
    return try Comparison(
      candidate: .decoding([OptionalFacilityList].self, from: payload),
      baseline: .decoding([PlainOptionalFacilityList].self, from: payload)
    ) { candidate, baseline in
      // The wrapper writes `null` back where it read it and `Optional` leaves the key out,
      // so compare the decoded values rather than their JSON.
      guard candidate.map(\.facilities) == baseline.map(\.facilities) else {
        throw ComparisonError(description: "the two models decoded different lists")
      }
    }
  }

  static let skipUnknownKeys = Scenario(
    name: "skip-unknown-keys",
    candidate: "@SkipUnknownKeys [FeeKind: Int]",
    baseline: "plain [String: Int]",
    target: 1.00
  ) { records in
    let payload = Payloads.feeSchedules(count: records).data
    return try Comparison(
      candidate: .decoding([FeeSchedule].self, from: payload),
      baseline: .decoding([PlainFeeSchedule].self, from: payload),
      check: expectSameJSON
    )
  }

  static let extensibleEnumKeys = Scenario(
    name: "extensible-enum-keys",
    candidate: "[CurrencyCode: Int], ExtensibleEnum keys",
    baseline: "plain [String: Int]",
    target: 1.00
  ) { records in
    let payload = Payloads.currencyPrices(count: records).data
    return try Comparison(
      candidate: .decoding([CurrencyPrices].self, from: payload),
      baseline: .decoding([PlainCurrencyPrices].self, from: payload),
      check: expectSameJSON
    )
  }

  /// Every notification decodes: the wrapper is held to the plain array's speed.
  static let skipInvalidElementsValid = Scenario(
    name: "skip-invalid-elements-valid",
    candidate: "@SkipInvalidElements [TimelineNotification]",
    baseline: "plain [TimelineNotification]",
    target: 1.00
  ) { records in
    let payload = Payloads.notificationPages(count: records).data
    return try Comparison(
      candidate: .decoding([NotificationPage].self, from: payload),
      baseline: .decoding([PlainNotificationPage].self, from: payload),
      check: expectSameJSON
    )
  }

  /// One notification in ten fails to decode; the wrapper leaves it out, keeps it to write
  /// back and reports it to a collector, against the reference model of BetterCodable's
  /// `@LossyArray`, which only drops it, on the same payload (issue 29's bar: 1.25x).
  static let skipInvalidElementsFailing = Scenario(
    name: "skip-invalid-elements-failing",
    candidate: "@SkipInvalidElements, 10% failing, collected and kept",
    baseline: "@LossyArray technique (BetterCodable), same payload",
    target: 1.25
  ) { records in
    let payload = Payloads.notificationPages(count: records, failingShare: 0.1)
    return try Comparison(
      candidate: .collectingLeftOut(from: payload),
      baseline: .decoding([LossyNotificationPage].self, from: payload.data)
    ) { candidate, baseline in
      try expectLeftOut(
        candidate, from: payload, records: records, dropped: baseline.map(\.notifications))
    }
  }

  /// The same, against the reference model of ResilientDecoding's resilient array, which
  /// leaves the element out and reports its error too (the bar: less than it).
  static let skipInvalidElementsFailingResilient = Scenario(
    name: "skip-invalid-elements-failing-resilient",
    candidate: "@SkipInvalidElements, 10% failing, collected and kept",
    baseline: "resilient array technique (ResilientDecoding), reported",
    target: 1.00
  ) { records in
    let payload = Payloads.notificationPages(count: records, failingShare: 0.1)
    let decoder = JSONDecoder()
    let baseline = Side(byteCount: payload.data.count) {
      // As ResilientDecoding's `decode(_:from:reportResilientDecodingErrors:)`: a new reporter
      // in `userInfo` for each decode.
      let reporter = ResilientErrorReporterReference()
      decoder.userInfo[.resilientErrorReporterReference] = reporter
      return (try decoder.decode([ResilientNotificationPage].self, from: payload.data), reporter)
    }
    return try Comparison(
      candidate: .collectingLeftOut(from: payload),
      baseline: baseline
    ) { candidate, baseline in
      try expectLeftOut(
        candidate, from: payload, records: records, dropped: baseline.0.map(\.notifications))
      guard baseline.1.errors.count == payload.invalidElementCount else {
        throw ComparisonError(
          description: "the reference reported \(baseline.1.errors.count) errors, "
            + "the payload has \(payload.invalidElementCount) failing elements")
      }
    }
  }

  static let mixedModel = Scenario(
    name: "mixed-model",
    candidate: "every tool in one record",
    baseline: "same record, plain Codable",
    target: 1.00
  ) { records in
    let payload = Payloads.mixedListings(count: records).data
    return try Comparison(
      candidate: .decoding([MixedListing].self, from: payload),
      baseline: .decoding([PlainMixedListing].self, from: payload),
      check: expectSameJSON
    )
  }

  /// Every tool meets a value it does not know in one value of ten and reports each to a
  /// collector, yet is held to the plain record's speed on the all-known payload (which it
  /// could not decode otherwise). Both payloads have the same shape and size within 1%.
  static let mixedModelUnknownReported = Scenario(
    name: "mixed-model-unknown-reported",
    candidate: "every tool, 10% unknown, collected",
    baseline: "same record plain, all known",
    target: 1.03
  ) { records in
    let withUnknownValues = Payloads.mixedListings(count: records, unknownShare: 0.1)
    let allKnown = Payloads.mixedListings(count: records).data
    let decoder = JSONDecoder()
    let candidate = Side(byteCount: withUnknownValues.data.count) {
      try decoder.decodeCollectingUnknownValues([MixedListing].self, from: withUnknownValues.data)
    }
    return try Comparison(
      candidate: candidate,
      baseline: .decoding([PlainMixedListing].self, from: allKnown)
    ) { candidate, baseline in
      try expectCollected(
        candidate, from: withUnknownValues, records: records, plainCount: baseline.count)
    }
  }
}

/// Throws unless about one value in ten of `payload` is unknown (small payloads vary more),
/// the candidate decoded as many records as the plain model, and it collected every unknown
/// value the payload holds.
func expectCollected<Value>(
  _ candidate: (value: [Value], unknownValues: [UnknownValue]),
  from payload: Payload,
  records: Int,
  plainCount: Int
) throws {
  try expectOneInTen(
    payload.unknownValueCount, of: payload.enumValueCount, records: records, what: "unknown")
  guard candidate.value.count == plainCount,
    candidate.unknownValues.count == payload.unknownValueCount
  else {
    throw ComparisonError(
      description: "collected \(candidate.unknownValues.count) unknown values, "
        + "the payload holds \(payload.unknownValueCount)")
  }
}

extension Side where Value == (value: [NotificationPage], unknownValues: [UnknownValue]) {
  /// Decodes notification pages, collecting every element left out.
  static func collectingLeftOut(from payload: Payload) -> Side {
    let decoder = JSONDecoder()
    return Side(byteCount: payload.data.count) {
      try decoder.decodeCollectingUnknownValues([NotificationPage].self, from: payload.data)
    }
  }
}

/// Throws unless about one notification in ten of `payload` fails (small payloads vary more),
/// by turns with a missing key and a wrong type, the candidate decoded the same notifications
/// as the reference that `dropped` the others, and it reported and kept each one it left out.
func expectLeftOut(
  _ candidate: (value: [NotificationPage], unknownValues: [UnknownValue]),
  from payload: Payload,
  records: Int,
  dropped: [[TimelineNotification]]
) throws {
  try expectOneInTen(payload.invalidElementCount, of: records, records: records, what: "failing")
  guard candidate.value.map(\.notifications) == dropped else {
    throw ComparisonError(description: "the two models decoded different notifications")
  }
  let kept = candidate.value.reduce(0) { $0 + $1.$notifications.invalidElements.count }
  let reported = candidate.unknownValues.filter {
    if case .invalidElement = $0.kind { true } else { false }
  }
  guard kept == payload.invalidElementCount, reported.count == payload.invalidElementCount else {
    throw ComparisonError(
      description: "kept \(kept) and reported \(reported.count) elements, "
        + "the payload has \(payload.invalidElementCount) failing")
  }
  let errorKinds = candidate.value.flatMap { $0.$notifications.invalidElements }
    .map(\.failure.errorKind)
  let missingKeys = errorKinds.filter { $0 == "keyNotFound" }.count
  let wrongTypes = errorKinds.filter { $0 == "typeMismatch" }.count
  guard missingKeys + wrongTypes == kept, abs(missingKeys - wrongTypes) <= 1 else {
    throw ComparisonError(
      description: "\(missingKeys) missing keys and \(wrongTypes) wrong types of \(kept) "
        + "failing elements, not half each")
  }
}
