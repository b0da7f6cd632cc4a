import CodableResilience
import Foundation

// How each subject of PositionSubjects.swift, and each property wrapper's storage type, takes
// part in the equivalence tests: its samples and the plain type it is compared with.

extension StringKind: PositionSubject {
  static let samples = stringSamples(known: ["house", "flat", "cabin", "__unknown__"])
  static let known = #""house""#
  static let positions = standardPositions(
    StringKindAt.Property.self, StringKindAt.OptionalProperty.self, StringKindAt.ArrayProperty.self,
    StringKindAt.OptionalArrayProperty.self, StringKindAt.NestedArrays.self,
    StringKindAt.DictionaryProperty.self)
}

extension IntKind: PositionSubject {
  static let samples = numberSamples(
    known: ["1", "2", "-99"], extremes: ["3", "9223372036854775807"])
  static let known = "1"
  static let positions = standardPositions(
    IntKindAt.Property.self, IntKindAt.OptionalProperty.self, IntKindAt.ArrayProperty.self,
    IntKindAt.OptionalArrayProperty.self, IntKindAt.NestedArrays.self,
    IntKindAt.DictionaryProperty.self)
}

extension Int8Kind: PositionSubject {
  static let samples = numberSamples(known: ["-128", "127"], extremes: ["128", "-129", "5"])
  static let known = "127"
  static let positions = standardPositions(
    Int8KindAt.Property.self, Int8KindAt.OptionalProperty.self, Int8KindAt.ArrayProperty.self,
    Int8KindAt.OptionalArrayProperty.self, Int8KindAt.NestedArrays.self,
    Int8KindAt.DictionaryProperty.self)
}

extension Int16Kind: PositionSubject {
  static let samples = numberSamples(known: ["32767"], extremes: ["32768", "-32768"])
  static let known = "32767"
  static let positions = standardPositions(
    Int16KindAt.Property.self, Int16KindAt.OptionalProperty.self, Int16KindAt.ArrayProperty.self,
    Int16KindAt.OptionalArrayProperty.self, Int16KindAt.NestedArrays.self,
    Int16KindAt.DictionaryProperty.self)
}

extension Int32Kind: PositionSubject {
  static let samples = numberSamples(
    known: ["2000000000"], extremes: ["2147483648", "-2147483648"])
  static let known = "2000000000"
  static let positions = standardPositions(
    Int32KindAt.Property.self, Int32KindAt.OptionalProperty.self, Int32KindAt.ArrayProperty.self,
    Int32KindAt.OptionalArrayProperty.self, Int32KindAt.NestedArrays.self,
    Int32KindAt.DictionaryProperty.self)
}

extension Int64Kind: PositionSubject {
  static let samples = numberSamples(
    known: ["9000000000000000000"], extremes: ["9223372036854775807", "9223372036854775808"])
  static let known = "9000000000000000000"
  static let positions = standardPositions(
    Int64KindAt.Property.self, Int64KindAt.OptionalProperty.self, Int64KindAt.ArrayProperty.self,
    Int64KindAt.OptionalArrayProperty.self, Int64KindAt.NestedArrays.self,
    Int64KindAt.DictionaryProperty.self)
}

extension UIntKind: PositionSubject {
  static let samples = numberSamples(known: ["7"], extremes: ["18446744073709551615", "-7"])
  static let known = "7"
  static let positions = standardPositions(
    UIntKindAt.Property.self, UIntKindAt.OptionalProperty.self, UIntKindAt.ArrayProperty.self,
    UIntKindAt.OptionalArrayProperty.self, UIntKindAt.NestedArrays.self,
    UIntKindAt.DictionaryProperty.self)
}

extension UInt8Kind: PositionSubject {
  static let samples = numberSamples(known: ["255"], extremes: ["256", "-1", "8"])
  static let known = "255"
  static let positions = standardPositions(
    UInt8KindAt.Property.self, UInt8KindAt.OptionalProperty.self, UInt8KindAt.ArrayProperty.self,
    UInt8KindAt.OptionalArrayProperty.self, UInt8KindAt.NestedArrays.self,
    UInt8KindAt.DictionaryProperty.self)
}

extension UInt16Kind: PositionSubject {
  static let samples = numberSamples(known: ["65535"], extremes: ["65536", "16"])
  static let known = "65535"
  static let positions = standardPositions(
    UInt16KindAt.Property.self, UInt16KindAt.OptionalProperty.self,
    UInt16KindAt.ArrayProperty.self, UInt16KindAt.OptionalArrayProperty.self,
    UInt16KindAt.NestedArrays.self, UInt16KindAt.DictionaryProperty.self)
}

extension UInt32Kind: PositionSubject {
  static let samples = numberSamples(known: ["4294967295"], extremes: ["4294967296", "32"])
  static let known = "4294967295"
  static let positions = standardPositions(
    UInt32KindAt.Property.self, UInt32KindAt.OptionalProperty.self,
    UInt32KindAt.ArrayProperty.self, UInt32KindAt.OptionalArrayProperty.self,
    UInt32KindAt.NestedArrays.self, UInt32KindAt.DictionaryProperty.self)
}

