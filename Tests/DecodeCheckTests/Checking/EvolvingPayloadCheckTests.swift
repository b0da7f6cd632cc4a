import DecodeCheck
import Foundation
import Testing

/// `decode-check` on the payloads of `Tests/EvolvingModelsFixtures`, each beside a
/// `.transcript` of what the command prints for it alone, without and with `--strict`: elements
/// left out are warnings (errors under `--strict`) with their own error and path, old spellings
/// are notes grouped with their counts, alias conflicts are errors about their type. Adding a
/// payload and its transcript adds a case.
@Suite struct EvolvingPayloadCheckTests {
  @Test func theFixturesAreFound() {
    #expect(EvolvingFixtures.payloads.count >= 7, "\(EvolvingFixtures.payloads)")
  }

  @Test(arguments: EvolvingFixtures.payloads)
  func transcript(_ payload: String) throws {
    let root = EvolvingFixtures.root
    var text = ""
    for options in [[], ["--strict"]] {
      let arguments = options + [payload]
      let run = runCommand(
        options + [root + "/" + payload], registry: evolvingRegistry)
      text += "$ decode-check \(arguments.joined(separator: " "))\n"
      text += run.output.replacing(root + "/", with: "")
      text += "(exit \(run.status))\n"
      #expect(run.errors.isEmpty)
    }
    let transcriptPath = root + "/" + payload.dropLast(".json".count) + ".transcript"
    let stored = try String(contentsOfFile: transcriptPath, encoding: .utf8)
    #expect(text == stored, "\(transcriptPath) differs; what the command printed:\n\(text)")
  }
}
