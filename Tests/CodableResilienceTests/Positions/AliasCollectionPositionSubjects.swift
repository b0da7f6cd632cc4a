import CodableResilience
import Foundation

// Aliased types inside the collection wrappers, at every position: elements of
// `@SkipUnknownElements` (a plain enum's aliases read by the wrapper, the others by the
// element's own `init(from:)`), keys of `@SkipUnknownKeys`, and unions with renamed tags.
// Each subject is also compared on what a model holding it writes back.

/// The description of a `@SkipUnknownElements` or `@SkipUnknownKeys` subject: its elements
/// (sorted when the collection does not keep an order), what it left out, and what a model
/// holding it writes.
func describeSkipping(
  _ elements: some DescribedCollection, leftOut: [String], written: String
) -> String {
  var written = written
  if !type(of: elements).keepsOrder, let value = try? JSONValue(parsing: written) {
    written = sortingArrays(value).description
  }
  return "\(elements.describedElements), left out \(leftOut), written \(written)"
}

/// `@SkipUnknownElements var fares: [Fare]`: aliases read by `Fare`'s own `init(from:)`.
struct FaresSkippingUnknown: StoredSubject {
  let stored: SkipUnknownElements<[Fare]>

  static let samples = [
    #"["economy", "coach", "FIRST", "castle", "__unknown__", "Business"]"#, #"["castle"]"#, "[]",
    #"["economy", 42]"#, #"["coach", null]"#, "null", #""coach""#, #"{"a": "economy"}"#,
  ]
  static let known = #"["economy"]"#
  static let positions = storedPositions(
    FaresSkippingUnknownAt.Property.self, FaresSkippingUnknownAt.OptionalProperty.self,
    FaresSkippingUnknownAt.ArrayProperty.self, FaresSkippingUnknownAt.OptionalArrayProperty.self,
    FaresSkippingUnknownAt.NestedArrays.self, FaresSkippingUnknownAt.DictionaryProperty.self)

  var canonicalDescription: String {
    describeSkipping(
      stored.wrappedValue, leftOut: stored.unknownRawValues,
      written: writtenText(Written(value: stored)))
  }
}

/// `@SkipUnknownElements var fares: [Fare]?`, through the optional overloads.
struct OptionalFaresSkippingUnknown: StoredSubject {
  let stored: SkipUnknownElements<[Fare]?>

  static let samples = FaresSkippingUnknown.samples
  static let known = #"["economy"]"#
  static let positions = storedPositions(
    OptionalFaresSkippingUnknownAt.Property.self,
    OptionalFaresSkippingUnknownAt.OptionalProperty.self,
    OptionalFaresSkippingUnknownAt.ArrayProperty.self,
    OptionalFaresSkippingUnknownAt.OptionalArrayProperty.self,
    OptionalFaresSkippingUnknownAt.NestedArrays.self,
    OptionalFaresSkippingUnknownAt.DictionaryProperty.self)
  static let missingKeyAtConcreteProperty: Self? = Self(
    stored: SkipUnknownElements(wrappedValue: nil))

  /// The toolkit's overload writes an optional collection as it was read.
  struct Written: Encodable {
    var value: SkipUnknownElements<[Fare]?>
  }

  var canonicalDescription: String {
    describeSkipping(
      stored.wrappedValue, leftOut: stored.unknownRawValues,
      written: writtenText(Written(value: stored)))
  }
}

/// `@SkipUnknownElements var terminals: [Terminal]`: an ``ExtensibleEnum``'s aliases.
struct TerminalsSkippingUnknown: StoredSubject {
  let stored: SkipUnknownElements<[Terminal]>

  static let samples = [
    #"["T1", "north", "t2", "T3", "SOUTH"]"#, #"["T3"]"#, #"["North", 1]"#, "null", "{}",
  ]
  static let known = #"["T1"]"#
  static let positions = storedPositions(
    TerminalsSkippingUnknownAt.Property.self, TerminalsSkippingUnknownAt.OptionalProperty.self,
    TerminalsSkippingUnknownAt.ArrayProperty.self,
    TerminalsSkippingUnknownAt.OptionalArrayProperty.self,
    TerminalsSkippingUnknownAt.NestedArrays.self,
    TerminalsSkippingUnknownAt.DictionaryProperty.self)

  var canonicalDescription: String {
    describeSkipping(
      stored.wrappedValue, leftOut: stored.unknownRawValues,
      written: writtenText(Written(value: stored)))
  }
}

