import CodableResilience
import Foundation
import Testing

// `@SkipInvalidElements` with decoders unlike `JSONDecoder`, and with handlers that throw.

/// A decoder whose arrays hand each element its own decoder, as several third-party decoders
/// do: the array's cursor has moved past an element by the time the element fails, so what was
/// left out must be read again from a new container.
struct AdvancingDecoder: Decoder {
  let base: any Decoder

  var codingPath: [any CodingKey] { base.codingPath }
  var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    try base.container(keyedBy: type)
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    AdvancingUnkeyedContainer(base: try base.unkeyedContainer())
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    try base.singleValueContainer()
  }

  /// Decodes `T` from JSON with this decoder around `JSONDecoder`'s.
  static func decode<T: Decodable>(_: T.Type, from data: Data, handler: UnknownValueHandler)
    throws -> T
  {
    let decoder = JSONDecoder()
    decoder.unknownValueHandler = handler
    return try decoder.decode(Root<T>.self, from: data).value
  }

  private struct Root<T: Decodable>: Decodable {
    let value: T
    init(from decoder: any Decoder) throws {
      value = try T(from: AdvancingDecoder(base: decoder))
    }
  }
}

/// Moves to the next element before it decodes the current one.
struct AdvancingUnkeyedContainer: UnkeyedDecodingContainer {
  var base: any UnkeyedDecodingContainer

  var codingPath: [any CodingKey] { base.codingPath }
  var count: Int? { base.count }
  var isAtEnd: Bool { base.isAtEnd }
  var currentIndex: Int { base.currentIndex }

  mutating func decode<T: Decodable>(_: T.Type) throws -> T { try next(T.self) }

  /// The current element, through a decoder of its own, which moves the cursor past it first.
  private mutating func next<T: Decodable>(_: T.Type) throws -> T {
    try T(from: AdvancingDecoder(base: try base.superDecoder()))
  }

  mutating func decodeNil() throws -> Bool { try base.decodeNil() }
  mutating func decode(_: Bool.Type) throws -> Bool { try next(Bool.self) }
  mutating func decode(_: String.Type) throws -> String { try next(String.self) }
  mutating func decode(_: Double.Type) throws -> Double { try next(Double.self) }
  mutating func decode(_: Float.Type) throws -> Float { try next(Float.self) }
  mutating func decode(_: Int.Type) throws -> Int { try next(Int.self) }
  mutating func decode(_: Int8.Type) throws -> Int8 { try next(Int8.self) }
  mutating func decode(_: Int16.Type) throws -> Int16 { try next(Int16.self) }
  mutating func decode(_: Int32.Type) throws -> Int32 { try next(Int32.self) }
  mutating func decode(_: Int64.Type) throws -> Int64 { try next(Int64.self) }
  mutating func decode(_: UInt.Type) throws -> UInt { try next(UInt.self) }
  mutating func decode(_: UInt8.Type) throws -> UInt8 { try next(UInt8.self) }
  mutating func decode(_: UInt16.Type) throws -> UInt16 { try next(UInt16.self) }
  mutating func decode(_: UInt32.Type) throws -> UInt32 { try next(UInt32.self) }
  mutating func decode(_: UInt64.Type) throws -> UInt64 { try next(UInt64.self) }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try base.nestedContainer(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    AdvancingUnkeyedContainer(base: try base.nestedUnkeyedContainer())
  }

  mutating func superDecoder() throws -> any Decoder {
    AdvancingDecoder(base: try base.superDecoder())
  }
}

@Suite("SkipInvalidElements with other decoders and throwing handlers")
struct SkipInvalidElementsDecoderTests {
  @Test("the decoder moves past a failing element, as the test needs it to")
  func cursorMovesPastAFailure() throws {
    struct Probe: Decodable {
      var index: Int
      init(from decoder: any Decoder) throws {
        var elements = try decoder.unkeyedContainer()
        _ = try? elements.decode(Reservation.self)
        index = elements.currentIndex
      }
    }
    let probe = try AdvancingDecoder.decode(
      Probe.self, from: Data(#"[{"id": 1}, 2]"#.utf8), handler: .ignore)
    #expect(probe.index == 1)
  }

  @Test(
    "a decoder that moved past an element reads the same as JSONDecoder",
    arguments: reservationArraySamples)
  func sameAsJSONDecoder(_ sample: String) {
    let data = Data(sample.utf8)
    for mode in HandlerMode.allCases {
      let expected = [
        Observation.of(
          { try $0.decode(ReservationList.self, from: data) }, relativeTo: "$", mode: mode),
        Observation.of(
          { try $0.decode(ReservationSet.self, from: data) }, relativeTo: "$", mode: mode),
      ]
      let actual = [
        Observation.of(
          { try AdvancingDecoder.decode(ReservationList.self, from: data, handler: handler($0)) },
          relativeTo: "$", mode: mode),
        Observation.of(
          { try AdvancingDecoder.decode(ReservationSet.self, from: data, handler: handler($0)) },
          relativeTo: "$", mode: mode),
      ]
      #expect(actual == expected, "\(mode)")
    }
  }

  /// The handler `Observation` installed on `decoder`.
  private func handler(_ decoder: JSONDecoder) -> UnknownValueHandler {
    decoder.unknownValueHandler
  }

  @Test(
    "a handler's own error fails every form of the collection, unchanged",
    arguments: [
      "[\(Reservations.first), \(Reservations.newRoom)]",
      #"{"a": \#(Reservations.first), "b": \#(Reservations.newRoom)}"#,
    ])
  func handlerErrorsFailTheCollection(_ sample: String) throws {
    let decoder = JSONDecoder()
    decoder.unknownValueHandler = .report { value in
      if value.kind == .unknownValue { throw UnknownValueError(unknownValue: value) }
    }
    let data = Data(sample.utf8)
    let decodes: [() throws -> Any] =
      sample.hasPrefix("[")
      ? [
        { try decoder.decode(SkipInvalidElements<[Reservation]>.self, from: data) },
        { try decoder.decode(SkipInvalidElements<Set<Reservation>>.self, from: data) },
        { try decoder.decode(SkipInvalidElements<[Reservation]?>.self, from: data) },
        {
          try decoder.decode(
            ReservationListAt.Property.self, from: Data(#"{"value": \#(sample)}"#.utf8))
        },
      ]
      : [
        { try decoder.decode(SkipInvalidElements<[String: Reservation]>.self, from: data) },
        { try decoder.decode(SkipInvalidElements<[String: Reservation]?>.self, from: data) },
        {
          try decoder.decode(
            ReservationsByNameAt.Property.self, from: Data(#"{"value": \#(sample)}"#.utf8))
        },
      ]
    for decode in decodes {
      let error = #expect(throws: UnknownValueError.self) { _ = try decode() }
      #expect(error?.unknownValue.rawValue == "suite")
    }
  }
}
