/// Other spellings a raw-value type accepts for its values: names the server used before a
/// rename, and, if asked, any letter case.
///
/// ```swift
/// enum PaymentMethod: String, Codable, UnknownDecodable, CaseIterable {
///   case card, bankTransfer = "bank_transfer", unknown
/// }
///
/// extension PaymentMethod: ValueAliases {
///   static let aliases: [String: PaymentMethod] = ["credit_card": .card, "sepa": .bankTransfer]
///   static let matchesCaseInsensitively = true  // "CARD", "Bank_Transfer"
/// }
///
/// // ["card", "credit_card", "SEPA", "cash"] decodes as [.card, .card, .bankTransfer, .unknown]
/// ```
///
/// Every raw-value tool consults it, wherever the type sits: ``UnknownDecodable`` enums,
/// ``ExtensibleEnum`` types (an alias maps to a canonical value), ``OpenEnum`` (the aliases of
/// its `Known` type), ``DecodeUnknownAsNil``, and the elements of ``SkipUnknownElements`` and
/// keys of ``SkipUnknownKeys``. A ``TaggedUnion`` renames tags with
/// ``TaggedUnion/tagAliases``.
///
/// ## How a raw value is matched
///
/// 1. The exact raw value of a case (for an ``ExtensibleEnum``: one of its
///    ``ExtensibleEnum/knownValues``).
/// 2. An alias: a key of ``aliases``.
/// 3. When ``matchesCaseInsensitively`` is `true` and the raw value is a `String`: a raw value
///    or an alias equal to it ignoring letter case. The type's raw values are its cases' when
///    it is `CaseIterable`, or its ``ExtensibleEnum/knownValues``.
/// 4. Otherwise the value is unknown, as without aliases.
///
/// ## Reported, never an error
///
/// A value matched by step 2 or 3 is reported to the decoder's ``UnknownValueHandler`` as
/// ``UnknownValue/Kind-swift.enum/renamedValue(canonical:)``, with the spelling received and the
/// canonical raw value, for handlers that ask for them
/// (``UnknownValueHandler/receivingRenamedValues()``): the old spellings the server still sends.
/// It is not an unknown value, and ``UnknownValueHandler/strict`` never rejects it.
///
/// ## Written in the new spelling
///
/// An alias is a rename the team declared, so encoding always writes the canonical raw value:
/// a `"credit_card"` that was read is written back as `"card"`.
///
/// ## Mistakes found before shipping
///
/// An alias that spells another case's raw value, or two spellings equal ignoring letter case
/// when ``matchesCaseInsensitively`` is on, is ambiguous. Decoding takes the first match in the
/// order above and never stops the program; `aliasConflicts(of:)` in CodableResilienceTesting
/// lists them for a test, and `decode-check` reports them for the types it knows.
///
/// ## Limits
///
/// A plain `enum` property decodes through the standard library's `init(from:)`, which knows
/// nothing of aliases: adopt ``UnknownDecodable``, or wrap it (``OpenEnum``,
/// ``DecodeUnknownAsNil``). An ``ExtensibleEnum`` accepts every raw value, so it consults its
/// aliases only for values outside a non-empty ``ExtensibleEnum/knownValues``: declare them.
/// Types that do not adopt the protocol pay nothing; a type that does pays one dictionary
/// look-up for each raw value that is not a case.
public protocol ValueAliases: RawRepresentable where RawValue: Hashable {
  /// Spellings that mean one of the type's values: a raw value the server used before a
  /// rename, mapped to the value it is now.
  ///
  /// ```swift
  /// static let aliases: [String: PaymentMethod] = ["credit_card": .card]
  /// ```
  static var aliases: [RawValue: Self] { get }

  /// Whether a `String` raw value that matches a raw value or an alias only ignoring letter
  /// case is read as that value; `false` by default.
  ///
  /// ```swift
  /// static let matchesCaseInsensitively = true
  /// ```
  static var matchesCaseInsensitively: Bool { get }
}

