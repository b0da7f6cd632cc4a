import CodableResilience

// One concrete model per subject and position: the synthesized `init(from:)` of each takes the
// same overload (or Foundation's generic path) that a real model's does for that property type.
// Generic models would not: `Box<T>` always takes the generic path.

enum StringKindAt {
  struct Property: Holder { var value: StringKind }
  struct OptionalProperty: Holder { var value: StringKind? }
  struct ArrayProperty: Holder { var value: [StringKind] }
  struct OptionalArrayProperty: Holder { var value: [StringKind]? }
  struct NestedArrays: Holder { var value: [[StringKind]] }
  struct DictionaryProperty: Holder { var value: [String: StringKind] }
}
enum IntKindAt {
  struct Property: Holder { var value: IntKind }
  struct OptionalProperty: Holder { var value: IntKind? }
  struct ArrayProperty: Holder { var value: [IntKind] }
  struct OptionalArrayProperty: Holder { var value: [IntKind]? }
  struct NestedArrays: Holder { var value: [[IntKind]] }
  struct DictionaryProperty: Holder { var value: [String: IntKind] }
}
enum Int8KindAt {
  struct Property: Holder { var value: Int8Kind }
  struct OptionalProperty: Holder { var value: Int8Kind? }
  struct ArrayProperty: Holder { var value: [Int8Kind] }
  struct OptionalArrayProperty: Holder { var value: [Int8Kind]? }
  struct NestedArrays: Holder { var value: [[Int8Kind]] }
  struct DictionaryProperty: Holder { var value: [String: Int8Kind] }
}
enum Int16KindAt {
  struct Property: Holder { var value: Int16Kind }
  struct OptionalProperty: Holder { var value: Int16Kind? }
  struct ArrayProperty: Holder { var value: [Int16Kind] }
  struct OptionalArrayProperty: Holder { var value: [Int16Kind]? }
  struct NestedArrays: Holder { var value: [[Int16Kind]] }
  struct DictionaryProperty: Holder { var value: [String: Int16Kind] }
}
enum Int32KindAt {
  struct Property: Holder { var value: Int32Kind }
  struct OptionalProperty: Holder { var value: Int32Kind? }
  struct ArrayProperty: Holder { var value: [Int32Kind] }
  struct OptionalArrayProperty: Holder { var value: [Int32Kind]? }
  struct NestedArrays: Holder { var value: [[Int32Kind]] }
  struct DictionaryProperty: Holder { var value: [String: Int32Kind] }
}
enum Int64KindAt {
  struct Property: Holder { var value: Int64Kind }
  struct OptionalProperty: Holder { var value: Int64Kind? }
  struct ArrayProperty: Holder { var value: [Int64Kind] }
  struct OptionalArrayProperty: Holder { var value: [Int64Kind]? }
  struct NestedArrays: Holder { var value: [[Int64Kind]] }
  struct DictionaryProperty: Holder { var value: [String: Int64Kind] }
}
enum UIntKindAt {
  struct Property: Holder { var value: UIntKind }
  struct OptionalProperty: Holder { var value: UIntKind? }
  struct ArrayProperty: Holder { var value: [UIntKind] }
  struct OptionalArrayProperty: Holder { var value: [UIntKind]? }
  struct NestedArrays: Holder { var value: [[UIntKind]] }
  struct DictionaryProperty: Holder { var value: [String: UIntKind] }
}
enum UInt8KindAt {
  struct Property: Holder { var value: UInt8Kind }
  struct OptionalProperty: Holder { var value: UInt8Kind? }
  struct ArrayProperty: Holder { var value: [UInt8Kind] }
  struct OptionalArrayProperty: Holder { var value: [UInt8Kind]? }
  struct NestedArrays: Holder { var value: [[UInt8Kind]] }
  struct DictionaryProperty: Holder { var value: [String: UInt8Kind] }
}
enum UInt16KindAt {
  struct Property: Holder { var value: UInt16Kind }
  struct OptionalProperty: Holder { var value: UInt16Kind? }
  struct ArrayProperty: Holder { var value: [UInt16Kind] }
  struct OptionalArrayProperty: Holder { var value: [UInt16Kind]? }
  struct NestedArrays: Holder { var value: [[UInt16Kind]] }
  struct DictionaryProperty: Holder { var value: [String: UInt16Kind] }
}
enum UInt32KindAt {
  struct Property: Holder { var value: UInt32Kind }
  struct OptionalProperty: Holder { var value: UInt32Kind? }
  struct ArrayProperty: Holder { var value: [UInt32Kind] }
  struct OptionalArrayProperty: Holder { var value: [UInt32Kind]? }
  struct NestedArrays: Holder { var value: [[UInt32Kind]] }
  struct DictionaryProperty: Holder { var value: [String: UInt32Kind] }
}
enum UInt64KindAt {
  struct Property: Holder { var value: UInt64Kind }
  struct OptionalProperty: Holder { var value: UInt64Kind? }
  struct ArrayProperty: Holder { var value: [UInt64Kind] }
  struct OptionalArrayProperty: Holder { var value: [UInt64Kind]? }
  struct NestedArrays: Holder { var value: [[UInt64Kind]] }
  struct DictionaryProperty: Holder { var value: [String: UInt64Kind] }
}
enum FloatKindAt {
  struct Property: Holder { var value: FloatKind }
  struct OptionalProperty: Holder { var value: FloatKind? }
  struct ArrayProperty: Holder { var value: [FloatKind] }
  struct OptionalArrayProperty: Holder { var value: [FloatKind]? }
  struct NestedArrays: Holder { var value: [[FloatKind]] }
  struct DictionaryProperty: Holder { var value: [String: FloatKind] }
}
enum DoubleKindAt {
  struct Property: Holder { var value: DoubleKind }
  struct OptionalProperty: Holder { var value: DoubleKind? }
  struct ArrayProperty: Holder { var value: [DoubleKind] }
  struct OptionalArrayProperty: Holder { var value: [DoubleKind]? }
  struct NestedArrays: Holder { var value: [[DoubleKind]] }
  struct DictionaryProperty: Holder { var value: [String: DoubleKind] }
}
enum RatingAt {
  struct Property: Holder { var value: Rating }
  struct OptionalProperty: Holder { var value: Rating? }
  struct ArrayProperty: Holder { var value: [Rating] }
  struct OptionalArrayProperty: Holder { var value: [Rating]? }
  struct NestedArrays: Holder { var value: [[Rating]] }
  struct DictionaryProperty: Holder { var value: [String: Rating] }
}
enum PresenceAt {
  struct Property: Holder { var value: Presence }
  struct OptionalProperty: Holder { var value: Presence? }
  struct ArrayProperty: Holder { var value: [Presence] }
  struct OptionalArrayProperty: Holder { var value: [Presence]? }
  struct NestedArrays: Holder { var value: [[Presence]] }
  struct DictionaryProperty: Holder { var value: [String: Presence] }
}

