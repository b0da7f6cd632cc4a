import CodableResilience
import Foundation
import Testing

// The documented order of matching (issue 22), worked out from each type's own tables and held
// against every tool that reads the type: the exact raw value, then an alias, then (when asked,
// for strings) a raw value or alias equal ignoring letter case, raw values first, then unknown.
// The spellings tried are made from the tables: each raw value and alias as it is, in upper,
// lower and capitalized case, and one that names nothing.

/// An alias that spells another value's raw value, and two spellings equal ignoring case: a
/// mistake the testing kit finds, which decoding must still resolve by the documented order.
struct Dock: ExtensibleEnum, ExpressibleByStringLiteral, ValueAliases {
  var rawValue: String

  static let east: Dock = "East"
  static let west: Dock = "West"
  static let knownValues: [Dock] = [.east, .west]
  /// `"West"` is `west`'s own raw value (it wins); `"EAST"` equals `"East"` ignoring case;
  /// `"HARBOUR"` and `"Harbour"` are equal ignoring case (the first by spelling wins);
  /// `"Écluse"` is folded beyond ASCII, and `"e\u{301}cluse"` (its accent written apart) equals
  /// it ignoring case: the first by the UTF-8 bytes of its spelling wins, as `spellings` lists
  /// them (by `<`, Swift 6.3 puts `"Écluse"` first).
  static let aliases: [String: Dock] = [
    "West": .east, "EAST": .west, "port": .west, "Harbour": .east, "HARBOUR": .west,
    "Écluse": .west, "e\u{301}cluse": .east,
  ]
  static let matchesCaseInsensitively = true
}

/// What the documentation says a spelling reads as.
enum DocumentedMatch<Value> {
  case exact(Value)
  case renamed(Value)
  case unknown
}

/// The documented order, from the type's tables alone: `listed` are its cases (or known values).
func documentedMatch<T: ValueAliases>(_ text: String, listed: [T]) -> DocumentedMatch<T>
where T.RawValue == String {
  if let exact = listed.first(where: { $0.rawValue == text }) { return .exact(exact) }
  if let alias = T.aliases[text] { return .renamed(alias) }
  guard T.matchesCaseInsensitively else { return .unknown }
  let folded = text.lowercased()
  if let value = listed.first(where: { $0.rawValue.lowercased() == folded }) {
    return .renamed(value)
  }
  let aliases = T.aliases.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
  if let alias = aliases.first(where: { $0.key.lowercased() == folded }) {
    return .renamed(alias.value)
  }
  return .unknown
}

/// Spellings to try: every raw value and alias in four letter cases, and one unknown.
func spellings<T: ValueAliases>(_ listed: [T]) -> [String] where T.RawValue == String {
  let texts = listed.map(\.rawValue) + T.aliases.keys.sorted()
  let variants = texts.flatMap { [$0, $0.uppercased(), $0.lowercased(), $0.capitalized] }
  var seen = Set<String>()
  return (variants + ["nothing_like_it"]).filter { seen.insert($0).inserted }
}

/// One decode: what it read (a raw value, `unknown …`, or the error) and its reports, each as
/// `kind rawValue canonical path`.
private func read<T: Decodable>(
  _: T.Type, _ json: String, _ describe: (T) -> String
) -> (value: String, reports: [String]) {
  let collector = UnknownValueCollector()
  let decoder = JSONDecoder()
  decoder.unknownValueHandler = UnknownValueHandler.collect(into: collector)
    .receivingRenamedValues()
  let value: String
  do {
    value = describe(try decoder.decode(T.self, from: Data(json.utf8)))
  } catch {
    value = "error \(error)"
  }
  let reports = collector.values.map { report -> String in
    switch report.kind {
    case .unknownValue: "unknown \(report.rawValue) at \(report.path)"
    case .renamedValue(let canonical):
      "renamed \(report.rawValue) as \(canonical) at \(report.path)"
    case .invalidElement: "left out \(report.rawValue) at \(report.path)"
    default: "\(report)"
    }
  }
  return (value, reports)
}

/// How one tool reads a spelling of `T`: the JSON it is given, what it reads, and where the
/// spelling's report is.
struct ToolRead<T: ValueAliases & Sendable>: Sendable where T.RawValue == String {
  let name: String
  /// The JSON around the spelling (already quoted).
  let json: @Sendable (String) -> String
  /// What the tool decoded, as `read(_:_:_:)` describes it.
  let decode: @Sendable (String) -> (value: String, reports: [String])
  /// Where the report of `spelling` is.
  let path: @Sendable (String) -> String
  /// What the tool reads an unknown spelling as, and whether it reports it.
  let unknown: @Sendable (String) -> String
  var reportsUnknown = true
}

extension ToolRead {
  /// `OpenEnum<T>` at the top level.
  static var openEnum: ToolRead {
    ToolRead(
      name: "OpenEnum", json: { $0 },
      decode: {
        read(OpenEnum<T>.self, $0) { $0.knownValue?.rawValue ?? "unknown \($0.rawValue)" }
      },
      path: { _ in "$" }, unknown: { "unknown \($0)" })
  }

  /// `DecodeUnknownAsNil<T>` as an element of an array.
  static var decodeUnknownAsNil: ToolRead {
    ToolRead(
      name: "@DecodeUnknownAsNil", json: { "[\($0)]" },
      decode: {
        read([DecodeUnknownAsNil<T>].self, $0) {
          $0.map { $0.wrappedValue?.rawValue ?? "nil, kept \($0.unknownRawValue ?? "")" }.joined()
        }
      },
      path: { _ in "$[0]" }, unknown: { "nil, kept \($0)" })
  }
}

