import CodableResilience
import Foundation
import Testing

// An array property of a toolkit type reads every element once with a light decoder, then
// reads again, through the array container's generic path, only the elements that asked for
// `userInfo`. These tests hold that to Foundation's generic path (the same array behind
// `GenericHolder<T>`) for arrays with several unknown values, and for an element that reads
// `userInfo` for a setting of its own rather than to report.

private enum Amenity: String, Codable, UnknownDecodable, CaseIterable, Sendable {
  case wifi, pool, sauna
  case unknown
}

/// An `ExtensibleEnum` that reads a setting from `userInfo` for every value, known or not.
private struct Prefixed: ExtensibleEnum {
  static let prefix = CodingUserInfoKey(rawValue: "ArrayRereadTests.prefix")!
  static let knownValues: [Prefixed] = [Prefixed(rawValue: "a"), Prefixed(rawValue: "b")]

  var rawValue: String
  init(rawValue: String) { self.rawValue = rawValue }

  init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    let prefix = decoder.userInfo[Self.prefix] as? String ?? ""
    self.init(rawValue: prefix + text)
  }
}

private enum Level: Int, Codable, UnknownDecodable, CaseIterable, Sendable {
  case low = 1
  case high = 2
  case unknown = 0
}

private enum Heating: String, Codable, Sendable {
  case gas, electric
}

private struct AmenityList: Decodable { var value: [Amenity] }
private struct LevelList: Decodable { var value: [Level] }
private struct HeatingList: Decodable { var value: [DecodeUnknownAsNil<Heating>] }
private struct OptionalAmenityList: Decodable { var value: [Amenity]? }
private struct PrefixedList: Decodable { var value: [Prefixed] }
private struct GenericHolder<Value: Decodable>: Decodable { var value: Value }

/// What one decode gave: the value or the error, and the reports, as comparable text.
private func observe<T: Decodable>(
  _ type: T.Type, _ json: String, strict: Bool, userInfo: [CodingUserInfoKey: any Sendable] = [:],
  value: (T) -> Any
) -> String {
  let collector = UnknownValueCollector()
  let decoder = JSONDecoder()
  decoder.userInfo = userInfo
  decoder.unknownValueHandler = strict ? .strict : .collect(into: collector)
  let outcome = outcomeText { "\(value(try decoder.decode(type, from: Data(json.utf8))))" }
  let reports = collector.values.map { "\($0.typeName) \($0.rawValue) at \($0.path)" }
  return "\(outcome); reports \(reports)"
}

@Suite struct ArrayRereadTests {
  static let amenityArrays = [
    #"{"value": ["wifi", "hot_tub", "pool", "bbq", "sauna"]}"#,
    #"{"value": ["hot_tub", "bbq"]}"#,
    #"{"value": ["hot_tub", "wifi"]}"#,
    #"{"value": ["wifi", "pool", "crib"]}"#,
    #"{"value": ["hot_tub", 7, "pool"]}"#,
    #"{"value": ["wifi", "hot_tub", null]}"#,
  ]

  @Test(
    "arrays with unknown values decode and report as the generic path", arguments: amenityArrays)
  func unknownValuesAtEveryPosition(_ json: String) {
    for strict in [false, true] {
      let generic = observe(GenericHolder<[Amenity]>.self, json, strict: strict) { $0.value as Any }
      #expect(observe(AmenityList.self, json, strict: strict) { $0.value as Any } == generic)
      let optional = observe(GenericHolder<[Amenity]?>.self, json, strict: strict) {
        $0.value as Any
      }
      #expect(
        observe(OptionalAmenityList.self, json, strict: strict) { $0.value as Any } == optional)
    }
  }

  // The elements before an unknown one are passed over with a read of their raw value's type
  // (`Int` here, `String` above), and the generic way from the first one that read fails on,
  // as a `null` does below.
  @Test(
    "Int arrays with unknown values decode and report as the generic path",
    arguments: [
      #"{"value": [1, 9, 2, 8, 1]}"#, #"{"value": [9, 1]}"#, #"{"value": [1, 2, 9]}"#,
      #"{"value": [1, "x", 9]}"#, #"{"value": [1, 2.5, 9]}"#,
    ])
  func intArrays(_ json: String) {
    for strict in [false, true] {
      let generic = observe(GenericHolder<[Level]>.self, json, strict: strict) { $0.value as Any }
      #expect(observe(LevelList.self, json, strict: strict) { $0.value as Any } == generic)
    }
  }

  @Test(
    "arrays read with nil and string reads decode and report as the generic path",
    arguments: [
      #"{"value": [null, "geothermal", "gas"]}"#, #"{"value": ["gas", null, "solar", null]}"#,
      #"{"value": ["gas", "electric", "solar"]}"#,
    ])
  func mixedReads(_ json: String) {
    let describe = { (values: [DecodeUnknownAsNil<Heating>]) in
      values.map { "\($0.wrappedValue as Any) \($0.unknownRawValue as Any)" }
    }
    typealias Generic = GenericHolder<[DecodeUnknownAsNil<Heating>]>
    for strict in [false, true] {
      let generic = observe(Generic.self, json, strict: strict) { describe($0.value) }
      #expect(observe(HeatingList.self, json, strict: strict) { describe($0.value) } == generic)
    }
  }

  @Test("every unknown element is reported once, in order, at its own index")
  func reportsInOrder() throws {
    let collector = UnknownValueCollector()
    let decoder = JSONDecoder()
    decoder.unknownValueHandler = .collect(into: collector)
    let list = try decoder.decode(
      AmenityList.self,
      from: Data(#"{"value": ["wifi", "hot_tub", "pool", "bbq", "sauna"]}"#.utf8))
    #expect(list.value == [.wifi, .unknown, .pool, .unknown, .sauna])
    #expect(collector.values.map(\.path) == ["$.value[1]", "$.value[3]"])
    #expect(collector.values.map(\.rawValue) == ["hot_tub", "bbq"])
  }

  @Test("strict fails at the first unknown element, as the generic path does")
  func strictFailsAtTheFirst() {
    let decoder = JSONDecoder()
    decoder.unknownValueHandler = .strict
    _ = expectDecodingError(.dataCorrupted, at: "$.value[1]") {
      try decoder.decode(
        AmenityList.self, from: Data(#"{"value": ["wifi", "hot_tub", "bbq"]}"#.utf8))
    }
  }

  @Test("an element that reads userInfo for a setting gets the decoder's own")
  func elementsSeeTheDecodersUserInfo() throws {
    let json = #"{"value": ["a", "zz", "b"]}"#
    for strict in [false, true] {
      let userInfo: [CodingUserInfoKey: any Sendable] = [Prefixed.prefix: "x-"]
      let concrete = observe(PrefixedList.self, json, strict: strict, userInfo: userInfo) {
        $0.value.map(\.rawValue)
      }
      let generic = observe(
        GenericHolder<[Prefixed]>.self, json, strict: strict, userInfo: userInfo
      ) { $0.value.map(\.rawValue) }
      #expect(concrete == generic)
      if !strict {
        #expect(concrete.hasPrefix(#"["x-a", "x-zz", "x-b"]"#))
      }
    }
  }
}
