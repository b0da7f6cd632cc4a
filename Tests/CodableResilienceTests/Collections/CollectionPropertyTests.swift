import CodableResilience
import Foundation
import Testing

// The collection wrappers' keyed overloads read an all-known array straight from a nested
// container, and hand anything else to the wrapper's own `init(from:)`. These tests hold each
// overload, through the concrete model a user writes, to what Foundation's generic path (the
// wrapper's `init(from:)`, reached through `Envelope<T>`) does with the same JSON: the same
// value, the same reports at the same paths, the same error.

private enum Badge: String, Codable, Hashable, Sendable {
  case verified, superhost, new
}

private enum Floor: Int, Codable, Hashable, Sendable {
  case ground = 0
  case first = 1
}

private struct BadgeList: Decodable { @SkipUnknownElements var value: [Badge] }
private struct BadgeSet: Decodable { @SkipUnknownElements var value: Set<Badge> }
private struct OptionalBadgeList: Decodable { @SkipUnknownElements var value: [Badge]? }
private struct OptionalBadgeSet: Decodable { @SkipUnknownElements var value: Set<Badge>? }
private struct FloorList: Decodable { @SkipUnknownElements var value: [Floor] }

private struct GenericHolder<Value: Decodable>: Decodable { var value: Value }

/// Decodes with `JSONDecoder`, or with a third-party decoder around it.
private func decode<T: Decodable>(
  _ type: T.Type, from data: Data, handler: UnknownValueHandler, forwarding: Bool
) throws -> T {
  guard forwarding else {
    let decoder = JSONDecoder()
    decoder.unknownValueHandler = handler
    return try decoder.decode(type, from: data)
  }
  return try ForwardingDecoder.decode(type, from: data, userInfo: [.unknownValueHandler: handler])
}

/// What one decode did, as text that is equal when the outcomes are.
private func observe(strict: Bool, _ decode: (UnknownValueHandler) throws -> String) -> String {
  let collector = UnknownValueCollector()
  let outcome = outcomeText { try decode(strict ? .strict : .collect(into: collector)) }
  let reports = collector.values.map { "\($0.rawValue) at \($0.path)" }
  return "\(outcome); reports \(reports)"
}

/// The elements' raw values (sorted for a set, whose order is its own), and the skipped ones.
private func describe<Elements>(_ wrapper: SkipUnknownElements<Elements>, isSet: Bool) -> String
where Elements.Element: RawRepresentable {
  let elements: [Elements.Element]
  switch wrapper.wrappedValue {
  case let array as [Elements.Element]: elements = array
  case let optional as [Elements.Element]?:
    guard let array = optional else { return "nil" }
    elements = array
  case let set as any Sequence:
    elements = set.map { $0 as! Elements.Element }
  default: return "nil"
  }
  let rawValues = elements.map { "\($0.rawValue)" }
  return "\(isSet ? rawValues.sorted() : rawValues), unknown \(wrapper.unknownRawValues)"
}

private struct CollectionCase: Sendable, CustomTestStringConvertible {
  let testDescription: String
  let concrete: @Sendable (Data, UnknownValueHandler, Bool) throws -> String
  let generic: @Sendable (Data, UnknownValueHandler, Bool) throws -> String

  init<Model: Decodable & SendableMetatype, Elements: SendableMetatype>(
    _ name: String, _: Model.Type, isSet: Bool = false,
    _ value: @escaping @Sendable (Model) -> SkipUnknownElements<Elements>
  ) where Elements.Element: RawRepresentable & Decodable {
    testDescription = name
    concrete = { data, handler, forwarding in
      describe(
        value(try decode(Model.self, from: data, handler: handler, forwarding: forwarding)),
        isSet: isSet)
    }
    generic = { data, handler, forwarding in
      let holder = try decode(
        GenericHolder<SkipUnknownElements<Elements>>.self, from: data, handler: handler,
        forwarding: forwarding)
      return describe(holder.value, isSet: isSet)
    }
  }
}

private let stringSamples = [
  "[]", #"["verified"]"#, #"["verified", "superhost", "verified"]"#,
  #"["verified", "legend", "new", "icon"]"#, #"["legend"]"#, #"["verified", 42]"#,
  #"["verified", null]"#, "null", #""verified""#, #"{"verified": 1}"#, "12",
]

private let collectionCases: [(CollectionCase, [String])] = [
  (CollectionCase("[Badge]", BadgeList.self) { $0.$value }, stringSamples),
  (CollectionCase("Set<Badge>", BadgeSet.self, isSet: true) { $0.$value }, stringSamples),
  (CollectionCase("[Badge]?", OptionalBadgeList.self) { $0.$value }, stringSamples),
  (CollectionCase("Set<Badge>?", OptionalBadgeSet.self, isSet: true) { $0.$value }, stringSamples),
  (
    CollectionCase("[Floor]", FloorList.self) { $0.$value },
    ["[]", "[0, 1, 1]", "[0, 7, 1]", "[7]", #"[0, "1"]"#, "[0, null]", "[0, 1.5]", "null", "0"]
  ),
]

@Suite struct CollectionPropertyTests {
  @Test(arguments: collectionCases)
  fileprivate func propertyDecodesAsTheGenericPath(_ subject: CollectionCase, samples: [String]) {
    for sample in samples {
      let data = Data(#"{"value": \#(sample)}"#.utf8)
      for strict in [false, true] {
        for forwarding in [false, true] {
          let concrete = observe(strict: strict) { try subject.concrete(data, $0, forwarding) }
          let generic = observe(strict: strict) { try subject.generic(data, $0, forwarding) }
          let mode = "\(strict ? "strict" : "collecting")\(forwarding ? ", forwarding" : "")"
          #expect(concrete == generic, "\(sample), \(mode)")
        }
      }
    }
  }

  /// A missing key: `keyNotFound` for a collection, `nil` for an optional one, as before.
  @Test func missingKey() throws {
    let empty = Data("{}".utf8)
    let list = #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(BadgeList.self, from: empty)
    }
    let set = #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(BadgeSet.self, from: empty)
    }
    for error in [list, set] {
      #expect(error?.kind == .keyNotFound)
      #expect(error?.path == "$.value")
    }
    #expect(try JSONDecoder().decode(OptionalBadgeList.self, from: empty).value == nil)
    #expect(try JSONDecoder().decode(OptionalBadgeSet.self, from: empty).value == nil)
  }

  /// An unknown element is reported at its index below the property, and written back.
  @Test func unknownElementIsReportedAndKept() throws {
    let (list, unknown) = try JSONDecoder().decodeCollectingUnknownValues(
      BadgeList.self, from: Data(#"{"value": ["new", "legend", "verified"]}"#.utf8))
    #expect(list.value == [.new, .verified])
    #expect(list.$value.unknownRawValues == ["legend"])
    #expect(unknown.map(\.path) == ["$.value[1]"])
  }
}
