import CodableResilience
import Foundation

// `@SkipInvalidElements` (issue 22) at every position a collection can be: the same elements,
// the same elements left out (with their errors, relative to the collection), the same reports
// and errors, and the same JSON written back as a top-level decode, under every handler.

/// An element that decodes, or fails in each way a real one does.
///
/// `room` is an ``ExtensibleEnum`` with known values: a new room is reported and kept, so the
/// element decodes (and is written back exactly), and under `.strict` its error is the
/// element's own. `guests` comes after it, so an element can report and then fail.
struct Reservation: Codable, Hashable, Sendable {
  var id: Int
  var room: RoomCode
  var guests: Int
}

/// Reservations one each: known, and failing in every way an element fails.
enum Reservations {
  static let first = #"{"id": 1, "room": "single", "guests": 1}"#
  static let second = #"{"id": 2, "room": "double", "guests": 2}"#
  /// Decodes, with `suite` reported as unknown; `.strict` fails the element with it.
  static let newRoom = #"{"id": 3, "room": "suite", "guests": 2}"#
  static let missingKey = #"{"id": 4, "room": "single"}"#
  static let wrongType = #"{"id": "5", "room": "single", "guests": 1}"#
  static let nullField = #"{"id": 6, "room": null, "guests": 1}"#
  /// Reports `loft`, then fails on the missing `guests`: the report stays made.
  static let newRoomThenMissingKey = #"{"id": 7, "room": "loft"}"#
  /// A number that does not fit `Int`, which `JSONDecoder` throws as its own error.
  static let fraction = #"{"id": 8.5, "room": "single", "guests": 1}"#
}

/// Arrays (and sets) of reservations: every way an element fails, alone and together, and
/// every way the array itself is broken.
let reservationArraySamples: [String] = {
  let r = Reservations.self
  return [
    "[]", "[\(r.first), \(r.second)]", "[\(r.first), \(r.missingKey), \(r.second)]",
    "[\(r.wrongType), \(r.first)]", "[\(r.first), \(r.nullField)]", "[\(r.first), null]",
    #"[9, \#(r.first), "x", [], {}]"#, "[\(r.first), \(r.newRoom)]",
    "[\(r.newRoomThenMissingKey), \(r.second)]", "[\(r.first), \(r.fraction), \(r.second)]",
    "[\(r.first), \(r.first), \(r.missingKey), \(r.missingKey)]",
    "[\(r.missingKey), \(r.nullField), \(r.wrongType)]",
    "null", #""x""#, "3", "{}", "{\"a\": \(r.first)}",
  ]
}()

/// Dictionaries of reservations. At most one entry reports an unknown value while it decodes:
/// entries are decoded in hash order, as a plain dictionary decodes them.
let reservationDictionarySamples: [String] = {
  let r = Reservations.self
  return [
    "{}", #"{"a": \#(r.first), "b": \#(r.second)}"#, #"{"a": \#(r.first), "b": \#(r.missingKey)}"#,
    #"{"z": \#(r.wrongType), "a": \#(r.first)}"#, #"{"n": null}"#, #"{"x": 9, "y": \#(r.second)}"#,
    #"{"a": \#(r.newRoom), "b": \#(r.second)}"#, #"{"u": \#(r.newRoomThenMissingKey)}"#,
    #"{"f": \#(r.fraction), "g": \#(r.first)}"#,
    #"{"b": \#(r.missingKey), "a": \#(r.nullField), "c": \#(r.first), "odd key": 1}"#,
    "null", "[]", "[\(r.first)]", #""x""#, "3",
  ]
}()

/// Dictionaries keyed by `Int`: keys that are integers, and one that is not.
let reservationNumberedSamples: [String] = {
  let r = Reservations.self
  return [
    "{}", #"{"1": \#(r.first), "2": \#(r.missingKey)}"#, #"{"-3": \#(r.newRoom)}"#,
    #"{"x": \#(r.first)}"#, #"{"1": \#(r.first), "1.5": \#(r.second)}"#, "null", "[]",
  ]
}()

