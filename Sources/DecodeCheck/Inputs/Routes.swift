import Foundation

/// Which registered type each captured request's response decodes as, read from a routes file
/// (`--routes FILE`):
///
/// ```json
/// { "routes": [
///     { "method": "GET", "url": "*/api/v2/listings", "type": "ListingPage" },
///     { "url": "*/api/v2/bookings/*", "type": "Booking" },
///     { "url": "*/api/v1/instance", "type": "Instance", "keep": ["$.version", "$.domain"] } ] }
/// ```
///
/// `keep` names the values `--record` writes as captured in that route's fixtures.
///
/// A route matches by its method, when it names one (in any case), and by its URL pattern
/// (`*` within one path segment, `**` across segments; a pattern that starts with a scheme is
/// matched against the whole URL without its query); the first route that matches wins.
///
/// ```swift
/// let routes = try Routes(contentsOfFile: "Fixtures/Traffic/routes.json", registry: registry)
/// routes.model(method: "GET", url: "https://api.example.com/api/v2/listings?page=2")?.name
/// // "ListingPage"
/// ```
public struct Routes: Sendable {
  /// One route: a method (or any), a URL pattern and the type its responses decode as.
  struct Route: Sendable {
    var method: String?
    var glob: URLGlob
    var model: RegisteredModel
    /// The path patterns of values `--record` keeps as captured in its responses' fixtures.
    var keep: [String] = []
  }

  /// The routes, in the file's order.
  let routes: [Route]

  /// Reads and checks a routes file: every route needs a valid `url` pattern and a `type`
  /// the registry has.
  ///
  /// ```swift
  /// let routes = try Routes(contentsOfFile: "routes.json", registry: registry)
  /// ```
  ///
  /// - Throws: ``RoutesError``, naming the file and, for a bad route, its number (from 1).
  public init(contentsOfFile path: String, registry: ModelRegistry) throws(RoutesError) {
    let data: Data
    do {
      data = try readFile(atPath: path)
    } catch {
      throw RoutesError(file: path, message: "cannot read it: \(describeReadError(error))")
    }
    try self.init(data, file: path, registry: registry)
  }

  /// Reads routes from the text of a routes file; `file` names it in errors.
  init(_ data: Data, file: String, registry: ModelRegistry) throws(RoutesError) {
    func fail(_ message: String) -> RoutesError { RoutesError(file: file, message: message) }
    if let error = data.withUnsafeBytes({ JSONScanner($0).firstSyntaxError() }) {
      let position = data.withUnsafeBytes { JSONScanner($0).positions(of: [error.offset]) }
      let place = position[error.offset].map { " at \($0)" } ?? ""
      throw fail("\(error.message)\(place)")
    }
    let document = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    guard let object = document as? [String: Any], let list = object["routes"] as? [Any] else {
      throw fail(#"expected an object with a "routes" array: { "routes": [ … ] }"#)
    }
    if let extra = object.keys.sorted().first(where: { $0 != "routes" }) {
      throw fail("unknown member `\(extra)`; a routes file holds only \"routes\"")
    }
    var routes: [Route] = []
    for (index, item) in list.enumerated() {
      func failRoute(_ message: String) -> RoutesError { fail("route \(index + 1): \(message)") }
      guard let entry = item as? [String: Any] else {
        throw failRoute(#"expected an object such as { "url": "*/api/orders", "type": "Order" }"#)
      }
      if let extra = entry.keys.sorted().first(where: {
        !["method", "url", "type", "keep"].contains($0)
      }) {
        throw failRoute(
          "unknown member `\(extra)`; a route has \"method\", \"url\", \"type\" and \"keep\"")
      }
      var keep: [String] = []
      if let value = entry["keep"] {
        guard let patterns = value as? [String] else {
          throw failRoute(#""keep" must be an array of JSON path patterns such as ["$.version"]"#)
        }
        for pattern in patterns {
          do {
            keep.append(try KeepPattern.normalized(pattern))
          } catch {
            throw failRoute("\"keep\": \(error.message)")
          }
        }
      }
      guard let pattern = entry["url"] as? String else {
        throw failRoute(#"needs a "url" pattern, a string such as "*/api/orders/*""#)
      }
      guard let typeName = entry["type"] as? String else {
        throw failRoute(#"needs a "type", the name of a registered type"#)
      }
      var method: String?
      if let value = entry["method"] {
        guard let text = value as? String, !text.isEmpty,
          text.allSatisfy({ $0.isASCII && $0.isLetter })
        else {
          throw failRoute(#""method" must be an HTTP method such as "GET""#)
        }
        method = text.uppercased()
      }
      let glob: URLGlob
      do {
        glob = try URLGlob(pattern)
      } catch {
        throw failRoute("invalid pattern `\(pattern)`: \(error.message)")
      }
      let model: RegisteredModel
      do {
        model = try registry.model(named: typeName)
      } catch {
        throw failRoute(error.description)
      }
      routes.append(Route(method: method, glob: glob, model: model, keep: keep))
    }
    self.routes = routes
  }

  /// The type of the first route that matches the request, or `nil` when none does.
  ///
  /// ```swift
  /// routes.model(method: "GET", url: "https://api.example.com/api/v2/bookings/b-1")
  /// ```
  func model(method: String, url: String) -> RegisteredModel? {
    route(method: method, url: url)?.model
  }

  /// The first route that matches the request, or `nil` when none does.
  func route(method: String, url: String) -> Route? {
    let method = method.uppercased()
    return routes.first { route in
      (route.method == nil || route.method == method) && route.glob.matches(url)
    }
  }
}

/// Why a routes file cannot be used: `routes.json: route 2: unknown type `Bookin`; …`.
///
/// ```swift
/// do { _ = try Routes(contentsOfFile: path, registry: registry) } catch { print(error) }
/// ```
public struct RoutesError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The routes file.
  var file: String
  /// What is wrong, naming the route (from 1) when one route is.
  var message: String

  /// `the routes file `routes.json`: route 2: …`.
  public var description: String {
    "the routes file `\(file)`: \(message)"
  }
}