let skippedMealSamples = [
  #"["vegetarian", "veg", "VEG", "Halaal", "vegan", "kosher"]"#, #"["vegan"]"#, "[]",
  #"["veg", "vegetarian", "VEGETARIAN"]"#, #"["veg", 3]"#, #"["halal", null]"#, "null",
  #""veg""#,
]

/// `@SkipUnknownElements var meals: [Meal]`: a plain enum, whose aliases the wrapper reads.
struct MealsSkippingUnknown: StoredSubject {
  let stored: SkipUnknownElements<[Meal]>

  static let samples = skippedMealSamples
  static let known = #"["halal"]"#
  static let positions = storedPositions(
    MealsSkippingUnknownAt.Property.self, MealsSkippingUnknownAt.OptionalProperty.self,
    MealsSkippingUnknownAt.ArrayProperty.self, MealsSkippingUnknownAt.OptionalArrayProperty.self,
    MealsSkippingUnknownAt.NestedArrays.self, MealsSkippingUnknownAt.DictionaryProperty.self)

  var canonicalDescription: String {
    describeSkipping(
      stored.wrappedValue, leftOut: stored.unknownRawValues,
      written: writtenText(Written(value: stored)))
  }
}

/// `@SkipUnknownElements var meals: Set<Meal>`: a spelling and its alias are one element.
struct MealSetSkippingUnknown: StoredSubject {
  let stored: SkipUnknownElements<Set<Meal>>

  static let samples = skippedMealSamples
  static let known = #"["halal"]"#
  static let positions = storedPositions(
    MealSetSkippingUnknownAt.Property.self, MealSetSkippingUnknownAt.OptionalProperty.self,
    MealSetSkippingUnknownAt.ArrayProperty.self,
    MealSetSkippingUnknownAt.OptionalArrayProperty.self,
    MealSetSkippingUnknownAt.NestedArrays.self, MealSetSkippingUnknownAt.DictionaryProperty.self)

  var canonicalDescription: String {
    describeSkipping(
      stored.wrappedValue, leftOut: stored.unknownRawValues,
      written: writtenText(Written(value: stored)))
  }
}

/// `@SkipUnknownElements var meals: [OpenEnum<Meal>]`: the aliases of `Meal`, read by
/// `OpenEnum`'s own `init(from:)`.
struct OpenMealsSkippingUnknown: StoredSubject {
  let stored: SkipUnknownElements<[OpenEnum<Meal>]>

  static let samples = skippedMealSamples
  static let known = #"["halal"]"#
  static let positions = storedPositions(
    OpenMealsSkippingUnknownAt.Property.self, OpenMealsSkippingUnknownAt.OptionalProperty.self,
    OpenMealsSkippingUnknownAt.ArrayProperty.self,
    OpenMealsSkippingUnknownAt.OptionalArrayProperty.self,
    OpenMealsSkippingUnknownAt.NestedArrays.self,
    OpenMealsSkippingUnknownAt.DictionaryProperty.self)

  var canonicalDescription: String {
    describeSkipping(
      stored.wrappedValue, leftOut: stored.unknownRawValues.map { "\($0)" },
      written: writtenText(Written(value: stored)))
  }
}

/// `@SkipUnknownElements var gates: [Gate]`: a custom `init(from:)` that reads aliases and
/// numbers itself, and reports by hand; the wrapper must run it, not read around it.
struct GatesSkippingUnknown: StoredSubject {
  let stored: SkipUnknownElements<[Gate]>

  static let samples = [
    #"["alpha", "a", "B", 1, 2, 3, "zulu", "unknown"]"#, #"["b"]"#, #"[1, true]"#, "null",
  ]
  static let known = #"["alpha"]"#
  static let positions = storedPositions(
    GatesSkippingUnknownAt.Property.self, GatesSkippingUnknownAt.OptionalProperty.self,
    GatesSkippingUnknownAt.ArrayProperty.self, GatesSkippingUnknownAt.OptionalArrayProperty.self,
    GatesSkippingUnknownAt.NestedArrays.self, GatesSkippingUnknownAt.DictionaryProperty.self)

  var canonicalDescription: String {
    describeSkipping(
      stored.wrappedValue, leftOut: stored.unknownRawValues,
      written: writtenText(Written(value: stored)))
  }
}

