import CodableResilience
import Testing

@testable import DecodeCheck

/// Mastodon's shape (issue 41), small: a `Share` holds a large `Post` before its own `state`
/// enum, and a `Notice` reaches the same `state` through a `Post`, where the `Post` inside the
/// `Share` is cut as recursive. A `Share`'s payload has 34 variants: leaving out `post`, the
/// two other `state` values, leaving out the post's `body` and each of the body's 30 members.
private let shareSpec: String = {
  let members = (0..<30).map { #""p\#($0)": {"type": "string"}"# }.joined(separator: ", ")
  return Specs.document(
    schemas: ##"""
      "Body": {"type": "object", "properties": {\##(members)}},
      "Post": {"type": "object",
               "properties": {"share": {"$ref": "#/components/schemas/Share"},
                              "body": {"$ref": "#/components/schemas/Body"}}},
      "Share": {"type": "object", "required": ["state"],
                "properties": {"post": {"$ref": "#/components/schemas/Post"},
                               "state": {"type": "string", "enum": ["pending", "accepted", "revoked"]}}},
      "Notice": {"type": "object", "required": ["post"],
                 "properties": {"post": {"$ref": "#/components/schemas/Post"}}}
      """##)
}()

/// A share's state as the app knows it: `revoked` is new.
private enum ShareState: String, Decodable, UnknownDecodable, Sendable {
  case pending
  case accepted
  case unknown
}

private struct Share: Decodable, Sendable {
  var post: Anything?
  var state: ShareState
}

private struct NoticePost: Decodable, Sendable {
  var share: Share?
}

private struct Notice: Decodable, Sendable {
  var post: NoticePost
}

/// The pointer of the new `state` value.
private let revoked = "#/components/schemas/Share/properties/state/enum/2"

/// A schema's own members are probed before it spends its budget on the schemas nested in it,
/// and its budget notice is for its own members only (issue 41).
@Suite struct VariantPlanTests {
  private func check(budget: Int) throws -> CheckReport {
    var registry = ModelRegistry()
    registry.register(Notice.self, schema: "Notice")
    registry.register(Share.self, schema: "Share")
    return try Specs.check(shareSpec, registry: registry, maximumPayloads: budget)
  }

  private func file(_ schema: String, in report: CheckReport) throws -> FileReport {
    try #require(report.files.first { $0.schema == schema })
  }

  private func budgetNotices(_ file: FileReport) -> [Finding] {
    file.findings.filter { $0.message.contains("the budget per schema") }
  }

  /// With room for 20 payloads, `Share` probes its own `state` first, so the new value is its
  /// finding (the type that declares it), found through `Notice` too; the post's members
  /// take the 16 payloads left, and the 15 more left out go unsaid.
  @Test func anEnumIsFoundAtTheSchemaThatDeclaresIt() throws {
    let report = try check(budget: 20)
    let share = try file("Share", in: report)
    let notice = try file("Notice", in: report)
    let found = share.findings.filter { $0.contract?.pointer.description == revoked }
    #expect(found.count == 1, "\(share.findings.map(\.message))")
    #expect(found.first?.path == "$.state")
    #expect(found.first?.contract?.alsoFoundThrough == ["Notice"])
    #expect(!notice.findings.contains { $0.contract?.pointer.description == revoked })
    #expect(share.payloadCount == 20)
    #expect(budgetNotices(share).isEmpty)
    // `Notice` has no own member to vary: its post's are all nested, and go unsaid too.
    #expect(budgetNotices(notice).isEmpty)
  }

  /// With room for 3 payloads (the full payload and two variants), one of `Share`'s own three
  /// variants is left out: the notice is given, with every payload left out counted.
  @Test func theNoticeIsForASchemaWhoseOwnMembersWereNotAllProbed() throws {
    let report = try check(budget: 3)
    let notices = budgetNotices(try file("Share", in: report))
    #expect(notices.count == 1)
    #expect(
      notices.first?.message
        == "`Share` was checked with 3 payloads, the budget per schema; 32 more were left out "
        + "(raise the budget with --max-payloads)")
  }

  /// The plan itself: the variants of the schema's own members first, in the order found
  /// (leaving out `post`, then each other `state`), then the nested ones while room is left.
  @Test func ownMembersArePlannedFirst() throws {
    var graph = SchemaGraph(try Specs.read(shareSpec))
    let root = try #require(graph.schema(named: "Share") as SchemaID?)
    var generator = PayloadGenerator(graph: graph)
    guard case .value(let base) = generator.value(of: root) else {
      Issue.record("no payload of Share")
      return
    }
    var plan = VariantPlan(generator: generator, budget: VariantBudget(limit: 5), root: root)
    plan.add(variantsOf: base)
    #expect(
      plan.variants.map { "$" + $0.purpose.path.map(\.description).joined() }
        == ["$.post", "$.state", "$.state", "$.post.body", "$.post.body.p0"])
    #expect(plan.variants.compactMap(\.purpose.value) == ["accepted", "revoked"])
    #expect(plan.ownMembersLeftOut == 0)
    #expect(plan.budget.leftOut == 29)
  }

  /// A member declared inside the schema is its own however deep in the payload it is (an
  /// inline object's `enum`); a part it is `allOf` counts as the schema too; a member of the
  /// schema is its own wherever its `enum` is declared (Mastodon's `state` is a `$ref` to
  /// `QuoteStateEnum`), and so is an array member's element. Members of a nested schema are
  /// not, though their `enum` comes once the budget is spent (`later.mood`).
  @Test func aMemberDeclaredInsideTheSchemaIsItsOwn() throws {
    let members = (0..<10).map { #""p\#($0)": {"type": "string"}"# }.joined(separator: ", ")
    let spec = Specs.document(
      schemas: ##"""
        "Big": {"type": "object", "properties": {\##(members)}},
        "Base": {"type": "object", "required": ["big", "extra"],
                 "properties": {"big": {"$ref": "#/components/schemas/Big"},
                                "extra": {"type": "object", "required": ["tone"],
                                          "properties": {"tone": {"enum": ["low", "high"]}}}}},
        "Item": {"allOf": [{"$ref": "#/components/schemas/Base"},
                           {"type": "object", "required": ["meta", "level", "tags", "later"],
                            "properties": {"meta": {"type": "object", "required": ["kind"],
                                                    "properties": {"kind": {"enum": ["a", "b"]}}},
                                           "level": {"$ref": "#/components/schemas/Level"},
                                           "tags": {"type": "array",
                                                    "items": {"$ref": "#/components/schemas/Level"}},
                                           "later": {"$ref": "#/components/schemas/Later"}}}]},
        "Level": {"enum": ["x", "y"]},
        "Later": {"type": "object", "required": ["mood"],
                  "properties": {"mood": {"enum": ["calm", "loud"]}}}
        """##)
    var graph = SchemaGraph(try Specs.read(spec))
    let root = try #require(graph.schema(named: "Item") as SchemaID?)
    var generator = PayloadGenerator(graph: graph)
    guard case .value(let base) = generator.value(of: root) else {
      Issue.record("no payload of Item")
      return
    }
    var plan = VariantPlan(generator: generator, budget: VariantBudget(limit: 4), root: root)
    plan.add(variantsOf: base)
    #expect(
      plan.variants.map { "$" + $0.purpose.path.map(\.description).joined() }
        == ["$.extra.tone", "$.meta.kind", "$.level", "$.tags[0]"])
    #expect(plan.ownMembersLeftOut == 0)
    #expect(plan.budget.leftOut == 11)
  }

  /// What the generator notes while making a branch only counted past the budget is left
  /// out with it: the count covers it.
  @Test func aNoteOfABranchPastTheBudgetIsLeftOut() throws {
    let spec = Specs.document(
      schemas: ##"""
        "Pet": {"oneOf": [{"$ref": "#/components/schemas/Cat"}, {"$ref": "#/components/schemas/Dog"}]},
        "Cat": {"type": "object", "properties": {"lives": {"type": "integer"}}},
        "Dog": {"type": "object", "properties": {"collar": {"$ref": "other.json#/Collar"}}}
        """##)
    var graph = SchemaGraph(try Specs.read(spec))
    let root = try #require(graph.schema(named: "Pet") as SchemaID?)
    var generator = PayloadGenerator(graph: graph)
    guard case .value(let base) = generator.value(of: root) else {
      Issue.record("no payload of Pet")
      return
    }
    var notes: [Int: Int] = [:]
    for limit in [0, 10] {
      var plan = VariantPlan(generator: generator, budget: VariantBudget(limit: limit), root: root)
      plan.add(variantsOf: base)
      notes[limit] = plan.notes.count
    }
    #expect(notes == [0: 0, 10: 1])
  }
}
