import DecodeCheck
import Foundation
import SampleAPI
import Testing

/// Baselines written by decode-check before the probe engine (`Tests/DecodeCheckBaselines`)
/// still load, and still accept every finding they recorded, when today's decode-check runs
/// the same check on the same fixtures.
@Suite struct BaselineCompatibilityTests {
  /// The package's root, found above this file; the runs use it as their working folder, as
  /// the baselines were written from it.
  private static let root: String = {
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while folder.pathComponents.count > 1 {
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
      {
        return folder.path
      }
      folder.deleteLastPathComponent()
    }
    return ""
  }()

  /// The bundled executable's registry.
  private static let registry = ModelRegistry(
    registering: ListingPage.self, Booking.self, Listing.self, BookingV1.self, HostPayout.self)

  private func run(_ arguments: [String], baseline: String) -> CommandRun {
    runCommand(
      arguments + ["--baseline", "Tests/DecodeCheckBaselines/" + baseline],
      registry: Self.registry, workingDirectory: Self.root)
  }

  @Test func anAuditBaselineStillAcceptsItsBrittleField() {
    let run = run(
      ["--audit", "--type", "BookingV1", "Fixtures/Booking/v1-cancelled-partner.json"],
      baseline: "audit-brittle-v1.json")
    #expect(run.errors.isEmpty)
    #expect(run.status == 0)
    #expect(run.output.contains("1 brittle field (1 accepted by the baseline)"))
  }

  @Test func anAuditBaselineOfTheFixturesStillAcceptsEveryFinding() {
    // The folders the baseline was written from: the fixtures added since (`HostPayout`)
    // bring findings of their own, which a team would add to its baseline.
    let run = run(
      ["--audit", "Fixtures/Booking", "Fixtures/ListingPage", "Fixtures/Traffic"],
      baseline: "audit-fixtures-v1.json")
    #expect(run.errors.isEmpty)
    #expect(run.status == 0)
    #expect(run.output.contains("baseline: 90 findings accepted, 0 entries no longer found"))
  }

  @Test func aContractBaselineStillAcceptsEveryFinding() {
    let run = run(
      ["--openapi", "Fixtures/OpenAPI/openapi.json"], baseline: "openapi-v1.json")
    // The only line on standard error is the note that `BookingV1` has no schema of its own.
    #expect(!run.errors.contains("baseline"))
    #expect(run.errors.split(separator: "\n").count == 1)
    #expect(run.status == 0)
    // The baseline recorded the unknown value "boat" of the shared `ListingKind` schema twice,
    // once per type that includes it. It is now reported once, at its spec place (issue 30),
    // so every finding is still accepted and the second copy is named, with what to do.
    #expect(run.output.contains("baseline: 4 findings accepted, 1 entry no longer found"))
    #expect(
      run.output.contains(
        "note: SampleAPI.ListingPage #/components/schemas/ListingKind/enum/3: no longer found; "
          + "remove it from the baseline: unknown value \"boat\""))
  }
}
