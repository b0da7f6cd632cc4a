/// What makes two findings one finding, in every mode: its kind, where it is about (the spec
/// member's JSON pointer for `--openapi`, otherwise the path, or a field's pattern for
/// `--audit`), and its value (the spec's value, if it names one; an unknown value's raw
/// value, or the message, as the kind's row says). Not its wording, its position, nor the
/// check, the payload path or the type that found a spec member.
///
/// `--openapi` reports a finding once per identity within a type, and once per identity
/// across the types that reach the same spec member; a baseline entry is an identity with the
/// file (and request, or model) it was found in, and the message where the spec names no
/// value, so that entries of version 1 match as they always did.
///
/// ```swift
/// finding.identity == other.identity  // the same finding, found twice
/// ```
struct FindingIdentity: Sendable, Hashable {
  var kind: Finding.Kind
  /// The spec member's JSON pointer, for a finding of `--openapi`.
  var pointer: String?
  /// The value's path in a payload, or the pattern of a field; `nil` for a finding of
  /// `--openapi`, whose place is the spec member, and for one about a whole input.
  var path: String?
  /// `nil` for a finding of `--openapi` about a spec member that names no value.
  var value: String?
}

extension Finding {
  /// What makes this finding the same as another (``FindingIdentity``).
  var identity: FindingIdentity {
    if let field {
      return FindingIdentity(kind: kind, path: field.path, value: field.baselineValue)
    }
    if let contract {
      return FindingIdentity(
        kind: kind, pointer: contract.pointer.description, value: contract.value)
    }
    // By what the kind's row says (an unknown value by its raw value), anything else by its
    // message, which for an element left out names its error (its JSON changes with every
    // edit).
    let value =
      kind.row.report?.baselineKey == .rawValue ? unknownValue?.rawValue ?? message : message
    return FindingIdentity(kind: kind, path: path, value: value)
  }
}
