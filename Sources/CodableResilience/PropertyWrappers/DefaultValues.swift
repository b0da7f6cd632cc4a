// The ready-made defaults of `@DecodeMissingAsDefault`, for the common cases. Named so that
// they read as what the property holds and clash with none of BetterCodable's wrappers
// (`@DefaultFalse`, `@DefaultEmptyArray`, …), which a model layer may import beside.

/// `false` for a missing key or `null`.
///
/// ```swift
/// @DecodeMissingAsDefault<FalseByDefault> var isLocked: Bool
/// ```
public enum FalseByDefault: DefaultValue {
  /// `false`.
  public static var defaultValue: Bool { false }
}

/// `true` for a missing key or `null`.
///
/// ```swift
/// @DecodeMissingAsDefault<TrueByDefault> var isDiscoverable: Bool
/// ```
public enum TrueByDefault: DefaultValue {
  /// `true`.
  public static var defaultValue: Bool { true }
}

/// Zero for a missing key or `null`: `0` for an `Int`, `0.0` for a `Double`.
///
/// ```swift
/// @DecodeMissingAsDefault<ZeroByDefault<Int>> var followersCount: Int
/// ```
public enum ZeroByDefault<Value: AdditiveArithmetic & Decodable>: DefaultValue {
  /// `.zero`.
  public static var defaultValue: Value { .zero }
}

/// An empty array or string for a missing key or `null`.
///
/// ```swift
/// @DecodeMissingAsDefault<EmptyByDefault<[String]>> var roles: [String]
/// @DecodeMissingAsDefault<EmptyByDefault<String>> var note: String
/// ```
///
/// For a set or a dictionary, name the default yourself:
///
/// ```swift
/// enum NoScopes: DefaultValue { static var defaultValue: Set<String> { [] } }
/// ```
public enum EmptyByDefault<Value: RangeReplaceableCollection & Decodable>: DefaultValue {
  /// An empty collection.
  public static var defaultValue: Value { Value() }
}