/// `@SkipUnknownElements var journeys: [Journey]`: renamed tags are known; unknown tags are
/// left out; broken content throws.
struct JourneysSkippingUnknown: StoredSubject {
  let stored: SkipUnknownElements<[Journey]>

  static let samples = [
    "[" + journeySamples[0...6].joined(separator: ", ") + "]", "[\(journeySamples[1])]",
    "[\(journeySamples[6]), \(journeySamples[7])]", "[\(journeySamples[9])]", "null",
  ]
  static let known = "[\(Journey.known)]"
  static let positions = storedPositions(
    JourneysSkippingUnknownAt.Property.self, JourneysSkippingUnknownAt.OptionalProperty.self,
    JourneysSkippingUnknownAt.ArrayProperty.self,
    JourneysSkippingUnknownAt.OptionalArrayProperty.self,
    JourneysSkippingUnknownAt.NestedArrays.self,
    JourneysSkippingUnknownAt.DictionaryProperty.self)

  var canonicalDescription: String {
    describeSkipping(
      stored.wrappedValue, leftOut: stored.unknownVariants.map(\.json.description),
      written: writtenText(Written(value: stored)))
  }
}

/// `@SkipUnknownKeys var meals: [Meal: Int]`: a renamed key is the canonical one, unless the
/// canonical key is there too; then it is kept as an unknown entry.
struct MealTotals: StoredSubject {
  let stored: SkipUnknownKeys<[Meal: Int]>

  static let samples = [
    #"{"vegetarian": 1, "veg": 2}"#, #"{"veg": 2, "HALAAL": 3, "vegan": 4}"#, #"{"Kosher": 1}"#,
    "{}", #"{"veg": "x"}"#, #"{"vegan": null}"#, "null", "[]",
  ]
  static let known = #"{"halal": 1}"#
  static let positions = storedPositions(
    MealTotalsAt.Property.self, MealTotalsAt.OptionalProperty.self,
    MealTotalsAt.ArrayProperty.self, MealTotalsAt.OptionalArrayProperty.self,
    MealTotalsAt.NestedArrays.self, MealTotalsAt.DictionaryProperty.self)

  var canonicalDescription: String {
    describeSkipping(
      stored.wrappedValue, leftOut: stored.unknownEntries.map { "\($0.key)=\($0.value)" },
      written: writtenText(Written(value: stored)))
  }
}

/// `@SkipUnknownKeys var terminals: [Terminal: Int]`: an ``ExtensibleEnum`` key type, whose
/// every key is known, read through its aliases as its values are.
struct TerminalTotals: StoredSubject {
  let stored: SkipUnknownKeys<[Terminal: Int]>

  static let samples = [
    #"{"north": 2, "t2": 3, "T9": 4}"#, #"{"T1": 1, "north": 2, "NORTH": 3}"#,
    #"{"South": 1, "SOUTH": 2}"#, "{}", #"{"north": "x"}"#, "null", "[]",
  ]
  static let known = #"{"T1": 1}"#
  static let positions = storedPositions(
    TerminalTotalsAt.Property.self, TerminalTotalsAt.OptionalProperty.self,
    TerminalTotalsAt.ArrayProperty.self, TerminalTotalsAt.OptionalArrayProperty.self,
    TerminalTotalsAt.NestedArrays.self, TerminalTotalsAt.DictionaryProperty.self)

  var canonicalDescription: String {
    describeSkipping(
      stored.wrappedValue, leftOut: stored.unknownEntries.map { "\($0.key)=\($0.value)" },
      written: writtenText(Written(value: stored)))
  }
}

/// `@SkipUnknownKeys var fares: [Fare: Int]?`: an ``UnknownDecodable`` key type's aliases and
/// letter case, through the optional overload.
struct FareTotals: StoredSubject {
  let stored: SkipUnknownKeys<[Fare: Int]?>

  static let samples = [
    #"{"economy": 1, "Coach": 2, "first": 3, "castle": 4}"#, #"{"coach": 1, "COACH": 2}"#, "{}",
    "null", #""economy""#,
  ]
  static let known = #"{"economy": 1}"#
  static let positions = storedPositions(
    FareTotalsAt.Property.self, FareTotalsAt.OptionalProperty.self,
    FareTotalsAt.ArrayProperty.self, FareTotalsAt.OptionalArrayProperty.self,
    FareTotalsAt.NestedArrays.self, FareTotalsAt.DictionaryProperty.self)
  static let missingKeyAtConcreteProperty: Self? = Self(stored: SkipUnknownKeys(wrappedValue: nil))

