import CodableResilience

/// An ambiguity in a type's aliases, found before any payload meets it: an alias that is
/// another value's raw value, two spellings equal ignoring letter case when the type matches
/// letter case loosely, or a tag alias of a union that is a known tag or names a tag the union
/// does not know.
///
/// A check looks at the registered types and at every type a payload's reports name (unknown
/// values, elements left out, old spellings), so a conflict in a nested enum shows as soon as
/// a payload sends one of its old spellings. Decoding never stops on a conflict: it takes the
/// first match, which may not be the value meant. A conflict is an error of the check (exit
/// status 1) that no baseline accepts.
///
/// The check keeps each as a finding of the kind ``Finding/Kind/aliasConflict``, in a report
/// about its type (``CheckReport/typeReports``), on the one stream every format lists:
///
/// ```swift
/// let report = PayloadChecker().check(paths: ["Fixtures"], in: registry)
/// for (finding, type) in report.findings(aboutModels: false) where type.isAboutAType {
///   print(type.path, finding.message)
///   // MyModels.PaymentMethod alias "sepa" names bank_transfer, but it is the raw value of card, which wins
/// }
/// ```
struct AliasConflict: Sendable, Hashable, CustomStringConvertible {
  /// The qualified name of the type whose aliases conflict: `MyModels.PaymentMethod`.
  var typeName: String

  /// The conflict, naming the spellings and the values they name.
  var message: String

  /// The type and the conflict: `MyModels.PaymentMethod: alias "sepa" names …`.
  var description: String { "\(typeName): \(message)" }

  /// The conflicts of `type`'s aliases (`ValueAliases`) and tag aliases (a `TaggedUnion`'s
  /// `tagAliases`); empty for a type with neither, or with none.
  static func all(of type: Any.Type) -> [AliasConflict] {
    var messages: [String] = []
    if let aliased = type as? any ValueAliases.Type {
      messages += valueAliasConflicts(of: aliased)
    }
    if let union = type as? any TaggedUnion.Type {
      messages += tagAliasConflicts(of: union)
    }
    let name = String(reflecting: type)
    return messages.map { AliasConflict(typeName: name, message: $0) }
  }

  /// The conflict as the formats that list findings show it: an error about the type.
  var finding: Finding {
    Finding(severity: .error, kind: .aliasConflict, message: message)
  }
}
