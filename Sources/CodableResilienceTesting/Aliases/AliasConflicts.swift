import CodableResilience

/// The ambiguous spellings of a type's `ValueAliases`, one line each; empty when there are
/// none, so a test holds the type to none:
///
/// ```swift
/// enum PaymentMethod: String, Codable, UnknownDecodable, CaseIterable {
///   case card, bankTransfer = "bank_transfer", unknown
/// }
///
/// extension PaymentMethod: ValueAliases {
///   static let aliases: [String: PaymentMethod] = ["credit_card": .card, "sepa": .bankTransfer]
///   static let matchesCaseInsensitively = true
/// }
///
/// @Test func paymentMethodAliasesAreUnambiguous() {
///   #expect(aliasConflicts(of: PaymentMethod.self).isEmpty)
/// }
/// ```
///
/// A conflict is an alias that spells another value's raw value (the raw value wins, so the
/// alias never applies): `alias "card" names bank_transfer, but it is the raw value of card,
/// which wins`; and, when `ValueAliases.matchesCaseInsensitively` is on, two spellings
/// (raw values or aliases) equal ignoring letter case that name different values (the first
/// wins): `"Card" and "card" are equal ignoring letter case but name card and cash`.
/// Decoding never stops on a conflict; this finds it before a payload reads the wrong value.
/// The raw values checked are the type's cases when it is `CaseIterable`, or its
/// `ExtensibleEnum.knownValues`. `decode-check` reports the same conflicts for the types
/// it knows.
public func aliasConflicts<T: ValueAliases>(of type: T.Type) -> [String] {
  valueAliasConflicts(of: type)
}

/// The ambiguous or dangling `TaggedUnion.tagAliases` of a union, one line each; empty when
/// there are none, so a test holds the union to none:
///
/// ```swift
/// @Test func feedItemTagAliasesAreUnambiguous() {
///   #expect(tagAliasConflicts(of: FeedItem.self).isEmpty)
/// }
/// ```
///
/// A conflict is a tag alias that is itself a known tag (the known tag wins, so the alias
/// never applies): `tag alias "ad" names "post", but it is a known tag, which wins`; and a
/// tag alias that names a tag the union does not know: `tag alias "status" names "pots",
/// which is not a known tag`. The tags checked against are `TaggedUnion.knownTags`: a
/// union that lists none has nothing to check against, and no conflicts.
public func tagAliasConflicts<Union: TaggedUnion>(of type: Union.Type) -> [String] {
  CodableResilience.tagAliasConflicts(of: type)
}
