import BenchmarkModels
import CodableResilience
import Foundation
import SampleAPI

extension Scenario {
  /// Every scenario, in the order the report lists them.
  static let all: [Scenario] = [
    unknownDecodableString,
    unknownDecodableInt,
    unknownValuesCollected,
    valueAliases,
    decodeUnknownAsNil,
    decodeMissingAsDefault,
    extensibleEnum,
    openEnum,
    taggedUnion,
    skipUnknownElementsArray,
    skipUnknownElementsSet,
    skipUnknownElementsOptional,
    skipUnknownKeys,
    extensibleEnumKeys,
    skipInvalidElementsValid,
    skipInvalidElementsFailing,
    skipInvalidElementsFailingResilient,
    keepUnknownFields,
    mixedModel,
    mixedModelUnknownReported,
    decodeConvertingTypeOwnType,
    decodeConvertingTypeConvertedReported,
    decodeOneOrManyArrays,
    sampleAPIModel,
    handlerInstalled,
    decodeCheckEngine,
    decodeCheckTwoCores,
    jsonDecoderTwoCores,
    decodeCheckBaselineSummary,
    decodeCheckRecord,
    decodeCheckRecordRepeatedShapes,
    decodeCheckRecordDistinctShapes,
    decodeCheckAudit,
    decodeCheckAuditMemory,
    decodeCheckAuditEvents,
    decodeCheckOpenAPI,
    decodeCheckMemoryFlat,
  ]

  static let unknownDecodableString = Scenario(
    name: "unknown-decodable-string",
    candidate: "UnknownDecodable, String raw values",
    baseline: "plain String enum",
    target: 1.03
  ) { records in
    let payload = Payloads.listingSummaries(count: records).data
    return try Comparison(
      candidate: .decoding([ListingSummary].self, from: payload),
      baseline: .decoding([PlainListingSummary].self, from: payload),
      check: expectSameJSON
    )
  }

  static let unknownDecodableInt = Scenario(
    name: "unknown-decodable-int",
    candidate: "UnknownDecodable, Int raw values",
    baseline: "plain Int enum",
    target: 1.03
  ) { records in
    let payload = Payloads.stayReviews(count: records).data
    return try Comparison(
      candidate: .decoding([StayReview].self, from: payload),
      baseline: .decoding([PlainStayReview].self, from: payload),
      check: expectSameJSON
    )
  }

  /// The candidate meets a value it does not know in one enum field of ten and reports each
  /// to a collector, yet is held to the plain enums' speed on the all-known payload (which
  /// they could not decode otherwise). Both payloads have the same shape and size within 1%.
  static let unknownValuesCollected = Scenario(
    name: "unknown-values-collected",
    candidate: "UnknownDecodable, 10% unknown, collected",
    baseline: "plain String enum, all known",
    target: 1.03
  ) { records in
    let withUnknownValues = Payloads.listingSummaries(count: records, unknownShare: 0.1)
    let allKnown = Payloads.listingSummaries(count: records).data
    let decoder = JSONDecoder()
    let candidate = Side(byteCount: withUnknownValues.data.count) {
      try decoder.decodeCollectingUnknownValues(
        [ListingSummary].self, from: withUnknownValues.data)
    }
    return try Comparison(
      candidate: candidate,
      baseline: .decoding([PlainListingSummary].self, from: allKnown)
    ) { candidate, baseline in
      try expectCollected(
        candidate, from: withUnknownValues, records: records, plainCount: baseline.count)
    }
  }

  /// One enum value in ten arrives in an old spelling (an alias, or the raw value in another
  /// letter case); the candidate reads it as its case through `ValueAliases` and reports it
  /// to a collector that receives renamed values. Like `unknown-values-collected`, it is held
  /// to the plain enums on the payload they can read, the canonical one (the same values,
  /// a few bytes shorter), and to the same bar: one value in ten read past the exact match
  /// and reported.
  static let valueAliases = Scenario(
    name: "value-aliases",
    candidate: "ValueAliases, 10% old spellings, collected",
    baseline: "plain String enum, canonical values",
    target: 1.10
  ) { records in
    let renamed = Payloads.stayPayments(count: records, renamedShare: 0.1)
    let canonical = Payloads.stayPayments(count: records).data
    let decoder = JSONDecoder()
    let candidate = Side(byteCount: renamed.data.count) {
      let collector = UnknownValueCollector()
      decoder.unknownValueHandler = .collect(into: collector).receivingRenamedValues()
      return (try decoder.decode([StayPayment].self, from: renamed.data), collector)
    }
    return try Comparison(
      candidate: candidate,
      baseline: .decoding([PlainStayPayment].self, from: canonical)
    ) { candidate, baseline in
      try expectSameJSON(candidate.0, baseline)
      try expectOneInTen(
        renamed.renamedValueCount, of: renamed.enumValueCount, records: records, what: "renamed")
      let reports = candidate.1.values
      let allRenamed = reports.allSatisfy {
        if case .renamedValue = $0.kind { true } else { false }
      }
      guard allRenamed, reports.count == renamed.renamedValueCount else {
        throw ComparisonError(
          description: "collected \(reports.count) reports, "
            + "the payload has \(renamed.renamedValueCount) old spellings")
      }
    }
  }