/// One type's spellings read by one tool, against the documented order.
func orderCheck<T: ValueAliases & Sendable>(_ listed: [T], _ tool: ToolRead<T>) -> MismatchCheck
where T.RawValue == String {
  MismatchCheck("\(T.self) through \(tool.name)") {
    spellings(listed).compactMap { text in
      let expected: (value: String, reports: [String])
      let path = tool.path(text)
      switch documentedMatch(text, listed: listed) {
      case .exact(let value): expected = (value.rawValue, [])
      case .renamed(let value):
        expected = (value.rawValue, ["renamed \(text) as \(value.rawValue) at \(path)"])
      case .unknown:
        expected = (tool.unknown(text), tool.reportsUnknown ? ["unknown \(text) at \(path)"] : [])
      }
      let actual = tool.decode(tool.json(jsonQuote(text)))
      return actual == expected ? nil : "\(text): expected \(expected), got \(actual)"
    }
  }
}

private let orderChecks: [MismatchCheck] = [
  orderCheck(
    Fare.allCases,
    ToolRead(
      name: "UnknownDecodable", json: { $0 }, decode: { read(Fare.self, $0, \.rawValue) },
      path: { _ in "$" }, unknown: { _ in Fare.unknown.rawValue })),
  orderCheck(
    Fare.allCases,
    ToolRead(
      name: "an UnknownDecodable property", json: { #"{"value": \#($0)}"# },
      decode: { read(FareAt.Property.self, $0, \.value.rawValue) },
      path: { _ in "$.value" }, unknown: { _ in Fare.unknown.rawValue })),
  orderCheck(
    Terminal.knownValues,
    ToolRead(
      name: "ExtensibleEnum", json: { "[\($0)]" },
      decode: { read([Terminal].self, $0, { $0.map(\.rawValue).joined() }) },
      path: { _ in "$[0]" }, unknown: { $0 })),
  orderCheck(
    Dock.knownValues,
    ToolRead(
      name: "ExtensibleEnum", json: { $0 }, decode: { read(Dock.self, $0, \.rawValue) },
      path: { _ in "$" }, unknown: { $0 })),
  orderCheck(
    Dock.knownValues,
    ToolRead(
      name: "@SkipUnknownKeys keys", json: { "{\($0): 1}" },
      decode: {
        read(SkipUnknownKeys<[Dock: Int]>.self, $0) {
          $0.wrappedValue.keys.map(\.rawValue).joined()
        }
      },
      path: { UnknownValue.PathComponent.jsonPath([UnknownValue.PathComponent.key($0)]) },
      unknown: { $0 }, reportsUnknown: false)),
  orderCheck(Meal.allCases, .openEnum), orderCheck(Gate.allCases, .openEnum),
  orderCheck(Meal.allCases, .decodeUnknownAsNil), orderCheck(Gate.allCases, .decodeUnknownAsNil),
  orderCheck(
    Meal.allCases,
    ToolRead(
      name: "@SkipUnknownElements elements", json: { #"{"value": [\#($0)]}"# },
      decode: {
        read(MealsSkippingUnknownAt.Property.self, $0) {
          $0.value.wrappedValue.map(\.rawValue).joined()
            + $0.value.unknownRawValues.map { "left out \($0)" }.joined()
        }
      },
      path: { _ in "$.value[0]" }, unknown: { "left out \($0)" })),
  orderCheck(
    Meal.allCases,
    ToolRead(
      name: "@SkipUnknownKeys keys", json: { #"{"value": {\#($0): 1}}"# },
      decode: {
        read(MealTotalsAt.Property.self, $0) {
          $0.value.wrappedValue.keys.map(\.rawValue).joined()
            + $0.value.unknownEntries.map { "kept \($0.key)" }.joined()
        }
      },
      path: { "$.value" + UnknownValue.PathComponent.key($0).description },
      unknown: { "kept \($0)" })),
  orderCheck(
    Fare.allCases,
    ToolRead(
      name: "@SkipInvalidElements elements", json: { "[\($0)]" },
      decode: {
        read(SkipInvalidElements<[Fare]>.self, $0) { $0.wrappedValue.map(\.rawValue).joined() }
      },
      path: { _ in "$[0]" }, unknown: { _ in Fare.unknown.rawValue })),
]

@Suite("ValueAliases: the documented order, for every tool")
struct ValueAliasesOrderTests {
  @Test(arguments: orderChecks)
  func readsInTheDocumentedOrder(_ order: MismatchCheck) {
    order.expectNone()
  }

  /// Tags match exactly: an alias is a key of `tagAliases` as it is, in no other letter case.
  @Test(
    arguments: [
      ("walk", "walk", []), ("foot", "walk", ["renamed foot as walk at $.type"]),
      ("Foot", "unknown Foot", ["unknown Foot at $.type"]),
      ("FOOT", "unknown FOOT", ["unknown FOOT at $.type"]),
      ("WALK", "unknown WALK", ["unknown WALK at $.type"]),
    ])
  func tagsMatchExactly(_ tag: String, _ expected: String, _ reports: [String]) {
    let actual = read(Journey.self, #"{"type": "\#(tag)", "minutes": 1}"#) { journey in
      switch journey {
      case .walk: "walk"
      case .ride: "ride"
      case .unknown(let variant): "unknown \(variant.tag)"
      }
    }
    #expect(actual.value == expected)
    #expect(actual.reports == reports)
  }
}
