import CodableResilience
import Foundation
import Testing

// A dictionary keyed by an `ExtensibleEnum` has its own keyed overload, which does what
// `Dictionary`'s `init(from:)` does in code compiled for the key type. These tests hold it,
// through the concrete models a user writes, to `Dictionary`'s own path (reached through a
// generic holder): the same entries, the same reports, the same error case and path, with
// the default key strategy and with `convertFromSnakeCase`, which applies to such keys.

private struct RoomPrices: Holder { var value: [RoomCode: Int] }
private struct FloorKinds: Holder { var value: [FloorNumber: StringKind] }
private struct PickyPrices: Holder { var value: [PickyCode: Int] }

/// Accepts every key but `"refused"`, as a conformer with its own `init?(codingKey:)` may.
private struct PickyCode: ExtensibleEnum {
  var rawValue: String
  init(rawValue: String) { self.rawValue = rawValue }
  init?<T: CodingKey>(codingKey: T) {
    guard codingKey.stringValue != "refused" else { return nil }
    self.init(rawValue: codingKey.stringValue)
  }
}

private func observe<Value>(
  _ type: Value.Type, _ json: String, strict: Bool, snakeCase: Bool,
  describe: (Value) -> [String]
) -> String where Value: Decodable {
  let collector = UnknownValueCollector()
  let decoder = JSONDecoder()
  decoder.unknownValueHandler = strict ? .strict : .collect(into: collector)
  if snakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
  let outcome: String
  do {
    outcome = describe(try decoder.decode(Value.self, from: Data(#"{"value": \#(json)}"#.utf8)))
      .sorted().joined(separator: ", ")
  } catch let error as DecodingError {
    outcome = "\(error.kind) at \(error.path ?? "?")"
  } catch {
    outcome = "\(error)"
  }
  return "\(outcome); reports \(collector.values.map { "\($0.rawValue) at \($0.path)" })"
}

/// What the concrete model and `Dictionary`'s own path (the generic `Envelope`) did with
/// `json`, each entry described by `describe`.
private func concreteAndGeneric<Model: Holder, EntryKey: ExtensibleEnum, Value: Decodable>(
  _: Model.Type, _ json: String, strict: Bool, snakeCase: Bool = false,
  describe: (EntryKey, Value) -> String
) -> (concrete: String, generic: String)
where Model.Held == [EntryKey: Value], EntryKey: SendableMetatype, Value: SendableMetatype {
  let concrete = observe(Model.self, json, strict: strict, snakeCase: snakeCase) {
    $0.value.map { describe($0.key, $0.value) }
  }
  let generic = observe(
    Envelope<[EntryKey: Value]>.self, json, strict: strict, snakeCase: snakeCase
  ) {
    $0.value.map { describe($0.key, $0.value) }
  }
  return (concrete, generic)
}

@Suite struct ExtensibleEnumKeysTests {
  static let samples = [
    "{}", #"{"single": 1}"#, #"{"single": 1, "penthouse_suite": 2, "double": 3}"#,
    #"{"single": "one"}"#, #"{"single": null}"#, "null", "[]", #""single""#,
  ]

  @Test(arguments: samples, [false, true])
  func stringKeysDecodeAsDictionaryDoes(_ json: String, snakeCase: Bool) {
    for strict in [false, true] {
      let (concrete, generic) = concreteAndGeneric(
        RoomPrices.self, json, strict: strict, snakeCase: snakeCase
      ) { "\($0.rawValue)=\($1)" }
      #expect(concrete == generic, "\(json), strict \(strict)")
    }
  }

  @Test(arguments: [
    #"{"0": "house", "1": "castle"}"#, #"{"0": "house", "1": 7}"#, #"{"+1": "flat", "01": "flat"}"#,
    #"{"ground": "house"}"#,
  ])
  func integerKeysAndReportingValuesDecodeAsDictionaryDoes(_ json: String) {
    for strict in [false, true] {
      let (concrete, generic) = concreteAndGeneric(FloorKinds.self, json, strict: strict) {
        "\($0.rawValue)=\($1.rawValue)"
      }
      #expect(concrete == generic, "\(json), strict \(strict)")
    }
  }

  /// A key the type refuses throws where `Dictionary` throws it, with nothing reported twice.
  @Test func refusedKeyThrowsAsDictionaryDoes() {
    let json = #"{"fine": 1, "refused": 2}"#
    let (concrete, generic) = concreteAndGeneric(PickyPrices.self, json, strict: false) {
      "\($0.rawValue)=\($1)"
    }
    #expect(concrete == generic)
    #expect(concrete.hasPrefix("dataCorrupted at $.value"))
  }
}
