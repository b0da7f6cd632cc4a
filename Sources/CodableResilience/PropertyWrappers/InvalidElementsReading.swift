// How `SkipInvalidElements` reads and writes each kind of collection. Arrays (and sets) read
// each element with the container's own `decode`, exactly as a plain array does, so an array
// whose elements all decode costs what the plain one does; an element that throws a
// `DecodingError` is read again through the container as a `JSONValue` (the cursor is still on
// it), kept with its index and error, and reported. Dictionaries read each value inside a slot that catches its
// error, and report what they left out in key order, after the object is read, so reports and
// the error `.strict` throws do not depend on hash order. A dictionary whose keys an object
// cannot hold is read as pairs, as `Dictionary` reads it (`InvalidEntryPairs.swift`).

/// What ``SkipInvalidElements`` left out: each element that failed, and, for a set, every
/// element as it was read (known ones and the `JSONValue`s left out, duplicates included).
typealias LeftOutElements = LeftOut<InvalidElement>

/// A collection ``SkipInvalidElements`` can read.
protocol InvalidElementsReading {
  /// Reads the collection `decoder` holds; `readNull` when an optional one was `null`.
  static func readSkippingInvalidElements(
    from decoder: any Decoder
  ) throws -> (value: Any, left: LeftOutElements?, readNull: Bool)
}

/// A collection ``SkipInvalidElements`` can write with what it left out.
protocol InvalidElementsWriting {
  func write(keeping left: LeftOutElements, asRead: Bool, to encoder: any Encoder) throws
}

// MARK: - Arrays and sets

/// Reads the elements of an array, leaving out those that throw a `DecodingError`.
///
/// - Parameters:
///   - userInfo: the `userInfo` of the decoder that reads the array, asked for only when an
///     element is left out.
///   - reopen: the array's container anew, for a decoder whose cursor moved past an element
///     that failed.
@inlinable
func readElementsSkippingInvalid<Element: Decodable>(
  _: Element.Type,
  from container: inout any UnkeyedDecodingContainer,
  userInfo: () -> [CodingUserInfoKey: Any],
  reopen: () throws -> any UnkeyedDecodingContainer
) throws -> (elements: [Element], invalid: [InvalidElement]) {
  var elements: [Element] = []
  var invalid: [InvalidElement] = []
  if let count = container.count {
    elements.reserveCapacity(count)
  }
  while !container.isAtEnd {
    let index = container.currentIndex
    do {
      elements.append(try container.decode(Element.self))
    } catch {
      guard let failure = elementFailure(error) else { throw error }
      invalid.append(
        try leaveOut(
          Element.self, at: index, error: failure, from: &container, userInfo: userInfo(),
          reopen: reopen))
    }
  }
  return (elements, invalid)
}

/// The `DecodingError` an element threw, when it is one that leaves the element out; `nil` for
/// any other error (one a handler throws), which fails the collection.
///
/// `JSONDecoder` throws a number that does not fit the type asked for (`2.5` for an `Int`,
/// `300` for an `Int8`) as an internal error of its own while it decodes, and turns it into a
/// `DecodingError` only as it leaves the top level: `dataCorrupted`, with no coding path. The
/// element is left out with that error, the one a plain collection throws for it.
@usableFromInline
func elementFailure(_ error: any Error) -> DecodingError? {
  if let error = error as? DecodingError {
    return error
  }
  guard isJSONDecoderError(error) else { return nil }
  return .dataCorrupted(
    DecodingError.Context(
      codingPath: [], debugDescription: "The given data was not valid JSON.",
      underlyingError: error))
}

/// Reads the elements of the array `decoder` holds, leaving out those that throw a
/// `DecodingError`: the array and set readers' one path.
func readElementsSkippingInvalid<Element: Decodable>(
  _: Element.Type, from decoder: any Decoder
) throws -> (elements: [Element], invalid: [InvalidElement]) {
  var container = try decoder.unkeyedContainer()
  return try readElementsSkippingInvalid(
    Element.self, from: &container,
    userInfo: { decoder.userInfo },
    reopen: { try decoder.unkeyedContainer() })
}

