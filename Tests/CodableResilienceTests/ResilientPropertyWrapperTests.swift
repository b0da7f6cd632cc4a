import CodableResilience
import Foundation
import Testing

/// `ResilientPropertyWrapper` shows no requirements: a wrapper of the app's own that adopts it
/// picks the toolkit's one keyed overload, and decodes and encodes exactly as it would
/// without, while the toolkit's wrappers keep their missing-key rules through the same
/// overload.
struct ResilientPropertyWrapperTests {
  @propertyWrapper
  struct Trimmed: Codable, Equatable, ResilientPropertyWrapper {
    var wrappedValue: String

    init(wrappedValue: String) {
      self.wrappedValue = wrappedValue
    }

    init(from decoder: any Decoder) throws {
      wrappedValue = try decoder.singleValueContainer().decode(String.self)
        .trimmingCharacters(in: .whitespaces)
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(wrappedValue)
    }
  }

  enum Heating: String, Codable, Equatable {
    case gas, electric
  }

  struct Profile: Codable, Equatable {
    @Trimmed var name: String
    @DecodeUnknownAsNil var heating: Heating?
    @SkipUnknownElements var tags: [Heating]?
  }

  @Test func anAppWrapperDecodesThroughItsOwnInit() throws {
    let profile = try JSONDecoder().decode(
      Profile.self, from: Data(#"{"name": "  Ada ", "heating": "peat"}"#.utf8))
    #expect(profile.name == "Ada")
    #expect(profile.heating == nil)
    #expect(profile.$heating.unknownRawValue == "peat")
    #expect(profile.tags == nil)
  }

  @Test func anAppWrapperThrowsForAMissingKeyAsAPlainPropertyDoes() throws {
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(Profile.self, from: Data(#"{"heating": "gas"}"#.utf8))
    }
    guard case .keyNotFound(let key, _) = error else {
      Issue.record("expected keyNotFound, got \(error)")
      return
    }
    #expect(key.stringValue == "name")
  }

  @Test func anAppWrapperAlwaysWritesItsKeyAndTheToolkitsLeaveMissingKeysOut() throws {
    let profile = try JSONDecoder().decode(Profile.self, from: Data(#"{"name": "Ada"}"#.utf8))
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(String(decoding: try encoder.encode(profile), as: UTF8.self) == #"{"name":"Ada"}"#)
  }
}
