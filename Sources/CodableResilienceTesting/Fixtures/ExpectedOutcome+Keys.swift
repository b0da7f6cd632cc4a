import CodableResilience

// What a `.expected` file of version 3 states about keys that come and go (the defaults
// `@DecodeMissingAsDefault` read and the fields a `@KeepUnknownFields` model does not
// write), and what version 4 states about values of another JSON type.
extension ExpectedOutcome {
  /// One property the lenient decode must read as its default (`@DecodeMissingAsDefault`),
  /// and why: `missingKey` or `null`.
  ///
  /// ```json
  /// { "type": "String", "reason": "missingKey", "path": "$.header" }
  /// ```
  public struct DefaultUsed: Codable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The property's type, `UnknownValue.typeName`: `String`.
    public var type: String
    /// `missingKey` or `null`.
    public var reason: UnknownValue.DefaultReason
    /// Where it is, `UnknownValue.path`: `$.header`.
    public var path: String

    /// A default used as the file states it.
    public init(type: String, reason: UnknownValue.DefaultReason, path: String) {
      self.type = type
      self.reason = reason
      self.path = path
    }

    /// The default a collecting handler reported; `nil` for another kind of report.
    public init?(_ value: UnknownValue) {
      guard case .defaultUsed(let reason) = value.kind else { return nil }
      self.init(type: value.typeName, reason: reason, path: value.path)
    }

    /// Orders by path.
    public static func < (lhs: Self, rhs: Self) -> Bool {
      (lhs.path, lhs.type, lhs.reason.rawValue) < (rhs.path, rhs.type, rhs.reason.rawValue)
    }

    /// `String at $.header read as its default (missingKey)`.
    public var description: String { "\(type) at \(path) read as its default (\(reason))" }
  }

  /// One member of an object that a `@KeepUnknownFields` model does not write, kept.
  ///
  /// ```json
  /// { "type": "Account", "path": "$.theme", "json": "\"dark\"" }
  /// ```
  public struct UnknownField: Codable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The model that does not write it, `UnknownValue.typeName`: `Account`.
    public var type: String
    /// Where it is, `UnknownValue.path`: `$.theme`.
    public var path: String
    /// The member's JSON, `UnknownValue.rawValue`: `"dark"`.
    public var json: String

    /// An unknown field as the file states it.
    public init(type: String, path: String, json: String) {
      self.type = type
      self.path = path
      self.json = json
    }

    /// The field a collecting handler reported; `nil` for another kind of report.
    public init?(_ value: UnknownValue) {
      guard case .unknownField = value.kind else { return nil }
      self.init(type: value.typeName, path: value.path, json: value.rawValue)
    }

    /// Orders by path.
    public static func < (lhs: Self, rhs: Self) -> Bool {
      (lhs.path, lhs.type, lhs.json) < (rhs.path, rhs.type, rhs.json)
    }

    /// `Account field $.theme: "dark"`.
    public var description: String { "\(type) field \(path): \(json)" }
  }

  /// One value that arrived as another JSON type and was converted (`@DecodeConvertingType`,
  /// `@DecodeOneOrMany`), with the type received and the value as sent (version 4).
  ///
  /// ```json
  /// { "type": "Int", "received": "string", "rawValue": "7", "path": "$.id" }
  /// ```
  public struct ConvertedValue: Codable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The property's type, `UnknownValue.typeName`: `Int`.
    public var type: String
    /// The JSON type it arrived as: `string`, `number`, `bool` or `singleValue`.
    public var received: UnknownValue.JSONType
    /// The value as sent, `UnknownValue.rawValue`: `7` for `"7"`.
    public var rawValue: String
    /// Where it is, `UnknownValue.path`: `$.id`.
    public var path: String

    /// A converted value as the file states it.
    public init(type: String, received: UnknownValue.JSONType, rawValue: String, path: String) {
      self.type = type
      self.received = received
      self.rawValue = rawValue
      self.path = path
    }

    /// The conversion a collecting handler reported; `nil` for another kind of report.
    public init?(_ value: UnknownValue) {
      guard case .convertedType(let received) = value.kind else { return nil }
      self.init(
        type: value.typeName, received: received, rawValue: value.rawValue, path: value.path)
    }

    /// Orders by path.
    public static func < (lhs: Self, rhs: Self) -> Bool {
      (lhs.path, lhs.type, lhs.received.rawValue, lhs.rawValue)
        < (rhs.path, rhs.type, rhs.received.rawValue, rhs.rawValue)
    }

    /// `Int at $.id converted from the string 7`.
    public var description: String {
      "\(type) at \(path) converted from the \(received.rawValue) \(rawValue)"
    }
  }
}
