import CodableResilience
import Foundation

// A `.expected` file as text: reading it with every problem named, and writing it in a fixed
// member order. ExpectedOutcome.swift holds what the file states.
extension ExpectedOutcome {
  /// The members a `.expected` file may hold; any other key is a typo to report.
  static let allowedKeys: Set<String> = [
    "version", "outcome", "note", "unknownValues", "invalidElements", "renamedValues",
    "defaultsUsed", "unknownFields", "convertedValues", "strictError", "roundTrip", "error",
  ]

  /// The members versions 2 to 4 added, with the version that added them.
  static let versionedKeys: [String: Int] = [
    "invalidElements": 2, "renamedValues": 2, "defaultsUsed": 3, "unknownFields": 3,
    "convertedValues": 4,
  ]

  /// The order members are written in, so recorded files read top to bottom.
  static let memberOrder = [
    "version", "outcome", "note", "unknownValues", "invalidElements", "renamedValues",
    "defaultsUsed", "unknownFields", "convertedValues", "strictError", "roundTrip", "type",
    "received", "rawValue", "canonical", "reason", "case", "path", "key", "json", "error",
    "replaced", "removed", "added",
  ]

  /// Reads a `.expected` file, reporting what is wrong with it: not JSON, an unknown member,
  /// members that do not fit the outcome, a newer format version.
  ///
  /// ```swift
  /// let expected = try ExpectedOutcome(contentsOf: fixture.expectedURL)
  /// ```
  public init(contentsOf url: URL) throws {
    let data = try Data(contentsOf: url)
    let problems: [String]
    do {
      self = try JSONDecoder().decode(ExpectedOutcome.self, from: data)
      problems = try Self.problems(in: data)
    } catch {
      throw PayloadCheckFailure("\(url.path): not a readable .expected file: \(error)")
    }
    if !problems.isEmpty {
      throw PayloadCheckFailure(
        "\(url.path) is not a valid .expected file:\n"
          + problems.map { "  \($0)" }.joined(separator: "\n"))
    }
  }

  /// What is wrong with the file itself: members that do not fit its outcome, unknown keys,
  /// paths that are not JSONPaths, a version this library does not read.
  static func problems(in data: Data) throws -> [String] {
    guard case .object(let members) = try FixtureJSON(parsing: data) else {
      return ["the file is not a JSON object"]
    }
    var problems = Set(members.keys).subtracting(allowedKeys).sorted().map {
      "unknown member \"\($0)\""
    }
    let expected = try JSONDecoder().decode(ExpectedOutcome.self, from: data)
    let version = expected.version ?? 1
    if !(1...formatVersion).contains(version) {
      problems.append(
        "format version \(version); this CodableResilienceTesting reads versions 1 to "
          + "\(formatVersion)")
    } else {
      problems += versionedKeys.filter { members[$0.key] != nil && $0.value > version }
        .sorted { $0.key < $1.key }
        .map { "\"\($0.key)\" needs format version \($0.value) (\"version\": \($0.value))" }
    }
    switch expected.outcome {
    case .decoded:
      if expected.error != nil { problems.append("a decoded outcome has an \"error\"") }
      if let unknownValues = expected.unknownValues {
        // Unknown values, elements left out, defaults used and converted values fail strict
        // decoding; renamed values and unknown fields never do.
        let rejected =
          !unknownValues.isEmpty || expected.invalidElements?.isEmpty == false
          || expected.defaultsUsed?.isEmpty == false
          || expected.convertedValues?.isEmpty == false
        if !rejected, expected.strictError != nil {
          problems.append(
            "\"strictError\" without unknown values, elements left out, defaults used or "
              + "converted values")
        }
        if rejected, expected.strictError == nil {
          problems.append(
            "unknown values, elements left out, defaults used or converted values without the "
              + "\"strictError\" they cause")
        }
      } else {
        problems.append("a decoded outcome needs \"unknownValues\" (use [] for none)")
      }
    case .failed:
      if expected.error == nil { problems.append("a failed outcome needs an \"error\"") }
      if expected.unknownValues != nil || expected.invalidElements != nil
        || expected.renamedValues != nil || expected.defaultsUsed != nil
        || expected.unknownFields != nil || expected.convertedValues != nil
        || expected.roundTrip != nil
      {
        problems.append(
          "a failed outcome has \"unknownValues\", \"invalidElements\", \"renamedValues\", "
            + "\"defaultsUsed\", \"unknownFields\", \"convertedValues\" or \"roundTrip\"")
      }
    }
    let roundTrip = expected.roundTrip ?? RoundTrip()
    let leftOut = expected.invalidElements ?? []
    let paths =
      (expected.unknownValues ?? []).map(\.path) + leftOut.map(\.path) + leftOut.map(\.error.path)
      + (expected.renamedValues ?? []).map(\.path) + (expected.defaultsUsed ?? []).map(\.path)
      + (expected.unknownFields ?? []).map(\.path) + (expected.convertedValues ?? []).map(\.path)
      + [expected.strictError?.path, expected.error?.path].compactMap { $0 }
      + Array(roundTrip.replaced.keys) + roundTrip.removed + Array(roundTrip.added.keys)
    for path in paths {
      do {
        _ = try FixtureJSON.components(of: path)
      } catch {
        problems.append("\(error)")
      }
    }
    return problems
  }

  /// The file's text: indented JSON, members in a fixed order, ending with a newline.
  func fileText() throws -> String {
    let value = try FixtureJSON(parsing: JSONEncoder().encode(self))
    return value.prettyPrinted(memberOrder: Self.memberOrder) + "\n"
  }
}
