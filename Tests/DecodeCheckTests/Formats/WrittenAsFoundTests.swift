import EvolvingModels
import Foundation
import Testing

@testable import DecodeCheck

/// A plain check with text or GitHub output writes its findings as its inputs complete, and
/// holds only what they add: the same lines as the report held whole, with the same summary,
/// old spellings, alias conflicts and exit status.
@Suite struct WrittenAsFoundTests {
  /// Inputs with unknown values, failures, old spellings (grouped over files), and a type
  /// with conflicting aliases that only a payload's report names.
  private static func mixedFolder() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write(
      #"{"method": "credit_card", "accepted": ["credit_card", "sepa"]}"#, to: "Checkout/a.json")
    try folder.write(#"{"method": "credit_card", "accepted": []}"#, to: "Checkout/b.json")
    try folder.write(#"{"method": "bitcoin", "accepted": ["gold"]}"#, to: "Checkout/c.json")
    try folder.write(#"{"accepted": []}"#, to: "Checkout/d.json")
    try folder.write(#"{"method": "CASH"}"#, to: "LegacyCheckout/e.json")
    return folder
  }

  /// The options a user adds to a plain check, each of which keeps it written as found.
  static let options: [[String]] = [
    [], ["--format", "github"], ["--quiet"], ["--format", "github", "--quiet"], ["-v"],
    ["--strict"], ["--disable", "unknown-value"], ["--format", "github", "--jobs", "1"],
  ]

  @Test(arguments: options)
  func theLinesAreThoseOfTheReportHeldWhole(options: [String]) throws {
    let folder = try Self.mixedFolder()
    let paths = [folder.path, EvolvingFixtures.root]
    let written = runCommand(options + paths, registry: evolvingRegistry)
    // `--summary` needs the whole report, so it is held and written once.
    let held = runCommand(
      options + ["--summary", folder.path + "/summary.md"] + paths, registry: evolvingRegistry)
    #expect(written.status == held.status)
    #expect(written.status == 1)
    let notice = "are listed in the summary and the lines above"
    #expect(
      written.outputLines
        == held.outputLines.map { $0.replacing(notice, with: "are listed in the lines above") })
    // Notes are left out by `--quiet`; an alias conflict is an error.
    #expect(
      written.output.contains("old spelling PaymentMethod \"credit_card\" read as \"card\"")
        == !options.contains("--quiet"))
    #expect(written.output.contains("LegacyPaymentMethod"))
    #expect(written.outputLines.last?.contains("sent in an old spelling") == true)
  }

  @Test func aWriterIsHandedOneBatchAtATimeAndTheReportKeepsOnlyWhatTheyAdd() throws {
    let folder = try TemporaryFolder()
    let entries = (0..<150).map { index in
      Archives.entry(
        Archives.host + "/api/checkouts/\(index)",
        text: index % 3 == 0
          ? #"{"method": "CASH"}"# : #"{"method": "bitcoin"}"#)
    }
    let archive = try folder.write(try Archives.archive(entries), to: "capture.har")
    let plan = InputPlan(
      paths: [archive], registry: evolvingRegistry,
      model: try evolvingRegistry.model(named: "LegacyCheckout"), readsLines: false,
      standardInput: { Data() })
    var batches: [[FileReport]] = []
    var written = PayloadChecker().check(plan, maximumConcurrency: 2, progress: nil) {
      batches.append($0)
    }
    var held = PayloadChecker().check(plan, maximumConcurrency: 2, progress: nil)
    written.findAliasConflicts(registered: [])
    held.findAliasConflicts(registered: [])

    #expect(batches.map(\.count) == [64, 64, 22])
    #expect(batches.joined().map(\.path) == held.files.map(\.path))
    #expect(written.files.isEmpty)
    #expect(written.summary == held.summary)
    #expect(written.summary.unknownValues == 100)
    #expect(written.summary.renamedValues == 50)
    #expect(written.exitStatus == held.exitStatus)
    #expect(written.oldSpellings.map(\.received) == held.oldSpellings.map(\.received))
    #expect(written.oldSpellings.map(\.payloads.count) == [50])
    #expect(written.typeReports == held.typeReports)
    #expect(!written.typeReports.isEmpty)
  }

  @Test func theRoomForAnnotationsIsTheRunsNotABatchs() throws {
    let folder = try TemporaryFolder()
    let entries = (0..<150).map { index in
      Archives.entry(
        Archives.host + "/api/bookings/b-\(index)", text: Payloads.bookingWithUnknownValues)
    }
    let archive = try folder.write(try Archives.archive(entries), to: "capture.har")
    let routes = try folder.write(Archives.routes, to: "routes.json")
    let run = runCommand(["--format", "github", "--routes", routes, archive])
    let warnings = run.outputLines.count { $0.contains(": warning: ") }
    #expect(run.outputLines.count { $0.hasPrefix("::warning ") } == 10)
    #expect(warnings == 150 * 2 - 10)
    #expect(
      run.outputLines.dropLast().last
        == "::notice title=decode-check%3A more findings::\(warnings) warnings more than GitHub "
        + "shows as annotations (10 per level) are listed in the lines above")
  }

  @Test func whatADisabledClassTakesOutIsNotCounted() throws {
    let folder = try Self.mixedFolder()
    let run = runCommand(
      ["--disable", "unknown-value", folder.path + "/Checkout"], registry: evolvingRegistry)
    #expect(!run.output.contains("bitcoin"))
    #expect(run.outputLines.last?.contains("0 with unknown values (0 values)") == true)
  }
}