extension ValueAliases {
  /// No aliases.
  ///
  /// ```swift
  /// PaymentMethod.aliases  // [:] unless the type declares its own
  /// ```
  public static var aliases: [RawValue: Self] { [:] }

  /// Letter case matters.
  ///
  /// ```swift
  /// PaymentMethod.matchesCaseInsensitively  // false unless the type declares its own
  /// ```
  public static var matchesCaseInsensitively: Bool { false }
}

// MARK: - Matching

/// The value `rawValue` names through the type's aliases or letter case, with its canonical raw
/// value; `nil` for a type without ``ValueAliases`` or a raw value that matches nothing.
///
/// Called only once a raw value matched no case exactly, so types without aliases pay nothing
/// on the values they know.
@usableFromInline
func renamedValue<T: RawRepresentable>(_: T.Type, _ rawValue: T.RawValue) -> T? {
  guard let aliased = T.self as? any ValueAliases.Type else { return nil }
  return aliasMatch(aliased, rawValue) as? T
}

/// For an ``ExtensibleEnum`` with ``ValueAliases``, whose `init(rawValue:)` takes every raw
/// value: the known value a raw value outside its ``ExtensibleEnum/knownValues`` names through an
/// alias or its letter case, as its `init(from:)` reads it; `nil` for a known value, a raw value
/// that names none, and every other type.
///
/// For the keys of ``SkipUnknownKeys``, which match such a type's every key by its raw value.
@usableFromInline
func renamedUnlistedValue<T: RawRepresentable>(_: T.Type, _ rawValue: T.RawValue) -> T? {
  guard let aliased = T.self as? any (ExtensibleEnum & ValueAliases).Type else { return nil }
  return unlistedAliasMatch(aliased, rawValue) as? T
}

/// Opens the existential metatype: a raw value outside the known values, then its match.
private func unlistedAliasMatch<A: ExtensibleEnum & ValueAliases>(
  _: A.Type, _ rawValue: Any
) -> A? {
  guard let rawValue = rawValue as? A.RawValue else { return nil }
  let knownValues = A.knownValues
  guard !knownValues.isEmpty, !knownValues.contains(A(rawValue: rawValue)) else { return nil }
  return aliasedValue(A.self, rawValue)
}

/// Opens the existential metatype.
private func aliasMatch<A: ValueAliases>(_: A.Type, _ rawValue: Any) -> A? {
  guard let rawValue = rawValue as? A.RawValue else { return nil }
  return aliasedValue(A.self, rawValue)
}

/// The value `rawValue` names through `A`'s aliases, then by letter case; for callers that
/// know the type adopts ``ValueAliases`` when they are compiled.
@usableFromInline
func aliasedValue<A: ValueAliases>(_: A.Type, _ rawValue: A.RawValue) -> A? {
  if let value = A.aliases[rawValue] {
    return value
  }
  guard A.matchesCaseInsensitively, let text = rawValue as? String else { return nil }
  // In the order of `spellings` (the listed values, then the aliases by spelling), without
  // building that list for every value matched.
  let matches = { (value: A) in equalIgnoringCase(describeRawValue(value.rawValue), text) }
  if let type = A.self as? any CaseIterable.Type {
    if let value = firstCase(of: type, as: A.self, where: matches) { return value }
  } else if let type = A.self as? any ExtensibleEnum.Type {
    if let value = firstKnownValue(of: type, as: A.self, where: matches) { return value }
  }
  var first: (spelling: String, value: A)?
  for (alias, value) in A.aliases {
    let spelling = describeRawValue(alias)
    if equalIgnoringCase(spelling, text),
      first.map({ isInUTF8Order(spelling, $0.spelling) }) ?? true
    {
      first = (spelling, value)
    }
  }
  return first?.value
}

private func firstCase<C: CaseIterable, A>(
  of _: C.Type, as _: A.Type, where matches: (A) -> Bool
) -> A? {
  firstMatch(in: C.allCases, as: A.self, where: matches)
}

private func firstKnownValue<E: ExtensibleEnum, A>(
  of _: E.Type, as _: A.Type, where matches: (A) -> Bool
) -> A? {
  firstMatch(in: E.knownValues, as: A.self, where: matches)
}

