import CodableResilience
import Foundation

// The models of the fixtures in `Tests/CodableResilienceTestingFixtures`, and deliberately
// wrong variants of them that each check must catch.

enum Species: String, Codable, Sendable, UnknownDecodable {
  case dog, cat
  case unknown
}

/// A correct model of `Fixtures/Pet`.
struct Pet: Codable, Equatable, Sendable {
  var name: String
  var species: Species
  var age: Int?
}

/// A correct model of `Fixtures/Owner`, whose keys are snake case.
struct Owner: Codable, Equatable, Sendable {
  var fullName: String
  var petSpecies: Species
}

/// Wrong: `encode(to:)` drops `age`, so a round trip loses it.
struct PetDroppingAge: Codable, Equatable, Sendable {
  var name: String
  var species: Species
  var age: Int?

  enum CodingKeys: String, CodingKey {
    case name, species, age
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(species, forKey: .species)
  }
}

/// The error `PetRejectingOldAge` throws: not a `DecodingError`.
struct ImplausibleAge: Error {
  var age: Int
}

/// Wrong: `init(from:)` throws an error of its own, not a `DecodingError`, for an age over 30.
struct PetRejectingOldAge: Codable, Equatable, Sendable {
  var name: String
  var species: Species
  var age: Int?

  init(from decoder: any Decoder) throws {
    let pet = try Pet(from: decoder)
    if let age = pet.age, age > 30 { throw ImplausibleAge(age: age) }
    (name, species, age) = (pet.name, pet.species, pet.age)
  }
}

/// Wrong: an element whose decoding names another missing key each time it runs, so strict
/// decoding does not fail with the error the lenient decode left it out for.
struct ShiftingElement: Decodable {
  nonisolated(unsafe) static var decodes = 0

  struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  init(from decoder: any Decoder) throws {
    Self.decodes += 1
    let container = try decoder.container(keyedBy: Key.self)
    _ = try container.decode(Int.self, forKey: Key(stringValue: "key\(Self.decodes)"))
  }
}

struct ShiftingList: Decodable {
  @SkipInvalidElements var items: [ShiftingElement]
}