  /// The toolkit's overload writes an optional dictionary as it was read.
  struct Written: Encodable {
    var value: SkipUnknownKeys<[Fare: Int]?>
  }

  var canonicalDescription: String {
    describeSkipping(
      stored.wrappedValue, leftOut: stored.unknownEntries.map { "\($0.key)=\($0.value)" },
      written: writtenText(Written(value: stored)))
  }
}

/// The aliased types inside collection wrappers, which `PositionEquivalenceTests` runs beside
/// the others.
let aliasCollectionPositions: [PositionCase] =
  FaresSkippingUnknown.positions.map(PositionCase.init)
  + OptionalFaresSkippingUnknown.positions.map(PositionCase.init)
  + TerminalsSkippingUnknown.positions.map(PositionCase.init)
  + MealsSkippingUnknown.positions.map(PositionCase.init)
  + MealSetSkippingUnknown.positions.map(PositionCase.init)
  + OpenMealsSkippingUnknown.positions.map(PositionCase.init)
  + GatesSkippingUnknown.positions.map(PositionCase.init)
  + JourneysSkippingUnknown.positions.map(PositionCase.init)
  + MealTotals.positions.map(PositionCase.init)
  + TerminalTotals.positions.map(PositionCase.init) + FareTotals.positions.map(PositionCase.init)

// MARK: - Models