// MARK: - Describing a collection

/// A collection `@SkipInvalidElements` holds, described the same way whatever order its
/// elements are held in.
protocol DescribedCollection {
  /// The elements, in their order for an array, sorted for a set, by key for a dictionary.
  var describedElements: [String] { get }
  /// Whether it writes its elements in an order of their own (a set does not).
  static var keepsOrder: Bool { get }
  /// Whether it is read from a JSON object rather than an array.
  static var isKeyed: Bool { get }
  /// Whether a key of a JSON object can be a key of it.
  static func acceptsKey(_ text: String) -> Bool
}

extension DescribedCollection {
  static var keepsOrder: Bool { true }
  static var isKeyed: Bool { false }
  static func acceptsKey(_ text: String) -> Bool { true }
}

extension Array: DescribedCollection {
  var describedElements: [String] { map { "\($0)" } }
}

extension Set: DescribedCollection {
  var describedElements: [String] { map { "\($0)" }.sorted() }
  static var keepsOrder: Bool { false }
}

extension Dictionary: DescribedCollection {
  var describedElements: [String] { map { "\($0.key): \($0.value)" }.sorted() }
  static var isKeyed: Bool { true }
  static func acceptsKey(_ text: String) -> Bool { Key.self != Int.self || Int(text) != nil }
}

extension Optional: DescribedCollection where Wrapped: DescribedCollection {
  var describedElements: [String] { map(\.describedElements) ?? ["nil"] }
  static var keepsOrder: Bool { Wrapped.keepsOrder }
  static var isKeyed: Bool { Wrapped.isKeyed }
  static func acceptsKey(_ text: String) -> Bool { Wrapped.acceptsKey(text) }
}

/// A `@SkipInvalidElements` collection as a position subject: it describes its elements, those
/// it left out (place, JSON, and error relative to the collection), and what it writes back in
/// a model, so every position is compared on all three.
protocol InvalidElementsSubject: StoredSubject, Sendable
where Stored == SkipInvalidElements<Contents> {
  associatedtype Contents: SkipInvalidElementsCollection & DescribedCollection & Codable
  associatedtype Element: Codable

  /// What a model holding `wrapper` writes, as JSON text with its keys sorted: the
  /// toolkit's overload writes an optional collection as it was read.
  static func written(_ wrapper: Stored) -> String
}

extension InvalidElementsSubject {
  func canonicalDescription(relativeTo prefix: String) -> String {
    let leftOut = stored.invalidElements.map { element in
      "\(element.location) \(element.json) "
        + Observation.describe(element.failure, relativeTo: prefix)
    }
    var written = Self.written(stored)
    if !Contents.keepsOrder, leftOut.isEmpty, let value = try? JSONValue(parsing: written) {
      // A set that left nothing out writes its elements in its own order.
      written = sortingArrays(value).description
    }
    return "\(stored.wrappedValue.describedElements), left out \(leftOut), written \(written)"
  }

  static func written(_ wrapper: Stored) -> String {
    writtenText(Written(value: wrapper))
  }
}

/// A model's property, written through the container's generic `encode(_:forKey:)`.
struct Written<Value: Encodable>: Encodable {
  var value: Value
}

/// A model's optional `@SkipInvalidElements` property, written through the toolkit's overload.
struct WrittenOptional<Wrapped: SkipInvalidElementsCollection & Encodable>: Encodable {
  var value: SkipInvalidElements<Wrapped?>
}

/// JSON text with sorted keys, or the error encoding threw.
func writtenText(_ value: some Encodable) -> String {
  do {
    return try JSONValue(data: JSONEncoder().encode(value)).description
  } catch {
    return "encoding failed: \(error)"
  }
}

/// `value` with the elements of each array sorted by their text.
func sortingArrays(_ value: JSONValue) -> JSONValue {
  switch value {
  case .array(let elements):
    .array(elements.map(sortingArrays).sorted { $0.description < $1.description })
  case .object(let members): .object(members.mapValues(sortingArrays))
  default: value
  }
}