extension UInt64Kind: PositionSubject {
  static let samples = numberSamples(known: ["18446744073709551615"], extremes: ["64"])
  static let known = "18446744073709551615"
  static let positions = standardPositions(
    UInt64KindAt.Property.self, UInt64KindAt.OptionalProperty.self,
    UInt64KindAt.ArrayProperty.self, UInt64KindAt.OptionalArrayProperty.self,
    UInt64KindAt.NestedArrays.self, UInt64KindAt.DictionaryProperty.self)
}

extension FloatKind: PositionSubject {
  static let samples = numberSamples(known: ["0.5", "-1"], extremes: ["1e39", "0.75"])
  static let known = "0.5"
  static let positions = standardPositions(
    FloatKindAt.Property.self, FloatKindAt.OptionalProperty.self, FloatKindAt.ArrayProperty.self,
    FloatKindAt.OptionalArrayProperty.self, FloatKindAt.NestedArrays.self,
    FloatKindAt.DictionaryProperty.self)
}

extension DoubleKind: PositionSubject {
  static let samples = numberSamples(known: ["0.25", "0.3333"], extremes: ["1e308", "0.26"])
  static let known = "0.25"
  static let positions = standardPositions(
    DoubleKindAt.Property.self, DoubleKindAt.OptionalProperty.self,
    DoubleKindAt.ArrayProperty.self, DoubleKindAt.OptionalArrayProperty.self,
    DoubleKindAt.NestedArrays.self, DoubleKindAt.DictionaryProperty.self)
}

extension Rating: PositionSubject {
  static let samples = stringSamples(known: ["one", "two"]) + ["1", "2", "3"]
  static let known = #""one""#
  static let positions = standardPositions(
    RatingAt.Property.self, RatingAt.OptionalProperty.self, RatingAt.ArrayProperty.self,
    RatingAt.OptionalArrayProperty.self, RatingAt.NestedArrays.self,
    RatingAt.DictionaryProperty.self)
}

extension Presence: PositionSubject {
  static let samples = stringSamples(known: ["present"])
  static let known = #""present""#
  static let positions = standardPositions(
    PresenceAt.Property.self, PresenceAt.OptionalProperty.self, PresenceAt.ArrayProperty.self,
    PresenceAt.OptionalArrayProperty.self, PresenceAt.NestedArrays.self,
    PresenceAt.DictionaryProperty.self)
}

extension CurrencyCode: PositionSubject {
  static let samples = stringSamples(known: ["USD", "usd", "eur"])
  static let known = #""USD""#
  static let positions = standardPositions(
    CurrencyCodeAt.Property.self, CurrencyCodeAt.OptionalProperty.self,
    CurrencyCodeAt.ArrayProperty.self, CurrencyCodeAt.OptionalArrayProperty.self,
    CurrencyCodeAt.NestedArrays.self, CurrencyCodeAt.DictionaryProperty.self)
}

extension TickerSymbol: PositionSubject {
  static let samples = stringSamples(known: ["usd", "EUR"])
  static let known = #""USD""#
  static let positions = standardPositions(
    TickerSymbolAt.Property.self, TickerSymbolAt.OptionalProperty.self,
    TickerSymbolAt.ArrayProperty.self, TickerSymbolAt.OptionalArrayProperty.self,
    TickerSymbolAt.NestedArrays.self, TickerSymbolAt.DictionaryProperty.self)
}

extension RoomCode: PositionSubject {
  static let samples = stringSamples(known: ["single", "double"])
  static let known = #""single""#
  static let positions = standardPositions(
    RoomCodeAt.Property.self, RoomCodeAt.OptionalProperty.self, RoomCodeAt.ArrayProperty.self,
    RoomCodeAt.OptionalArrayProperty.self, RoomCodeAt.NestedArrays.self,
    RoomCodeAt.DictionaryProperty.self)
}

extension FloorNumber: PositionSubject {
  static let samples = numberSamples(known: ["0", "1"], extremes: ["2", "-9223372036854775808"])
  static let known = "0"
  static let positions = standardPositions(
    FloorNumberAt.Property.self, FloorNumberAt.OptionalProperty.self,
    FloorNumberAt.ArrayProperty.self, FloorNumberAt.OptionalArrayProperty.self,
    FloorNumberAt.NestedArrays.self, FloorNumberAt.DictionaryProperty.self)
}

extension FreeTag: PositionSubject {
  static let samples = stringSamples(known: ["beach", "city"])
  static let known = #""beach""#
  static let positions = standardPositions(
    FreeTagAt.Property.self, FreeTagAt.OptionalProperty.self, FreeTagAt.ArrayProperty.self,
    FreeTagAt.OptionalArrayProperty.self, FreeTagAt.NestedArrays.self,
    FreeTagAt.DictionaryProperty.self)
}

// MARK: - The property wrappers' storage types

