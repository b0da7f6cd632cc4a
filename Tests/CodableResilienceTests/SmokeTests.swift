import CodableResilience
import Foundation
import Testing

struct Region: ExtensibleEnum, ExpressibleByStringLiteral {
  var rawValue: String
  static let north: Region = "north"
}

struct Code: ExtensibleEnum, ExpressibleByIntegerLiteral {
  var rawValue: Int
  static let notFound: Code = 404
}

enum Fuel: String, Codable, UnknownDecodable, CaseIterable { case petrol, diesel, unknown }

struct Car: Codable, Equatable {
  @DecodeUnknownAsNil var fuel: Fuel?
}

@Test func smoke() throws {
  let d = JSONDecoder()
  let c = UnknownValueCollector()
  d.unknownValueHandler = .collect(into: c)
  let regions = try d.decode([Region: Int].self, from: Data(#"{"north": 1, "odd key": 2}"#.utf8))
  #expect(regions[.north] == 1)
  let enc = try JSONEncoder().encode(regions)
  print(String(decoding: enc, as: UTF8.self))
  let codes = try d.decode([Code: Int].self, from: Data(#"{"404": 1}"#.utf8))
  #expect(codes[.notFound] == 1)
  let fuels = try d.decode([[Fuel]].self, from: Data(#"[["petrol"], ["x", "diesel"]]"#.utf8))
  #expect(fuels == [[.petrol], [.unknown, .diesel]])
  let cars = try d.decode([String: Car].self, from: Data(#"{"odd key": {"fuel": "hydrogen"}, "b": {}, "c": {"fuel": null}}"#.utf8))
  print(c.values.map(\.description))
  print(String(decoding: try JSONEncoder().encode(cars), as: UTF8.self))
  do {
    _ = try d.decodeStrictly([Fuel].self, from: Data(#"["petrol", "x"]"#.utf8))
  } catch { print(error) }
}