// MARK: - Subjects

/// `@SkipInvalidElements var reservations: [Reservation]`
struct ReservationList: InvalidElementsSubject {
  typealias Element = Reservation
  typealias Contents = [Reservation]
  let stored: SkipInvalidElements<[Reservation]>

  static let samples = reservationArraySamples
  static let known = "[\(Reservations.first)]"
  static let positions = storedPositions(
    ReservationListAt.Property.self, ReservationListAt.OptionalProperty.self,
    ReservationListAt.ArrayProperty.self, ReservationListAt.OptionalArrayProperty.self,
    ReservationListAt.NestedArrays.self, ReservationListAt.DictionaryProperty.self)
}

/// `@SkipInvalidElements var reservations: [Reservation]?`
struct OptionalReservationList: InvalidElementsSubject {
  typealias Element = Reservation
  typealias Contents = [Reservation]?
  let stored: SkipInvalidElements<[Reservation]?>

  static let samples = reservationArraySamples
  static let known = "[\(Reservations.first)]"
  static let positions = storedPositions(
    OptionalReservationListAt.Property.self, OptionalReservationListAt.OptionalProperty.self,
    OptionalReservationListAt.ArrayProperty.self,
    OptionalReservationListAt.OptionalArrayProperty.self,
    OptionalReservationListAt.NestedArrays.self, OptionalReservationListAt.DictionaryProperty.self)
  static let missingKeyAtConcreteProperty: Self? = Self(
    stored: SkipInvalidElements(wrappedValue: nil))

  static func written(_ wrapper: Stored) -> String {
    writtenText(WrittenOptional(value: wrapper))
  }
}

/// `@SkipInvalidElements var reservations: Set<Reservation>`
struct ReservationSet: InvalidElementsSubject {
  typealias Element = Reservation
  typealias Contents = Set<Reservation>
  let stored: SkipInvalidElements<Set<Reservation>>

  static let samples = reservationArraySamples
  static let known = "[\(Reservations.first)]"
  static let positions = storedPositions(
    ReservationSetAt.Property.self, ReservationSetAt.OptionalProperty.self,
    ReservationSetAt.ArrayProperty.self, ReservationSetAt.OptionalArrayProperty.self,
    ReservationSetAt.NestedArrays.self, ReservationSetAt.DictionaryProperty.self)
}

/// `@SkipInvalidElements var reservations: Set<Reservation>?`
struct OptionalReservationSet: InvalidElementsSubject {
  typealias Element = Reservation
  typealias Contents = Set<Reservation>?
  let stored: SkipInvalidElements<Set<Reservation>?>

  static let samples = reservationArraySamples
  static let known = "[\(Reservations.first)]"
  static let positions = storedPositions(
    OptionalReservationSetAt.Property.self, OptionalReservationSetAt.OptionalProperty.self,
    OptionalReservationSetAt.ArrayProperty.self,
    OptionalReservationSetAt.OptionalArrayProperty.self,
    OptionalReservationSetAt.NestedArrays.self, OptionalReservationSetAt.DictionaryProperty.self)
  static let missingKeyAtConcreteProperty: Self? = Self(
    stored: SkipInvalidElements(wrappedValue: nil))

  static func written(_ wrapper: Stored) -> String {
    writtenText(WrittenOptional(value: wrapper))
  }
}

/// `@SkipInvalidElements var reservations: [String: Reservation]`
struct ReservationsByName: InvalidElementsSubject {
  typealias Element = Reservation
  typealias Contents = [String: Reservation]
  let stored: SkipInvalidElements<[String: Reservation]>

  static let samples = reservationDictionarySamples
  static let known = #"{"k": \#(Reservations.first)}"#
  static let positions = storedPositions(
    ReservationsByNameAt.Property.self, ReservationsByNameAt.OptionalProperty.self,
    ReservationsByNameAt.ArrayProperty.self, ReservationsByNameAt.OptionalArrayProperty.self,
    ReservationsByNameAt.NestedArrays.self, ReservationsByNameAt.DictionaryProperty.self)
}

