import CodableResilience
import Foundation

/// What the tests need from a top-level decoder, so one test runs on JSON and property lists.
protocol TopLevelDecoding {
  var userInfo: [CodingUserInfoKey: any Sendable] { get set }
  func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T
}

/// The conveniences the package adds to `JSONDecoder` and `PropertyListDecoder` alike.
protocol UnknownValueDecoding: TopLevelDecoding {
  var unknownValueHandler: UnknownValueHandler { get set }
  func decodeCollectingUnknownValues<T: Decodable>(
    _ type: T.Type, from data: Data
  ) throws -> (value: T, unknownValues: [UnknownValue])
  func decodeStrictly<T: Decodable>(_ type: T.Type, from data: Data) throws -> T
}

extension JSONDecoder: UnknownValueDecoding {}
extension PropertyListDecoder: UnknownValueDecoding {}

/// The two formats the package's decoder conveniences cover.
enum Format: String, CaseIterable, Sendable {
  case json
  case propertyList

  func makeDecoder() -> any UnknownValueDecoding {
    switch self {
    case .json: JSONDecoder()
    case .propertyList: PropertyListDecoder()
    }
  }

  func encode(_ value: some Encodable) throws -> Data {
    switch self {
    case .json: try JSONEncoder().encode(value)
    case .propertyList: try PropertyListEncoder().encode(value)
    }
  }
}
