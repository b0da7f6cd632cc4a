/// Each finding of `--openapi` once, at its place in the spec.
///
/// A schema that several mapped types include (a `Milestone` under `Issue`, `PullRequest` and
/// `Milestone` itself) is checked through each of them, and each finds what is wrong with it.
/// What is wrong is one thing at one line of the spec, so it is reported by one type: the type
/// whose own schema holds the spec member (the longest of the types' schemas that the member's
/// JSON pointer starts with), else the first type in the report's order; its message names
/// the other types it was also found through. The types that gave up a finding have their
/// outcome follow the findings they keep.
///
/// ```swift
/// var report = ContractChecker().check(document, matches: matches)
/// report.reportSpecFindingsOnce(schemas: matches)
/// ```
extension CheckReport {
  mutating func reportSpecFindingsOnce(schemas matches: [SchemaMatch]) {
    var schemaOf: [String: String] = [:]
    for match in matches where schemaOf[match.model.qualifiedName] == nil {
      schemaOf[match.model.qualifiedName] = match.pointer.description
    }
    func ownership(of file: FileReport, _ pointer: String) -> Int {
      file.typeName.flatMap { schemaOf[$0] }.map { Self.closeness(of: $0, to: pointer) } ?? -1
    }
    // Where each place in the spec was found: the files and findings, in the report's order.
    var places: [FindingIdentity: [(file: Int, finding: Int)]] = [:]
    var order: [FindingIdentity] = []
    for (fileIndex, file) in files.enumerated() {
      for (findingIndex, finding) in file.findings.enumerated() {
        guard let key = Self.specPlace(of: finding) else { continue }
        if places[key] == nil { order.append(key) }
        places[key, default: []].append((fileIndex, findingIndex))
      }
    }
    var dropped: [Int: Set<Int>] = [:]
    var alsoFound: [Int: [Int: [String]]] = [:]
    for key in order {
      guard let found = places[key] else { continue }
      var reporting: [Int] = []
      for place in found where !reporting.contains(place.file) { reporting.append(place.file) }
      guard reporting.count > 1 else { continue }
      let pointer = files[found[0].file].findings[found[0].finding].contract?.pointer.description
      // The longer schema wins; between equals, the earlier type.
      let owner = reporting.enumerated().max { first, second in
        let (a, b) = (
          ownership(of: files[first.element], pointer ?? ""),
          ownership(of: files[second.element], pointer ?? "")
        )
        return a != b ? a < b : first.offset > second.offset
      }!.element
      var others: [String] = []
      for file in reporting where file != owner {
        if let type = files[file].findings.lazy.compactMap(\.contract).first?.typeName,
          !others.contains(type)
        {
          others.append(type)
        }
      }
      // Every place in the owner's payloads is kept: a member reached twice in one type is
      // two findings of that type (`$.filters[0]`, `$.main`).
      for place in found {
        if place.file == owner {
          alsoFound[owner, default: [:]][place.finding] = others
        } else {
          dropped[place.file, default: []].insert(place.finding)
        }
      }
    }
    for (fileIndex, found) in alsoFound {
      for (findingIndex, others) in found where !others.isEmpty {
        let names = others.map { "`\($0)`" }
        let list =
          names.count == 1
          ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
        files[fileIndex].findings[findingIndex].message += "; also found through \(list)"
        files[fileIndex].findings[findingIndex].contract?.alsoFoundThrough = others
      }
    }
    for (fileIndex, findings) in dropped {
      let kept = files[fileIndex].findings.enumerated()
        .filter { !findings.contains($0.offset) }.map(\.element)
      files[fileIndex].replaceFindings(with: kept)
    }
  }

  /// How closely a type's own schema holds a spec member: the length of the schema's pointer
  /// when the member's pointer starts with it, else -1. A finding goes to the closest type
  /// that finds it, then to the first in the report's order, in a whole run and across shards
  /// (``SpecReach``) alike.
  static func closeness(of schema: String, to pointer: String) -> Int {
    pointer == schema || pointer.hasPrefix(schema + "/") ? schema.count : -1
  }

  /// What makes two findings of `--openapi` the same, whatever type or payload path they
  /// were found through: the finding's ``Finding/identity``. `nil` for a finding that is not
  /// about the spec.
  static func specPlace(of finding: Finding) -> FindingIdentity? {
    finding.contract == nil ? nil : finding.identity
  }
}