enum FaresSkippingUnknownAt {
  struct Property: Holder { var value: SkipUnknownElements<[Fare]> }
  struct OptionalProperty: Holder { var value: SkipUnknownElements<[Fare]>? }
  struct ArrayProperty: Holder { var value: [SkipUnknownElements<[Fare]>] }
  struct OptionalArrayProperty: Holder { var value: [SkipUnknownElements<[Fare]>]? }
  struct NestedArrays: Holder { var value: [[SkipUnknownElements<[Fare]>]] }
  struct DictionaryProperty: Holder { var value: [String: SkipUnknownElements<[Fare]>] }
}
enum OptionalFaresSkippingUnknownAt {
  struct Property: Holder { var value: SkipUnknownElements<[Fare]?> }
  struct OptionalProperty: Holder { var value: SkipUnknownElements<[Fare]?>? }
  struct ArrayProperty: Holder { var value: [SkipUnknownElements<[Fare]?>] }
  struct OptionalArrayProperty: Holder { var value: [SkipUnknownElements<[Fare]?>]? }
  struct NestedArrays: Holder { var value: [[SkipUnknownElements<[Fare]?>]] }
  struct DictionaryProperty: Holder { var value: [String: SkipUnknownElements<[Fare]?>] }
}
enum TerminalsSkippingUnknownAt {
  struct Property: Holder { var value: SkipUnknownElements<[Terminal]> }
  struct OptionalProperty: Holder { var value: SkipUnknownElements<[Terminal]>? }
  struct ArrayProperty: Holder { var value: [SkipUnknownElements<[Terminal]>] }
  struct OptionalArrayProperty: Holder { var value: [SkipUnknownElements<[Terminal]>]? }
  struct NestedArrays: Holder { var value: [[SkipUnknownElements<[Terminal]>]] }
  struct DictionaryProperty: Holder { var value: [String: SkipUnknownElements<[Terminal]>] }
}
enum MealsSkippingUnknownAt {
  struct Property: Holder { var value: SkipUnknownElements<[Meal]> }
  struct OptionalProperty: Holder { var value: SkipUnknownElements<[Meal]>? }
  struct ArrayProperty: Holder { var value: [SkipUnknownElements<[Meal]>] }
  struct OptionalArrayProperty: Holder { var value: [SkipUnknownElements<[Meal]>]? }
  struct NestedArrays: Holder { var value: [[SkipUnknownElements<[Meal]>]] }
  struct DictionaryProperty: Holder { var value: [String: SkipUnknownElements<[Meal]>] }
}
enum MealSetSkippingUnknownAt {
  struct Property: Holder { var value: SkipUnknownElements<Set<Meal>> }
  struct OptionalProperty: Holder { var value: SkipUnknownElements<Set<Meal>>? }
  struct ArrayProperty: Holder { var value: [SkipUnknownElements<Set<Meal>>] }
  struct OptionalArrayProperty: Holder { var value: [SkipUnknownElements<Set<Meal>>]? }
  struct NestedArrays: Holder { var value: [[SkipUnknownElements<Set<Meal>>]] }
  struct DictionaryProperty: Holder { var value: [String: SkipUnknownElements<Set<Meal>>] }
}
enum OpenMealsSkippingUnknownAt {
  struct Property: Holder { var value: SkipUnknownElements<[OpenEnum<Meal>]> }
  struct OptionalProperty: Holder { var value: SkipUnknownElements<[OpenEnum<Meal>]>? }
  struct ArrayProperty: Holder { var value: [SkipUnknownElements<[OpenEnum<Meal>]>] }
  struct OptionalArrayProperty: Holder { var value: [SkipUnknownElements<[OpenEnum<Meal>]>]? }
  struct NestedArrays: Holder { var value: [[SkipUnknownElements<[OpenEnum<Meal>]>]] }
  struct DictionaryProperty: Holder {
    var value: [String: SkipUnknownElements<[OpenEnum<Meal>]>]
  }
}
enum GatesSkippingUnknownAt {
  struct Property: Holder { var value: SkipUnknownElements<[Gate]> }
  struct OptionalProperty: Holder { var value: SkipUnknownElements<[Gate]>? }
  struct ArrayProperty: Holder { var value: [SkipUnknownElements<[Gate]>] }
  struct OptionalArrayProperty: Holder { var value: [SkipUnknownElements<[Gate]>]? }
  struct NestedArrays: Holder { var value: [[SkipUnknownElements<[Gate]>]] }
  struct DictionaryProperty: Holder { var value: [String: SkipUnknownElements<[Gate]>] }
}
enum JourneysSkippingUnknownAt {
  struct Property: Holder { var value: SkipUnknownElements<[Journey]> }
  struct OptionalProperty: Holder { var value: SkipUnknownElements<[Journey]>? }
  struct ArrayProperty: Holder { var value: [SkipUnknownElements<[Journey]>] }
  struct OptionalArrayProperty: Holder { var value: [SkipUnknownElements<[Journey]>]? }
  struct NestedArrays: Holder { var value: [[SkipUnknownElements<[Journey]>]] }
  struct DictionaryProperty: Holder { var value: [String: SkipUnknownElements<[Journey]>] }
}
enum MealTotalsAt {
  struct Property: Holder { var value: SkipUnknownKeys<[Meal: Int]> }
  struct OptionalProperty: Holder { var value: SkipUnknownKeys<[Meal: Int]>? }
  struct ArrayProperty: Holder { var value: [SkipUnknownKeys<[Meal: Int]>] }
  struct OptionalArrayProperty: Holder { var value: [SkipUnknownKeys<[Meal: Int]>]? }
  struct NestedArrays: Holder { var value: [[SkipUnknownKeys<[Meal: Int]>]] }
  struct DictionaryProperty: Holder { var value: [String: SkipUnknownKeys<[Meal: Int]>] }
}
enum TerminalTotalsAt {
  struct Property: Holder { var value: SkipUnknownKeys<[Terminal: Int]> }
  struct OptionalProperty: Holder { var value: SkipUnknownKeys<[Terminal: Int]>? }
  struct ArrayProperty: Holder { var value: [SkipUnknownKeys<[Terminal: Int]>] }
  struct OptionalArrayProperty: Holder { var value: [SkipUnknownKeys<[Terminal: Int]>]? }
  struct NestedArrays: Holder { var value: [[SkipUnknownKeys<[Terminal: Int]>]] }
  struct DictionaryProperty: Holder { var value: [String: SkipUnknownKeys<[Terminal: Int]>] }
}
enum FareTotalsAt {
  struct Property: Holder { var value: SkipUnknownKeys<[Fare: Int]?> }
  struct OptionalProperty: Holder { var value: SkipUnknownKeys<[Fare: Int]?>? }
  struct ArrayProperty: Holder { var value: [SkipUnknownKeys<[Fare: Int]?>] }
  struct OptionalArrayProperty: Holder { var value: [SkipUnknownKeys<[Fare: Int]?>]? }
  struct NestedArrays: Holder { var value: [[SkipUnknownKeys<[Fare: Int]?>]] }
  struct DictionaryProperty: Holder { var value: [String: SkipUnknownKeys<[Fare: Int]?>] }
}
