import CodableResilience
import Foundation
import Testing

// Where aliases meet the other tools (issue 22): keys of `@SkipUnknownKeys`, unions with renamed
// tags inside `@SkipInvalidElements` and `@SkipUnknownElements`, every kind of handler, and what
// is written back. The types are the position tests' (`Fare`, `Meal`, `Terminal`, `Journey`,
// `Gate`), which move through every position there.

/// A model an app might have: every tool, holding aliased types.
private struct Itinerary: Codable {
  @SkipInvalidElements var journeys: [Journey]
  @SkipUnknownElements var planned: [Journey]
  @SkipInvalidElements var fares: [Fare]?
  @SkipUnknownKeys var seats: [Fare: Int]
  @SkipUnknownKeys var gates: [Terminal: Int]
  @SkipUnknownElements var meals: [Meal]
  var meal: OpenEnum<Meal>
  @DecodeUnknownAsNil var preferredMeal: Meal?
  var boarding: Gate
}

private let itinerary = #"""
  {"journeys": [{"type": "foot", "minutes": 5}, {"type": "bus", "line": 7, "fare": "coach"},
                {"type": "plane"}, {"type": "ride", "line": "9", "fare": "First"}],
   "planned": [{"type": "bus", "line": "1", "fare": "economy"}, {"type": "plane"}],
   "fares": ["COACH", null, "castle"],
   "seats": {"coach": 2, "business": 1},
   "gates": {"north": 4, "T2": 1},
   "meals": ["veg", "vegan"],
   "meal": "Halaal", "preferredMeal": "VEG", "boarding": "b"}
  """#

/// A report as one line: its kind, type, raw value, path, and what it says of its kind.
private func line(_ value: UnknownValue) -> String {
  switch value.kind {
  case .unknownValue: "unknown \(value.typeName) \(value.rawValue) at \(value.path)"
  case .renamedValue(let canonical):
    "renamed \(value.typeName) \(value.rawValue) → \(canonical) at \(value.path)"
  case .invalidElement(let failure):
    "left out \(value.typeName) at \(value.path): \(failure.errorKind) at \(failure.path)"
  default: "\(value)"
  }
}

/// Every report of one decode of the itinerary, in order, renamed values included.
private let itineraryReports = [
  "renamed Journey foot → walk at $.journeys[0].type",
  "left out Journey at $.journeys[1]: typeMismatch at $.journeys[1].line",
  "unknown Journey plane at $.journeys[2].type",
  "renamed Fare First → first_class at $.journeys[3].fare",
  "renamed Journey bus → ride at $.planned[0].type",
  "unknown Journey plane at $.planned[1].type",
  "renamed Fare COACH → economy at $.fares[0]",
  "left out Fare at $.fares[1]: valueNotFound at $.fares[1]",
  "unknown Fare castle at $.fares[2]",
  "renamed Fare coach → economy at $.seats.coach",
  "renamed Terminal north → T1 at $.gates.north",
  "renamed Meal veg → vegetarian at $.meals[0]",
  "unknown Meal vegan at $.meals[1]",
  "renamed Meal Halaal → halal at $.meal",
  "renamed Meal VEG → vegetarian at $.preferredMeal",
  "renamed Gate b → bravo at $.boarding",
]

@Suite("ValueAliases where they meet the other tools")
struct ValueAliasesSeamTests {
  @Test("one model: every tool reads its aliased values, renamed tags and elements left out")
  func itineraryDecodes() throws {
    let value = try JSONDecoder().decode(Itinerary.self, from: Data(itinerary.utf8))
    #expect(
      value.journeys == [
        .walk(Walk(minutes: 5)), .unknown(value.journeys[1].unknownVariant!),
        .ride(Ride(line: "9", fare: .firstClass)),
      ])
    #expect(value.$journeys.invalidElements.map(\.location) == [.index(1)])
    #expect(value.planned == [.ride(Ride(line: "1", fare: .economy))])
    #expect(value.$planned.unknownVariants.map(\.tag) == ["plane"])
    #expect(value.fares == [.economy, .unknown])
    #expect(value.seats == [.economy: 2, .business: 1])
    #expect(value.gates == [.one: 4, .two: 1])
    #expect(value.meals == [.vegetarian])
    #expect(value.meal == .known(.halal))
    #expect(value.preferredMeal == .vegetarian)
    #expect(value.boarding == .bravo)
  }

  @Test("a .report handler sees every report once, in order, renamed ones when it asks")
  func reportHandler() throws {
    let seen = Locked<[String]>([])
    let decoder = JSONDecoder()
    decoder.unknownValueHandler = UnknownValueHandler.report { value in
      seen.withLock { $0.append(line(value)) }
    }.receivingRenamedValues()
    _ = try decoder.decode(Itinerary.self, from: Data(itinerary.utf8))
    #expect(seen.withLock { $0 } == itineraryReports)

    // Without asking, a handler written before renamed values existed sees what it saw then.
    let before = Locked<[String]>([])
    decoder.unknownValueHandler = .report { value in before.withLock { $0.append(line(value)) } }
    _ = try decoder.decode(Itinerary.self, from: Data(itinerary.utf8))
    #expect(before.withLock { $0 } == itineraryReports.filter { !$0.hasPrefix("renamed") })
  }

  @Test("strict throws at the first element left out, never at a renamed value")
  func strict() throws {
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decodeStrictly(Itinerary.self, from: Data(itinerary.utf8))
    }
    #expect(error.kind == .typeMismatch)
    #expect(error.path == "$.journeys[1].line")

    // Only renamed values: strict decodes, whether or not it receives them.
    let renamedOnly = #"""
      {"journeys": [{"type": "foot", "minutes": 1}], "planned": [], "fares": ["Coach"],
       "seats": {"first": 1}, "gates": {"SOUTH": 2}, "meals": ["VEG"], "meal": "veg",
       "preferredMeal": "halaal", "boarding": "a"}
      """#
    for handler in [
      UnknownValueHandler.strict, UnknownValueHandler.strict.receivingRenamedValues(),
    ] {
      let decoder = JSONDecoder()
      decoder.unknownValueHandler = handler
      let value = try decoder.decode(Itinerary.self, from: Data(renamedOnly.utf8))
      #expect(value.gates == [.two: 2])
      #expect(value.boarding == .alpha)
    }
  }

  @Test("written back: canonical spellings, elements left out and unknown values as read")
  func writtenBack() throws {
    let value = try JSONDecoder().decode(Itinerary.self, from: Data(itinerary.utf8))
    let written = try JSONValue(data: JSONEncoder().encode(value))
    let expected = try JSONValue(
      parsing: #"""
        {"journeys": [{"type": "walk", "minutes": 5}, {"type": "bus", "line": 7, "fare": "coach"},
                      {"type": "plane"}, {"type": "ride", "line": "9", "fare": "first_class"}],
         "planned": [{"type": "ride", "line": "1", "fare": "economy"}, {"type": "plane"}],
         "fares": ["economy", null, "__unknown__"],
         "seats": {"economy": 2, "business": 1},
         "gates": {"T1": 4, "T2": 1},
         "meals": ["vegetarian", "vegan"],
         "meal": "halal", "preferredMeal": "vegetarian", "boarding": "bravo"}
        """#)
    #expect(written == expected)
  }

  @Test(
    "a handler's DecodingError fails the element, which is left out; any other error fails all")
  func handlerErrors() throws {
    let text = #"{"journeys": [{"type": "walk", "minutes": 1}, {"type": "plane"}]}"#
    struct Journeys: Decodable { @SkipInvalidElements var journeys: [Journey] }

    // Rejecting unknown values with a DecodingError: those elements are left out and reported.
    let seen = Locked<[String]>([])
    let decoder = JSONDecoder()
    decoder.unknownValueHandler = .report { value in
      seen.withLock { $0.append(line(value)) }
      if value.kind == .unknownValue {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(codingPath: value.codingPath, debugDescription: "no planes"))
      }
    }
    let value = try decoder.decode(Journeys.self, from: Data(text.utf8))
    #expect(value.journeys == [.walk(Walk(minutes: 1))])
    #expect(
      seen.withLock { $0 } == [
        "unknown Journey plane at $.journeys[1].type",
        "left out Journey at $.journeys[1]: dataCorrupted at $.journeys[1].type",
      ])

    // Any other error is the handler's decision to stop: it fails the decode, unchanged.
    decoder.unknownValueHandler = .report { value in
      throw UnknownValueError(unknownValue: value)
    }
    let error = try #require(throws: UnknownValueError.self) {
      try decoder.decode(Journeys.self, from: Data(text.utf8))
    }
    #expect(error.unknownValue.path == "$.journeys[1].type")
  }
}

// MARK: - Keys of @SkipUnknownKeys

/// Dictionaries keyed by aliased types, decoded by a model's synthesized `init(from:)`.
private struct Tallies: Codable {
  @SkipUnknownKeys var meals: [Meal: Int]
  @SkipUnknownKeys var fares: [Fare: Int]
  @SkipUnknownKeys var terminals: [Terminal: Int]
}

/// One object of keys, and what each key type makes of it.
struct KeysCase: Sendable, CustomTestStringConvertible {
  /// Which property the object is for: `meals`, `fares` or `terminals`.
  let property: String
  let object: String
  /// The known entries as `key=value`, sorted; the kept entries of unknown keys, in order.
  let known: [String]
  let unknown: [String]
  /// The reports, as `line(_:)` writes them, in order.
  let reports: [String]
  /// What a model holding the dictionary writes back.
  let written: String

  var testDescription: String { "\(property) \(object)" }
}

private let keysCases = [
  KeysCase(
    property: "meals", object: #"{"veg": 2, "HALAAL": 3, "vegan": 4}"#,
    known: ["halal=3", "vegetarian=2"], unknown: ["vegan=4"],
    reports: [
      "unknown Meal vegan at $.meals.vegan", "renamed Meal HALAAL → halal at $.meals.HALAAL",
      "renamed Meal veg → vegetarian at $.meals.veg",
    ],
    written: #"{"halal": 3, "vegetarian": 2, "vegan": 4}"#),
  // The exact spelling wins; the renamed one is kept beside it, not lost.
  KeysCase(
    property: "meals", object: #"{"vegetarian": 1, "veg": 2}"#, known: ["vegetarian=1"],
    unknown: ["veg=2"], reports: ["unknown Meal veg at $.meals.veg"],
    written: #"{"vegetarian": 1, "veg": 2}"#),
  KeysCase(
    property: "fares", object: #"{"Business": 1, "first": 2, "castle": 3, "__unknown__": 4}"#,
    known: ["__unknown__=4", "business=1", "first_class=2"], unknown: ["castle=3"],
    reports: [
      "unknown Fare castle at $.fares.castle",
      "renamed Fare Business → business at $.fares.Business",
      "renamed Fare first → first_class at $.fares.first",
    ],
    written: #"{"business": 1, "first_class": 2, "castle": 3, "__unknown__": 4}"#),
  // An ExtensibleEnum key: an alias or letter case names a known value, as it does for a value.
  // A key outside the known values stays a key of its own, as without aliases.
  KeysCase(
    property: "terminals", object: #"{"north": 2, "t2": 3, "T9": 4}"#,
    known: ["T1=2", "T2=3", "T9=4"], unknown: [],
    reports: [
      "renamed Terminal north → T1 at $.terminals.north",
      "renamed Terminal t2 → T2 at $.terminals.t2",
    ],
    written: #"{"T1": 2, "T2": 3, "T9": 4}"#),
  KeysCase(
    property: "terminals", object: #"{"T1": 1, "north": 2, "NORTH": 3}"#,
    known: ["NORTH=3", "T1=1", "north=2"], unknown: [], reports: [],
    written: #"{"T1": 1, "north": 2, "NORTH": 3}"#),
]

extension ValueAliasesSeamTests {
  @Test(
    "a key of @SkipUnknownKeys reads its type's aliases as a value of the type does",
    arguments: keysCases)
  func keys(_ keysCase: KeysCase) throws {
    var objects = ["meals": "{}", "fares": "{}", "terminals": "{}"]
    objects[keysCase.property] = keysCase.object
    let text = "{" + objects.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}"
    let collector = UnknownValueCollector()
    let decoder = JSONDecoder()
    decoder.unknownValueHandler = UnknownValueHandler.collect(into: collector)
      .receivingRenamedValues()
    let tallies = try decoder.decode(Tallies.self, from: Data(text.utf8))

    let entries: (known: [String], unknown: [(key: String, value: Int)]) =
      switch keysCase.property {
      case "meals":
        (tallies.meals.map { "\($0.key.rawValue)=\($0.value)" }, tallies.$meals.unknownEntries)
      case "fares":
        (tallies.fares.map { "\($0.key.rawValue)=\($0.value)" }, tallies.$fares.unknownEntries)
      default:
        (
          tallies.terminals.map { "\($0.key.rawValue)=\($0.value)" },
          tallies.$terminals.unknownEntries
        )
      }
    #expect(entries.known.sorted() == keysCase.known)
    #expect(entries.unknown.map { "\($0.key)=\($0.value)" } == keysCase.unknown)
    #expect(collector.values.map(line) == keysCase.reports)

    let written = try JSONValue(data: JSONEncoder().encode(tallies))
    #expect(written[keysCase.property] == (try JSONValue(parsing: keysCase.written)))

    // The same object at the top level, through the wrapper's own init(from:).
    let topLevel = UnknownValueCollector()
    decoder.unknownValueHandler = UnknownValueHandler.collect(into: topLevel)
      .receivingRenamedValues()
    let data = Data(keysCase.object.utf8)
    switch keysCase.property {
    case "meals": _ = try decoder.decode(SkipUnknownKeys<[Meal: Int]>.self, from: data)
    case "fares": _ = try decoder.decode(SkipUnknownKeys<[Fare: Int]>.self, from: data)
    default: _ = try decoder.decode(SkipUnknownKeys<[Terminal: Int]>.self, from: data)
    }
    #expect(
      topLevel.values.map(line)
        == keysCase.reports.map {
          $0.replacingOccurrences(of: "$.\(keysCase.property).", with: "$.")
        })
  }
}

extension Journey {
  /// The variant of an unknown tag.
  var unknownVariant: UnknownVariant? {
    if case .unknown(let variant) = self { return variant }
    return nil
  }
}

// MARK: - Written in the new spelling, at every tool

/// A subject of the position tests that can be written back.
protocol WritableSubject: PositionSubject {
  func written() throws -> Data
}

extension WritableSubject where Self: Encodable {
  func written() throws -> Data { try JSONEncoder().encode(self) }
}

extension WritableSubject where Self: StoredSubject, Stored: Encodable {
  func written() throws -> Data { try JSONEncoder().encode(stored) }
}

extension Fare: WritableSubject {}
extension Berth: WritableSubject {}
extension Gate: WritableSubject {}
extension Terminal: WritableSubject {}
extension Journey: WritableSubject {}
extension OpenMeal: WritableSubject {}
extension MaybeMeal: WritableSubject {}
extension FaresSkippingUnknown: WritableSubject {}
extension TerminalsSkippingUnknown: WritableSubject {}
extension MealsSkippingUnknown: WritableSubject {}
extension MealSetSkippingUnknown: WritableSubject {}
extension OpenMealsSkippingUnknown: WritableSubject {}
extension GatesSkippingUnknown: WritableSubject {}
extension JourneysSkippingUnknown: WritableSubject {}
extension MealTotals: WritableSubject {}
extension TerminalTotals: WritableSubject {}
extension FareTotals: WritableSubject {}
extension FareList: WritableSubject {}
extension MealList: WritableSubject {}
extension JourneyList: WritableSubject {}

extension WritableSubject {
  /// Each sample that decodes, written back and read again: the same value, with no value
  /// read through an alias or by its letter case (the spelling written is the canonical one),
  /// and written again the same.
  static var rewriteCheck: MismatchCheck {
    MismatchCheck("\(Self.self)") {
      var mismatches: [String] = []
      for sample in samples {
        guard let (value, _) = decodeCollecting(Data(sample.utf8)) else { continue }
        do {
          let written = try value.written()
          guard let (again, reports) = decodeCollecting(written) else {
            mismatches.append("\(sample): what it wrote does not decode")
            continue
          }
          let text = String(decoding: written, as: UTF8.self)
          if again.canonicalDescription != value.canonicalDescription {
            mismatches.append(
              "\(sample): wrote \(text), read back \(again.canonicalDescription)"
                + " for \(value.canonicalDescription)")
          }
          let renamed = reports.filter { if case .renamedValue = $0.kind { true } else { false } }
          if !renamed.isEmpty {
            mismatches.append("\(sample): wrote \(text), which reads as renamed: \(renamed)")
          }
          if try JSONValue(data: again.written()) != JSONValue(data: written) {
            mismatches.append("\(sample): wrote \(text), then something else")
          }
        } catch {
          mismatches.append("\(sample): writing failed: \(error)")
        }
      }
      return mismatches
    }
  }

  private static func decodeCollecting(_ data: Data) -> (Self, [UnknownValue])? {
    let collector = UnknownValueCollector()
    let decoder = JSONDecoder()
    decoder.unknownValueHandler = UnknownValueHandler.collect(into: collector)
      .receivingRenamedValues()
    guard let value = try? decoder.decode(Self.self, from: data) else { return nil }
    return (value, collector.values)
  }
}

let rewriteChecks = [
  Fare.rewriteCheck, Berth.rewriteCheck, Gate.rewriteCheck,
  Terminal.rewriteCheck, Journey.rewriteCheck, OpenMeal.rewriteCheck,
  MaybeMeal.rewriteCheck, FaresSkippingUnknown.rewriteCheck,
  TerminalsSkippingUnknown.rewriteCheck, MealsSkippingUnknown.rewriteCheck,
  MealSetSkippingUnknown.rewriteCheck, OpenMealsSkippingUnknown.rewriteCheck,
  GatesSkippingUnknown.rewriteCheck, JourneysSkippingUnknown.rewriteCheck,
  MealTotals.rewriteCheck, TerminalTotals.rewriteCheck, FareTotals.rewriteCheck,
  FareList.rewriteCheck, MealList.rewriteCheck, JourneyList.rewriteCheck,
]

extension ValueAliasesSeamTests {
  @Test(
    "written back in the canonical spelling, which reads as the same value",
    arguments: rewriteChecks)
  func writtenInTheNewSpelling(_ rewrite: MismatchCheck) {
    rewrite.expectNone()
  }
}
