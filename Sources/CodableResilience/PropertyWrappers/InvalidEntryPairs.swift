// How `SkipInvalidElements` reads and writes a dictionary whose keys a JSON object's keys
// cannot be (`Double`, `Bool`, a struct, an enum that is not `CodingKeyRepresentable`): as
// `Dictionary` itself does, as an array of alternating keys and values. An entry whose key or
// value throws a `DecodingError` is left out as an array's element is, reported and kept at
// the index of the element that failed; it is written back with the other half of its pair.

extension Dictionary {
  /// Whether `Dictionary` writes this dictionary as an array of keys and values: its keys are
  /// not `String`, `Int` or `CodingKeyRepresentable`, the keys a JSON object holds.
  static var isWrittenAsPairs: Bool {
    !(Key.self is any CodingKeyRepresentable.Type)
  }
}

extension Dictionary where Key: Decodable, Value: Decodable {
  /// Reads the array of keys and values `decoder` holds, leaving out the entries that throw,
  /// and throwing for an array that is not pairs, as `Dictionary` does.
  static func readPairsSkippingInvalidElements(
    from decoder: any Decoder
  ) throws -> (value: Any, left: LeftOutElements?, readNull: Bool) {
    var container = try keyValuePairs(in: decoder)
    var entries: [Key: Value] = [:]
    var invalid: [InvalidElement] = []
    // Every element as it was read, keys and values, those left out as their JSON.
    var readOrder: [Any] = []
    func leaveOut(_ type: Any.Type, _ error: any Error, at index: Int) throws -> JSONValue {
      guard let failure = elementFailure(error) else { throw error }
      let element = try CodableResilience.leaveOut(
        type, at: index, error: failure, from: &container, userInfo: decoder.userInfo,
        reopen: { try decoder.unkeyedContainer() })
      invalid.append(element)
      return element.json
    }
    while !container.isAtEnd {
      let index = container.currentIndex
      var key: Key?
      do {
        key = try container.decode(Key.self)
        readOrder.append(key!)
      } catch {
        readOrder.append(try leaveOut(Key.self, error, at: index))
      }
      try requireValue(after: container, in: decoder)
      guard let key else {
        // The key failed: its value goes with it, unread as a `Value`.
        readOrder.append(try container.decode(JSONReadAgain.self).json)
        continue
      }
      do {
        let value = try container.decode(Value.self)
        entries[key] = value
        readOrder.append(value)
      } catch {
        readOrder.append(try leaveOut(Value.self, error, at: index + 1))
      }
    }
    guard !invalid.isEmpty else { return (entries, nil, false) }
    return (entries, LeftOutElements(invalid, readOrder: readOrder), false)
  }
}

extension Dictionary where Value: Encodable {
  /// Writes the array of keys and values that was read when unmodified; otherwise the current
  /// entries, then each entry left out as it was read.
  func writePairs(keeping left: LeftOutElements, asRead: Bool, to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    let order = left.readOrder ?? []
    if asRead {
      for element in order {
        try container.encode(EncodableIfPossible(element))
      }
      return
    }
    for (key, value) in self {
      try container.encode(EncodableIfPossible(key))
      try container.encode(value)
    }
    for element in left.records {
      guard case .index(let index) = element.location, index / 2 * 2 + 1 < order.count else {
        continue
      }
      try container.encode(EncodableIfPossible(order[index / 2 * 2]))
      try container.encode(EncodableIfPossible(order[index / 2 * 2 + 1]))
    }
  }
}
