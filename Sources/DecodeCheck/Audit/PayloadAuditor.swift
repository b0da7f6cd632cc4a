import CodableResilience
import Foundation

/// Asks a model, place by place, what a new value, a new variant or a missing key in one
/// payload would do, within a ``AuditBudget``: the audit's way of making variants for the
/// ``ProbeEngine``, and its words for the answers.
///
/// ```swift
/// let auditor = PayloadAuditor(decoder: VariantDecoder(model), budget: .standard)
/// let audit = auditor.audit(data, base: decoder.outcome(of: data), line: nil)
/// audit.places.filter { $0.answer == .open }.map(\.pattern)
/// ```
struct PayloadAuditor: Sendable {
  let decoder: VariantDecoder
  let budget: AuditBudget
  /// How many variants to decode at once.
  var maximumConcurrency = 1
  /// Whether variants are made of the payload with its arrays reduced to the element they
  /// change, when that decodes alike (``PayloadReductions``); tests compare it with `false`.
  var reducesArrays = true

  /// The keys that tag an array's elements whatever the model: a new value of any other key
  /// that the model reports or fails on in an array's element makes that key a tag too (a
  /// `TaggedUnion`'s own `tagKey`).
  static let tagKeys = ["type", "kind", "event"]

  /// Audits `data`, a payload that decoded as `base` says; `line` is its line in the file
  /// when it is one line of many. At most ``AuditBudget/placesPerFile`` variants are made,
  /// each made, decoded and dropped in turn, each of the payload with its arrays down to the
  /// element it changes (``PayloadReductions``) when that decodes alike.
  func audit(_ data: Data, base: VariantOutcome, line: Int?) -> PayloadAudit {
    guard let outline = JSONDocument(data) else {
      return PayloadAudit(places: [], variantCount: 0)
    }
    // The model reads nothing of an element it left out already: nothing there to ask about.
    let leftOut = base.reports.filter(\.isElementLeftOut).map(\.path)
    let paths = outline.paths()
    let isRead = { (question: Question) in
      !leftOut.contains { paths[question.node].starts(with: $0) }
    }
    var variantBudget = VariantBudget(limit: budget.placesPerFile)
    // New variants are asked after new values, with the tags those find; room is kept for
    // each field of them the keys known as tags make, up to half the budget.
    let reductions = PayloadReductions(
      outline, paths: paths, base: base, decoder: decoder,
      maximumConcurrency: maximumConcurrency, isEnabled: reducesArrays)
    let first = ask(
      Self.valueAndKeyQuestions(in: outline, paths: paths).filter(isRead), of: outline,
      paths: paths, reductions: reductions,
      budget: &variantBudget,
      reserving: min(
        budget.placesPerFile / 2,
        Set(
          Self.variantQuestions(in: outline, paths: paths, tags: Self.tagKeys).filter(isRead)
            .map(\.pattern)
        )
        .count))
    // A key whose new value a model reported or failed on, in an array's elements, tags them.
    var tags = Self.tagKeys
    for place in first where place.question == .newValue {
      guard case .key(let key) = place.nodePath.last, place.nodePath.count >= 2,
        case .index = place.nodePath[place.nodePath.count - 2], !tags.contains(key)
      else { continue }
      switch place.answer {
      case .brittle, .resilient: tags.append(key)
      default: continue
      }
    }
    let second = ask(
      Self.variantQuestions(in: outline, paths: paths, tags: tags).filter(isRead),
      of: outline, paths: paths, reductions: reductions, budget: &variantBudget)
    let third = ask(
      Self.typeQuestions(in: outline, paths: paths).filter(isRead), of: outline, paths: paths,
      reductions: reductions, budget: &variantBudget)
    let asked = first + second + third
    let positions = outline.positions(of: asked.map { outline.nodes[$0.node].offset })
    let places = asked.map { place in
      var position = positions[outline.nodes[place.node].offset]
      if let line, position != nil { position!.line += line - 1 }
      return PlaceAudit(
        pattern: place.pattern, path: UnknownValue.PathComponent.jsonPath(place.nodePath),
        question: place.question, answer: place.answer, position: position)
    }
    return PayloadAudit(
      places: places, variantCount: asked.count, leftOutCount: variantBudget.leftOut)
  }

  // MARK: - Questions

  /// One question about one node, and the edits that make its variant.
  private struct Question {
    var node: Int
    var pattern: String
    var kind: PlaceAudit.Question
    var edits: @Sendable (JSONDocument) -> [JSONDocument.TextEdit]
  }