/// Keeps the element at `index`, which threw `error`, as a `JSONValue` read through the
/// container again, and reports it.
@usableFromInline
func leaveOut(
  _ type: Any.Type,
  at index: Int,
  error: DecodingError,
  from container: inout any UnkeyedDecodingContainer,
  userInfo: [CodingUserInfoKey: Any],
  reopen: () throws -> any UnkeyedDecodingContainer
) throws -> InvalidElement {
  if container.currentIndex != index {
    // This decoder's cursor moved past the failed element: read it from a new container.
    container = try CodableResilience.container(atElement: index, reopening: reopen)
  }
  let codingPath = container.codingPath
  let json = try container.decode(JSONReadAgain.self).json
  let failure = UnknownValue.ElementFailure(error)
  try report(
    .leftOut(json, failure), of: type, at: codingPath, key: AnyCodingKey(intValue: index),
    by: .skipInvalidElements, to: userInfo)
  return InvalidElement(location: .index(index), json: json, failure: failure)
}

extension Array: InvalidElementsReading where Element: Decodable {
  static func readSkippingInvalidElements(
    from decoder: any Decoder
  ) throws -> (value: Any, left: LeftOutElements?, readNull: Bool) {
    let read = try readElementsSkippingInvalid(Element.self, from: decoder)
    return (
      read.elements, read.invalid.isEmpty ? nil : LeftOutElements(read.invalid), false
    )
  }
}

extension Array: InvalidElementsWriting where Element: Encodable {
  func write(keeping left: LeftOutElements, asRead: Bool, to encoder: any Encoder) throws {
    try writeElements(
      keeping: left, inOrder: asRead ? readOrder(self, left.records) : nil, to: encoder)
  }
}

extension Set: InvalidElementsReading where Element: Decodable {
  static func readSkippingInvalidElements(
    from decoder: any Decoder
  ) throws -> (value: Any, left: LeftOutElements?, readNull: Bool) {
    let read = try readElementsSkippingInvalid(Element.self, from: decoder)
    guard !read.invalid.isEmpty else { return (Set(read.elements), nil, false) }
    return (
      Set(read.elements),
      LeftOutElements(read.invalid, readOrder: readOrder(read.elements, read.invalid)),
      false
    )
  }
}

/// Every element as it was read: the ones that decoded, with those left out at their indices.
func readOrder<Element>(_ elements: [Element], _ invalid: [InvalidElement]) -> [Any] {
  var order: [Any] = elements
  for element in invalid {
    guard case .index(let index) = element.location else { continue }
    order.insert(element.json, at: min(index, order.count))
  }
  return order
}

extension Set: InvalidElementsWriting where Element: Encodable {
  func write(keeping left: LeftOutElements, asRead: Bool, to encoder: any Encoder) throws {
    try writeElements(keeping: left, inOrder: asRead ? left.readOrder : nil, to: encoder)
  }
}

extension Sequence where Element: Encodable {
  /// Writes an array: every element in `order` (as read, those left out in their places)
  /// when there is one, otherwise these elements and then the ones left out.
  func writeElements(keeping left: LeftOutElements, inOrder order: [Any]?, to encoder: any Encoder)
    throws
  {
    var container = encoder.unkeyedContainer()
    if let order {
      for value in order {
        try container.encode(EncodableIfPossible(value))
      }
      return
    }
    for element in self {
      try container.encode(element)
    }
    for element in left.records {
      try container.encode(element.json)
    }
  }
}

// MARK: - Dictionaries

/// One entry's value, or the JSON and error of one that failed, with the entry's path.
struct EntrySlot<Value: Decodable>: Decodable {
  var value: Value?
  var left: (json: JSONValue, failure: UnknownValue.ElementFailure)?
  var codingPath: [any CodingKey]

  init(from decoder: any Decoder) throws {
    codingPath = decoder.codingPath
    do {
      value = try decoder.singleValueContainer().decode(Value.self)
    } catch {
      guard let failure = elementFailure(error) else { throw error }
      left = (try JSONValue(decodingObjectFirst: decoder), UnknownValue.ElementFailure(failure))
    }
  }
}

