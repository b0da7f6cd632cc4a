import CodableResilience
import Foundation

// Types with `ValueAliases` (issue 22) at every position, through the same equivalence checks as
// the other tools: the same value, reports (renamed values included) and errors as a top-level
// decode, under every handler, and a renamed value is never an error under `.strict`.

/// Samples for an aliased type whose raw values are strings: `stringSamples` of its spellings
/// (raw values and aliases: as they are, uppercased, changed), and letter-case variants.
func aliasSamples(spellings: [String], caseVariants: [String]) -> [String] {
  stringSamples(known: spellings) + caseVariants.map(jsonQuote)
}

// MARK: - UnknownDecodable

/// Aliases and letter case: `"coach"`, `"Economy"` and `"COACH"` are all `.economy`.
enum Fare: String, Codable, UnknownDecodable, CaseIterable, Hashable, Sendable {
  case economy, business
  case firstClass = "first_class"
  case unknown = "__unknown__"
}

extension Fare: ValueAliases {
  static let aliases: [String: Fare] = ["coach": .economy, "first": .firstClass]
  static let matchesCaseInsensitively = true
}

extension Fare: PositionSubject {
  static let samples = aliasSamples(
    spellings: ["economy", "first_class", "coach", "first"],
    caseVariants: ["First_Class", "cOaCh", "Business", "__UNKNOWN__", "économy"])
  static let known = #""economy""#
  static let positions = standardPositions(
    FareAt.Property.self, FareAt.OptionalProperty.self, FareAt.ArrayProperty.self,
    FareAt.OptionalArrayProperty.self, FareAt.NestedArrays.self, FareAt.DictionaryProperty.self)
}

/// Integer aliases; letter case is asked for, and means nothing to integers.
enum Berth: Int, Codable, UnknownDecodable, CaseIterable, Sendable {
  case lower = 1
  case upper = 2
  case unknown = 0
}

extension Berth: ValueAliases {
  static let aliases: [Int: Berth] = [10: .lower, 20: .upper]
  static let matchesCaseInsensitively = true
}

extension Berth: PositionSubject {
  static let samples =
    numberSamples(known: ["1", "2", "10", "20"], extremes: ["11", "-10"])
    + [#""10""#]
  static let known = "1"
  static let positions = standardPositions(
    BerthAt.Property.self, BerthAt.OptionalProperty.self, BerthAt.ArrayProperty.self,
    BerthAt.OptionalArrayProperty.self, BerthAt.NestedArrays.self,
    BerthAt.DictionaryProperty.self)
}

/// A custom `init(from:)` on an aliased type: it also reads the gate numbers an old server sent,
/// and applies the aliases itself, reporting by hand, as the default one it replaces would.
/// Every position must run it, and no tool may apply the aliases around it.
enum Gate: String, Codable, UnknownDecodable, CaseIterable, Sendable {
  case alpha, bravo
  case unknown

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Int.self) {
      self = number == 1 ? .alpha : number == 2 ? .bravo : .unknown
      return
    }
    let text = try container.decode(String.self)
    if let gate = Gate(rawValue: text) {
      self = gate
      return
    }
    let handler = decoder.userInfo[.unknownValueHandler] as? UnknownValueHandler
    let report: UnknownValue
    if let gate = Gate.aliases[text] {
      report = UnknownValue(
        kind: .renamedValue(canonical: gate.rawValue), typeName: "Gate", rawValue: text,
        codingPath: decoder.codingPath, knownValues: ["alpha", "bravo"])
      self = gate
    } else {
      report = UnknownValue(
        typeName: "Gate", rawValue: text, codingPath: decoder.codingPath,
        knownValues: ["alpha", "bravo"])
      self = .unknown
    }
    try handler?(report)
  }
}

extension Gate: ValueAliases {
  static let aliases: [String: Gate] = ["a": .alpha, "b": .bravo]
}

extension Gate: PositionSubject {
  static let samples =
    aliasSamples(spellings: ["alpha", "a", "b"], caseVariants: ["A"])
    + ["1", "2", "3"]
  static let known = #""alpha""#
  static let positions = standardPositions(
    GateAt.Property.self, GateAt.OptionalProperty.self, GateAt.ArrayProperty.self,
    GateAt.OptionalArrayProperty.self, GateAt.NestedArrays.self, GateAt.DictionaryProperty.self)
}

// MARK: - ExtensibleEnum

/// Aliases map to a canonical known value; letter case too. Other values are kept.
struct Terminal: ExtensibleEnum, ExpressibleByStringLiteral, ValueAliases {
  var rawValue: String