  /// A question answered.
  private struct Asked {
    var node: Int
    var nodePath: [UnknownValue.PathComponent]
    var pattern: String
    var question: PlaceAudit.Question
    var answer: PlaceAudit.Answer
  }

  /// A new value for every string and integer, and every member left out, in text order.
  private static func valueAndKeyQuestions(
    in outline: JSONDocument, paths: [[UnknownValue.PathComponent]]
  ) -> [Question] {
    let nodes = outline.nodes
    let patterns = paths.map(jsonPattern)
    // The integers at each field, so the new one is larger than all of them.
    var integers: [String: [String]] = [:]
    for node in nodes.indices where nodes[node].kind == .number {
      let text = outline.text(of: node)
      if isInteger(text) { integers[patterns[node], default: []].append(text) }
    }
    var newIntegers: [String: String] = [:]
    var questions: [Question] = []
    for node in nodes.indices.dropFirst() {
      let pattern = patterns[node]
      switch nodes[node].kind {
      case .string:
        let json = NewValues.string(replacing: outline.text(of: node))
        questions.append(
          Question(node: node, pattern: pattern, kind: .newValue) {
            [$0.replacing(node, with: json)]
          })
      case .number where isInteger(outline.text(of: node)):
        // One new integer a field, worked out once: over every integer of the field.
        let json =
          newIntegers[pattern]
          ?? {
            let json = NewValues.integer(above: integers[pattern] ?? [])
            newIntegers[pattern] = json
            return json
          }()
        questions.append(
          Question(node: node, pattern: pattern, kind: .newValue) {
            [$0.replacing(node, with: json)]
          })
      default:
        break
      }
      if outline.key(of: node) != nil {
        questions.append(
          Question(node: node, pattern: pattern, kind: .missingKey) { [$0.removing(node)] })
      }
    }
    return questions
  }

  /// The other JSON type and `null` for every scalar, in text order: asked last, so that a
  /// payload the budget cannot ask everything of has its new values and variants asked first.
  private static func typeQuestions(
    in outline: JSONDocument, paths: [[UnknownValue.PathComponent]]
  ) -> [Question] {
    outline.nodes.indices.dropFirst().flatMap {
      typeQuestions(about: $0, pattern: jsonPattern(paths[$0]), in: outline)
    }
  }

  /// The value sent as the other JSON type it converts from or to, and as `null`, for a
  /// scalar: what a backend that changes a value's type sends.
  private static func typeQuestions(about node: Int, pattern: String, in outline: JSONDocument)
    -> [Question]
  {
    let kind = outline.nodes[node].kind
    guard kind == .string || kind == .number || kind == .boolean else { return [] }
    var questions: [Question] = []
    if let other = NewValues.otherType(of: outline.literal(node), kind: kind) {
      questions.append(
        Question(node: node, pattern: pattern, kind: .otherType) {
          [$0.replacing(node, with: other)]
        })
    }
    questions.append(
      Question(node: node, pattern: pattern, kind: .null) {
        [$0.replacing(node, with: "null")]
      })
    return questions
  }

  /// A new variant of every element of an array of objects that differ in their members,
  /// tagged by the first of `tags` the element carries as a string: the tag never sent,
  /// with only the members every element of the array carries.
  private static func variantQuestions(
    in outline: JSONDocument, paths: [[UnknownValue.PathComponent]], tags: [String]
  ) -> [Question] {
    let nodes = outline.nodes
    var questions: [Question] = []
    for array in nodes.indices where nodes[array].kind == .array {
      let elements = outline.children(of: array)
      guard elements.count >= 2, elements.allSatisfy({ nodes[$0].kind == .object }) else {
        continue
      }
      let keySets = elements.map { Set(outline.elements(of: $0).compactMap(\.key)) }
      let shared = keySets.dropFirst().reduce(keySets[0]) { $0.intersection($1) }
      guard keySets.contains(where: { $0 != shared }) else { continue }
      for element in elements {
        let members = outline.children(of: element)
        let tagged = tags.lazy.compactMap { tag in
          members.first { outline.key(of: $0) == tag && nodes[$0].kind == .string }
        }.first
        guard let tag = tagged, shared.contains(outline.key(of: tag) ?? "") else { continue }
        let kept = Set(members.filter { shared.contains(outline.key(of: $0) ?? "") })
        let json = jsonQuoted(NewValues.token)
        questions.append(
          Question(node: element, pattern: jsonPattern(paths[element]), kind: .newVariant) {
            $0.tagging(element, tag: tag, as: json, keeping: kept)
          })
      }
    }
    return questions
  }