  /// `@DecodeMissingAsDefault` fields whose keys are all present, against plain fields: what
  /// the wrapper costs where it reads no default.
  static let decodeMissingAsDefault = Scenario(
    name: "decode-missing-as-default-present",
    candidate: "@DecodeMissingAsDefault, keys present",
    baseline: "plain fields",
    target: 1.00
  ) { records in
    let payload = Payloads.accountSettings(count: records).data
    return try Comparison(
      candidate: .decoding([AccountSettings].self, from: payload),
      baseline: .decoding([PlainAccountSettings].self, from: payload),
      check: expectSameJSON
    )
  }

  static let decodeUnknownAsNil = Scenario(
    name: "decode-unknown-as-nil",
    candidate: "@DecodeUnknownAsNil",
    baseline: "Optional plain enum",
    target: 1.03
  ) { records in
    let payload = Payloads.listingTerms(count: records).data
    return try Comparison(
      candidate: .decoding([ListingTerms].self, from: payload),
      baseline: .decoding([PlainListingTerms].self, from: payload)
    ) { candidate, baseline in
      // The wrapper writes `null` back where the payload had it and `Optional` leaves the key
      // out, so compare the decoded values rather than their JSON.
      let wrapped = candidate.map {
        [$0.heating?.rawValue, $0.paymentMethod?.rawValue, $0.bookingChannel?.rawValue]
      }
      let plain = baseline.map {
        [$0.heating?.rawValue, $0.paymentMethod?.rawValue, $0.bookingChannel?.rawValue]
      }
      guard wrapped == plain,
        candidate.map(\.cancellationPolicy) == baseline.map(\.cancellationPolicy)
      else {
        throw ComparisonError(description: "the two models decoded different values")
      }
    }
  }

  static let extensibleEnum = Scenario(
    name: "extensible-enum",
    candidate: "ExtensibleEnum",
    baseline: "plain String enum",
    target: 1.03
  ) { records in
    let payload = Payloads.priceQuotes(count: records).data
    return try Comparison(
      candidate: .decoding([PriceQuote].self, from: payload),
      baseline: .decoding([PlainPriceQuote].self, from: payload),
      check: expectSameJSON
    )
  }

  /// `OpenEnum` fields read through its keyed overloads, against the same enums plain.
  static let openEnum = Scenario(
    name: "open-enum",
    candidate: "OpenEnum of the plain enums",
    baseline: "plain String enum",
    target: 1.03
  ) { records in
    let payload = Payloads.listingSummaries(count: records).data
    return try Comparison(
      candidate: .decoding([OpenListingSummary].self, from: payload),
      baseline: .decoding([PlainListingSummary].self, from: payload),
      check: expectSameJSON
    )
  }

  /// A `TaggedUnion` array against the `init(from:)` an app writes by hand, switching on the
  /// tag, on a feed whose tags are all known (which the hand-written one needs).
  static let taggedUnion = Scenario(
    name: "tagged-union",
    candidate: "TaggedUnion",
    baseline: "hand-written init(from:) switching on the tag",
    target: 1.00
  ) { records in
    let payload = Payloads.activityFeed(count: records).data
    return try Comparison(
      candidate: .decoding([ActivityItem].self, from: payload),
      baseline: .decoding([PlainActivityItem].self, from: payload),
      check: expectSameJSON
    )
  }

  static let sampleAPIModel = Scenario(
    name: "sample-api-model",
    candidate: "SampleAPI ListingPage (all three tools)",
    baseline: "same model, plain enums",
    target: 1.00
  ) { records in
    let payload = Payloads.listingPage(count: records).data
    return try Comparison(
      candidate: .decoding(ListingPage.self, from: payload),
      baseline: .decoding(PlainListingPage.self, from: payload),
      check: expectSameJSON
    )
  }

  /// Issue 3's promise: a known value never looks at `userInfo`, so installing a handler
  /// costs nothing while every value is known.
  static let handlerInstalled = Scenario(
    name: "handler-installed",
    candidate: "ListingPage, collecting handler",
    baseline: "ListingPage, no handler",
    target: 1.03
  ) { records in
    let payload = Payloads.listingPage(count: records).data
    let collector = UnknownValueCollector()
    let withHandler = JSONDecoder()
    withHandler.unknownValueHandler = .collect(into: collector)
    return try Comparison(
      candidate: .decoding(ListingPage.self, from: payload, with: withHandler),
      baseline: .decoding(ListingPage.self, from: payload)
    ) { candidate, baseline in
      guard candidate == baseline, collector.values.isEmpty else {
        throw ComparisonError(description: "the known-only payload reported unknown values")
      }
    }
  }
}