/// `@SkipInvalidElements var reservations: [String: Reservation]?`
struct OptionalReservationsByName: InvalidElementsSubject {
  typealias Element = Reservation
  typealias Contents = [String: Reservation]?
  let stored: SkipInvalidElements<[String: Reservation]?>

  static let samples = reservationDictionarySamples
  static let known = #"{"k": \#(Reservations.first)}"#
  static let positions = storedPositions(
    OptionalReservationsByNameAt.Property.self, OptionalReservationsByNameAt.OptionalProperty.self,
    OptionalReservationsByNameAt.ArrayProperty.self,
    OptionalReservationsByNameAt.OptionalArrayProperty.self,
    OptionalReservationsByNameAt.NestedArrays.self,
    OptionalReservationsByNameAt.DictionaryProperty.self)
  static let missingKeyAtConcreteProperty: Self? = Self(
    stored: SkipInvalidElements(wrappedValue: nil))

  static func written(_ wrapper: Stored) -> String {
    writtenText(WrittenOptional(value: wrapper))
  }
}

/// `@SkipInvalidElements var reservations: [Int: Reservation]`
struct ReservationsByNumber: InvalidElementsSubject {
  typealias Element = Reservation
  typealias Contents = [Int: Reservation]
  let stored: SkipInvalidElements<[Int: Reservation]>

  static let samples = reservationNumberedSamples
  static let known = #"{"0": \#(Reservations.first)}"#
  static let positions = storedPositions(
    ReservationsByNumberAt.Property.self, ReservationsByNumberAt.OptionalProperty.self,
    ReservationsByNumberAt.ArrayProperty.self, ReservationsByNumberAt.OptionalArrayProperty.self,
    ReservationsByNumberAt.NestedArrays.self, ReservationsByNumberAt.DictionaryProperty.self)
}

/// `@SkipInvalidElements var fares: [Fare]`: aliased elements, read through their own
/// `init(from:)`; a wrong type or `null` is left out, an unknown value is `.unknown`.
struct FareList: InvalidElementsSubject {
  typealias Element = Fare
  typealias Contents = [Fare]
  let stored: SkipInvalidElements<[Fare]>

  static let samples = [
    #"["economy", "coach", "FIRST", "castle", "__unknown__"]"#, #"["Business", 42, null]"#,
    #"[[], "first", {"fare": "coach"}]"#, "[]", "null", #""coach""#,
  ]
  static let known = #"["economy"]"#
  static let positions = storedPositions(
    FareListAt.Property.self, FareListAt.OptionalProperty.self, FareListAt.ArrayProperty.self,
    FareListAt.OptionalArrayProperty.self, FareListAt.NestedArrays.self,
    FareListAt.DictionaryProperty.self)
}

/// `@SkipInvalidElements var meals: [Meal]`: a plain enum's own `init(from:)` knows no
/// aliases, and this wrapper reads elements through it, so `"veg"` is left out as it fails.
struct MealList: InvalidElementsSubject {
  typealias Element = Meal
  typealias Contents = [Meal]
  let stored: SkipInvalidElements<[Meal]>

  static let samples = [#"["vegetarian", "veg", "VEG", "kosher", 3, null]"#, #"["halal"]"#]
  static let known = #"["halal"]"#
  static let positions = storedPositions(
    MealListAt.Property.self, MealListAt.OptionalProperty.self, MealListAt.ArrayProperty.self,
    MealListAt.OptionalArrayProperty.self, MealListAt.NestedArrays.self,
    MealListAt.DictionaryProperty.self)
}

/// `@SkipInvalidElements var journeys: [Journey]`: renamed tags and fares are read and
/// reported; an unknown tag is kept as an unknown variant; broken content is left out.
struct JourneyList: InvalidElementsSubject {
  typealias Element = Journey
  typealias Contents = [Journey]
  let stored: SkipInvalidElements<[Journey]>

