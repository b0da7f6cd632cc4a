import CodableResilience
import Foundation
import Testing

struct UnknownValueCollectorTests {
  enum Kind: String, Codable, UnknownDecodable, Sendable {
    case house
    case unknown
  }

  enum Heating: String, Codable, Sendable {
    case gas
  }

  struct Region: ExtensibleEnum, ExpressibleByStringLiteral {
    var rawValue: String
    static let knownValues: [Region] = ["north"]
  }

  struct Unit: Codable, Sendable {
    var kind: Kind
    @DecodeUnknownAsNil var heating: Heating?
    var region: Region
  }

  static func value(_ rawValue: String) -> UnknownValue {
    UnknownValue(typeName: "Kind", rawValue: rawValue, codingPath: [])
  }

  @Test func startsEmpty() {
    #expect(UnknownValueCollector().values.isEmpty)
  }

  @Test func keepsValuesInTheOrderReported() throws {
    let collector = UnknownValueCollector()
    collector.append(Self.value("a"))
    try UnknownValueHandler.collect(into: collector)(Self.value("b"))
    collector.append(Self.value("c"))
    #expect(collector.values.map(\.rawValue) == ["a", "b", "c"])
  }

  @Test func removeAllReturnsTheValuesAndEmpties() {
    let collector = UnknownValueCollector()
    collector.append(Self.value("a"))
    collector.append(Self.value("b"))
    #expect(collector.removeAll().map(\.rawValue) == ["a", "b"])
    #expect(collector.values.isEmpty)
    collector.append(Self.value("c"))
    #expect(collector.values.map(\.rawValue) == ["c"])
  }

  @Test func valuesIsASnapshot() {
    let collector = UnknownValueCollector()
    collector.append(Self.value("a"))
    let snapshot = collector.values
    collector.append(Self.value("b"))
    #expect(snapshot.map(\.rawValue) == ["a"])
  }

  @Test func handlerCollectsAcrossDecodes() throws {
    let collector = UnknownValueCollector()
    let decoder = JSONDecoder()
    decoder.userInfo[.unknownValueHandler] = UnknownValueHandler.collect(into: collector)
    _ = try decoder.decode([Kind].self, from: json(#"["castle"]"#))
    _ = try decoder.decode([Kind].self, from: json(#"["house", "igloo"]"#))
    #expect(collector.values.map(\.path) == ["$[0]", "$[1]"])
    #expect(collector.values.map(\.rawValue) == ["castle", "igloo"])
  }

  // MARK: - Concurrency

  static let decodeCount = 16
  static let unitsPerDecode = 24

  /// The payload of one decode: every unit has one unknown value, from one of the three tools
  /// in turn, under a key that names the decode.
  static func payload(forDecode decode: Int) -> Data {
    let units = (0..<unitsPerDecode).map { unit in
      switch unit % 3 {
      case 0: #"{"kind": "castle", "heating": "gas", "region": "north"}"#
      case 1: #"{"kind": "house", "heating": "peat", "region": "north"}"#
      default: #"{"kind": "house", "region": "south"}"#
      }
    }
    return json(#"{"decode \#(decode)": [\#(units.joined(separator: ","))]}"#)
  }

  static func expectedPaths(forDecode decode: Int) -> [String] {
    (0..<unitsPerDecode).map { unit in
      let field = ["kind", "heating", "region"][unit % 3]
      return #"$["decode \#(decode)"][\#(unit)].\#(field)"#
    }
  }

  @Test func concurrentDecodesSharingOneCollectorLoseNothing() async throws {
    let collector = UnknownValueCollector()
    let handler = UnknownValueHandler.collect(into: collector)
    let decoded = try await withThrowingTaskGroup(of: Int.self) { group in
      for decode in 0..<Self.decodeCount {
        group.addTask {
          let decoder = JSONDecoder()
          decoder.unknownValueHandler = handler
          let units = try decoder.decode(
            [String: [Unit]].self, from: Self.payload(forDecode: decode))
          return units.values.reduce(0) { $0 + $1.count }
        }
      }
      return try await group.reduce(0, +)
    }
    #expect(decoded == Self.decodeCount * Self.unitsPerDecode)

    let paths = collector.values.map(\.path)
    let expected = (0..<Self.decodeCount).flatMap(Self.expectedPaths(forDecode:))
    #expect(paths.count == Self.decodeCount * Self.unitsPerDecode)
    #expect(paths.sorted() == expected.sorted())
    #expect(Set(paths).count == paths.count)
  }

  static let appendsPerTask = 4_000

  @Test func concurrentAppendsLoseNothing() async {
    let collector = UnknownValueCollector()
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<16 {
        group.addTask {
          for index in 0..<Self.appendsPerTask {
            collector.append(Self.value("\(task)-\(index)"))
          }
        }
      }
    }
    let rawValues = collector.values.map(\.rawValue)
    #expect(rawValues.count == 16 * Self.appendsPerTask)
    #expect(Set(rawValues).count == 16 * Self.appendsPerTask)
  }

  /// Past the collector's first few hundred values, which it keeps in chunks: order, count and
  /// emptying hold across chunk boundaries.
  @Test(arguments: [511, 512, 513, 1_024, 1_537])
  func keepsOrderAcrossChunks(_ count: Int) {
    let collector = UnknownValueCollector()
    for index in 0..<count {
      collector.append(Self.value("v\(index)"))
    }
    let expected = (0..<count).map { "v\($0)" }
    #expect(collector.values.map(\.rawValue) == expected)
    #expect(collector.removeAll().map(\.rawValue) == expected)
    #expect(collector.values.isEmpty)
    collector.append(Self.value("after"))
    #expect(collector.values.map(\.rawValue) == ["after"])
  }
}
