import Foundation

/// A JSON pointer (RFC 6901) in the URI-fragment form OpenAPI's `$ref` uses:
/// `#/components/schemas/Filter/properties/filter_action`.
///
/// `~` is written `~0` and `/` is written `~1` in a token, so `#/paths/~1quotes/get` is the
/// `get` member of the `/quotes` member of `paths`.
///
/// ```swift
/// finding.contract?.pointer.description  // "#/components/schemas/Filter/properties/filter_action"
/// ```
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
  /// The pointer as written, starting with `#`.
  public let description: String

  /// The pointer to the whole document, `#`.
  ///
  /// ```swift
  /// JSONPointer.root.appending("components").description  // "#/components"
  /// ```
  static let root = JSONPointer(description: "#")

  private init(description: String) {
    self.description = description
  }

  /// Reads a `$ref` within the document (`#/components/schemas/Filter`), percent-escapes
  /// resolved; `nil` when it is not one (no `#`, or text before it: another document).
  ///
  /// ```swift
  /// JSONPointer(fragment: "#/components/schemas/Filter")?.lastToken  // "Filter"
  /// JSONPointer(fragment: "common.json#/Money")                      // nil
  /// ```
  init?(fragment: String) {
    guard fragment.hasPrefix("#") else { return nil }
    let body = fragment.dropFirst()
    guard body.isEmpty || body.hasPrefix("/") else { return nil }
    let decoded = body.contains("%") ? body.removingPercentEncoding : String(body)
    guard let decoded else { return nil }
    self.init(description: "#" + decoded)
  }

  /// The pointer one level down: to the member `key`, escaped.
  ///
  /// ```swift
  /// JSONPointer.root.appending("paths").appending("/quotes").description  // "#/paths/~1quotes"
  /// ```
  func appending(_ key: String) -> JSONPointer {
    let escaped = key.replacing("~", with: "~0").replacing("/", with: "~1")
    return JSONPointer(description: description + "/" + escaped)
  }

  /// The pointer one level down: to the element at `index`.
  ///
  /// ```swift
  /// enumPointer.appending(3).description  // "#/components/schemas/Kind/enum/3"
  /// ```
  func appending(_ index: Int) -> JSONPointer {
    JSONPointer(description: description + "/\(index)")
  }

  /// The tokens from the root down, unescaped.
  ///
  /// ```swift
  /// JSONPointer(fragment: "#/paths/~1quotes")?.tokens  // ["paths", "/quotes"]
  /// ```
  var tokens: [String] {
    description.dropFirst().split(separator: "/", omittingEmptySubsequences: false).dropFirst()
      .map { String($0).replacing("~1", with: "/").replacing("~0", with: "~") }
  }

  /// Whether the pointer is `other` or leads below it: a property's pointer is within its
  /// schema's, `#/components/schemas/QuoteState` is not within `…/Quote`'s.
  ///
  /// ```swift
  /// enumPointer.isWithin(schemaPointer)  // #/components/schemas/Kind/enum/3 in …/Kind: true
  /// ```
  func isWithin(_ other: JSONPointer) -> Bool {
    description == other.description || description.hasPrefix(other.description + "/")
  }

  /// The last token, unescaped; `nil` for the root.
  ///
  /// ```swift
  /// finding.contract?.pointer.lastToken  // "filter_action"
  /// ```
  var lastToken: String? {
    description == "#" ? nil : tokens.last
  }
}

extension JSONDocument {
  /// The node `pointer` leads to, or `nil` when a token names no member or element.
  func node(at pointer: JSONPointer) -> Int? {
    var node = Self.root
    for token in pointer.tokens {
      switch nodes[node].kind {
      case .object:
        guard let member = member(token, of: node) else { return nil }
        node = member.value
      case .array:
        let elements = elements(of: node)
        guard let index = Int(token), index >= 0, index < elements.count,
          token == String(index)
        else { return nil }
        node = elements[elements.startIndex + index].value
      default:
        return nil
      }
    }
    return node
  }
}
