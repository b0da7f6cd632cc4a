import Foundation
import Testing

@testable import DecodeCheck

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A folder with one input of each outcome: clean, unknown values, failed, and one without a
/// type; the file names hold characters each format must escape.
func mixedFolder() throws -> (folder: TemporaryFolder, paths: [String]) {
  let folder = try TemporaryFolder()
  let clean = try folder.write(Payloads.cleanBooking, to: "Booking/a clean.json")
  let unknown = try folder.write(
    Payloads.bookingWithUnknownValues, to: "Booking/b odd,name:100%.json")
  let failed = try folder.write(Payloads.bookingMissingGuestName, to: "Booking/c <&\"'>.json")
  let untyped = try folder.write(Payloads.cleanBooking, to: "loose/d.json")
  return (folder, [clean, unknown, failed, untyped])
}

@Suite struct ReportFormatTests {
  @Test(arguments: ReportFormat.allCases)
  func everyFormatEndsWithTheSameExitStatus(_ format: ReportFormat) throws {
    let (folder, _) = try mixedFolder()
    let run = runCommand(["--format", format.rawValue, folder.path])
    #expect(run.status == 2)
    #expect(run.output.hasSuffix("\n"))
    #expect(run.errors.isEmpty)
    let strictClean = runCommand([
      "--format", format.rawValue, "--strict", folder.path + "/Booking",
    ])
    #expect(strictClean.status == 1)
  }