  static let samples = [
    "[" + journeySamples.joined(separator: ", ") + "]", "[\(journeySamples[3])]",
    "[\(journeySamples[7]), \(journeySamples[1])]", "[\(journeySamples[6])]", "[null, 3]", "{}",
  ]
  static let known = "[\(Journey.known)]"
  static let positions = storedPositions(
    JourneyListAt.Property.self, JourneyListAt.OptionalProperty.self,
    JourneyListAt.ArrayProperty.self, JourneyListAt.OptionalArrayProperty.self,
    JourneyListAt.NestedArrays.self, JourneyListAt.DictionaryProperty.self)
}

/// The `@SkipInvalidElements` subjects, which `PositionEquivalenceTests` runs beside the others.
let invalidElementsPositions: [PositionCase] =
  ReservationList.positions.map(PositionCase.init)
  + OptionalReservationList.positions.map(PositionCase.init)
  + ReservationSet.positions.map(PositionCase.init)
  + OptionalReservationSet.positions.map(PositionCase.init)
  + ReservationsByName.positions.map(PositionCase.init)
  + OptionalReservationsByName.positions.map(PositionCase.init)
  + ReservationsByNumber.positions.map(PositionCase.init)
  + FareList.positions.map(PositionCase.init) + MealList.positions.map(PositionCase.init)
  + JourneyList.positions.map(PositionCase.init)

// MARK: - Models

enum ReservationListAt {
  struct Property: Holder { var value: SkipInvalidElements<[Reservation]> }
  struct OptionalProperty: Holder { var value: SkipInvalidElements<[Reservation]>? }
  struct ArrayProperty: Holder { var value: [SkipInvalidElements<[Reservation]>] }
  struct OptionalArrayProperty: Holder { var value: [SkipInvalidElements<[Reservation]>]? }
  struct NestedArrays: Holder { var value: [[SkipInvalidElements<[Reservation]>]] }
  struct DictionaryProperty: Holder { var value: [String: SkipInvalidElements<[Reservation]>] }
}
enum OptionalReservationListAt {
  struct Property: Holder { var value: SkipInvalidElements<[Reservation]?> }
  struct OptionalProperty: Holder { var value: SkipInvalidElements<[Reservation]?>? }
  struct ArrayProperty: Holder { var value: [SkipInvalidElements<[Reservation]?>] }
  struct OptionalArrayProperty: Holder { var value: [SkipInvalidElements<[Reservation]?>]? }
  struct NestedArrays: Holder { var value: [[SkipInvalidElements<[Reservation]?>]] }
  struct DictionaryProperty: Holder { var value: [String: SkipInvalidElements<[Reservation]?>] }
}
enum ReservationSetAt {
  struct Property: Holder { var value: SkipInvalidElements<Set<Reservation>> }
  struct OptionalProperty: Holder { var value: SkipInvalidElements<Set<Reservation>>? }
  struct ArrayProperty: Holder { var value: [SkipInvalidElements<Set<Reservation>>] }
  struct OptionalArrayProperty: Holder { var value: [SkipInvalidElements<Set<Reservation>>]? }
  struct NestedArrays: Holder { var value: [[SkipInvalidElements<Set<Reservation>>]] }
  struct DictionaryProperty: Holder { var value: [String: SkipInvalidElements<Set<Reservation>>] }
}
enum OptionalReservationSetAt {
  struct Property: Holder { var value: SkipInvalidElements<Set<Reservation>?> }
  struct OptionalProperty: Holder { var value: SkipInvalidElements<Set<Reservation>?>? }
  struct ArrayProperty: Holder { var value: [SkipInvalidElements<Set<Reservation>?>] }
  struct OptionalArrayProperty: Holder { var value: [SkipInvalidElements<Set<Reservation>?>]? }
  struct NestedArrays: Holder { var value: [[SkipInvalidElements<Set<Reservation>?>]] }
  struct DictionaryProperty: Holder {
    var value: [String: SkipInvalidElements<Set<Reservation>?>]
  }
}
enum ReservationsByNameAt {
  struct Property: Holder { var value: SkipInvalidElements<[String: Reservation]> }
  struct OptionalProperty: Holder { var value: SkipInvalidElements<[String: Reservation]>? }
  struct ArrayProperty: Holder { var value: [SkipInvalidElements<[String: Reservation]>] }
  struct OptionalArrayProperty: Holder {
    var value: [SkipInvalidElements<[String: Reservation]>]?
  }
  struct NestedArrays: Holder { var value: [[SkipInvalidElements<[String: Reservation]>]] }
  struct DictionaryProperty: Holder {
    var value: [String: SkipInvalidElements<[String: Reservation]>]
  }
}
enum OptionalReservationsByNameAt {
  struct Property: Holder { var value: SkipInvalidElements<[String: Reservation]?> }
  struct OptionalProperty: Holder { var value: SkipInvalidElements<[String: Reservation]?>? }
  struct ArrayProperty: Holder { var value: [SkipInvalidElements<[String: Reservation]?>] }
  struct OptionalArrayProperty: Holder {
    var value: [SkipInvalidElements<[String: Reservation]?>]?
  }
  struct NestedArrays: Holder { var value: [[SkipInvalidElements<[String: Reservation]?>]] }
  struct DictionaryProperty: Holder {
    var value: [String: SkipInvalidElements<[String: Reservation]?>]
  }
}
enum ReservationsByNumberAt {
  struct Property: Holder { var value: SkipInvalidElements<[Int: Reservation]> }
  struct OptionalProperty: Holder { var value: SkipInvalidElements<[Int: Reservation]>? }
  struct ArrayProperty: Holder { var value: [SkipInvalidElements<[Int: Reservation]>] }
  struct OptionalArrayProperty: Holder { var value: [SkipInvalidElements<[Int: Reservation]>]? }
  struct NestedArrays: Holder { var value: [[SkipInvalidElements<[Int: Reservation]>]] }
  struct DictionaryProperty: Holder {
    var value: [String: SkipInvalidElements<[Int: Reservation]>]
  }
}
enum FareListAt {
  struct Property: Holder { var value: SkipInvalidElements<[Fare]> }
  struct OptionalProperty: Holder { var value: SkipInvalidElements<[Fare]>? }
  struct ArrayProperty: Holder { var value: [SkipInvalidElements<[Fare]>] }
  struct OptionalArrayProperty: Holder { var value: [SkipInvalidElements<[Fare]>]? }
  struct NestedArrays: Holder { var value: [[SkipInvalidElements<[Fare]>]] }
  struct DictionaryProperty: Holder { var value: [String: SkipInvalidElements<[Fare]>] }
}
enum MealListAt {
  struct Property: Holder { var value: SkipInvalidElements<[Meal]> }
  struct OptionalProperty: Holder { var value: SkipInvalidElements<[Meal]>? }
  struct ArrayProperty: Holder { var value: [SkipInvalidElements<[Meal]>] }
  struct OptionalArrayProperty: Holder { var value: [SkipInvalidElements<[Meal]>]? }
  struct NestedArrays: Holder { var value: [[SkipInvalidElements<[Meal]>]] }
  struct DictionaryProperty: Holder { var value: [String: SkipInvalidElements<[Meal]>] }
}
enum JourneyListAt {
  struct Property: Holder { var value: SkipInvalidElements<[Journey]> }
  struct OptionalProperty: Holder { var value: SkipInvalidElements<[Journey]>? }
  struct ArrayProperty: Holder { var value: [SkipInvalidElements<[Journey]>] }
  struct OptionalArrayProperty: Holder { var value: [SkipInvalidElements<[Journey]>]? }
  struct NestedArrays: Holder { var value: [[SkipInvalidElements<[Journey]>]] }
  struct DictionaryProperty: Holder { var value: [String: SkipInvalidElements<[Journey]>] }
}
