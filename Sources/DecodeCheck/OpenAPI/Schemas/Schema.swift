/// The index of a schema in its ``SchemaGraph``.
typealias SchemaID = Int

/// One schema object of an OpenAPI document (3.0 or 3.1), with the keywords payloads are
/// generated from and where each of them is.
///
/// Both versions' spellings are read into one model: 3.0's `nullable: true` and 3.1's `"null"`
/// in `type` both make ``isNullable`` true; 3.0's boolean `exclusiveMinimum` and 3.1's
/// numeric one both give ``minimum``. Keywords that do not change what a server may send
/// (`title`, `description`, `readOnly`) are not read.
struct Schema: Sendable {
  /// The JSON types of `type`, in the order written, without `"null"`; empty when the schema
  /// does not say (its other keywords may still imply one).
  var types: [SchemaType] = []
  /// Whether `null` is allowed: `nullable: true`, `"null"` in `type`, or a `{"type": "null"}`
  /// branch of `oneOf` / `anyOf`.
  var isNullable = false
  var format: String?
  /// The elements of `enum`, each with its own place.
  var enumValues: [SpecValue] = []
  /// `const` (3.1).
  var constant: SpecValue?
  var minimum: NumberBound?
  var maximum: NumberBound?
  var minLength: Int?
  var maxLength: Int?
  var minItems: Int?
  var properties: [SchemaProperty] = []
  var required: Set<String> = []
  var additionalProperties = AdditionalProperties.unspecified
  var items: SchemaID?
  var allOf: [SchemaID] = []
  var oneOf: [SchemaID] = []
  var anyOf: [SchemaID] = []
  var discriminator: Discriminator?
  /// `example`, and each element of `examples` (3.1).
  var examples: [SpecValue] = []
  var defaultValue: SpecValue?
  /// `$ref`: the schema it stands for (3.1 reads its other keywords beside it).
  var reference: SchemaReference?
  /// Where `$ref` is: its key.
  var referenceSite: SpecSite?
  /// `false` as a schema (3.1): nothing is allowed.
  var allowsNothing = false
  /// `writeOnly: true`: the member goes to the server and never comes back.
  var isWriteOnly = false

  /// Where the schema is.
  var site: SpecSite
}

/// A JSON type as `type` names it.
enum SchemaType: String, Sendable, Hashable, CaseIterable {
  case string
  case number
  case integer
  case boolean
  case object
  case array
}

/// `minimum` or `maximum`, and whether the bound itself is excluded.
struct NumberBound: Sendable, Hashable {
  var value: Double
  /// The number as written, so a generated payload holds exactly the spec's digits.
  var text: String
  var isExclusive: Bool
  var site: SpecSite
}

/// One member of `properties`.
struct SchemaProperty: Sendable, Hashable {
  var name: String
  var schema: SchemaID
  /// The property's key in `properties`.
  var site: SpecSite
}

/// What `additionalProperties` says.
enum AdditionalProperties: Sendable, Hashable {
  /// Absent: other keys are allowed, but say nothing about their values.
  case unspecified
  /// `false`.
  case forbidden
  /// `true` or `{}`: any value.
  case anyValue
  /// A schema every other key's value follows: a dictionary.
  case schema(SchemaID)
}

/// Where a `$ref` leads.
enum SchemaReference: Sendable, Hashable {
  /// A schema of this document.
  case local(SchemaID)
  /// Another document (`other.json#/X`, `https://…`), which is not fetched.
  case external(String)
  /// A pointer within this document that leads nowhere, or to something that is not a schema.
  case missing(String)
}

/// `discriminator`: the property that names a `oneOf` / `anyOf` branch, and the names it may
/// hold.
struct Discriminator: Sendable {
  /// One member of `mapping`: a value of the property and the branch it selects.
  struct Mapping: Sendable {
    var value: String
    var target: SchemaReference
    var site: SpecSite
  }

  var propertyName: String
  /// `mapping`, in the order written.
  var mapping: [Mapping]
  var site: SpecSite
}
