import CodableResilience
import Foundation

// `@DecodeConvertingType` and `@DecodeOneOrMany` at every position: a value of another JSON
// type converts, and is reported, exactly as at the top level; under `.strict` each throws
// what the top-level decode throws.

extension DecodeConvertingType: PositionSubject where Value == Int {
  static var samples: [String] {
    numberSamples(known: ["7"], extremes: ["9223372036854775807", "9223372036854775808"])
      + [#""7""#, #""7.0""#, #""1e2""#, #""7.5""#, #""+7""#, #"" 7""#, #""x""#, "1.0"]
  }
  static var known: String { "7" }
  var canonicalDescription: String {
    "\(wrappedValue) (\(convertedFrom.map { "from \($0)" } ?? "as read"))"
  }
  static var positions: [Position<Self>] {
    standardPositions(
      ConvertedIDAt.Property.self, ConvertedIDAt.OptionalProperty.self,
      ConvertedIDAt.ArrayProperty.self, ConvertedIDAt.OptionalArrayProperty.self,
      ConvertedIDAt.NestedArrays.self, ConvertedIDAt.DictionaryProperty.self)
  }
}

/// A `String` identifier that may arrive as a number, through a raw-value type.
struct ConvertedName: StoredSubject {
  var stored: DecodeConvertingType<FreeTag>
  init(stored: DecodeConvertingType<FreeTag>) { self.stored = stored }

  static let samples = [
    #""alice""#, "7", "12.50", "true", "-0", "1e400", "null", "[]", "{}",
    "12345678901234567890123456789012345678", "123456789012345678901234567890123456789",
  ]
  static let known = #""bob""#
  var canonicalDescription: String {
    "\(stored.wrappedValue.rawValue) (\(stored.convertedFrom.map { "from \($0)" } ?? "as read"))"
  }
  static let positions = storedPositions(
    ConvertedNameAt.Property.self, ConvertedNameAt.OptionalProperty.self,
    ConvertedNameAt.ArrayProperty.self, ConvertedNameAt.OptionalArrayProperty.self,
    ConvertedNameAt.NestedArrays.self, ConvertedNameAt.DictionaryProperty.self)
}

/// `@DecodeOneOrMany` over strings.
struct OneOrManyTags: StoredSubject {
  var stored: DecodeOneOrMany<[String]>
  init(stored: DecodeOneOrMany<[String]>) { self.stored = stored }

  static let samples = [
    #"["a", "b"]"#, "[]", #""a""#, "7", #"["a", 7]"#, "null", "{}", "[null]",
  ]
  static let known = #"["k"]"#
  var canonicalDescription: String {
    "\(stored.wrappedValue) (\(stored.readSingleValue ? "one value" : "as read"))"
  }
  static let positions = storedPositions(
    OneOrManyTagsAt.Property.self, OneOrManyTagsAt.OptionalProperty.self,
    OneOrManyTagsAt.ArrayProperty.self, OneOrManyTagsAt.OptionalArrayProperty.self,
    OneOrManyTagsAt.NestedArrays.self, OneOrManyTagsAt.DictionaryProperty.self)
}

enum ConvertedIDAt {
  struct Property: Holder { var value: DecodeConvertingType<Int> }
  struct OptionalProperty: Holder { var value: DecodeConvertingType<Int>? }
  struct ArrayProperty: Holder { var value: [DecodeConvertingType<Int>] }
  struct OptionalArrayProperty: Holder { var value: [DecodeConvertingType<Int>]? }
  struct NestedArrays: Holder { var value: [[DecodeConvertingType<Int>]] }
  struct DictionaryProperty: Holder { var value: [String: DecodeConvertingType<Int>] }
}
enum ConvertedNameAt {
  struct Property: Holder { var value: DecodeConvertingType<FreeTag> }
  struct OptionalProperty: Holder { var value: DecodeConvertingType<FreeTag>? }
  struct ArrayProperty: Holder { var value: [DecodeConvertingType<FreeTag>] }
  struct OptionalArrayProperty: Holder { var value: [DecodeConvertingType<FreeTag>]? }
  struct NestedArrays: Holder { var value: [[DecodeConvertingType<FreeTag>]] }
  struct DictionaryProperty: Holder { var value: [String: DecodeConvertingType<FreeTag>] }
}
enum OneOrManyTagsAt {
  struct Property: Holder { var value: DecodeOneOrMany<[String]> }
  struct OptionalProperty: Holder { var value: DecodeOneOrMany<[String]>? }
  struct ArrayProperty: Holder { var value: [DecodeOneOrMany<[String]>] }
  struct OptionalArrayProperty: Holder { var value: [DecodeOneOrMany<[String]>]? }
  struct NestedArrays: Holder { var value: [[DecodeOneOrMany<[String]>]] }
  struct DictionaryProperty: Holder { var value: [String: DecodeOneOrMany<[String]>] }
}

let conversionPositions =
  DecodeConvertingType<Int>.positions.map(PositionCase.init)
  + ConvertedName.positions.map(PositionCase.init) + OneOrManyTags.positions.map(PositionCase.init)
