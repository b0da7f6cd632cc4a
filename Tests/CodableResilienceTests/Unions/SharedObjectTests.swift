import CodableResilience
import Foundation
import Testing

// A union whose fields sit beside the tag hands its variant the keyed container it read the tag
// from, under the variant's key type. These tests hold every read a variant can make through
// it to the same variant decoded on its own from the same object: values, errors (case, path,
// key type and message) and the key strategy.

private struct Room: Codable, Equatable {
  var id: Int
  var name: String
  var beds: Int?
  var size: Size?

  enum CodingKeys: String, CodingKey {
    case id, name, beds, size
  }

  struct Size: Codable, Equatable {
    var width: Int
  }
}

/// Reads through every other entry point: all keys, a nested keyed and unkeyed container,
/// `superDecoder(forKey:)`, `superDecoder()`, `decodeNil` and `contains`.
private struct Apartment: Decodable, Equatable {
  var keys: [String]
  var floor: Int
  var views: [String]
  var price: Int
  var whole: [String: JSONValue]
  var noteIsNull: Bool
  var hasExtra: Bool

  enum CodingKeys: String, CodingKey {
    case type, layout, views, price, note, extra
  }

  enum LayoutKeys: String, CodingKey {
    case floor
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    keys = container.allKeys.map(\.stringValue).sorted()
    floor = try container.nestedContainer(keyedBy: LayoutKeys.self, forKey: .layout)
      .decode(Int.self, forKey: .floor)
    var viewList = try container.nestedUnkeyedContainer(forKey: .views)
    var views: [String] = []
    while !viewList.isAtEnd {
      views.append(try viewList.decode(String.self))
    }
    self.views = views
    price = try Int(from: container.superDecoder(forKey: .price))
    whole = try [String: JSONValue](from: container.superDecoder())
    noteIsNull = try container.decodeNil(forKey: .note)
    hasExtra = container.contains(.extra)
  }
}

private enum Stay: TaggedUnion, Decodable, Equatable {
  case room(Room)
  case apartment(Apartment)
  case unknown(UnknownVariant)

  /// The variant's value, whichever it is.
  var variant: Any {
    switch self {
    case .room(let room): room
    case .apartment(let apartment): apartment
    case .unknown(let variant): variant
    }
  }

  init?(tag: String, from decoder: any Decoder) throws {
    switch tag {
    case "room": self = .room(try Room(from: decoder))
    case "suite": self = .apartment(try Apartment(from: decoder))
    default: return nil
    }
  }
}

@Suite struct SharedObjectTests {
  static let rooms = [
    #"{"type": "room", "id": 1, "name": "Loft"}"#,
    #"{"type": "room", "id": 1, "name": "Loft", "beds": 2, "size": {"width": 4}}"#,
    #"{"type": "room", "id": 1, "name": "Loft", "beds": null}"#,
    #"{"type": "room", "name": "Loft"}"#,
    #"{"type": "room", "id": "one", "name": "Loft"}"#,
    #"{"type": "room", "id": 1, "name": null}"#,
    #"{"type": "room", "id": 1, "name": "Loft", "size": {}}"#,
    #"{"type": "room", "id": 1, "name": "Loft", "beds": "two"}"#,
    #"{"type": "room", "id": 1e400, "name": "Loft"}"#,
  ]

  /// The union's decode of `json` and `Variant`'s own, as text.
  func decodes<Variant: Decodable>(_ json: String, as _: Variant.Type) -> [String] {
    let data = Data(json.utf8)
    return [
      outcomeText { "\(try JSONDecoder().decode(Stay.self, from: data).variant)" },
      outcomeText { "\(try JSONDecoder().decode(Variant.self, from: data))" },
    ]
  }

  @Test("a variant reads as it does on its own", arguments: rooms)
  func roomsReadAsOnTheirOwn(_ json: String) {
    let outcomes = decodes(json, as: Room.self)
    #expect(outcomes[0] == outcomes[1])
  }

