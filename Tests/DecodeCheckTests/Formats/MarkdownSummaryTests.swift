import Foundation
import Testing

@testable import DecodeCheck

@Suite struct MarkdownSummaryTests {
  @Test func theSummaryCountsGroupsUnknownValuesByTypeAndFailuresByKind() throws {
    let folder = try TemporaryFolder()
    try folder.write(Payloads.bookingWithUnknownValues, to: "Booking/a.json")
    // The same unknown state in a second payload; a new currency only here.
    try folder.write(
      Payloads.bookingWithUnknownValues.replacing("\"CHF\"", with: "\"JPY\""), to: "Booking/b.json")
    try folder.write(Payloads.bookingMissingGuestName, to: "Booking/c.json")
    try folder.write("<html>", to: "Booking/d.json")
    let summary = folder.path + "/summary.md"
    let run = runCommand(
      ["--summary", summary, folder.path + "/Booking"], workingDirectory: folder.path)
    #expect(run.status == 1)
    #expect(run.errors.isEmpty)
    let text = try String(contentsOfFile: summary, encoding: .utf8)
    #expect(
      text == """
        ## decode-check

        4 files checked: 0 decoded cleanly, 2 with unknown values (4 values), 2 failed

        | | Count |
        |---|---:|
        | Files checked | 4 |
        | Decoded cleanly | 0 |
        | With unknown values | 2 |
        | Failed | 2 |
        | Could not be checked | 0 |
        | Payloads | 4 |
        | Unknown values | 4 |

        ### Unknown values

        #### BookingState

        | Raw value | Payloads | First seen |
        |---|---:|---|
        | `"checked_in"` | 2 | `Booking/a.json:4:12` `$.state` |

        #### Currency

        | Raw value | Payloads | First seen |
        |---|---:|---|
        | `"CHF"` | 1 | `Booking/a.json:7:41` `$.total.currency` |
        | `"JPY"` | 1 | `Booking/b.json:7:41` `$.total.currency` |

        ### Decoding failures (1)

        | Where | Problem |
        |---|---|
        | `Booking/c.json:6:49` `$.guests[1]` | missing required key `name` [decoding-failure] |

        ### Invalid JSON (1)

        | Where | Problem |
        |---|---|
        | `Booking/d.json:1:1` | not valid JSON: unexpected character `&lt;`; expected a value (this looks like HTML or XML) [invalid-json] |

        """)
  }

  @Test func newlineDelimitedPayloadsAreCountedOnePerLine() throws {
    let folder = try TemporaryFolder()
    let booking = Payloads.bookingWithUnknownValues.replacing("\n", with: " ")
    try folder.write([booking, booking, booking].joined(separator: "\n"), to: "Booking/p.ndjson")
    let summary = folder.path + "/summary.md"
    _ = runCommand(["--lines", "--summary", summary, folder.path], workingDirectory: folder.path)
    let text = try String(contentsOfFile: summary, encoding: .utf8)
    #expect(text.contains("| `\"checked_in\"` | 3 | `Booking/p.ndjson:1:"))
  }

  @Test func githubFormatAppendsTheSummaryToTheStepSummary() throws {
    let folder = try TemporaryFolder()
    let payload = try folder.write(Payloads.bookingWithUnknownValues, to: "Booking/v2.json")
    let stepSummary = try folder.write("## An earlier step\n", to: "step-summary.md")
    let environment = ["GITHUB_STEP_SUMMARY": stepSummary]
    let run = runCommand(["--format", "github", payload], environment: environment)
    #expect(run.status == 0)
    let text = try String(contentsOfFile: stepSummary, encoding: .utf8)
    #expect(text.hasPrefix("## An earlier step\n## decode-check\n\n1 file checked"))
    #expect(text.contains("| `\"checked_in\"` | 1 |"))
    // Other formats leave the step summary alone; --summary sends it elsewhere.
    _ = runCommand(["--format", "text", payload], environment: environment)
    let elsewhere = folder.path + "/elsewhere.md"
    _ = runCommand(
      ["--format", "github", "--summary", elsewhere, payload], environment: environment)
    #expect(try String(contentsOfFile: stepSummary, encoding: .utf8) == text)
    #expect(try String(contentsOfFile: elsewhere, encoding: .utf8).hasPrefix("## decode-check\n"))
  }

  @Test(arguments: [
    ("plain", "`plain`"),
    ("a|b", "`a\\|b`"),
    ("key `name`", "`` key `name` ``"),
    ("a `b` c", "``a `b` c``"),
    ("`edge`", "`` `edge` ``"),
  ])
  func codeSpansHoldAnyText(text: String, markdown: String) {
    #expect(MarkdownSummary.code(text) == markdown)
  }
}