  // MARK: - Asking

  /// Asks the questions the budget allows, keeping room for `reserved` more (at most half the
  /// budget, worked out only when the questions could need that room): each field (pattern
  /// and question) at the places ``AuditBudget/sampledPlaces(of:)`` chooses; past the room,
  /// each field's first place before any field's second, the rest counted as left out.
  /// Answers come in text order.
  private func ask(
    _ questions: [Question], of outline: JSONDocument, paths: [[UnknownValue.PathComponent]],
    reductions: PayloadReductions,
    budget variantBudget: inout VariantBudget, reserving reserved: @autoclosure () -> Int = 0
  ) -> [Asked] {
    // A field is a pattern and a question (not their text: describing an enum reflects).
    struct Field: Hashable {
      var pattern: String
      var kind: PlaceAudit.Question
    }
    var fields: [Field: [Int]] = [:]
    var order: [Field] = []
    for (index, question) in questions.enumerated() {
      let field = Field(pattern: question.pattern, kind: question.kind)
      if fields[field] == nil { order.append(field) }
      fields[field, default: []].append(index)
    }
    let sampled = order.map { field in
      let places = fields[field] ?? []
      return budget.sampledPlaces(of: places.count).map { places[$0] }
    }
    let total = sampled.reduce(0) { $0 + $1.count }
    let room =
      total <= variantBudget.remaining - variantBudget.limit / 2
      ? total : max(0, variantBudget.remaining - reserved())
    var chosen: [Int] = []
    var rank = 0
    while chosen.count < room {
      let round = sampled.compactMap { rank < $0.count ? $0[rank] : nil }
      if round.isEmpty { break }
      chosen += round.prefix(room - chosen.count)
      rank += 1
    }
    for _ in chosen { variantBudget.take() }
    variantBudget.leaveOut(total - chosen.count)
    chosen.sort()
    let reduced = reductions.reduced(towards: chosen.map { questions[$0].node })
    let asked = chosen
    let answers = concurrentMap(count: asked.count, maximumConcurrency: maximumConcurrency) {
      position in
      let question = questions[asked[position]]
      // What the reduction leaves out inside the node, the variant changes or removes whole.
      let node = outline.nodes[question.node]
      let edits =
        reduced[position].edits.filter { !(node.offset..<node.end).contains($0.range.lowerBound) }
        + question.edits(outline)
      return Self.answer(
        question.kind, reduced[position].engine.answer(outline.applying(edits)))
    }
    return chosen.indices.map { position in
      let question = questions[chosen[position]]
      return Asked(
        node: question.node, nodePath: paths[question.node],
        pattern: question.pattern, question: question.kind, answer: answers[position])
    }
  }

  /// What the engine's answer says about the question asked.
  private static func answer(_ question: PlaceAudit.Question, _ answer: ProbeAnswer)
    -> PlaceAudit.Answer
  {
    if question == .missingKey {
      if let failure = answer.failure { return .required(message: failure.message) }
      return .optional
    }
    if question == .otherType || question == .null, answer.failure == nil {
      // A converted value, a default read for `null`: reported, and read.
      guard let report = answer.reports.first else { return .open }
      return .resilient(
        typeName: report.unknownValue.typeName, tool: report.unknownValue.tool?.rawValue,
        leftOut: report.isElementLeftOut)
    }
    switch answer.verdict {
    case .brittle:
      let failure = answer.failure!
      return .brittle(typeName: failure.typeName, message: failure.message)
    case .resilient:
      // The tool that caught a new value names itself in its report. A renamed value is not a
      // new value: it was read as one the type knows.
      let report = answer.reports.first(where: \.isProblem)!
      return .resilient(
        typeName: report.unknownValue.typeName, tool: report.unknownValue.tool?.rawValue,
        leftOut: report.isElementLeftOut)
    case .open:
      return .open
    }
  }

  private static func isInteger(_ text: String) -> Bool {
    let digits = text.hasPrefix("-") ? text.utf8.dropFirst() : text.utf8[...]
    return !digits.isEmpty && digits.allSatisfy(ASCII.isDigit)
  }
}

/// The path with every array index written `[*]`: the field a place belongs to,
/// `$.listings[*].kind` for `$.listings[3].kind`.
func jsonPattern(_ path: [UnknownValue.PathComponent]) -> String {
  path.reduce(into: "$") { text, component in
    if case .index = component {
      text += "[*]"
    } else {
      text += component.description
    }
  }
}
