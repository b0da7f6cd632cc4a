/// The ambiguous or dangling tag aliases of a union, one line each: an alias that is itself a
/// known tag (it never applies), and an alias that names a tag the union does not know.
/// Checked against ``TaggedUnion/knownTags`` when the union lists them.
package func tagAliasConflicts<Union: TaggedUnion>(of _: Union.Type) -> [String] {
  let known = Set(Union.knownTags)
  guard !known.isEmpty else { return [] }
  var conflicts: [String] = []
  for (alias, tag) in Union.tagAliases.sorted(by: { isInUTF8Order($0.key, $1.key) }) {
    if known.contains(alias), alias != tag {
      conflicts.append(
        "tag alias \(jsonQuoted(alias)) names \(jsonQuoted(tag)), but it is a known tag, which wins"
      )
    }
    if !known.contains(tag) {
      conflicts.append(
        "tag alias \(jsonQuoted(alias)) names \(jsonQuoted(tag)), which is not a known tag")
    }
  }
  return conflicts
}
