/// A model that keeps the members of its object it does not write, and writes them back.
///
/// ```swift
/// struct Account: Codable {
///   var id: Int
///   var name: String
/// }
///
/// struct Session: Codable {
///   @KeepUnknownFields var account: Account
/// }
///
/// // {"account": {"id": 1, "name": "Ada", "header": "h.png"}} decodes with
/// // session.$account.unknownFields == ["header": "h.png"] ...
/// // ... and encodes back to {"account": {"id": 1, "name": "Ada", "header": "h.png"}}.
/// ```
///
/// An **unknown field** is a member of the object that the model's own encoding does not
/// write. Decoding decodes the model as a plain property would, then keeps every member of the
/// object that the decoded model does not write, read as a ``JSONValue`` exactly (numbers beyond
/// `Double` included). Encoding writes the model's members, then the unknown fields; where the
/// model writes a member of the same name (the app set a property the model once left out), the
/// model wins. So with the default key strategies, decode → encode gives back the object read,
/// and after the app edits the model, its edits and the unknown fields are both written.
///
/// A member the model does not write includes an optional property's `null`, which synthesized
/// `Codable` leaves out: it is kept, and written back as `null`.
///
/// It works at the top level too, and as an array element:
///
/// ```swift
/// let account = try JSONDecoder().decode(KeepUnknownFields<Account>.self, from: data)
/// let accounts = try JSONDecoder().decode([KeepUnknownFields<Account>].self, from: list)
/// ```
///
/// Only the wrapped object's own members are kept: a nested object keeps its unknown fields
/// when its property is wrapped too (`@KeepUnknownFields var profile: Profile`).
///
/// ## Reports
///
/// Each unknown field is reported as ``UnknownValue/Kind-swift.enum/unknownField`` at its path
/// (`$.account.header`), in the order of its key, only to handlers that ask for them
/// (``UnknownValueHandler/receivingUnknownFields()``). It is never an error, not even under
/// ``UnknownValueHandler/strict``.
///
/// ## Key strategies
///
/// Unknown fields go through the key strategies as the model's own keys do: they are kept
/// under the name the decoder gives them, and written through the encoder's strategy. With
/// `convertFromSnakeCase`, `header_url` is kept as `headerUrl` and written back as `header_url`
/// by an encoder that uses `convertToSnakeCase`, as the model's `displayName` is.
///
/// ## Missing, `null` and other payloads
///
/// A missing key or `null` reads as a plain `Model` property reads it: for an optional model
/// (`@KeepUnknownFields var account: Account?`) both are `nil`, and `nil` writes no key; for
/// any other, they throw what a plain property throws (`keyNotFound`, or the
/// `valueNotFound`/`typeMismatch` the model's decoding meets). A model that decodes from
/// something other than an object, or writes something other than an object, keeps nothing and
/// behaves as the plain model.
@propertyWrapper
public struct KeepUnknownFields<Model: Codable> {
  /// The model.
  ///
  /// ```swift
  /// session.account.name = "Ada L."  // written back with the unknown fields
  /// ```
  public var wrappedValue: Model

  /// The members of the object the model does not write, by key.
  ///
  /// ```swift
  /// session.$account.unknownFields["header"]  // .string("h.png")
  /// ```
  public var unknownFields: [String: JSONValue]

  /// Creates the wrapper around a model, with the fields to write beside its members.
  ///
  /// ```swift
  /// @KeepUnknownFields var account = Account(id: 1, name: "Ada")
  /// ```
  public init(wrappedValue: Model, unknownFields: [String: JSONValue] = [:]) {
    self.wrappedValue = wrappedValue
    self.unknownFields = unknownFields
  }

  /// The wrapper itself, so `$account.unknownFields` reads and changes what was kept.
  ///
  /// ```swift
  /// session.$account.unknownFields.removeAll()
  /// ```
  public var projectedValue: KeepUnknownFields<Model> {
    get { self }
    set { self = newValue }
  }
}

// MARK: - Conditional Conformances

