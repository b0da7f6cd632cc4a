import Foundation
import Testing

@testable import DecodeCheck

/// Each message `FoundationMessages` recognises by its text, made for real by the toolchain
/// the tests run on: when a new Foundation or standard library words one differently, the
/// test fails naming the pattern, the version it was seen in and the text printed now.
@Suite struct FoundationMessagesTests {
  private enum Heating: String, Decodable { case gas, heatPump }
  private enum Floor: Int, Decodable { case ground }
  private struct Room: Decodable { var area: Int }
  private struct Home: Decodable { var heating: Heating }
  private struct Counts: Decodable { var counts: [UInt] }

  /// The context of the `dataCorrupted` error decoding `json` as `type` throws.
  private func corruption<T: Decodable>(_ json: String, as type: T.Type) throws
    -> DecodingError.Context
  {
    do {
      _ = try JSONDecoder().decode(type, from: Data(json.utf8))
    } catch DecodingError.dataCorrupted(let context) {
      return context
    }
    throw Unexpected(json: json)
  }

  private struct Unexpected: Error, CustomStringConvertible {
    var json: String
    var description: String { "\(json) did not throw DecodingError.dataCorrupted" }
  }

  /// Well-formed JSON whose number does not fit: JSONDecoder says the data is not JSON,
  /// at the root, with no underlying error.
  @Test(arguments: [
    (#"{"area": 2.5}"#, "Room"), (#"{"area": 1e400}"#, "Room"), (#"{"counts": [-1]}"#, "Counts"),
  ])
  func notValidJSONStillMatches(_ json: String, _ typeName: String) throws {
    let context =
      typeName == "Room"
      ? try corruption(json, as: Room.self) : try corruption(json, as: Counts.self)
    #expect(
      FoundationMessages.isNotValidJSON(context),
      """
      FoundationMessages.notValidJSON (seen in Swift 6.3.1) no longer matches JSONDecoder's \
      error for \(json): it now says \(String(reflecting: context.debugDescription)) at \
      path \(context.codingPath.map(\.stringValue)) with underlying error \
      \(String(describing: context.underlyingError))
      """)
  }

  /// A String and an Int raw value the enum has no case for.
  enum RawValueCase: CaseIterable, Sendable {
    case string, integer

    /// The type, raw type and raw value the message names.
    var expected: (typeName: String, rawType: String, rawValue: String) {
      switch self {
      case .string: ("Heating", "String", "geothermal")
      case .integer: ("Floor", "Int", "7")
      }
    }
  }

  /// A raw value the enum has no case for: the standard library's message, read back.
  @Test(arguments: RawValueCase.allCases)
  func invalidRawValueStillMatches(_ rawCase: RawValueCase) throws {
    let context =
      switch rawCase {
      case .string: try corruption(#"{"heating": "geothermal"}"#, as: Home.self)
      case .integer: try corruption("[7]", as: [Floor].self)
      }
    let parsed = FoundationMessages.invalidRawValue(context.debugDescription)
    let expected = rawCase.expected
    #expect(
      parsed?.typeName == expected.typeName && parsed?.rawType == expected.rawType
        && parsed?.rawValue == expected.rawValue,
      """
      FoundationMessages.invalidRawValuePattern (seen in Swift 6.3.1) no longer matches the \
      standard library's text: it now says \(String(reflecting: context.debugDescription))
      """)
  }

  /// The patterns match only their own messages.
  @Test func otherMessagesDoNotMatch() throws {
    #expect(FoundationMessages.invalidRawValue("The given data was not valid JSON.") == nil)
    let pathed = try corruption(#"{"heating": "geothermal"}"#, as: Home.self)
    #expect(!FoundationMessages.isNotValidJSON(pathed))
  }

  /// What a user reads for each, through the checker.
  @Test func theFindingsSayWhatHappened() {
    let checker = PayloadChecker()
    let home = checker.check(
      Data(#"{"heating": "geothermal"}"#.utf8), as: RegisteredModel(Home.self))
    #expect(
      home.findings.map(\.message) == [
        #"unknown Heating value "geothermal", and Heating cannot decode values it does not "#
          + "know (no `unknown` case)"
      ])
  }
}