  @Test func jsonHoldsEveryFileFindingAndCount() throws {
    let (folder, paths) = try mixedFolder()
    let run = runCommand(["--format", "json", folder.path])
    let document = try jsonObject(run.output)
    #expect(document["exitStatus"] as? Int == 2)
    #expect(document["strict"] as? Bool == false)
    let summary = try #require(document["summary"] as? [String: Int])
    #expect(
      summary == [
        "filesChecked": 3, "decodedCleanly": 1, "withUnknownValues": 1, "unknownValues": 2,
        "failed": 1, "notChecked": 1, "payloads": 3, "baselined": 0, "baselinedFindings": 0,
        "fixedBaselineEntries": 0, "withElementsLeftOut": 0, "elementsLeftOut": 0,
        "renamedValues": 0, "aliasConflicts": 0, "failingBrittleFields": 0,
      ])
    let files = try #require(document["files"] as? [[String: Any]])
    #expect(files.map { $0["path"] as? String } == paths)
    #expect(
      files.map { $0["outcome"] as? String }
        == ["decoded", "decodedWithUnknownValues", "failed", "notChecked"])
    let unknown = try #require((files[1]["findings"] as? [[String: Any]])?.first)
    #expect(unknown["severity"] as? String == "warning")
    #expect(unknown["kind"] as? String == "unknownValue")
    #expect(unknown["path"] as? String == "$.state")
    #expect(unknown["line"] as? Int == 4)
    #expect(unknown["column"] as? Int == 12)
    let value = try #require(unknown["unknownValue"] as? [String: Any])
    #expect(value["type"] as? String == "BookingState")
    #expect(value["rawValue"] as? String == "checked_in")
    #expect(
      value["knownValues"] as? [String] == ["requested", "confirmed", "cancelled", "completed"])
    let untyped = try #require((files[3]["findings"] as? [[String: Any]])?.first)
    #expect(untyped["kind"] as? String == "inputError")
    #expect(untyped["line"] == nil)
  }

  @Test func githubAnnotationsEscapePropertiesAndMessages() throws {
    let (folder, paths) = try mixedFolder()
    let run = runCommand(["--format", "github", folder.path])
    let escapedUnknown = paths[1].replacing("%", with: "%25").replacing(":", with: "%3A")
      .replacing(",", with: "%2C")
    #expect(
      run.outputLines == [
        "::warning file=\(escapedUnknown),line=4,col=12,title=decode-check%3A unknown value::$.state: "
          + "unknown BookingState value \"checked_in\"; known: requested, confirmed, cancelled, completed [unknown-value]",
        "::warning file=\(escapedUnknown),line=7,col=41,title=decode-check%3A unknown value::"
          + "$.total.currency: unknown Currency value \"CHF\"; known: USD, EUR, GBP [unknown-value]",
        "::error file=\(paths[2]),line=6,col=49,title=decode-check%3A decoding failure::$.guests[1]: "
          + "missing required key `name` [decoding-failure]",
        "::error file=\(paths[3]),title=decode-check%3A input error::no type for this file: put it in "
          + "a folder named after a registered type (Booking, Listing, ListingPage), or pass --type [input-error]",
        "3 files checked: 1 decoded cleanly, 1 with unknown values (2 values), 1 failed; "
          + "1 path could not be checked",
      ])
  }

  @Test(arguments: [
    ("plain", "plain", "plain"),
    ("100% sure", "100%25 sure", "100%25 sure"),
    ("a:b,c", "a:b,c", "a%3Ab%2Cc"),
    ("two\r\nlines\n", "two%0D%0Alines%0A", "two%0D%0Alines%0A"),
    ("%0A is not a line break", "%250A is not a line break", "%250A is not a line break"),
  ])
  func githubEscaping(text: String, asData: String, asProperty: String) {
    #expect(GitHubFormat.escapeData(text) == asData)
    #expect(GitHubFormat.escapeProperty(text) == asProperty)
  }

  @Test func githubAnnotationsForStandardInputNameNoFile() {
    let run = runCommand(
      ["--format", "github", "--type", "Booking", "-"], standardInput: Data("{".utf8))
    #expect(
      run.outputLines.first
        == "::error line=1,col=2,title=decode-check%3A invalid JSON::not valid JSON: the payload ends "
        + "early; expected a key in double quotes or `}` [invalid-json]")
  }

  @Test func junitIsWellFormedXMLWithOneCasePerFile() throws {
    let (folder, paths) = try mixedFolder()
    let run = runCommand(["--format", "junit", folder.path])
    let xml = try JUnitDocument(Data(run.output.utf8))
    #expect(xml.attributes("testsuite").first?["tests"] == "4")
    #expect(xml.attributes("testsuite").first?["failures"] == "1")
    #expect(xml.attributes("testsuite").first?["errors"] == "1")
    let cases = xml.attributes("testcase")
    #expect(cases.map { $0["name"] } == paths)
    #expect(
      cases.map { $0["classname"] }
        == ["SampleAPI.Booking", "SampleAPI.Booking", "SampleAPI.Booking", "decode-check"])
    #expect(xml.attributes("failure").map { $0["message"] } == ["missing required key `name`"])
    #expect(xml.attributes("error").map { $0["type"] } == ["inputError"])
    #expect(
      xml.text("failure") == [
        "\(paths[2]):6:49: error: $.guests[1]: missing required key `name` [decoding-failure]"
      ])
    #expect(
      xml.text("system-out").first?.contains("unknown BookingState value \"checked_in\"") == true)
    #expect(xml.text("system-out").last?.hasPrefix("3 files checked") == true)
  }

  @Test func junitEscapingKeepsEveryCharacterOrReplacesWhatXMLCannotHold() {
    #expect(JUnitFormat.escape(#"<a & "b" 'c'>"#) == "&lt;a &amp; &quot;b&quot; &apos;c&apos;&gt;")
    #expect(JUnitFormat.escape("line\nbreak\ttab") == "line&#10;break&#9;tab")
    #expect(JUnitFormat.escape("bell\u{07}") == "bell\u{FFFD}")
  }
}

/// The elements of an XML document, read with Foundation's parser, which fails on anything
/// that is not well-formed.
private final class JUnitDocument: NSObject, XMLParserDelegate {
  private var elements: [(name: String, attributes: [String: String], text: String)] = []
  private var open: [Int] = []

  init(_ data: Data) throws {
    super.init()
    let parser = XMLParser(data: data)
    parser.delegate = self
    guard parser.parse() else {
      throw parser.parserError ?? CocoaError(.coderReadCorrupt)
    }
  }

  func attributes(_ name: String) -> [[String: String]] {
    elements.filter { $0.name == name }.map(\.attributes)
  }

  func text(_ name: String) -> [String] {
    elements.filter { $0.name == name }.map(\.text)
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    elements.append((elementName, attributes, ""))
    open.append(elements.count - 1)
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if let index = open.last { elements[index].text += string }
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    open.removeLast()
  }
}
