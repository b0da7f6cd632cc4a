// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

import CodableResilience
import Foundation

// Stand-ins for the app the documentation talks about: the models, payloads and logger its
// examples use without declaring them. `.ci/doc-check` compiles this file as the module
// `MyAppModels`, which every example imports, so the README's and the DocC articles' code
// blocks compile as they are shown. Not a SwiftPM target.

// They are public only for the examples' modules to see them, and need no documentation of
// their own: the articles that use them are theirs.

// MARK: - A shop's models (decode-check and the testing kit)

public struct Order: Codable, Equatable, Sendable {
  public var id: Int
  public var status: String
}

public struct Customer: Codable, Equatable, Sendable {
  public var id: Int
  public var name: String
}

public struct Invoice: Codable, Equatable, Sendable {
  public var number: String
  public var total: Double
}

public struct Receipt: Codable, Equatable, Sendable {
  public var number: String
}

// MARK: - A feed (tagged unions)

public struct Post: Codable, Sendable {
  public var title: String
}

public struct Ad: Codable, Sendable {
  public var advertiser: String
}

// MARK: - A holiday-rental app (the CodableResilience articles)

public enum ListingKind: String, Codable, Sendable, UnknownDecodable, CaseIterable {
  case house, flat, cabin
  case unknown
}

public struct Listing: Codable, Sendable {
  public var kind: ListingKind
}

public struct ListingPage: Codable, Sendable {
  public var listings: [Listing]
}

/// A page the server sent after it added `"castle"`.
public let data = Data(#"{"listings": [{"kind": "house"}, {"kind": "castle"}]}"#.utf8)

public enum Heating: String, Codable, Sendable {
  case gas, electric
}

public struct Currency: ExtensibleEnum, ExpressibleByStringLiteral {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let usd: Currency = "USD"
}

/// The app's logger; it writes nowhere.
public struct Logger: Sendable {
  public func warning(_ message: String) {}
}

public let logger = Logger()

// MARK: - The app's decoders (decode-check)

extension CodingUserInfoKey {
  /// A `userInfo` key the app's models read.
  public static let apiVersion = CodingUserInfoKey(rawValue: "apiVersion")!
}

/// The decoder of the app's billing service.
@Sendable public func makeBillingDecoder() -> JSONDecoder {
  let decoder = JSONDecoder()
  decoder.dateDecodingStrategy = .secondsSince1970
  return decoder
}