  static let suites = [
    #"{"type": "suite", "layout": {"floor": 3}, "views": ["sea"], "price": 9, "note": null, "super": {"a": 1}}"#,
    #"{"type": "suite", "layout": {"floor": 3}, "views": [], "price": 9, "note": 1, "extra": 0, "super": {}}"#,
    #"{"type": "suite", "layout": {}, "views": [], "price": 9, "note": null, "super": {"a": 1}}"#,
    #"{"type": "suite", "layout": {"floor": 3}, "views": [1], "price": 9, "note": null, "super": {"a": 1}}"#,
    #"{"type": "suite", "layout": {"floor": 3}, "views": ["sea"], "price": "9", "note": null, "super": {}}"#,
    #"{"type": "suite", "layout": {"floor": 3}, "views": ["sea"], "price": 9}"#,
  ]

  @Test("every container entry point reads as on its own", arguments: suites)
  func suitesReadAsOnTheirOwn(_ json: String) {
    let outcomes = decodes(json, as: Apartment.self)
    #expect(outcomes[0] == outcomes[1])
  }

  @Test("every container entry point reads through the shared container")
  func apartmentReads() throws {
    let data = Data(Self.suites[1].utf8)
    guard case .apartment(let apartment) = try JSONDecoder().decode(Stay.self, from: data) else {
      Issue.record("not an apartment")
      return
    }
    #expect(apartment.keys == ["extra", "layout", "note", "price", "type", "views"])
    #expect(apartment.floor == 3 && apartment.price == 9 && apartment.views == [])
    #expect(apartment.whole == [:] && !apartment.noteIsNull && apartment.hasExtra)
  }

  @Test("an error names the variant's own key, as its own container does")
  func errorsNameTheVariantsKey() throws {
    let data = Data(#"[{"type": "room", "name": "Loft"}]"#.utf8)
    let error = expectDecodingError(.keyNotFound, at: "$[0].id") {
      try JSONDecoder().decode([Stay].self, from: data)
    }
    guard case .keyNotFound(let key, let context) = error else { return }
    #expect(key is Room.CodingKeys)
    #expect(context.debugDescription.contains("CodingKeys(stringValue: \"id\""))
    let mismatch = expectDecodingError(.typeMismatch, at: "$[0].id") {
      try JSONDecoder().decode([Stay].self, from: Data(#"[{"type": "room", "id": "x"}]"#.utf8))
    }
    #expect(mismatch?.context?.codingPath.last is Room.CodingKeys)
  }

  @Test("the key strategy applies to the variant's keys as to its own container")
  func keyStrategy() throws {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let data = Data(#"{"type": "room", "id": 1, "name": "Loft", "size": {"width": 2}}"#.utf8)
    let alone = try decoder.decode(Room.self, from: data)
    #expect(try decoder.decode(Stay.self, from: data) == .room(alone))
  }

  @Test("a missing tag throws as a container keyed by the tag's key does")
  func missingTag() {
    let error = expectDecodingError(.keyNotFound, at: "$.type") {
      try JSONDecoder().decode(Stay.self, from: Data(#"{"id": 1}"#.utf8))
    }
    #expect(error?.context?.debugDescription.contains("TagCodingKey<") == true)
  }

  /// A variant that needs the union's decoder itself reads through a single-value container.
  @Test("a single-value container reaches the decoder the union got")
  func singleValueContainerReachesTheUnionsDecoder() throws {
    struct DecoderType: Decodable {
      var name: String
      init(from decoder: any Decoder) throws {
        name = "\(type(of: decoder))"
      }
    }
    enum Probe: TaggedUnion {
      case shared(DecoderType)
      case reached(DecoderType)
      case unknown(UnknownVariant)

      init?(tag: String, from decoder: any Decoder) throws {
        switch tag {
        case "shared": self = .shared(try DecoderType(from: decoder))
        case "reached":
          self = .reached(try decoder.singleValueContainer().decode(DecoderType.self))
        default: return nil
        }
      }
    }
    let alone = try JSONDecoder().decode(DecoderType.self, from: Data("{}".utf8)).name
    let reached = try JSONDecoder().decode(Probe.self, from: Data(#"{"type": "reached"}"#.utf8))
    let shared = try JSONDecoder().decode(Probe.self, from: Data(#"{"type": "shared"}"#.utf8))
    guard case .reached(let viaContainer) = reached, case .shared(let direct) = shared else {
      Issue.record("decoded \(reached), \(shared)")
      return
    }
    #expect(viaContainer.name == alone)
    #expect(direct.name != alone)
  }
}
