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
    target: 1.10
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
  let share = Double(payload.unknownValueCount) / Double(payload.enumValueCount)
  guard (0.09...0.11).contains(share) || records < 1_000 else {
    throw ComparisonError(description: "the payload's unknown share is \(share), not 10%")
  }
  guard candidate.value.count == plainCount,
    candidate.unknownValues.count == payload.unknownValueCount
  else {
    throw ComparisonError(
      description: "collected \(candidate.unknownValues.count) unknown values, "
        + "the payload holds \(payload.unknownValueCount)")
  }
}