enum CurrencyCodeAt {
  struct Property: Holder { var value: CurrencyCode }
  struct OptionalProperty: Holder { var value: CurrencyCode? }
  struct ArrayProperty: Holder { var value: [CurrencyCode] }
  struct OptionalArrayProperty: Holder { var value: [CurrencyCode]? }
  struct NestedArrays: Holder { var value: [[CurrencyCode]] }
  struct DictionaryProperty: Holder { var value: [String: CurrencyCode] }
}
enum TickerSymbolAt {
  struct Property: Holder { var value: TickerSymbol }
  struct OptionalProperty: Holder { var value: TickerSymbol? }
  struct ArrayProperty: Holder { var value: [TickerSymbol] }
  struct OptionalArrayProperty: Holder { var value: [TickerSymbol]? }
  struct NestedArrays: Holder { var value: [[TickerSymbol]] }
  struct DictionaryProperty: Holder { var value: [String: TickerSymbol] }
}

enum RoomCodeAt {
  struct Property: Holder { var value: RoomCode }
  struct OptionalProperty: Holder { var value: RoomCode? }
  struct ArrayProperty: Holder { var value: [RoomCode] }
  struct OptionalArrayProperty: Holder { var value: [RoomCode]? }
  struct NestedArrays: Holder { var value: [[RoomCode]] }
  struct DictionaryProperty: Holder { var value: [String: RoomCode] }
}
enum FloorNumberAt {
  struct Property: Holder { var value: FloorNumber }
  struct OptionalProperty: Holder { var value: FloorNumber? }
  struct ArrayProperty: Holder { var value: [FloorNumber] }
  struct OptionalArrayProperty: Holder { var value: [FloorNumber]? }
  struct NestedArrays: Holder { var value: [[FloorNumber]] }
  struct DictionaryProperty: Holder { var value: [String: FloorNumber] }
}
enum FreeTagAt {
  struct Property: Holder { var value: FreeTag }
  struct OptionalProperty: Holder { var value: FreeTag? }
  struct ArrayProperty: Holder { var value: [FreeTag] }
  struct OptionalArrayProperty: Holder { var value: [FreeTag]? }
  struct NestedArrays: Holder { var value: [[FreeTag]] }
  struct DictionaryProperty: Holder { var value: [String: FreeTag] }
}
enum MaybeKindAt {
  struct Property: Holder { var value: DecodeUnknownAsNil<StringKind> }
  struct OptionalProperty: Holder { var value: DecodeUnknownAsNil<StringKind>? }
  struct ArrayProperty: Holder { var value: [DecodeUnknownAsNil<StringKind>] }
  struct OptionalArrayProperty: Holder { var value: [DecodeUnknownAsNil<StringKind>]? }
  struct NestedArrays: Holder { var value: [[DecodeUnknownAsNil<StringKind>]] }
  struct DictionaryProperty: Holder { var value: [String: DecodeUnknownAsNil<StringKind>] }
}
enum CountAt {
  struct Property: Holder { var value: DecodeMissingAsDefault<ZeroByDefault<Int>> }
  struct OptionalProperty: Holder { var value: DecodeMissingAsDefault<ZeroByDefault<Int>>? }
  struct ArrayProperty: Holder { var value: [DecodeMissingAsDefault<ZeroByDefault<Int>>] }
  struct OptionalArrayProperty: Holder { var value: [DecodeMissingAsDefault<ZeroByDefault<Int>>]? }
  struct NestedArrays: Holder { var value: [[DecodeMissingAsDefault<ZeroByDefault<Int>>]] }
  struct DictionaryProperty: Holder {
    var value: [String: DecodeMissingAsDefault<ZeroByDefault<Int>>]
  }
}
enum MaybeFloorAt {
  struct Property: Holder { var value: MaybeFloor }
  struct OptionalProperty: Holder { var value: MaybeFloor? }
  struct ArrayProperty: Holder { var value: [MaybeFloor] }
  struct OptionalArrayProperty: Holder { var value: [MaybeFloor]? }
  struct NestedArrays: Holder { var value: [[MaybeFloor]] }
  struct DictionaryProperty: Holder { var value: [String: MaybeFloor] }
}
enum SkippingKindsAt {
  struct Property: Holder { var value: SkipUnknownElements<[StringKind]> }
  struct OptionalProperty: Holder { var value: SkipUnknownElements<[StringKind]>? }
  struct ArrayProperty: Holder { var value: [SkipUnknownElements<[StringKind]>] }
  struct OptionalArrayProperty: Holder { var value: [SkipUnknownElements<[StringKind]>]? }
  struct NestedArrays: Holder { var value: [[SkipUnknownElements<[StringKind]>]] }
  struct DictionaryProperty: Holder { var value: [String: SkipUnknownElements<[StringKind]>] }
}
enum KindSetAt {
  struct Property: Holder { var value: KindSet }
  struct OptionalProperty: Holder { var value: KindSet? }
  struct ArrayProperty: Holder { var value: [KindSet] }
  struct OptionalArrayProperty: Holder { var value: [KindSet]? }
  struct NestedArrays: Holder { var value: [[KindSet]] }
  struct DictionaryProperty: Holder { var value: [String: KindSet] }
}
enum KindTotalsAt {
  struct Property: Holder { var value: SkipUnknownKeys<[StringKind: Int]> }
  struct OptionalProperty: Holder { var value: SkipUnknownKeys<[StringKind: Int]>? }
  struct ArrayProperty: Holder { var value: [SkipUnknownKeys<[StringKind: Int]>] }
  struct OptionalArrayProperty: Holder { var value: [SkipUnknownKeys<[StringKind: Int]>]? }
  struct NestedArrays: Holder { var value: [[SkipUnknownKeys<[StringKind: Int]>]] }
  struct DictionaryProperty: Holder { var value: [String: SkipUnknownKeys<[StringKind: Int]>] }
}