extension KeepUnknownFields: Sendable where Model: Sendable {}

extension KeepUnknownFields: Equatable where Model: Equatable {}

extension KeepUnknownFields: Hashable where Model: Hashable {}

// MARK: - Codable

extension KeepUnknownFields: Decodable {
  /// Decodes the model, and keeps the members of the object it does not write.
  ///
  /// ```swift
  /// let account = try JSONDecoder().decode(KeepUnknownFields<Account>.self, from: data)
  /// ```
  public init(from decoder: any Decoder) throws {
    let model = try Model(from: decoder)
    self.init(wrappedValue: model, unknownFields: try Self.unknownFields(of: model, in: decoder))
  }

  /// The members of the object `decoder` reads that `model` does not write, each read as a
  /// ``JSONValue`` and reported, in the order of their keys. Members the model writes are not
  /// read again: their keys are all that is asked of them.
  private static func unknownFields(
    of model: Model, in decoder: any Decoder
  ) throws -> [String: JSONValue] {
    // Not an object (an array, a single value): nothing beside the model to keep.
    guard let container = try? decoder.container(keyedBy: AnyCodingKey.self) else { return [:] }
    let keys = container.allKeys
    guard !keys.isEmpty,
      let written = writtenKeys(
        of: model, codingPath: decoder.codingPath, userInfo: decoder.userInfo)
    else { return [:] }
    var unknown = keys.filter { !written.contains($0.stringValue) }
    guard !unknown.isEmpty else { return [:] }
    unknown.sort { isInUTF8Order($0.stringValue, $1.stringValue) }
    var fields: [String: JSONValue] = [:]
    fields.reserveCapacity(unknown.count)
    for key in unknown {
      // Through `JSONValue`'s own `init(from:)`, which asks for a string first: a field the
      // server adds is most often a scalar, which then reads without a failed read.
      let field = try container.decode(JSONValue.self, forKey: key)
      try report(
        .unknownField(field), askedFor: .unknownFields, of: Model.self, at: decoder.codingPath,
        key: key, by: .keepUnknownFields, to: decoder.userInfo)
      fields[key.stringValue] = field
    }
    return fields
  }
}

extension KeepUnknownFields: Encodable {
  /// Writes the model's members, then the unknown fields the model does not write.
  ///
  /// ```swift
  /// let data = try JSONEncoder().encode(account)  // the model's members and the kept ones
  /// ```
  public func encode(to encoder: any Encoder) throws {
    guard !unknownFields.isEmpty,
      let written = writtenKeys(
        of: wrappedValue, codingPath: encoder.codingPath, userInfo: encoder.userInfo)
    else {
      // Nothing kept, or a model that writes no object now: nothing can sit beside it.
      return try wrappedValue.encode(to: encoder)
    }
    try wrappedValue.encode(to: encoder)
    var container = encoder.container(keyedBy: AnyCodingKey.self)
    for (key, field) in unknownFields.sorted(by: { isInUTF8Order($0.key, $1.key) })
    where !written.contains(key) {
      try container.encode(field, forKey: AnyCodingKey(key))
    }
  }
}

extension KeepUnknownFields: ResilientPropertyWrapper, MissingKeyRule {
  /// A missing key reads as a plain `Model` property reads it: `nil` for an optional model,
  /// which synthesized `Codable` decodes with `decodeIfPresent`; for any other, `nil` here, and
  /// the `keyNotFound` a plain property throws. A present key decodes through `init(from:)`.
  @usableFromInline
  static func decodeWithoutDecoder<Key: CodingKey>(
    _ key: Key, in container: KeyedDecodingContainer<Key>
  ) throws -> KeyRead<Self> {
    guard !container.contains(key) else { return .present }
    return noneIfOptional(Model.self).map { .read(Self(wrappedValue: $0)) } ?? .missing
  }

  /// Whether the key is written: not for an optional model that is `nil`, which a plain
  /// optional property leaves out too (`encodeIfPresent`).
  @usableFromInline
  var writesKey: Bool { !holdsNothing(wrappedValue) }
}
