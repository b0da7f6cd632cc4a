import CodableResilience
import Foundation
import Testing

struct DecodeUnknownAsNilTests {
  enum Fuel: String, Codable, CaseIterable, Sendable {
    case petrol
    case diesel
    case electric
  }

  enum Seats: Int, Codable, Sendable {
    case two = 2
    case four = 4
  }

  struct Car: Codable, Equatable, Hashable, Sendable {
    var name: String
    @DecodeUnknownAsNil var fuel: Fuel?
  }

  struct Van: Codable, Sendable {
    @DecodeUnknownAsNil var seats: Seats?
  }

  struct Garage: Codable {
    var cars: [Car]
    var fuelsByPump: [String: DecodeUnknownAsNil<Fuel>]
    var fuelRows: [[DecodeUnknownAsNil<Fuel>]]
  }

  // MARK: - Decoding

  static let decodingCases: [(String, Fuel?, String?)] = [
    (#"{"name": "a"}"#, nil, nil),
    (#"{"name": "a", "fuel": null}"#, nil, nil),
    (#"{"name": "a", "fuel": "hydrogen"}"#, nil, "hydrogen"),
    (#"{"name": "a", "fuel": ""}"#, nil, ""),
    (#"{"name": "a", "fuel": "diesel"}"#, .diesel, nil),
  ]

  @Test(arguments: decodingCases)
  func missingNullAndUnknownDecodeAsNil(
    _ text: String, _ expected: Fuel?, _ unknownRawValue: String?
  ) throws {
    let car = try JSONDecoder().decode(Car.self, from: json(text))
    #expect(car.fuel == expected)
    #expect(car.$fuel.unknownRawValue == unknownRawValue)
  }

  static let wrongTypes: [String] = [
    #"{"name": "a", "fuel": 42}"#,
    #"{"name": "a", "fuel": true}"#,
    #"{"name": "a", "fuel": ["petrol"]}"#,
    #"{"name": "a", "fuel": {"kind": "petrol"}}"#,
  ]

  @Test(arguments: wrongTypes)
  func wrongJSONTypeThrowsTypeMismatch(_ text: String) throws {
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(Car.self, from: json(text))
    }
    #expect(error.kind == .typeMismatch)
    #expect(error.path == "$.fuel")
  }

  @Test func intRawValuesDecodeAndKeepUnknownNumbers() throws {
    let vans = try JSONDecoder().decode(
      [Van].self, from: json(#"[{"seats": 4}, {"seats": 7}, {}, {"seats": null}]"#))
    #expect(vans.map(\.seats) == [.four, nil, nil, nil])
    #expect(vans.map(\.$seats.unknownRawValue) == [nil, 7, nil, nil])
  }

  @Test func intRawValueRejectsAString() throws {
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode([Van].self, from: json(#"[{"seats": 2}, {"seats": "four"}]"#))
    }
    #expect(error.kind == .typeMismatch)
    #expect(error.path == "$[1].seats")
  }

  // MARK: - Lossless re-encoding

  static let roundTrips: [String] = [
    #"{"name": "a"}"#,
    #"{"name": "a", "fuel": null}"#,
    #"{"name": "a", "fuel": "hydrogen"}"#,
    #"{"name": "a", "fuel": "diesel"}"#,
    #"{"name": "a", "fuel": "Diesel "}"#,
  ]

  @Test(arguments: roundTrips)
  func reencodingWritesBackWhatWasRead(_ text: String) throws {
    let car = try JSONDecoder().decode(Car.self, from: json(text))
    #expect(try encodedJSON(car) == JSONValue(parsing: text))
  }

  static let intRoundTrips: [String] = [
    #"{}"#, #"{"seats": null}"#, #"{"seats": 7}"#, #"{"seats": 2}"#, #"{"seats": -40}"#,
  ]

  @Test(arguments: intRoundTrips)
  func intRawValuesReencodeWhatWasRead(_ text: String) throws {
    let van = try JSONDecoder().decode(Van.self, from: json(text))
    #expect(try encodedJSON(van) == JSONValue(parsing: text))
  }

  @Test(arguments: [#"{"name": "a", "fuel": null}"#, #"{"name": "a", "fuel": "hydrogen"}"#])
  func assigningAValueReplacesWhatWasKept(_ text: String) throws {
    var car = try JSONDecoder().decode(Car.self, from: json(text))
    car.fuel = .electric
    #expect(car.fuel == .electric)
    #expect(car.$fuel.unknownRawValue == nil)
    #expect(try encodedJSON(car) == JSONValue(parsing: #"{"name": "a", "fuel": "electric"}"#))
  }

  @Test(arguments: roundTrips)
  func assigningNilWritesNoKey(_ text: String) throws {
    var car = try JSONDecoder().decode(Car.self, from: json(text))
    car.fuel = nil
    #expect(car.$fuel.unknownRawValue == nil)
    #expect(try encodedJSON(car) == JSONValue(parsing: #"{"name": "a"}"#))
  }

  @Test func initialValuesEncodeAsAValueOrNoKey() throws {
    #expect(
      try encodedJSON(Car(name: "a", fuel: .petrol))
        == JSONValue(parsing: #"{"name": "a", "fuel": "petrol"}"#))
    #expect(try encodedJSON(Car(name: "a", fuel: nil)) == JSONValue(parsing: #"{"name": "a"}"#))
  }

  @Test func projectedValueCarriesTheKeptRawValueToAnotherInstance() throws {
    let read = try JSONDecoder().decode(Car.self, from: json(#"{"name": "a", "fuel": "lpg"}"#))
    var copy = Car(name: "b", fuel: .petrol)
    copy.$fuel = read.$fuel
    #expect(copy.fuel == nil)
    #expect(copy.$fuel.unknownRawValue == "lpg")
    #expect(try encodedJSON(copy) == JSONValue(parsing: #"{"name": "b", "fuel": "lpg"}"#))
  }

  // MARK: - Outside keyed containers

  @Test func decodesAndReencodesAsArrayElements() throws {
    let text = #"["petrol", null, "hydrogen", "electric"]"#
    let fuels = try JSONDecoder().decode([DecodeUnknownAsNil<Fuel>].self, from: json(text))
    #expect(fuels.map(\.wrappedValue) == [.petrol, nil, nil, .electric])
    #expect(fuels.map(\.unknownRawValue) == [nil, nil, "hydrogen", nil])
    #expect(try encodedJSON(fuels) == JSONValue(parsing: text))
  }

  @Test func arrayElementOfWrongTypeThrowsAtItsIndex() throws {
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode([DecodeUnknownAsNil<Fuel>].self, from: json(#"["petrol", 1]"#))
    }
    #expect(error.kind == .typeMismatch)
    #expect(error.path == "$[1]")
  }

  /// An element cannot be absent, so `nil` assigned in code is written as `null`.
  @Test func nilArrayElementIsWrittenAsNull() throws {
    let fuels = [DecodeUnknownAsNil<Fuel>(wrappedValue: nil), .init(wrappedValue: .diesel)]
    #expect(try encodedJSON(fuels) == JSONValue(parsing: #"[null, "diesel"]"#))
  }

  @Test func worksInNestedContainers() throws {
    let text = #"""
      {
        "cars": [{"name": "a", "fuel": "hydrogen"}, {"name": "b"}, {"name": "c", "fuel": null}],
        "fuelsByPump": {"1": "diesel", "odd pump": "biogas", "3": null},
        "fuelRows": [["petrol"], [], [null, "kerosene"]]
      }
      """#
    let garage = try JSONDecoder().decode(Garage.self, from: json(text))
    #expect(garage.cars.map(\.$fuel.unknownRawValue) == ["hydrogen", nil, nil])
    #expect(garage.fuelsByPump["1"]?.wrappedValue == .diesel)
    #expect(garage.fuelsByPump["odd pump"]?.unknownRawValue == "biogas")
    #expect(garage.fuelRows.map { $0.map(\.wrappedValue) } == [[.petrol], [], [nil, nil]])
    #expect(try encodedJSON(garage) == JSONValue(parsing: text))
  }

  // MARK: - Property lists

  static let propertyListCases: [([String: String], Fuel?, String?)] = [
    (["name": "a"], nil, nil),
    (["name": "a", "fuel": "hydrogen"], nil, "hydrogen"),
    (["name": "a", "fuel": "diesel"], .diesel, nil),
  ]

  @Test(arguments: propertyListCases)
  func decodesAndReencodesThroughPropertyLists(
    _ plist: [String: String], _ expected: Fuel?, _ unknownRawValue: String?
  ) throws {
    let car = try PropertyListDecoder().decode(Car.self, from: propertyList(plist))
    #expect(car.fuel == expected)
    #expect(car.$fuel.unknownRawValue == unknownRawValue)
    let written = try PropertyListEncoder().encode(car)
    #expect(try PropertyListDecoder().decode([String: String].self, from: written) == plist)
  }

  @Test func propertyListRejectsAWrongType() throws {
    let error = try #require(throws: DecodingError.self) {
      try PropertyListDecoder().decode(Car.self, from: propertyList(["name": "a", "fuel": 3]))
    }
    #expect(error.kind == .typeMismatch)
    #expect(error.path == "$.fuel")
  }

  @Test func nullSurvivesATripThroughAPropertyList() throws {
    let car = try JSONDecoder().decode(Car.self, from: json(#"{"name": "a", "fuel": null}"#))
    let viaPropertyList = try PropertyListDecoder().decode(
      Car.self, from: PropertyListEncoder().encode(car))
    #expect(try encodedJSON(viaPropertyList) == JSONValue(parsing: #"{"name": "a", "fuel": null}"#))
  }

  // MARK: - Equatable and Hashable

  /// Each side is the JSON text of the `fuel` field, or `nil` for a missing key.
  static let equalityCases: [(String?, String?, Bool)] = [
    (nil, nil, true),
    (nil, "null", true),
    ("null", "null", true),
    (#""diesel""#, #""diesel""#, true),
    (#""lpg""#, #""lpg""#, true),
    (#""lpg""#, #""biogas""#, false),
    (#""lpg""#, nil, false),
    (#""lpg""#, "null", false),
    (#""diesel""#, nil, false),
    (#""diesel""#, #""petrol""#, false),
    (#""diesel""#, #""lpg""#, false),
  ]

  @Test(arguments: equalityCases)
  func equalityComparesTheCaseAndTheUnknownRawValue(
    _ left: String?, _ right: String?, _ equal: Bool
  ) throws {
    let lhs = try decodeFuel(left)
    let rhs = try decodeFuel(right)
    #expect((lhs == rhs) == equal)
    #expect(Set([lhs, rhs]).count == (equal ? 1 : 2))
    if equal {
      #expect(lhs.hashValue == rhs.hashValue)
    }
  }

  private func decodeFuel(_ field: String?) throws -> DecodeUnknownAsNil<Fuel> {
    let text = field.map { #"{"name": "a", "fuel": \#($0)}"# } ?? #"{"name": "a"}"#
    return try JSONDecoder().decode(Car.self, from: json(text)).$fuel
  }

  @Test func carsWithTheSameUnknownFuelAreEqual() throws {
    let first = try JSONDecoder().decode(Car.self, from: json(#"{"name": "a", "fuel": "lpg"}"#))
    let second = try JSONDecoder().decode(Car.self, from: json(#"{"fuel": "lpg", "name": "a"}"#))
    let known = Car(name: "a", fuel: nil)
    #expect(first == second)
    #expect(first != known)
  }

}
