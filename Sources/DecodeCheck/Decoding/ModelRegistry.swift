import Foundation

/// The model types a checking program knows, found by name.
///
/// A type is found by its short name (`ListingPage`) when no other registered type shares
/// it, and always by its module-qualified name (`SampleAPI.ListingPage`), so two modules'
/// `Event` types can live in one registry.
///
/// ```swift
/// var registry = ModelRegistry()
/// registry.register(ListingPage.self)
/// registry.register(Booking.self)
/// ```
///
/// Registering a type twice, or two types with the same qualified name, is a mistake:
/// ``DecodeCheckCommand`` refuses to run such a registry, with a message naming the type,
/// rather than guess which one was meant.
public struct ModelRegistry: Sendable {
  /// The registered types, in the order they were registered.
  private(set) var models: [RegisteredModel] = []

  /// The qualified names that were registered more than once, in the order it happened.
  /// Empty for a well-formed registry.
  private(set) var duplicateNames: [String] = []

  /// Creates an empty registry.
  ///
  /// ```swift
  /// var registry = ModelRegistry()
  /// ```
  public init() {}

  /// Creates a registry holding the given types.
  ///
  /// ```swift
  /// let registry = ModelRegistry(registering: ListingPage.self, Booking.self)
  /// ```
  public init(registering types: any Decodable.Type...) {
    for type in types {
      register(type)
    }
  }

  /// Creates a registry holding the given types, each decoded with a decoder `makeDecoder`
  /// returns, as the app decodes them: its key, date and data strategies and `userInfo`
  /// apply, and its unknown-value handler does not (the checker collects unknown values with
  /// its own). `makeDecoder` is called for every payload; the decoder it returns, new or
  /// shared, is never changed.
  ///
  /// ```swift
  /// let registry = ModelRegistry(decoder: AppDecoders.makeDecoder, registering: Order.self, Invoice.self)
  /// ```
  public init(
    decoder makeDecoder: @escaping @Sendable () -> JSONDecoder,
    registering types: any Decodable.Type...
  ) {
    for type in types {
      register(type, decoder: makeDecoder)
    }
  }

  /// Adds a type, to be found by its short name and by its qualified name, and decoded with
  /// the decoder `makeDecoder` returns (a plain `JSONDecoder()` unless told otherwise);
  /// `schema` names its schema in an OpenAPI document when that is not of its own name.
  ///
  /// ```swift
  /// registry.register(Order.self)
  /// registry.register(Invoice.self, decoder: AppDecoders.makeDecoder)
  /// registry.register(Filter.self, schema: "ContentFilter")
  /// ```
  public mutating func register<Model: Decodable>(
    _ type: Model.Type,
    schema: String? = nil,
    decoder makeDecoder: @escaping @Sendable () -> JSONDecoder = { JSONDecoder() }
  ) {
    add(RegisteredModel(type, schema: schema, decoder: makeDecoder))
  }

  /// Adds an already wrapped type.
  ///
  /// ```swift
  /// registry.add(RegisteredModel(Order.self))
  /// ```
  mutating func add(_ model: RegisteredModel) {
    if models.contains(model) {
      duplicateNames.append(model.qualifiedName)
    } else {
      models.append(model)
    }
  }

  /// The type registered under `name`: a qualified name, or a short name that only one
  /// registered type has.
  ///
  /// ```swift
  /// let page = try registry.model(named: "SampleAPI.ListingPage")
  /// ```
  ///
  /// - Throws: ``ModelLookupError/unknown(_:registered:)`` when no type has the name,
  ///   ``ModelLookupError/ambiguous(_:candidates:)`` when several share the short name.
  func model(named name: String) throws(ModelLookupError) -> RegisteredModel {
    if let model = models.first(where: { $0.qualifiedName == name }) {
      return model
    }
    if let element = Self.elementName(ofArray: name) {
      // A registered array type of that name is itself; otherwise the array of its element.
      if let model = models.first(where: { $0.name == name || $0.qualifiedName == name }) {
        return model
      }
      do {
        return try model(named: element).array
      } catch .unknown(_, let registered) {
        throw .unknown(name, registered: registered)
      } catch .ambiguous(_, let candidates) {
        throw .ambiguous(name, candidates: candidates.map { "[\($0)]" })
      }
    }
    let candidates = models.filter { $0.name == name }
    switch candidates.count {
    case 1:
      return candidates[0]
    case 0:
      throw .unknown(name, registered: models.map(\.name).sorted())
    default:
      throw .ambiguous(name, candidates: candidates.map(\.qualifiedName).sorted())
    }
  }

  /// The element's name when `name` names an array, in any of the three spellings:
  /// `[Status]`, `Array<Status>` (as Swift prints it) and `Array-Status` (a fixture folder's,
  /// which a shell needs no quotes for); `nil` for any other name.
  static func elementName(ofArray name: String) -> String? {
    if name.hasPrefix("["), name.hasSuffix("]"), name.count > 2 {
      return String(name.dropFirst().dropLast())
    }
    for prefix in ["Array<", "Swift.Array<"] where name.hasPrefix(prefix) && name.hasSuffix(">") {
      return String(name.dropFirst(prefix.count).dropLast())
    }
    if name.hasPrefix("Array-"), name.count > 6 { return String(name.dropFirst(6)) }
    return nil
  }

  /// Whether `name` finds a type without ambiguity.
  func isUnambiguous(_ name: String) -> Bool {
    models.count(where: { $0.name == name }) == 1
  }
}

/// Why ``ModelRegistry/model(named:)`` found no single type.
///
/// ```swift
/// do {
///   _ = try registry.model(named: "Page")
/// } catch {
///   print(error)  // `Page` names more than one type: A.Page, B.Page; use the qualified name
/// }
/// ```
enum ModelLookupError: Error, Sendable, Hashable, CustomStringConvertible {
  /// No registered type has the name; `registered` lists the names that do exist.
  case unknown(_ name: String, registered: [String])
  /// Several registered types share the short name; `candidates` are their qualified names.
  case ambiguous(_ name: String, candidates: [String])

  /// One line naming the problem and what to do about it.
  var description: String {
    switch self {
    case .unknown(let name, let registered):
      let known = registered.isEmpty ? "none" : registered.joined(separator: ", ")
      return "unknown type `\(name)`; registered types: \(known)"
    case .ambiguous(let name, let candidates):
      return "`\(name)` names more than one type: \(candidates.joined(separator: ", "))"
        + "; use the qualified name"
    }
  }
}