extension DecodeUnknownAsNil: PositionSubject where Enum == StringKind {
  static var samples: [String] { StringKind.samples }
  static var known: String { StringKind.known }
  /// A concrete property reads a missing key as absent, to write no key back.
  static var missingKeyAtConcreteProperty: Self? { DecodeUnknownAsNil(wrappedValue: nil) }
  static var positions: [Position<Self>] {
    standardPositions(
      MaybeKindAt.Property.self, MaybeKindAt.OptionalProperty.self, MaybeKindAt.ArrayProperty.self,
      MaybeKindAt.OptionalArrayProperty.self, MaybeKindAt.NestedArrays.self,
      MaybeKindAt.DictionaryProperty.self)
  }
}

extension DecodeMissingAsDefault: PositionSubject where Default == ZeroByDefault<Int> {
  static var samples: [String] {
    numberSamples(known: ["7"], extremes: ["9223372036854775807", "9223372036854775808"])
  }
  static var known: String { "7" }
  // No `missingKeyAtConcreteProperty`: the absence check decodes strictly, and under `.strict`
  // a default throws what a plain property does (`keyNotFound`, `valueNotFound`), as
  // Foundation's generic path does; the lenient reads are `DecodeMissingAsDefaultTests`'.
  var canonicalDescription: String {
    "\(wrappedValue) (\(defaultUsed.map { "default for \($0)" } ?? "as read"))"
  }
  static var positions: [Position<Self>] {
    standardPositions(
      CountAt.Property.self, CountAt.OptionalProperty.self, CountAt.ArrayProperty.self,
      CountAt.OptionalArrayProperty.self, CountAt.NestedArrays.self,
      CountAt.DictionaryProperty.self)
  }
}

/// `@DecodeUnknownAsNil` over an `Int` enum, as its own type so it can conform separately.
struct MaybeFloor: Codable, Equatable, PositionSubject {
  @DecodeUnknownAsNil var floor: IntKind?

  init(from decoder: any Decoder) throws {
    _floor = try DecodeUnknownAsNil(from: decoder)
  }

  func encode(to encoder: any Encoder) throws {
    try _floor.encode(to: encoder)
  }

  var canonicalDescription: String { String(describing: _floor) }

  static let samples = IntKind.samples
  static let known = IntKind.known
  static let positions = standardPositions(
    MaybeFloorAt.Property.self, MaybeFloorAt.OptionalProperty.self, MaybeFloorAt.ArrayProperty.self,
    MaybeFloorAt.OptionalArrayProperty.self, MaybeFloorAt.NestedArrays.self,
    MaybeFloorAt.DictionaryProperty.self)
}

/// Array samples for the collection wrappers: known, unknown, mixed, empty, broken.
let collectionSamples = [
  "[]", #"["house"]"#, #"["house", "castle", "flat", "igloo"]"#, #"["castle"]"#,
  #"["house", 42]"#, #"["house", null]"#, "null", #""house""#, #"{"house": 1}"#,
]

extension SkipUnknownElements: PositionSubject where Elements == [StringKind] {
  static var samples: [String] { collectionSamples }
  static var known: String { #"["house"]"# }
  static var positions: [Position<Self>] {
    standardPositions(
      SkippingKindsAt.Property.self, SkippingKindsAt.OptionalProperty.self,
      SkippingKindsAt.ArrayProperty.self, SkippingKindsAt.OptionalArrayProperty.self,
      SkippingKindsAt.NestedArrays.self, SkippingKindsAt.DictionaryProperty.self)
  }
}

/// `@SkipUnknownElements` over a `Set`, as its own type so it can conform separately.
struct KindSet: Decodable, PositionSubject {
  @SkipUnknownElements var kinds: Set<StringKind>

  init(from decoder: any Decoder) throws {
    _kinds = try SkipUnknownElements(from: decoder)
  }

  var canonicalDescription: String {
    let kinds = kinds.map(\.rawValue).sorted()
    return "\(kinds), unknown \($kinds.unknownRawValues)"
  }

  static let samples = collectionSamples
  static let known = #"["house"]"#
  static let positions = standardPositions(
    KindSetAt.Property.self, KindSetAt.OptionalProperty.self, KindSetAt.ArrayProperty.self,
    KindSetAt.OptionalArrayProperty.self, KindSetAt.NestedArrays.self,
    KindSetAt.DictionaryProperty.self)
}

extension SkipUnknownKeys: PositionSubject where Entries == [StringKind: Int] {
  static var samples: [String] {
    [
      "{}", #"{"house": 1}"#, #"{"house": 1, "castle": 2, "flat": 3}"#, #"{"castle": 2}"#,
      #"{"house": "one"}"#, #"{"house": null}"#, "null", "[]", #""house""#,
    ]
  }
  static var known: String { #"{"house": 1}"# }
  static var positions: [Position<Self>] {
    standardPositions(
      KindTotalsAt.Property.self, KindTotalsAt.OptionalProperty.self,
      KindTotalsAt.ArrayProperty.self, KindTotalsAt.OptionalArrayProperty.self,
      KindTotalsAt.NestedArrays.self, KindTotalsAt.DictionaryProperty.self)
  }

  var canonicalDescription: String {
    let known = wrappedValue.map { "\($0.key.rawValue)=\($0.value)" }.sorted()
    return "\(known), unknown \(unknownEntries.map { "\($0.key)=\($0.value)" })"
  }
}
