import CodableResilience

/// The values a run read in one old spelling: one type's spelling received (through an alias
/// or by its letter case) and the canonical value it was read as, with how many payloads and
/// places sent it and where it was first seen.
///
/// The formats list old spellings grouped so, not one line per value: a server that still
/// sends `"credit_card"` sends it in every payload.
///
/// `old spelling PaymentMethod "credit_card" read as "card"; 3 payloads, 5 places`
struct OldSpelling: Sendable, Hashable {
  /// The type's name, as its reports give it: `PaymentMethod`.
  var typeName: String
  /// The spelling received: `credit_card`.
  var received: String
  /// The canonical raw value it was read as: `card`.
  var canonical: String
  /// The payloads that sent it, by input (and line, with `--lines`).
  var payloads: Set<String> = []
  /// How many values sent it.
  var placeCount = 0
  /// The first value that sent it, and its input.
  var first: Finding
  var firstFile: FileReport

  /// The group as a note at its first place, with the counts.
  var finding: Finding {
    var finding = first
    finding.message +=
      "; " + counted(payloads.count, "payload") + ", "
      + counted(placeCount, "place")
    return finding
  }
}

/// Old spellings grouped by type, spelling and canonical value, in the order first seen, as
/// inputs are added one after another.
struct OldSpellingGroups: Sendable, Hashable {
  private(set) var groups: [OldSpelling] = []
  private var indices: [[String]: Int] = [:]
  /// How many inputs were added, which numbers the next: a payload is known by its input's
  /// number (and line).
  private var inputs = 0

  /// Adds the old spellings of the next input.
  mutating func add(_ file: FileReport) {
    defer { inputs += 1 }
    guard file.renamedValueCount > 0 else { return }
    for finding in file.findings {
      guard let value = finding.unknownValue, case .renamedValue(let canonical) = value.kind
      else { continue }
      // One payload per file, or per line with `--lines`; a type checked against an OpenAPI
      // document counts once, however many of its payloads send it.
      let payload =
        file.payloadCount > 1 && file.schema == nil
        ? "\(inputs):\(finding.position?.line ?? 0)" : "\(inputs)"
      let key = [value.typeName, value.rawValue, canonical]
      let index =
        indices[key]
        ?? {
          // The group names its first input's place, not the input's other findings.
          var place = file
          place.findings = []
          place.acceptedFindings = []
          place.audits = []
          groups.append(
            OldSpelling(
              typeName: value.typeName, received: value.rawValue, canonical: canonical,
              first: finding, firstFile: place))
          indices[key] = groups.count - 1
          return groups.count - 1
        }()
      groups[index].payloads.insert(payload)
      groups[index].placeCount += 1
    }
  }
}

extension CheckReport {
  /// Every old spelling the payloads sent, those of the inputs already written out first,
  /// grouped by type, spelling and canonical value, in the order first seen.
  var oldSpellings: [OldSpelling] {
    var spellings = written.oldSpellings
    for file in files {
      spellings.add(file)
    }
    return spellings.groups
  }
}
