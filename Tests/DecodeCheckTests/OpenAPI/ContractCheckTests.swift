import CodableResilience
import Foundation
import Testing

@testable import DecodeCheck

/// A filter whose action the spec lets grow: `blur` is new.
private let filterSpec = Specs.document(
  schemas: #"""
    "Filter": {
      "type": "object",
      "required": ["id", "filter_action"],
      "properties": {
        "id": {"type": "string"},
        "filter_action": {"type": "string", "enum": ["hide", "warn", "blur"]}
      }
    }
    """#)

/// Check 2, enum values: every value the spec lists, wherever the schema reaches it.
@Suite struct EnumValueCheckTests {
  /// A plain enum fails on the value it does not know: an error at the value in the spec.
  @Test func aValueThatBreaksDecodingIsAnError() throws {
    let report = try Specs.check(filterSpec, registry: ModelRegistry(registering: Filter.self))
    let finding = try #require(report.allFindings.first)
    #expect(report.allFindings.count == 1)
    #expect(finding.severity == .error)
    #expect(finding.kind == .decodingFailure)
    #expect(finding.path == "$.filter_action")
    #expect(
      finding.message.hasPrefix(
        #"the spec allows "blur" here; a server sending it breaks decoding: unknown Action "#
          + #"value "blur", and Action cannot decode values it does not know"#))
    #expect(finding.position == Specs.position(of: #""blur""#, in: filterSpec))
    #expect(finding.contract?.check == .enumValues)
    #expect(finding.contract?.value == "blur")
    #expect(
      finding.contract?.pointer.description
        == "#/components/schemas/Filter/properties/filter_action/enum/2")
    #expect(report.files.first?.outcome == .failed)
    #expect(report.exitStatus == 1)
  }

  /// A toolkit enum reports it: a warning naming the type that read it as unknown.
  @Test func aValueReadAsUnknownIsAWarning() throws {
    var registry = ModelRegistry()
    registry.register(TolerantFilter.self, schema: "Filter")
    let report = try Specs.check(filterSpec, registry: registry)
    let finding = try #require(report.allFindings.first)
    #expect(report.allFindings.count == 1)
    #expect(finding.severity == .warning)
    #expect(finding.kind == .unknownValue)
    #expect(finding.message == #"the spec allows "blur" here; FilterAction reads it as unknown"#)
    #expect(finding.unknownValue?.rawValue == "blur")
    #expect(report.files.first?.outcome == .decodedWithUnknownValues)
    #expect(report.exitStatus == 0)
  }

  @Test func strictMakesItAnError() throws {
    var registry = ModelRegistry()
    registry.register(TolerantFilter.self, schema: "Filter")
    let report = try Specs.check(filterSpec, registry: registry, strict: true)
    #expect(report.allFindings.map(\.severity) == [.error])
    #expect(report.exitStatus == 1)
  }

  /// Array items, a dictionary's values, an `allOf` and `$ref`s: each place the enum is
  /// reached is checked, and the spec member is one finding (issue 41: one cause, one
  /// finding), at the first place that finds it. A model that reads the enum at only one of
  /// the places finds it there, so every place is checked.
  @Test(arguments: EnumPlaceCase.all)
  fileprivate func everyPlaceTheEnumIsReachedIsChecked(_ placeCase: EnumPlaceCase) throws {
    let spec = Specs.document(
      schemas: #"""
        "Action": {"type": "string", "enum": ["hide", "warn", "blur"]},
        "Filter": {"type": "object", "required": ["id", "filter_action"],
                   "properties": {"id": {"type": "string"},
                                  "filter_action": {"$ref": "#/components/schemas/Action"}}},
        "FilterCatalog": {
          "type": "object", "required": ["filters", "by_name", "main"],
          "properties": {
            "filters": {"type": "array", "items": {"$ref": "#/components/schemas/Filter"}},
            "by_name": {"type": "object",
                        "additionalProperties": {"$ref": "#/components/schemas/Action"}},
            "main": {"allOf": [{"$ref": "#/components/schemas/Filter"}]}
          }
        }
        """#)
    var registry = ModelRegistry()
    placeCase.register(&registry)
    let report = try Specs.check(spec, registry: registry)
    let findings = report.allFindings
    #expect(findings.map(\.path) == [placeCase.place])
    #expect(findings.allSatisfy { $0.contract?.value == "blur" && $0.kind == .unknownValue })
    #expect(
      findings.allSatisfy {
        $0.contract?.pointer.description == "#/components/schemas/Action/enum/2"
      })
  }

  /// A first value the model does not know is not the end: the payload is repaired with the
  /// next value, and the rest is still checked.
  @Test func aFirstValueThatBreaksDecodingIsRepaired() throws {
    let spec = filterSpec.replacing(
      #"["hide", "warn", "blur"]"#, with: #"["blur", "hide", "warn"]"#
    )
    .replacing(
      #""id": {"type": "string"}"#, with: #""id": {"type": "string"}, "note": {"type": "string"}"#)
    let report = try Specs.check(spec, registry: ModelRegistry(registering: Filter.self))
    #expect(report.allFindings.map(\.contract?.value) == ["blur"])
    #expect(!report.allFindings.contains { $0.kind == .notGenerated })
  }
}

/// Check 3, optionality: each property not in `required` left out, each nullable one `null`.
@Suite struct OptionalityCheckTests {
  private static let quote30 = Specs.document(
    schemas: #"""
      "Quote": {"type": "object", "required": ["id", "note"],
                "properties": {"id": {"type": "string"}, "state": {"type": "string"},
                               "note": {"type": "string", "nullable": true}}}
      """#, version: "3.0.3")
  private static let quote31 = Specs.document(
    schemas: #"""
      "Quote": {"type": "object", "required": ["id", "note"],
                "properties": {"id": {"type": "string"}, "state": {"type": "string"},
                               "note": {"type": ["string", "null"]}}}
      """#)
  private static let quote31Branch = Specs.document(
    schemas: #"""
      "Quote": {"type": "object", "required": ["id", "note"],
                "properties": {"id": {"type": "string"}, "state": {"type": "string"},
                               "note": {"oneOf": [{"type": "string"}, {"type": "null"}]}}}
      """#)

  @Test(arguments: [quote30, quote31, quote31Branch])
  func aModelThatRequiresWhatTheSpecLetsGoIsAnError(_ spec: String) throws {
    let report = try Specs.check(spec, registry: ModelRegistry(registering: Quote.self))
    let findings = report.allFindings
    #expect(findings.count == 2)
    let omitted = try #require(findings.first { $0.path == "$.state" })
    #expect(
      omitted.message
        == "the spec lets the server omit `state`; Quote requires it: missing required key `state`")
    #expect(omitted.contract?.check == .optionality)
    #expect(omitted.contract?.pointer.description == "#/components/schemas/Quote/properties/state")
    #expect(omitted.position == Specs.position(of: #""state""#, in: spec))
    let null = try #require(findings.first { $0.path == "$.note" })
    #expect(
      null.message.hasPrefix(
        "the spec lets the server send `null` for `note`; Quote does not accept it: `null` where a value is required"
      ))
    #expect(null.contract?.check == .optionality)
  }

  /// A member the model requires and the spec never defines is named, in its path and its
  /// words, as optionality (issue 41: it was "that member" at `$`, as types and formats).
  @Test func aMemberTheSpecDoesNotDefineIsNamed() throws {
    let spec = Specs.document(
      schemas: #"""
        "Quote": {"type": "object", "required": ["id", "note"],
                  "properties": {"id": {"type": "string"}, "note": {"type": "string"}}}
        """#)
    let report = try Specs.check(spec, registry: ModelRegistry(registering: Quote.self))
    let missing = try #require(report.allFindings.first { $0.path == "$.state" })
    #expect(
      missing.message
        == "the spec does not define `state` here; Quote requires it: missing required key `state`"
    )
    #expect(missing.contract?.check == .optionality)
    #expect(!report.allFindings.contains { $0.path == "$" })
  }

  /// `required` binds a write-only member in requests only: a response may leave it out.
  @Test func aRequiredWriteOnlyMemberMayBeLeftOut() throws {
    let spec = Specs.document(
      schemas: #"""
        "Quote": {"type": "object", "required": ["id", "state", "note"],
                  "properties": {"id": {"type": "string"}, "state": {"type": "string"},
                                 "note": {"type": "string", "writeOnly": true}}}
        """#)
    let report = try Specs.check(spec, registry: ModelRegistry(registering: Quote.self))
    #expect(report.allFindings.map(\.path) == ["$.note"])
    #expect(
      report.allFindings.first?.message.hasPrefix("the spec lets the server omit `note`") == true)
  }

  @Test(arguments: [quote30, quote31, quote31Branch])
  func aModelWithOptionalsIsClean(_ spec: String) throws {
    var registry = ModelRegistry()
    registry.register(TolerantQuote.self, schema: "Quote")
    let report = try Specs.check(spec, registry: registry)
    #expect(report.allFindings.isEmpty)
    #expect(report.files.first?.outcome == .decoded)
    // The full payload, `state` left out, `note` null, and the date-less rest: 3 payloads.
    #expect(report.files.first?.payloadCount == 3)
  }
}

/// Check 4, types and formats: each value of its spec type and format, at its edges.
@Suite struct TypeAndFormatCheckTests {
  private static let stampSpec = Specs.document(
    schemas: #"""
      "Stamp": {"type": "object", "required": ["at"],
                "properties": {"at": {"type": "string", "format": "date-time"}}}
      """#)

  /// The classic: a `Date` with the default strategy reads a number, the spec sends text.
  @Test func aDateWithTheDefaultStrategyCannotReadADateTime() throws {
    let report = try Specs.check(Self.stampSpec, registry: ModelRegistry(registering: Stamp.self))
    let failure = try #require(report.allFindings.first { $0.kind == .decodingFailure })
    #expect(failure.path == "$.at")
    #expect(
      failure.message.hasPrefix(
        #"the spec sends a string in format date-time ("2024-05-01T12:00:00Z") here; Stamp "#
          + "cannot read it: expected a number, found a string"))
    #expect(failure.contract?.check == .typesAndFormats)
    #expect(failure.position == Specs.position(of: #""at": {"#, in: Self.stampSpec))
    // Nothing else can be checked against a payload the model cannot read, and it says so.
    let skipped = try #require(report.allFindings.first { $0.kind == .notGenerated })
    #expect(skipped.severity == .warning)
    #expect(skipped.message.contains("were not checked"))
  }

  /// A member the model cannot read but the spec lets go is reported, then left out, so the
  /// checks go on: here the enum value the model does not know is found too.
  @Test func anOptionalMemberTheModelCannotReadIsLeftOutAndTheChecksGoOn() throws {
    let spec = Specs.document(
      schemas: #"""
        "Happening": {"type": "object", "required": ["kind"], "properties": {
          "at": {"type": "string", "format": "date-time"},
          "kind": {"type": "string", "enum": ["opened", "closed", "moved"]}}}
        """#)
    let report = try Specs.check(spec, registry: ModelRegistry(registering: Happening.self))
    #expect(report.allFindings.map(\.path) == ["$.at", "$.kind"])
    #expect(report.allFindings.map(\.contract?.check) == [.typesAndFormats, .enumValues])
    #expect(!report.allFindings.contains { $0.kind == .notGenerated })
  }

  /// A failure past the end of the payload (a key the model asks for that the spec does not
  /// define) is reported at, and repaired by, the nearest value the payload holds.
  @Test func aFailurePastThePayloadIsPlacedOnWhatHoldsIt() throws {
    let spec = Specs.document(
      schemas: #"""
        "Annotated": {"type": "object", "properties": {
          "note": {"type": "object", "properties": {"body": {"type": "string"}}}}}
        """#)
    let report = try Specs.check(spec, registry: ModelRegistry(registering: Annotated.self))
    let failure = try #require(report.allFindings.first)
    #expect(report.allFindings.count == 1)
    #expect(failure.path == "$.note.text")
    #expect(
      failure.contract?.pointer.description == "#/components/schemas/Annotated/properties/note")
    #expect(failure.position == Specs.position(of: #""note""#, in: spec))
  }

  /// A formatter for whole seconds reads the plain form and refuses fractional seconds,
  /// which RFC 3339 allows (Apple's `.iso8601` strategy refuses them too).
  @Test func aWholeSecondsFormatRefusesFractionalSeconds() throws {
    let registry = ModelRegistry(decoder: wholeSecondsDecoder, registering: Stamp.self)
    let report = try Specs.check(Self.stampSpec, registry: registry)
    let paths = report.allFindings.map(\.message)
    #expect(paths.count == 1)
    #expect(
      paths.first?.hasPrefix(
        "the spec allows a date-time with fractional seconds here (2024-05-01T12:00:00.250Z); "
          + "Stamp cannot read it") == true)
  }

  @Test func anInt64AtItsEdgesDoesNotFitAnInt32() throws {
    let spec = Specs.document(
      schemas: #"""
        "Counter": {"type": "object", "required": ["count"],
                    "properties": {"count": {"type": "integer", "format": "int64"}}}
        """#)
    var registry = ModelRegistry()
    registry.register(SmallCounter.self, schema: "Counter")
    let small = try Specs.check(spec, registry: registry)
    #expect(
      small.allFindings.map(\.message).sorted().map { $0.prefix { $0 != ";" } } == [
        "the spec allows the highest int64 here (9223372036854775807)",
        "the spec allows the lowest int64 here (-9223372036854775808)",
      ])
    #expect(small.allFindings.allSatisfy { $0.contract?.check == .typesAndFormats })
    let wide = try Specs.check(spec, registry: ModelRegistry(registering: Counter.self))
    #expect(wide.allFindings.isEmpty)
  }

  /// `number` has fractions: a model reading a whole number fails on 1.5.
  @Test func aNumberIsNotAnInteger() throws {
    let spec = Specs.document(
      schemas: #"""
        "WholeAmount": {"type": "object", "required": ["amount"],
                        "properties": {"amount": {"type": "number", "minimum": 0}}}
        """#)
    let report = try Specs.check(spec, registry: ModelRegistry(registering: WholeAmount.self))
    let failure = try #require(report.allFindings.first { $0.kind == .decodingFailure })
    #expect(
      failure.message.hasPrefix("the spec sends a number (1.5) here; WholeAmount cannot read it"))
  }

  /// Payloads use the spec's keys; the app's key strategy maps them as it would the server's.
  @Test func theAppsKeyStrategyApplies() throws {
    let spec = Specs.document(
      schemas: #"""
        "ParcelLabel": {"type": "object", "required": ["tracking_number", "weight_kilograms"],
                   "properties": {"tracking_number": {"type": "string"},
                                  "weight_kilograms": {"type": "number"}}}
        """#)
    let plain = try Specs.check(spec, registry: ModelRegistry(registering: ParcelLabel.self))
    #expect(
      plain.allFindings.first?.message.contains("missing required key `trackingNumber`") == true)
    let snakeCase = ModelRegistry(
      decoder: {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
      }, registering: ParcelLabel.self)
    #expect(try Specs.check(spec, registry: snakeCase).allFindings.isEmpty)
  }
}

/// Check 5, variants: every `oneOf` / `anyOf` branch, every discriminator value.
@Suite struct VariantCheckTests {
  private static let activitySpec = Specs.document(
    schemas: #"""
      "Activity": {
        "oneOf": [{"$ref": "#/components/schemas/Created"}, {"$ref": "#/components/schemas/Deleted"},
                  {"$ref": "#/components/schemas/Archived"}],
        "discriminator": {"propertyName": "type",
                          "mapping": {"created": "#/components/schemas/Created",
                                      "deleted": "#/components/schemas/Deleted",
                                      "removed": "#/components/schemas/Deleted",
                                      "archived": "#/components/schemas/Archived"}}
      },
      "Created": {"type": "object", "required": ["type", "by"],
                  "properties": {"type": {"type": "string"}, "by": {"type": "string"}}},
      "Deleted": {"type": "object", "required": ["type", "reason"],
                  "properties": {"type": {"type": "string"}, "reason": {"type": "string"}}},
      "Archived": {"type": "object", "required": ["type"],
                   "properties": {"type": {"type": "string"}}}
      """#)

  /// A `TaggedUnion` keeps the variants it does not know: warnings, one per value.
  @Test func aTaggedUnionReadsNewVariantsAsUnknown() throws {
    let report = try Specs.check(
      Self.activitySpec, registry: ModelRegistry(registering: Activity.self))
    let findings = report.allFindings
    #expect(findings.compactMap(\.contract?.value).sorted() == ["archived", "removed"])
    #expect(findings.allSatisfy { $0.kind == .unknownValue && $0.path == "$.type" })
    let archived = try #require(findings.first { $0.contract?.value == "archived" })
    #expect(
      archived.message
        == #"the spec allows the `archived` variant here (`type`: "archived"); Activity reads it as unknown"#
    )
    #expect(archived.contract?.check == .variants)
    #expect(
      archived.contract?.pointer.description
        == "#/components/schemas/Activity/discriminator/mapping/archived")
    #expect(archived.position == Specs.position(of: #""archived": "#, in: Self.activitySpec))
  }

  @Test func aHandWrittenUnionFailsOnThem() throws {
    var registry = ModelRegistry()
    registry.register(BrittleActivity.self, schema: "Activity")
    let report = try Specs.check(Self.activitySpec, registry: registry)
    let findings = report.allFindings
    #expect(findings.compactMap(\.contract?.value).sorted() == ["archived", "removed"])
    #expect(findings.allSatisfy { $0.severity == .error })
    #expect(
      findings.first?.message.contains("a server sending it breaks decoding: unknown activity type")
        == true)
  }

  /// 3.0's subtypes: the parent has a discriminator and no `oneOf`, each subtype is `allOf`
  /// the parent. The mapping's schemas are the variants of the parent; a subtype checked on its
  /// own is just itself.
  @Test func aDiscriminatorMappingWithoutOneOfNamesTheVariants() throws {
    let spec = Specs.document(
      schemas: #"""
        "Activity": {"type": "object", "required": ["type"],
                     "properties": {"type": {"type": "string"}},
                     "discriminator": {"propertyName": "type",
                                       "mapping": {"created": "#/components/schemas/Created",
                                                   "archived": "#/components/schemas/Archived"}}},
        "Created": {"allOf": [{"$ref": "#/components/schemas/Activity"},
                              {"type": "object", "required": ["by"],
                               "properties": {"by": {"type": "string"}}}]},
        "Archived": {"allOf": [{"$ref": "#/components/schemas/Activity"},
                               {"type": "object", "properties": {"on": {"type": "string"}}}]}
        """#, version: "3.0.3")
    let report = try Specs.check(spec, registry: ModelRegistry(registering: Activity.self))
    #expect(report.allFindings.compactMap(\.contract?.value) == ["archived"])
    #expect(report.allFindings.first?.kind == .unknownValue)
    var created = ModelRegistry()
    created.register(Activity.Created.self, schema: "Created")
    #expect(try Specs.check(spec, registry: created).allFindings.isEmpty)
  }

  /// Without a discriminator, each branch is tried; a branch of another type fails a model
  /// that reads one type.
  @Test func everyBranchOfAnAnyOfIsTried() throws {
    let spec = Specs.document(
      schemas: #"""
        "Quote": {"type": "object", "required": ["id", "state", "note"],
                  "properties": {"id": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
                                 "state": {"type": "string"}, "note": {"type": "string"}}}
        """#)
    let report = try Specs.check(spec, registry: ModelRegistry(registering: Quote.self))
    let finding = try #require(report.allFindings.first)
    #expect(report.allFindings.count == 1)
    #expect(finding.path == "$.id")
    #expect(
      finding.message.hasPrefix(
        "the spec allows the `anyOf/1` variant here; a server sending it breaks decoding: expected a string, found a number"
      ))
  }
}

/// Check 1, examples: the spec's own, decoded as they are.
@Suite struct ExampleCheckTests {
  @Test func aSchemaExampleThatFailsIsAnErrorInsideTheExample() throws {
    let spec = Specs.document(
      schemas: #"""
        "Quote": {"type": "object", "required": ["id"],
                  "properties": {"id": {"type": "string"}, "state": {"type": "string"},
                                 "note": {"type": "string"}},
                  "example": {"id": "q-1", "state": 7}}
        """#)
    var registry = ModelRegistry()
    registry.register(TolerantQuote.self, schema: "Quote")
    let report = try Specs.check(spec, registry: registry)
    let finding = try #require(report.allFindings.first { $0.contract?.check == .examples })
    #expect(finding.severity == .error)
    #expect(finding.path == "$.state")
    #expect(
      finding.message
        == "the spec's example; TolerantQuote cannot decode it: expected a string, found a number: 7"
    )
    #expect(finding.position == Specs.position(of: "7}", in: spec))
    #expect(finding.contract?.pointer.description == "#/components/schemas/Quote/example")
  }

  @Test func aResponseExampleWithANewValueIsAWarningAtTheValue() throws {
    let spec = Specs.document(
      schemas: filterSpec.split(separator: "\"schemas\": {")[1].split(separator: "\n    }\n  }")[0]
        .description,
      paths: #"""
        {"/filters/{id}": {"get": {"responses": {"200": {"content": {"application/json": {
          "schema": {"$ref": "#/components/schemas/Filter"},
          "examples": {"blurred": {"value": {"id": "f-1", "filter_action": "blur"}}}}}}}}}}
        """#)
    var registry = ModelRegistry()
    registry.register(TolerantFilter.self, schema: "Filter")
    let report = try Specs.check(spec, registry: registry)
    let finding = try #require(report.allFindings.first { $0.contract?.check == .examples })
    #expect(
      finding.message
        == #"the spec's example "blurred" of GET /filters/{id} 200 holds "blur"; FilterAction reads it as unknown"#
    )
    #expect(finding.position == Specs.position(of: #""blur"}"#, in: spec))
    #expect(finding.severity == .warning)
  }
}

/// A model of `FilterCatalog`, and the one place where it finds the value it does not know.
private struct EnumPlaceCase: Sendable, CustomTestStringConvertible {
  let place: String
  let register: @Sendable (inout ModelRegistry) -> Void
  var testDescription: String { place }

  static let all = [
    EnumPlaceCase(place: "$.filters[0].filter_action") {
      $0.register(FilterCatalog.self, schema: "FilterCatalog")
    },
    EnumPlaceCase(place: "$.by_name.key1") {
      $0.register(CatalogReadingByName.self, schema: "FilterCatalog")
    },
    EnumPlaceCase(place: "$.main.filter_action") {
      $0.register(CatalogReadingMain.self, schema: "FilterCatalog")
    },
  ]
}

/// `FilterCatalog` reading the enum only in the dictionary's values.
private struct CatalogReadingByName: Decodable, Sendable {
  var filters: [LooseFilter]
  var byName: [String: FilterAction]
  var main: LooseFilter

  enum CodingKeys: String, CodingKey {
    case filters, main
    case byName = "by_name"
  }
}

/// `FilterCatalog` reading the enum only in `main`.
private struct CatalogReadingMain: Decodable, Sendable {
  var filters: [LooseFilter]
  var byName: [String: String]
  var main: TolerantFilter

  enum CodingKeys: String, CodingKey {
    case filters, main
    case byName = "by_name"
  }
}

/// A filter whose action is any string.
private struct LooseFilter: Decodable, Sendable {
  var id: String
  var action: String

  enum CodingKeys: String, CodingKey {
    case id
    case action = "filter_action"
  }
}