  static let one: Terminal = "T1"
  static let two: Terminal = "T2"
  static let knownValues: [Terminal] = [.one, .two]
  static let aliases: [String: Terminal] = ["north": .one, "south": .two]
  static let matchesCaseInsensitively = true
}

extension Terminal: PositionSubject {
  static let samples = aliasSamples(
    spellings: ["T1", "north", "south"], caseVariants: ["t2", "North", "T3"])
  static let known = #""T1""#
  static let positions = standardPositions(
    TerminalAt.Property.self, TerminalAt.OptionalProperty.self, TerminalAt.ArrayProperty.self,
    TerminalAt.OptionalArrayProperty.self, TerminalAt.NestedArrays.self,
    TerminalAt.DictionaryProperty.self)
}

// MARK: - Plain enum, through OpenEnum and DecodeUnknownAsNil

/// A plain enum: its own `init(from:)` knows no aliases; the tools that wrap it read them.
enum Meal: String, Codable, CaseIterable, Hashable, Sendable {
  case vegetarian, halal, kosher
}

extension Meal: ValueAliases {
  static let aliases: [String: Meal] = ["veg": .vegetarian, "halaal": .halal]
  static let matchesCaseInsensitively = true
}

let mealSamples = aliasSamples(
  spellings: ["vegetarian", "veg", "halaal"], caseVariants: ["Kosher", "VEG", "Halaal"])

/// `OpenEnum<Meal>`: the aliases of `Meal`.
struct OpenMeal: StoredSubject {
  let stored: OpenEnum<Meal>

  static let samples = mealSamples
  static let known = #""halal""#
  static let positions = storedPositions(
    OpenMealAt.Property.self, OpenMealAt.OptionalProperty.self, OpenMealAt.ArrayProperty.self,
    OpenMealAt.OptionalArrayProperty.self, OpenMealAt.NestedArrays.self,
    OpenMealAt.DictionaryProperty.self)
}

/// `@DecodeUnknownAsNil var meal: Meal?`: the aliases of `Meal`.
struct MaybeMeal: StoredSubject {
  let stored: DecodeUnknownAsNil<Meal>

  static let samples = mealSamples
  static let known = #""halal""#
  static let positions = storedPositions(
    MaybeMealAt.Property.self, MaybeMealAt.OptionalProperty.self, MaybeMealAt.ArrayProperty.self,
    MaybeMealAt.OptionalArrayProperty.self, MaybeMealAt.NestedArrays.self,
    MaybeMealAt.DictionaryProperty.self)
  /// A concrete property reads a missing key as absent, to write no key back.
  static let missingKeyAtConcreteProperty: MaybeMeal? = MaybeMeal(
    stored: DecodeUnknownAsNil(wrappedValue: nil))
}

// MARK: - TaggedUnion

struct Walk: Codable, Hashable, Sendable {
  var minutes: Int
}

/// A ride whose fare is itself aliased, so one element can hold two renamed values.
struct Ride: Codable, Hashable, Sendable {
  var line: String
  var fare: Fare
}

/// Tags renamed: `foot` is now `walk`, `bus` is now `ride`. Tags match letter case exactly.
enum Journey: TaggedUnion, Encodable, Hashable, Sendable {
  case walk(Walk)
  case ride(Ride)
  case unknown(UnknownVariant)

  static let knownTags = ["walk", "ride"]
  static let tagAliases = ["foot": "walk", "bus": "ride"]

  init?(tag: String, from decoder: any Decoder) throws {
    switch tag {
    case "walk": self = .walk(try Walk(from: decoder))
    case "ride": self = .ride(try Ride(from: decoder))
    default: return nil
    }
  }

  var taggedContent: TaggedContent {
    switch self {
    case .walk(let walk): TaggedContent(tag: "walk", content: walk)
    case .ride(let ride): TaggedContent(tag: "ride", content: ride)
    case .unknown(let variant): TaggedContent(variant)
    }
  }
}

/// Journeys known, renamed (tag, fare, both), unknown and broken, one element each.
let journeySamples = [
  #"{"type": "walk", "minutes": 5}"#, #"{"type": "foot", "minutes": 5}"#,
  #"{"type": "ride", "line": "5", "fare": "coach"}"#,
  #"{"type": "bus", "line": "5", "fare": "First"}"#,
  #"{"type": "bus", "line": "5", "fare": "castle"}"#, #"{"type": "FOOT", "minutes": 5}"#,
  #"{"type": "plane", "seats": [1, 2]}"#, #"{"type": "bus", "line": 5, "fare": "coach"}"#,
  #"{"type": "foot"}"#, #"{"minutes": 5}"#, #"{"type": null}"#, #"{"type": 3}"#,
]

