import Foundation
import SampleAPI
import Testing

@testable import DecodeCheck

@Suite struct RoutesTests {
  private func routes(_ text: String) throws -> Routes {
    try Routes(Data(text.utf8), file: "routes.json", registry: sampleRegistry)
  }

  @Test func theFirstMatchingRouteWinsAndMethodsMatchInAnyCase() throws {
    let routes = try routes(
      """
      { "routes": [
          { "method": "get", "url": "*/api/listings/special", "type": "Booking" },
          { "url": "*/api/listings/*", "type": "Listing" },
          { "method": "POST", "url": "**", "type": "Booking" } ] }
      """)
    let host = Archives.host
    #expect(routes.model(method: "GET", url: host + "/api/listings/special")?.name == "Booking")
    #expect(routes.model(method: "PUT", url: host + "/api/listings/special")?.name == "Listing")
    #expect(routes.model(method: "POST", url: host + "/anything/else")?.name == "Booking")
    #expect(routes.model(method: "GET", url: host + "/anything/else") == nil)
  }

  @Test(arguments: [
    (#"{ "routes": [ { "url": "/a", "type": "Booking" }, ]"#, "not valid JSON"),
    (#"{ "routes": [ { "url": "/a", "type": "Booking" },"#, "at 1:"),
    (#"[ { "url": "/a", "type": "Booking" } ]"#, #"expected an object with a "routes" array"#),
    (#"{ "routes": [], "extra": 1 }"#, "unknown member `extra`"),
    (#"{ "routes": [ 3 ] }"#, "route 1: expected an object"),
    (
      #"{ "routes": [ { "url": "/a", "type": "Booking" }, { "url": "/b", "type": "Bookin" } ] }"#,
      "route 2: unknown type `Bookin`; registered types: Booking, Listing, ListingPage"
    ),
    (
      #"{ "routes": [ { "url": "api/*", "type": "Booking" } ] }"#,
      "route 1: invalid pattern `api/*`"
    ),
    (#"{ "routes": [ { "type": "Booking" } ] }"#, #"route 1: needs a "url" pattern"#),
    (#"{ "routes": [ { "url": "/a" } ] }"#, #"route 1: needs a "type""#),
    (
      #"{ "routes": [ { "url": "/a", "type": "Booking", "method": "GE T" } ] }"#,
      "route 1: \"method\""
    ),
    (#"{ "routes": [ { "path": "/a", "type": "Booking" } ] }"#, "route 1: unknown member `path`"),
  ])
  func badRoutesFilesNameTheFileAndRoute(_ text: String, _ words: String) {
    #expect {
      try routes(text)
    } throws: { error in
      let description = (error as? RoutesError)?.description ?? ""
      return description.hasPrefix("the routes file `routes.json`: ")
        && description.contains(words)
    }
  }

  /// A bad routes file is a usage error (exit 2) naming the file and the route; nothing is
  /// checked.
  @Test func aBadRoutesFileIsAUsageError() throws {
    let folder = try TemporaryFolder()
    let routes = try folder.write(
      #"{ "routes": [ { "url": "/a", "type": "Order" } ] }"#, to: "routes.json")
    let archive = try folder.write(try Archives.archive([]), to: "capture.har")
    let run = runCommand(["--routes", routes, archive])
    #expect(run.status == 2)
    #expect(run.output.isEmpty)
    #expect(
      run.errors.hasPrefix(
        "decode-check: the routes file `\(routes)`: route 1: unknown type `Order`"))
    let missing = runCommand(["--routes", folder.path + "/none.json", archive])
    #expect(missing.status == 2)
    #expect(missing.errors.contains("none.json`: cannot read it: no such file"))
  }
}
