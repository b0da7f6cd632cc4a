import CodableResilience
import Foundation
import Testing

/// What the README and the DocC catalog show, checked against what the code does.
struct DocumentationTests {
  // The quick start's enum, declared exactly as the README and DocC show it.
  enum ListingKind: String, Codable, UnknownDecodable, CaseIterable {
    case house, flat, cabin
    case unknown
  }

  struct Listing: Codable {
    var kind: ListingKind
  }

  struct ListingPage: Codable {
    var listings: [Listing]
  }

  static let packageRoot = URL(filePath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static let quickStartFiles = [
    "README.md",
    "Sources/CodableResilience/CodableResilience.docc/CodableResilience.md",
    "Sources/CodableResilience/CodableResilience.docc/GettingStarted.md",
  ]

  /// The lines of the first `enum ListingKind` declaration in `text`, without indentation.
  static func declaration(in text: String) -> [String] {
    let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    guard let start = lines.firstIndex(where: { $0.hasPrefix("enum ListingKind: String") }),
      let end = lines[start...].firstIndex(of: "}")
    else { return [] }
    return Array(lines[start...end])
  }

  @Test(arguments: quickStartFiles)
  func quickStartEnumIsTheOneTested(_ file: String) throws {
    let documented = try String(contentsOf: Self.packageRoot.appending(path: file), encoding: .utf8)
    let tested = try String(contentsOf: URL(filePath: #filePath), encoding: .utf8)
    #expect(!Self.declaration(in: tested).isEmpty)
    #expect(Self.declaration(in: documented) == Self.declaration(in: tested))
  }

  /// Every report line the docs print beside the quick start's enum is what it prints.
  @Test(arguments: quickStartFiles)
  func reportLinesAreWhatTheQuickStartEnumPrints(_ file: String) throws {
    let documented = try String(contentsOf: Self.packageRoot.appending(path: file), encoding: .utf8)
    let shown = documented.split(separator: "\n")
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { $0.hasPrefix("// unknown ListingKind value") }
      .map { String($0.dropFirst(3)) }
    let payload = Data(#"{"listings": [{"kind": "house"}, {"kind": "castle"}]}"#.utf8)
    let (_, unknownValues) = try JSONDecoder().decodeCollectingUnknownValues(
      ListingPage.self, from: payload)
    for line in shown {
      #expect(line == unknownValues.first?.description)
    }
  }

  // MARK: - Limits

  enum Heating: String, Codable {
    case gas, electric
  }

  struct Envelope<T: Codable>: Codable {
    var value: T
  }

  struct Listing2: Codable {
    @DecodeUnknownAsNil var value: Heating?
  }

  /// README "One behaviour everywhere, and its limits": a missing key in a generic property is
  /// Foundation's `keyNotFound`, and a missing value there encodes as `null`.
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

  /// README "One behaviour everywhere, and its limits": `ExtensibleEnum` dictionary keys
  /// outside `knownValues` are kept, not reported.
  @Test func extensibleEnumDictionaryKeysAreKeptNotReported() throws {
    let (fees, unknownValues) = try JSONDecoder().decodeCollectingUnknownValues(
      [Currency: Double].self, from: Data(#"{"USD": 1, "CHF": 2}"#.utf8))
    #expect(fees == ["USD": 1, "CHF": 2])
    #expect(unknownValues.isEmpty)
  }
}