extension Dictionary: InvalidElementsReading where Key: Decodable, Value: Decodable {
  static func readSkippingInvalidElements(
    from decoder: any Decoder
  ) throws -> (value: Any, left: LeftOutElements?, readNull: Bool) {
    if isWrittenAsPairs {
      return try readPairsSkippingInvalidElements(from: decoder)
    }
    var entries: [Key: Value] = [:]
    var left: [(key: String, slot: EntrySlot<Value>)] = []
    if Key.self == String.self {
      // Read as `[String: …]`, whose keys every decoder leaves as they are, as a plain
      // `[String: Value]` reads them.
      let slots = try decoder.singleValueContainer().decode([String: EntrySlot<Value>].self)
      entries.reserveCapacity(slots.count)
      for (text, slot) in slots {
        if let value = slot.value {
          entries[text as! Key] = value
        } else {
          left.append((text, slot))
        }
      }
    } else {
      let object = try decoder.container(keyedBy: AnyCodingKey.self)
      for codingKey in object.allKeys {
        guard let key = dictionaryKey(Key.self, codingKey) else {
          throw DecodingError.typeMismatch(
            Key.self,
            DecodingError.Context(
              codingPath: object.codingPath + [codingKey],
              debugDescription: "SkipInvalidElements reads a dictionary from a JSON object, "
                + "keyed by String, Int or a CodingKeyRepresentable type; "
                + "\(Key.self) cannot be made from the key \"\(codingKey.stringValue)\""))
        }
        let slot = try object.decode(EntrySlot<Value>.self, forKey: codingKey)
        if let value = slot.value {
          entries[key] = value
        } else {
          left.append((codingKey.stringValue, slot))
        }
      }
    }
    guard !left.isEmpty else { return (entries, nil, false) }
    left.sort { isInUTF8Order($0.key, $1.key) }
    let userInfo = decoder.userInfo
    var invalid: [InvalidElement] = []
    for (key, slot) in left {
      guard let (json, failure) = slot.left else { continue }
      try report(
        .leftOut(json, failure), of: Value.self, at: slot.codingPath,
        by: .skipInvalidElements, to: userInfo)
      invalid.append(InvalidElement(location: .key(key), json: json, failure: failure))
    }
    return (entries, LeftOutElements(invalid), false)
  }
}

/// The dictionary key a JSON object's key names: its text for `String`, its integer for `Int`,
/// or `init(codingKey:)` for a `CodingKeyRepresentable` key, as `Dictionary` reads them.
private func dictionaryKey<Key>(_: Key.Type, _ codingKey: AnyCodingKey) -> Key? {
  if Key.self == Int.self {
    return codingKey.intValue.map { $0 as! Key }
  }
  if let representable = Key.self as? any CodingKeyRepresentable.Type {
    return representable.init(codingKey: codingKey) as? Key
  }
  return nil
}

extension Dictionary: InvalidElementsWriting where Value: Encodable {
  func write(keeping left: LeftOutElements, asRead: Bool, to encoder: any Encoder) throws {
    if Self.isWrittenAsPairs {
      return try writePairs(keeping: left, asRead: asRead, to: encoder)
    }
    // As a `[String: …]`, so the encoder's key strategy leaves the keys as they were read.
    var object: [String: EncodableIfPossible] = [:]
    for element in left.records {
      guard case .key(let key) = element.location else { continue }
      object[key] = EncodableIfPossible(element.json)
    }
    for (key, value) in self {
      object[keyText(key)] = EncodableIfPossible(value)
    }
    var container = encoder.singleValueContainer()
    try container.encode(object)
  }

  private func keyText(_ key: Key) -> String {
    if let text = key as? String { return text }
    if let representable = key as? any CodingKeyRepresentable {
      return representable.codingKey.stringValue
    }
    return "\(key)"
  }
}

// MARK: - Optionals

extension Optional: InvalidElementsReading where Wrapped: InvalidElementsReading {
  static func readSkippingInvalidElements(
    from decoder: any Decoder
  ) throws -> (value: Any, left: LeftOutElements?, readNull: Bool) {
    if try decoder.singleValueContainer().decodeNil() {
      return (Wrapped?.none as Any, nil, true)
    }
    let read = try Wrapped.readSkippingInvalidElements(from: decoder)
    return (Wrapped?.some(read.value as! Wrapped) as Any, read.left, false)
  }
}

extension Optional: InvalidElementsWriting where Wrapped: InvalidElementsWriting & Encodable {
  func write(keeping left: LeftOutElements, asRead: Bool, to encoder: any Encoder) throws {
    guard let wrapped = self else {
      var container = encoder.singleValueContainer()
      try container.encodeNil()
      return
    }
    try wrapped.write(keeping: left, asRead: asRead, to: encoder)
  }
}
