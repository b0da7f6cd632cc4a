import CodableResilience
import Foundation
import Testing

/// Limits the DocC article "One Behaviour Everywhere, and Its Limits" states, checked against
/// what the code does. (The documentation's code blocks themselves are compiled and run by
/// `.ci/doc-check`.)
struct DocumentationTests {
  enum Heating: String, Codable {
    case gas, electric
  }

  struct Envelope<T: Codable>: Codable {
    var value: T
  }

  struct Listing2: Codable {
    @DecodeUnknownAsNil var value: Heating?
  }

  /// `@DecodeUnknownAsNil` in a generic property: a missing key is Foundation's `keyNotFound`,
  /// and a missing value there encodes as `null`.
  @Test func decodeUnknownAsNilInAGenericPropertyIsAsDocumented() throws {
    let empty = Data("{}".utf8)
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(Envelope<DecodeUnknownAsNil<Heating>>.self, from: empty)
    }
    #expect(error.kind == .keyNotFound)
    #expect(error.path == "$.value")

    let concrete = try JSONDecoder().decode(Listing2.self, from: empty)
    #expect(concrete.value == nil)
    #expect(String(decoding: try JSONEncoder().encode(concrete), as: UTF8.self) == "{}")
    let generic = Envelope(value: concrete.$value)
    #expect(
      String(decoding: try JSONEncoder().encode(generic), as: UTF8.self) == #"{"value":null}"#)

    // Present values and null are the same in both.
    for json in [#"{"value":"gas"}"#, #"{"value":"peat"}"#, #"{"value":null}"#] {
      let fromGeneric = try JSONDecoder().decode(
        Envelope<DecodeUnknownAsNil<Heating>>.self, from: Data(json.utf8))
      let fromConcrete = try JSONDecoder().decode(Listing2.self, from: Data(json.utf8))
      #expect(fromGeneric.value == fromConcrete.$value)
      #expect(String(decoding: try JSONEncoder().encode(fromGeneric), as: UTF8.self) == json)
    }
  }

  struct Currency: ExtensibleEnum, ExpressibleByStringLiteral {
    var rawValue: String
    static let knownValues: [Currency] = ["USD"]
  }

  /// `ExtensibleEnum` dictionary keys outside `knownValues` are kept, not reported.
  @Test func extensibleEnumDictionaryKeysAreKeptNotReported() throws {
    let (fees, unknownValues) = try JSONDecoder().decodeCollectingUnknownValues(
      [Currency: Double].self, from: Data(#"{"USD": 1, "CHF": 2}"#.utf8))
    #expect(fees == ["USD": 1, "CHF": 2])
    #expect(unknownValues.isEmpty)
  }

  /// The documentation names only calls that exist, and example models that compile when
  /// pasted into an app: `Notification` there is Foundation's, and not `Decodable`.
  @Test func documentationNamesNoMissingCallAndNoFoundationModel() throws {
    let sources = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/CodableResilience")
    let files = try #require(FileManager.default.enumerator(atPath: sources.path))
      .compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") || $0.hasSuffix(".md") }
    #expect(files.count > 20)
    for file in files {
      let text = try String(
        contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      #expect(!text.contains("decode(_:from:reportingTo:)"), "\(file)")
      #expect(!text.contains("[Notification]"), "\(file)")
      #expect(!text.contains("`Notification element"), "\(file)")
    }
  }
}
