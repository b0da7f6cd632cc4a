import Foundation
import SampleAPI
import Testing

@testable import DecodeCheck

/// `[Booking]` names the array of a registered `Booking` (issue 40): timelines, lists and
/// notifications are arrays, and a team registers the element.
@Suite struct ArrayTypeTests {
  @Test(arguments: [
    "[Booking]", "Array<Booking>", "Array-Booking", "[SampleAPI.Booking]",
    "Swift.Array<SampleAPI.Booking>", "Array-SampleAPI.Booking",
  ])
  func everySpellingNamesTheArrayOfARegisteredType(name: String) throws {
    let model = try sampleRegistry.model(named: name)
    #expect(model.name == "Array<Booking>")
    #expect(model.qualifiedName == "Swift.Array<SampleAPI.Booking>")
    #expect(model.folderName(in: sampleRegistry) == "Array-Booking")
    let report = PayloadChecker().check(
      Data("[\(Payloads.cleanBooking), {\"id\": \"b-2\"}]".utf8), as: model)
    #expect(report.findings.map(\.path) == ["$[1]"])
  }

  @Test func arraysOfArraysAndUnknownElements() throws {
    let nested = try sampleRegistry.model(named: "[[Booking]]")
    #expect(nested.qualifiedName == "Swift.Array<Swift.Array<SampleAPI.Booking>>")
    #expect(nested.folderName(in: sampleRegistry) == "Array-Array-Booking")
    #expect(
      throws: ModelLookupError.unknown(
        "[Bookin]", registered: ["Booking", "Listing", "ListingPage"])
    ) {
      try sampleRegistry.model(named: "[Bookin]")
    }
    // A registered array type is itself, as before.
    let registry = ModelRegistry(registering: Booking.self, [Booking].self)
    #expect(try registry.model(named: "Array<Booking>") == RegisteredModel([Booking].self))
    #expect(try registry.model(named: "[Booking]") == RegisteredModel([Booking].self))
  }

  @Test func routesTypesAndFoldersTakeArrays() throws {
    let folder = try TemporaryFolder()
    let routes = try folder.write(
      #"{ "routes": [ { "url": "*/api/bookings", "type": "[Booking]" } ] }"#, to: "routes.json")
    let page = "[\(Payloads.bookingWithUnknownValues)]"
    let archive = try folder.write(
      try Archives.archive([Archives.entry(Archives.host + "/api/bookings", text: page)]),
      to: "capture.har")
    let check = runCommand(["--routes", routes, archive])
    #expect(check.status == 0)
    #expect(check.output.contains("$[0].state: unknown BookingState value \"checked_in\""))
    #expect(check.output.contains("#1 GET */api/bookings (body "))
    #expect(
      runCommand(["--type", "[Booking]", try folder.write(page, to: "page.json")]).status == 0)
    // Recorded into a folder a shell needs no quotes for, which a check reads back as the array.
    let output = folder.path + "/Recorded"
    let record = runCommand(["--record", output, "--routes", routes, archive])
    #expect(record.status == 0, "\(record.output)")
    let names = FixtureFolder(path: output).fixtureNames()
    #expect(names.count == 1)
    #expect(names.first?.hasPrefix("Array-Booking/api-bookings-") == true)
    let again = runCommand([output])
    #expect(again.output.contains("$[0].state: unknown BookingState value \"checked_in\""))
    #expect(
      again.outputLines.last
        == "1 file checked: 0 decoded cleanly, 1 with unknown values (2 values), 0 failed")
  }

  @Test func aSchemaMapChecksAnArrayOfARegisteredType() throws {
    let text = Specs.document(
      schemas:
        #""Booking": {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}}"#,
      paths: #"""
        {"/bookings": {"get": {"responses": {"200": {"description": "ok", "content": {
          "application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Booking"}}}}}}}}}
        """#)
    let document = try Specs.read(text)
    let matches = try SchemaMatch.all(
      in: sampleRegistry, document: document,
      map: ["[Booking]": "#/paths/~1bookings/get/responses/200/content/application~1json/schema"])
    #expect(matches.map(\.model.name).contains("Array<Booking>"))
  }

  /// The examples of a response whose inline schema a type is mapped to are checked (issue
  /// 41): a broken one fails at its place, as it does as a fixture; a good one decodes.
  @Test func theExamplesOfAMappedResponseSchemaAreChecked() throws {
    let text = Specs.document(
      schemas: #"""
        "Quote": {"type": "object", "required": ["id", "state", "note"], "properties": {
          "id": {"type": "string"}, "state": {"type": "string"}, "note": {"type": "string"}}}
        """#,
      paths: #"""
        {"/quotes": {"get": {"responses": {"200": {"description": "ok", "content": {
          "application/json": {
            "schema": {"type": "array", "items": {"$ref": "#/components/schemas/Quote"}},
            "examples": {
              "good": {"value": [{"id": "q1", "state": "open", "note": "n"}]},
              "broken": {"value": [{"id": 7, "state": "open", "note": "n"}]}}}}}}}}}
        """#)
    let map = ["[Quote]": "#/paths/~1quotes/get/responses/200/content/application~1json/schema"]
    let report = try Specs.check(text, registry: ModelRegistry(registering: Quote.self), map: map)
    let broken = report.allFindings.filter { $0.message.contains(#"example "broken""#) }
    #expect(broken.count == 1)
    #expect(broken.first?.path == "$[0].id")
    #expect(!report.allFindings.contains { $0.message.contains(#"example "good""#) })
  }

  /// One example two operations share is one payload, so one finding (issue 41).
  @Test func anExampleTwoOperationsShareIsOneFinding() throws {
    let text = Specs.document(
      schemas: #"""
        "Quote": {"type": "object", "required": ["id", "state", "note"], "properties": {
          "id": {"type": "string"}, "state": {"type": "string"}, "note": {"type": "string"}}}
        """#,
      paths: #"""
        {"/quotes": {
          "get": {"responses": {"200": {"description": "ok", "content": {"application/json": {
            "schema": {"$ref": "#/components/schemas/Quote"},
            "examples": {"shared": {"$ref": "#/components/examples/broken"}}}}}}},
          "post": {"responses": {"201": {"description": "ok", "content": {"application/json": {
            "schema": {"$ref": "#/components/schemas/Quote"},
            "examples": {"shared": {"$ref": "#/components/examples/broken"}}}}}}}}}
        """#
    )
    .replacingOccurrences(
      of: #""components": {"#,
      with:
        #""components": {"examples": {"broken": {"value": {"id": 7, "state": "s", "note": "n"}}}, "#
    )
    let report = try Specs.check(text, registry: ModelRegistry(registering: Quote.self))
    let shared = report.allFindings.filter { $0.path == "$.id" }
    #expect(shared.count == 1)
    #expect(shared.first?.message.contains("of GET /quotes 200") == true)
  }
}
