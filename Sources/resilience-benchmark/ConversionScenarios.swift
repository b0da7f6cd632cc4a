import BenchmarkModels
import CodableResilience
import Foundation

// The wrappers that read a value of another JSON type (issue 43), each against what an app
// writes without the package.

extension Scenario {
  /// `@DecodeConvertingType` scalars whose every value is of its own JSON type, against the
  /// same properties plain: what the wrapper costs where it converts nothing.
  static let decodeConvertingTypeOwnType = Scenario(
    name: "decode-converting-type-own-type",
    candidate: "@DecodeConvertingType, every value its own type",
    baseline: "plain properties",
    target: 1.03
  ) { records in
    let payload = Payloads.stayListings(count: records).data
    return try Comparison(
      candidate: .decoding([StayListing].self, from: payload),
      baseline: .decoding([PlainStayListing].self, from: payload),
      check: expectSameJSON
    )
  }

  /// One value in ten arrives as the other JSON type (a quoted number, `"true"`) and is
  /// converted and reported to a collector, held to the plain properties' time on the payload
  /// of the same values all of their own type (which they could not decode otherwise).
  static let decodeConvertingTypeConvertedReported = Scenario(
    name: "decode-converting-type-converted-reported",
    candidate: "@DecodeConvertingType, 10% converted, collected",
    baseline: "plain properties, every value its own type",
    target: 1.30
  ) { records in
    let converted = Payloads.stayListings(count: records, convertedShare: 0.1)
    let ownType = Payloads.stayListings(count: records).data
    let decoder = JSONDecoder()
    let candidate = Side(byteCount: converted.data.count) {
      try decoder.decodeCollectingUnknownValues([StayListing].self, from: converted.data)
    }
    return try Comparison(
      candidate: candidate,
      baseline: .decoding([PlainStayListing].self, from: ownType)
    ) { candidate, baseline in
      // Converted values are written back as they arrived, so compare the values read.
      let read = candidate.value.map {
        "\($0.id) \($0.name) \($0.price) \($0.isActive) \($0.energyClass) \($0.maxGuests ?? -1)"
      }
      let plain = baseline.map {
        "\($0.id) \($0.name) \($0.price) \($0.isActive) \($0.energyClass) \($0.maxGuests ?? -1)"
      }
      guard read == plain else {
        throw ComparisonError(description: "the two models decoded different values")
      }
      try expectOneInTen(
        converted.unknownValueCount, of: converted.enumValueCount, records: records,
        what: "converted")
      let reports = candidate.unknownValues.filter {
        if case .convertedType = $0.kind { true } else { false }
      }
      guard reports.count == candidate.unknownValues.count,
        reports.count == converted.unknownValueCount
      else {
        throw ComparisonError(
          description: "collected \(candidate.unknownValues.count) reports, "
            + "the payload has \(converted.unknownValueCount) converted values")
      }
    }
  }

  /// `@DecodeOneOrMany` lists whose every value is an array, against plain arrays.
  static let decodeOneOrManyArrays = Scenario(
    name: "decode-one-or-many-arrays",
    candidate: "@DecodeOneOrMany [String] and [Facility], every value an array",
    baseline: "plain [String] and [Facility]",
    target: 1.03
  ) { records in
    let payload = Payloads.taggedPosts(count: records).data
    return try Comparison(
      candidate: .decoding([TaggedPost].self, from: payload),
      baseline: .decoding([PlainTaggedPost].self, from: payload),
      check: expectSameJSON
    )
  }
}