/// The first of `elements` that is an `A` and `matches`, without copying the elements.
private func firstMatch<A>(
  in elements: some Sequence, as _: A.Type, where matches: (A) -> Bool
) -> A? {
  for element in elements {
    if let value = element as? A, matches(value) { return value }
  }
  return nil
}

/// Whether two spellings are equal ignoring letter case, as `lowercased()` folds it; ASCII is
/// compared a byte at a time, without folded copies.
private func equalIgnoringCase(_ lhs: String, _ rhs: String) -> Bool {
  var left = lhs.utf8.makeIterator()
  var right = rhs.utf8.makeIterator()
  while true {
    switch (left.next(), right.next()) {
    case (nil, nil):
      return true
    case (let leftByte?, let rightByte?):
      // Beyond ASCII, folding can change lengths: compare the folded texts.
      if leftByte >= 0x80 || rightByte >= 0x80 { return lhs.lowercased() == rhs.lowercased() }
      if asciiLowercased(leftByte) != asciiLowercased(rightByte) { return false }
    default:
      return false
    }
  }
}

private func asciiLowercased(_ byte: UInt8) -> UInt8 {
  (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
}

extension ValueAliases {
  /// Every spelling the type reads, with the value it names: its values' raw values (when it
  /// can list them), then its aliases, in that order of precedence.
  static var spellings: [(spelling: String, value: Self)] {
    var spellings: [(String, Self)] = []
    for value in listedValues {
      spellings.append((describeRawValue(value.rawValue), value))
    }
    for (alias, value) in aliases.sorted(by: { isInUTF8Order("\($0.key)", "\($1.key)") }) {
      spellings.append((describeRawValue(alias), value))
    }
    return spellings
  }

  /// The values the type lists: its cases when `CaseIterable`, or an ``ExtensibleEnum``'s
  /// ``ExtensibleEnum/knownValues``; empty otherwise.
  static var listedValues: [Self] {
    if let type = Self.self as? any CaseIterable.Type {
      return allCases(of: type).compactMap { $0 as? Self }
    }
    if let type = Self.self as? any ExtensibleEnum.Type {
      return knownValues(of: type).compactMap { $0 as? Self }
    }
    return []
  }
}

private func allCases<T: CaseIterable>(of _: T.Type) -> [Any] {
  T.allCases.map { $0 }
}

private func knownValues<T: ExtensibleEnum>(of _: T.Type) -> [Any] {
  T.knownValues.map { $0 }
}

// MARK: - Conflicts

/// The ambiguous spellings of a type's ``ValueAliases``, one line each: an alias that spells
/// another value's raw value, and, when it matches letter case loosely, two spellings equal
/// ignoring case that name different values. Empty when there are none.
package func valueAliasConflicts<A: ValueAliases>(of _: A.Type) -> [String] {
  var conflicts: [String] = []
  let listed = A.listedValues
  for (alias, value) in A.aliases.sorted(by: { isInUTF8Order("\($0.key)", "\($1.key)") }) {
    if let other = listed.first(where: { $0.rawValue == alias }), other != value {
      conflicts.append(
        "alias \(jsonQuoted(describeRawValue(alias))) names \(describeRawValue(value.rawValue)), "
          + "but it is the raw value of \(describeRawValue(other.rawValue)), which wins")
    }
  }
  guard A.matchesCaseInsensitively else { return conflicts }
  var seen: [String: (spelling: String, value: A)] = [:]
  for (spelling, value) in A.spellings {
    let folded = spelling.lowercased()
    if let first = seen[folded] {
      // An alias spelling another value's raw value exactly is reported above.
      if first.value != value, first.spelling != spelling {
        conflicts.append(
          "\(jsonQuoted(first.spelling)) and \(jsonQuoted(spelling)) are equal ignoring letter "
            + "case but name \(describeRawValue(first.value.rawValue)) and "
            + "\(describeRawValue(value.rawValue))")
      }
    } else {
      seen[folded] = (spelling, value)
    }
  }
  return conflicts
}
