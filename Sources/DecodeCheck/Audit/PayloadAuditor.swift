import CodableResilience
import Foundation

/// One place of a payload the audit asked about, and what the model answered.
struct PlaceAudit: Sendable, Hashable {
  /// What the audit asked.
  enum Question: Sendable, Hashable {
    /// A string or integer the server has never sent there.
    case newValue
    /// An array's element tagged with a tag never sent, carrying only what every element
    /// of the array carries.
    case newVariant
    /// The member left out.
    case missingKey
  }

  /// What decoding the variant came to.
  enum Answer: Sendable, Hashable {
    /// A new value or variant failed decoding; `typeName` is the type the failure names.
    case brittle(typeName: String?, message: String)
    /// A new value or variant was reported as unknown by `typeName`, a type of the toolkit's
    /// `tool` when it can be told (`UnknownDecodable`); or, with `leftOut`, it made an element
    /// of type `typeName` fail to decode, which `tool` (`@SkipInvalidElements`) left out.
    case resilient(typeName: String, tool: String?, leftOut: Bool = false)
    /// A new value or variant decoded with nothing reported.
    case open
    /// Leaving the member out failed decoding.
    case required(message: String)
    /// Leaving the member out decoded.
    case optional
  }

  /// The field: the path with every array index written `[*]`, `$.listings[*].kind`.
  var pattern: String
  /// The place itself, `$.listings[3].kind`.
  var path: String
  var question: Question
  var answer: Answer
  /// Where the value is in its file (for a HAR entry, in the response body).
  var position: TextPosition?
}

/// What auditing one payload found.
struct PayloadAudit: Sendable, Hashable {
  var places: [PlaceAudit]
  /// How many variants were decoded.
  var variantCount: Int
}

