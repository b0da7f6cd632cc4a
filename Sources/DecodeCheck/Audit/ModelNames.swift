/// The names the audit's text gives models: the name without its module (`Issue.Comment`
/// for `Octokit.Issue.Comment`), or the qualified name when two models share it.
struct ModelNames {
  private var shared: Set<String> = []

  init(_ qualifiedNames: [String]) {
    var seen: [String: String] = [:]
    for name in Set(qualifiedNames) {
      let short = Self.short(name)
      if let other = seen[short], other != name { shared.insert(short) }
      seen[short] = name
    }
  }

  /// How `qualifiedName` is shown.
  func shown(_ qualifiedName: String) -> String {
    let short = Self.short(qualifiedName)
    return shared.contains(short) ? qualifiedName : short
  }

  /// `qualifiedName` without the module in front of each type it names, nor the contexts
  /// Swift names a private type by: `Array<Status>` for `Swift.Array<SampleAPI.Status>`.
  static func short(_ qualifiedName: String) -> String {
    var name = qualifiedName
    // `Module.(unknown context at $10b2c).Parcel`: a private type's context.
    while let open = name.range(of: "(unknown context at "),
      let close = name[open.upperBound...].range(of: ").")
    {
      name.removeSubrange(open.lowerBound..<close.upperBound)
    }
    var result = ""
    var word = ""
    func flush() {
      let parts = word.split(separator: ".", omittingEmptySubsequences: false)
      result += parts.count > 1 ? parts.dropFirst().joined(separator: ".") : word
      word = ""
    }
    for character in name {
      if character.isLetter || character.isNumber || character == "_" || character == "." {
        word.append(character)
      } else {
        flush()
        result.append(character)
      }
    }
    flush()
    return result
  }
}