extension Journey: PositionSubject {
  static let samples = journeySamples + ["null", "[]", #""walk""#]
  static let known = #"{"type": "walk", "minutes": 1}"#
  static let positions = standardPositions(
    JourneyAt.Property.self, JourneyAt.OptionalProperty.self, JourneyAt.ArrayProperty.self,
    JourneyAt.OptionalArrayProperty.self, JourneyAt.NestedArrays.self,
    JourneyAt.DictionaryProperty.self)
}

/// The aliased subjects, which `PositionEquivalenceTests` runs beside the others.
let aliasPositions: [PositionCase] =
  Fare.positions.map(PositionCase.init) + Berth.positions.map(PositionCase.init)
  + Gate.positions.map(PositionCase.init) + Terminal.positions.map(PositionCase.init)
  + OpenMeal.positions.map(PositionCase.init) + MaybeMeal.positions.map(PositionCase.init)
  + Journey.positions.map(PositionCase.init)

// MARK: - Models

enum FareAt {
  struct Property: Holder { var value: Fare }
  struct OptionalProperty: Holder { var value: Fare? }
  struct ArrayProperty: Holder { var value: [Fare] }
  struct OptionalArrayProperty: Holder { var value: [Fare]? }
  struct NestedArrays: Holder { var value: [[Fare]] }
  struct DictionaryProperty: Holder { var value: [String: Fare] }
}
enum BerthAt {
  struct Property: Holder { var value: Berth }
  struct OptionalProperty: Holder { var value: Berth? }
  struct ArrayProperty: Holder { var value: [Berth] }
  struct OptionalArrayProperty: Holder { var value: [Berth]? }
  struct NestedArrays: Holder { var value: [[Berth]] }
  struct DictionaryProperty: Holder { var value: [String: Berth] }
}
enum GateAt {
  struct Property: Holder { var value: Gate }
  struct OptionalProperty: Holder { var value: Gate? }
  struct ArrayProperty: Holder { var value: [Gate] }
  struct OptionalArrayProperty: Holder { var value: [Gate]? }
  struct NestedArrays: Holder { var value: [[Gate]] }
  struct DictionaryProperty: Holder { var value: [String: Gate] }
}
enum TerminalAt {
  struct Property: Holder { var value: Terminal }
  struct OptionalProperty: Holder { var value: Terminal? }
  struct ArrayProperty: Holder { var value: [Terminal] }
  struct OptionalArrayProperty: Holder { var value: [Terminal]? }
  struct NestedArrays: Holder { var value: [[Terminal]] }
  struct DictionaryProperty: Holder { var value: [String: Terminal] }
}
enum OpenMealAt {
  struct Property: Holder { var value: OpenEnum<Meal> }
  struct OptionalProperty: Holder { var value: OpenEnum<Meal>? }
  struct ArrayProperty: Holder { var value: [OpenEnum<Meal>] }
  struct OptionalArrayProperty: Holder { var value: [OpenEnum<Meal>]? }
  struct NestedArrays: Holder { var value: [[OpenEnum<Meal>]] }
  struct DictionaryProperty: Holder { var value: [String: OpenEnum<Meal>] }
}
enum MaybeMealAt {
  struct Property: Holder { var value: DecodeUnknownAsNil<Meal> }
  struct OptionalProperty: Holder { var value: DecodeUnknownAsNil<Meal>? }
  struct ArrayProperty: Holder { var value: [DecodeUnknownAsNil<Meal>] }
  struct OptionalArrayProperty: Holder { var value: [DecodeUnknownAsNil<Meal>]? }
  struct NestedArrays: Holder { var value: [[DecodeUnknownAsNil<Meal>]] }
  struct DictionaryProperty: Holder { var value: [String: DecodeUnknownAsNil<Meal>] }
}
enum JourneyAt {
  struct Property: Holder { var value: Journey }
  struct OptionalProperty: Holder { var value: Journey? }
  struct ArrayProperty: Holder { var value: [Journey] }
  struct OptionalArrayProperty: Holder { var value: [Journey]? }
  struct NestedArrays: Holder { var value: [[Journey]] }
  struct DictionaryProperty: Holder { var value: [String: Journey] }
}