/// Asks a model, place by place, what a new value, a new variant or a missing key in one
/// payload would do, within a ``AuditBudget``.
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

  /// The keys that tag an array's elements whatever the model: a new value of any other key
  /// that the model reports or fails on in an array's element makes that key a tag too (a
  /// `TaggedUnion`'s own `tagKey`).
  static let tagKeys = ["type", "kind", "event"]

  /// Audits `data`, a payload that decoded as `base` says; `line` is its line in the file
  /// when it is one line of many.
  func audit(_ data: Data, base: VariantOutcome, line: Int?) -> PayloadAudit {
    guard let outline = PayloadOutline(data) else {
      return PayloadAudit(places: [], variantCount: 0)
    }
    let known = ReportTally(base.reports)
    // The model reads nothing of an element it left out already: nothing there to ask about.
    let leftOut = base.reports.filter(\.isElementLeftOut).map(\.path)
    let isRead = { (question: Question) in
      let path = outline.nodes[question.node].path
      return !leftOut.contains { path.starts(with: $0) }
    }
    let first = ask(
      Self.valueAndKeyQuestions(in: outline).filter(isRead), of: outline, known: known,
      budget: budget.placesPerFile)
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
    let variantQuestions = Self.variantQuestions(in: outline, tags: tags).filter(isRead)
    // New variants get what the budget leaves, and each such field at least one place.
    let fields = Set(variantQuestions.map(\.pattern)).count
    let second = ask(
      variantQuestions, of: outline, known: known,
      budget: max(budget.placesPerFile - first.count, fields))
    let asked = first + second
    let positions = outline.positions(of: asked.map(\.node))
    let places = asked.map { place in
      var position = positions[place.node]
      if let line, position != nil { position!.line += line - 1 }
      return PlaceAudit(
        pattern: place.pattern, path: UnknownValue.PathComponent.jsonPath(place.nodePath),
        question: place.question, answer: place.answer, position: position)
    }
    return PayloadAudit(places: places, variantCount: asked.count)
  }

  // MARK: - Questions

  /// One question about one node, and how to make its variant.
  private struct Question {
    var node: Int
    var pattern: String
    var kind: PlaceAudit.Question
    var makeVariant: (PayloadOutline) -> PayloadVariant
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
  private static func valueAndKeyQuestions(in outline: PayloadOutline) -> [Question] {
    let nodes = outline.nodes
    let patterns = nodes.map { jsonPattern($0.path) }
    // The integers at each field, so the new one is larger than all of them.
    var integers: [String: [String]] = [:]
    for node in nodes.indices where nodes[node].kind == .number {
      let text = outline.text(of: node)
      if isInteger(text) { integers[patterns[node], default: []].append(text) }
    }
    var questions: [Question] = []
    for node in nodes.indices.dropFirst() {
      let pattern = patterns[node]
      switch nodes[node].kind {
      case .string:
        let json = NewValues.string(replacing: outline.text(of: node))
        questions.append(
          Question(node: node, pattern: pattern, kind: .newValue) {
            $0.variant(replacing: node, with: json)
          })
      case .number where isInteger(outline.text(of: node)):
        let json = NewValues.integer(above: integers[pattern] ?? [])
        questions.append(
          Question(node: node, pattern: pattern, kind: .newValue) {
            $0.variant(replacing: node, with: json)
          })
      default:
        break
      }
      if outline.key(of: node) != nil {
        questions.append(
          Question(node: node, pattern: pattern, kind: .missingKey) { $0.variant(removing: node) })
      }
    }
    return questions
  }

  /// A new variant of every element of an array of objects that differ in their members,
  /// tagged by the first of `tags` the element carries as a string: the tag never sent,
  /// with only the members every element of the array carries.
  private static func variantQuestions(in outline: PayloadOutline, tags: [String]) -> [Question] {
    let nodes = outline.nodes
    var questions: [Question] = []
    for array in nodes.indices where nodes[array].kind == .array {
      let elements = nodes[array].children
      guard elements.count >= 2, elements.allSatisfy({ nodes[$0].kind == .object }) else {
        continue
      }
      let keySets = elements.map { Set(nodes[$0].children.compactMap(outline.key(of:))) }
      let shared = keySets.dropFirst().reduce(keySets[0]) { $0.intersection($1) }
      guard keySets.contains(where: { $0 != shared }) else { continue }
      for element in elements {
        let members = nodes[element].children
        let tagged = tags.lazy.compactMap { tag in
          members.first { outline.key(of: $0) == tag && nodes[$0].kind == .string }
        }.first
        guard let tag = tagged, shared.contains(outline.key(of: tag) ?? "") else { continue }
        let kept = Set(members.filter { shared.contains(outline.key(of: $0) ?? "") })
        let json = jsonQuoted(NewValues.token)
        questions.append(
          Question(node: element, pattern: jsonPattern(nodes[element].path), kind: .newVariant) {
            $0.variant(tagging: element, tag: tag, as: json, keeping: kept)
          })
      }
    }
    return questions
  }

  // MARK: - Asking

  /// Asks the questions the budget allows: each field (pattern and question) at the places
  /// ``AuditBudget/sampledPlaces(of:)`` chooses; past `budget` places, each field's first
  /// place before any field's second. Answers come in text order.
  private func ask(
    _ questions: [Question], of outline: PayloadOutline, known: ReportTally, budget: Int
  ) -> [Asked] {
    var fields: [String: [Int]] = [:]
    var order: [String] = []
    for (index, question) in questions.enumerated() {
      let field = "\(question.kind) \(question.pattern)"
      if fields[field] == nil { order.append(field) }
      fields[field, default: []].append(index)
    }
    let sampled = order.map { field in
      let places = fields[field] ?? []
      return self.budget.sampledPlaces(of: places.count).map { places[$0] }
    }
    var chosen: [Int] = []
    var rank = 0
    while chosen.count < budget {
      let round = sampled.compactMap { rank < $0.count ? $0[rank] : nil }
      if round.isEmpty { break }
      chosen += round.prefix(budget - chosen.count)
      rank += 1
    }
    chosen.sort()
    let variants = chosen.map { questions[$0].makeVariant(outline) }
    let outcomes = decoder.outcomes(of: variants, maximumConcurrency: maximumConcurrency)
    return chosen.indices.map { position in
      let question = questions[chosen[position]]
      let answer = Self.answer(question.kind, outcomes[position], known: known)
      return Asked(
        node: question.node, nodePath: outline.nodes[question.node].path,
        pattern: question.pattern, question: question.kind, answer: answer)
    }
  }

  /// What an outcome says about the question asked.
  private static func answer(
    _ question: PlaceAudit.Question, _ outcome: VariantOutcome, known: ReportTally
  ) -> PlaceAudit.Answer {
    if question == .missingKey {
      if case .failed(let failure) = outcome { return .required(message: failure.message) }
      return .optional
    }
    if case .failed(let failure) = outcome {
      return .brittle(typeName: failure.typeName, message: failure.message)
    }
    // The tool that caught a new value names itself in its report. A renamed value is not a
    // new value: it was read as one the type knows.
    if let report = known.new(in: outcome.problems).first {
      return .resilient(
        typeName: report.unknownValue.typeName, tool: report.unknownValue.tool?.rawValue,
        leftOut: report.isElementLeftOut)
    }
    return .open
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

/// The reports a payload made as it was, to tell a variant's new reports from them.
private struct ReportTally {
  private var counts: [String: Int] = [:]

  init(_ reports: [VariantReport]) {
    for report in reports { counts[Self.key(report), default: 0] += 1 }
  }

  /// The reports of `reports` beyond those the payload made as it was.
  func new(in reports: [VariantReport]) -> [VariantReport] {
    var left = counts
    return reports.filter { report in
      let key = Self.key(report)
      guard let count = left[key], count > 0 else { return true }
      left[key] = count - 1
      return false
    }
  }

  /// The path, the type and the raw value; for an element left out, not its JSON, which a
  /// change inside it changes, though the element was left out all the same.
  private static func key(_ report: VariantReport) -> String {
    let value = report.unknownValue
    let what = report.isElementLeftOut ? "left out" : "value " + value.rawValue
    return "\(report.jsonPath) \(value.typeName) \(what)"
  }
}
