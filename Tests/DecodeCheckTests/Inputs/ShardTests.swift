import Foundation
import SampleAPI
import Testing

@testable import DecodeCheck

/// The package's `Fixtures/` folder.
private let fixtures = packageFixtures

/// `decode-check` with the types of every folder of `Fixtures/`.
private func runCommand(_ arguments: [String], workingDirectory: String? = nil) -> CommandRun {
  DecodeCheckTests.runCommand(
    arguments, registry: fixturesRegistry, workingDirectory: workingDirectory)
}

/// `--shard i/n` splits a run into `n` disjoint shares whose union is the whole run, the same
/// on every run: files by their path below the folder searched, HAR entries by request,
/// `--openapi`'s schemas by name.
@Suite struct ShardTests {
  static let shardCounts = Array(1...5)

  private func plan(_ paths: [String], shard: Shard? = nil) -> InputPlan {
    var plan = InputPlan(
      paths: paths, registry: fixturesRegistry, model: nil, readsLines: false,
      standardInput: { Data() })
    if let shard { plan.select(shard) }
    return plan
  }

  private func shards(of count: Int) throws -> [Shard] {
    try (1...count).map { index throws in try Shard(parsing: "\(index)/\(count)") }
  }

  @Test(arguments: shardCounts)
  func shardsPartitionTheFixturesFolder(count: Int) throws {
    let all = plan([fixtures]).inputs.map(\.path)
    #expect(all.count > 50)
    var union: [String] = []
    for shard in try shards(of: count) {
      let files = plan([fixtures], shard: shard).inputs.filter { !$0.isArchive }.map(\.path)
      // The same on a second call.
      #expect(plan([fixtures], shard: shard).inputs.filter { !$0.isArchive }.map(\.path) == files)
      union += files
    }
    // Disjoint: no file twice; whole: every file of the unsharded plan but the archive, which
    // every shard reads for its share of the entries.
    #expect(union.count == Set(union).count)
    let archives = plan([fixtures]).inputs.filter(\.isArchive).map(\.path)
    #expect(Set(union) == Set(all).subtracting(archives))
    #expect(archives.count == 1)
  }

  @Test func aFileIsInTheSameShardHoweverItsFolderIsNamed() throws {
    let shard = try Shard(parsing: "2/3")
    let absolute = plan([fixtures], shard: shard).inputs.map(\.shardKey)
    let relative = plan([fixtures + "/../Fixtures/"], shard: shard).inputs.map(\.shardKey)
    #expect(absolute == relative)
    #expect(absolute.contains { $0.hasPrefix("Booking/") })
  }

  @Test func theHashIsFixed() throws {
    // FNV-1a, mixed: a change here moves inputs between shards, which a CI matrix notices.
    #expect(Shard.hash("") == 0xf52a_15e9_a9b5_e89b)
    #expect(Shard.hash("Booking/v1-confirmed.json") == 0x8029_3a72_c6a5_4dcf)
    #expect(Shard.hash("GET /api/v2/listings") == 0xd819_7b94_d94a_83ce)
    #expect(try Shard(parsing: "3/4").contains("GET /api/v2/listings"))
    #expect(Shard.hash("Booking/v1-confirmed.json") != Shard.hash("Booking/v1-confirmed.jsom"))
    let spread = (0..<400).map { Shard.hash("Booking/v\($0).json") % 4 }
    for share in 0..<4 {
      #expect(spread.count(where: { $0 == UInt64(share) }) > 60)
    }
  }

  /// An archive of 30 requests, some sent twice, in a folder of their own.
  private func captureFolder() throws -> (TemporaryFolder, String) {
    let folder = try TemporaryFolder()
    var entries: [[String: Any]] = []
    for number in 0..<30 {
      let body = #"{"id": "b-\#(number)"}"#
      entries.append(Archives.entry("\(Archives.host)/api/bookings/b-\(number)?v=1", text: body))
      if number.isMultiple(of: 4) {
        entries.append(
          Archives.entry(
            "\(Archives.host)/api/bookings/b-\(number)?v=2", method: "PUT", text: body))
        entries.append(Archives.entry("\(Archives.host)/api/bookings/b-\(number)?v=3", text: body))
      }
    }
    entries.append(Archives.entry("\(Archives.host)/logo.png", mimeType: "image/png", text: "x"))
    try folder.write(try Archives.archive(entries), to: "capture.har")
    try folder.write(Archives.routes, to: "routes.json")
    return (folder, folder.path + "/capture.har")
  }

  private func check(
    _ paths: [String], routes: String, shard: Shard?, audits: Bool = false
  ) throws -> CheckReport {
    var checker = PayloadChecker()
    if audits { checker.audit = .standard }
    checker.traffic.routes = try Routes(contentsOfFile: routes, registry: fixturesRegistry)
    // Requests as captured: a shard's share is decided by the concrete request.
    checker.traffic.keepsQuery = true
    return checker.check(plan(paths, shard: shard), maximumConcurrency: 2, progress: nil)
  }

  @Test(arguments: shardCounts)
  func shardsPartitionAnArchiveByRequest(count: Int) throws {
    let (folder, archive) = try captureFolder()
    let routes = folder.path + "/routes.json"
    let whole = try check([archive], routes: routes, shard: nil)
    let entries = whole.files.compactMap(\.request?.entry)
    #expect(entries.count == 46)
    var union: [Int] = []
    var requests: [String: Int] = [:]
    var traffic = TrafficCounts()
    for (number, shard) in try shards(of: count).enumerated() {
      let report = try check([archive], routes: routes, shard: shard)
      let again = try check([archive], routes: routes, shard: shard)
      #expect(again.files.compactMap(\.request?.entry) == report.files.compactMap(\.request?.entry))
      for file in report.files {
        guard let request = file.request else { continue }
        union.append(request.entry)
        // Every entry of one request (method and path) is in one shard.
        let concrete = request.method + " " + URLGlob.path(of: request.url)
        #expect(requests.updateValue(number, forKey: concrete) ?? number == number)
      }
      traffic += report.traffic
    }
    #expect(union.count == Set(union).count)
    #expect(Set(union) == Set(entries))
    #expect(traffic == whole.traffic)
  }

  @Test(arguments: shardCounts)
  func anArchivesOwnProblemIsReportedByOneShard(count: Int) throws {
    let folder = try TemporaryFolder()
    try folder.write("[]", to: "broken.har")
    var reports = 0
    for shard in try shards(of: count) {
      let report = PayloadChecker().check(
        plan([folder.path], shard: shard), maximumConcurrency: 2, progress: nil)
      reports += report.files.count { $0.path.hasSuffix("broken.har") }
    }
    #expect(reports == 1)
  }

  /// The counts of a report's summary, and the variants its audit decoded, that shards add
  /// up to.
  private func counts(_ report: CheckReport) -> [Int] {
    let summary = report.summary
    return [
      report.files.reduce(0) { $0 + $1.audits.reduce(0) { $0 + $1.variantCount } },
      summary.filesChecked, summary.decodedCleanly, summary.withUnknownValues,
      summary.unknownValues, summary.withElementsLeftOut, summary.elementsLeftOut,
      summary.failed, summary.notChecked, summary.payloads, summary.renamedValues,
      summary.traffic.entries, summary.traffic.checked, summary.traffic.notJSON,
      summary.traffic.errorStatus, summary.traffic.withoutRoute, summary.traffic.withoutBody,
    ]
  }

  @Test(arguments: shardCounts, [false, true])
  func summariesOfShardsAddUpToTheWholeRun(count: Int, audits: Bool) throws {
    let routes = fixtures + "/Traffic/routes.json"
    let whole = counts(try check([fixtures], routes: routes, shard: nil, audits: audits))
    #expect((whole[0] > 0) == audits)
    var sum = whole.map { _ in 0 }
    for shard in try shards(of: count) {
      let report = try check([fixtures], routes: routes, shard: shard, audits: audits)
      sum = zip(sum, counts(report)).map(+)
    }
    #expect(sum == whole)
  }

  @Test func theSummaryLineNamesTheShard() throws {
    let whole = runCommand([fixtures])
    let total = plan([fixtures]).inputs.count { !$0.isArchive }
    var checked = 0
    for index in 1...2 {
      let run = runCommand(["--shard", "\(index)/2", fixtures])
      let line = try #require(run.outputLines.last)
      #expect(line.hasPrefix("shard \(index)/2: "))
      #expect(line.contains(" of \(total) files and the requests of 1 HAR archive; "))
      let kept = try #require(Int(line.split(separator: " ")[2]))
      #expect(line.contains("; \(kept) files checked: "))
      checked += kept
    }
    #expect(checked == total)
    // Without --shard, the line is as it always was.
    #expect(whole.outputLines.last?.hasPrefix("\(total) files checked: ") == true)
  }

  @Test func theJSONFormatNamesTheShard() throws {
    let run = runCommand(["--shard", "2/4", "--format", "json", fixtures])
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let shard = try #require(document["shard"] as? [String: Int])
    let total = plan([fixtures]).inputs.count { !$0.isArchive }
    let kept = plan([fixtures], shard: try Shard(parsing: "2/4")).inputs.count { !$0.isArchive }
    #expect(shard == ["index": 2, "count": 4, "kept": kept, "planned": total])
    let whole = runCommand(["--format", "json", fixtures])
    #expect(!whole.output.contains(#""shard""#))
  }

  @Test(arguments: shardCounts)
  func openAPIShardsSplitTheSchemas(count: Int) throws {
    let document = fixtures + "/OpenAPI/openapi.json"
    let options = try CommandOptions(parsing: ["--openapi", document])
    let run = try ContractRun(options: options, path: document, registry: sampleRegistry)
    let all = run.matches.map(\.schema)
    #expect(all.count == 3)
    var union: [String] = []
    for shard in try shards(of: count) {
      let report = run.check(strict: false, only: nil, shard: shard, maximumConcurrency: 2)
      union += report.files.compactMap(\.schema)
      #expect(report.summary.description.hasPrefix("shard \(shard): "))
      #expect(report.summary.description.contains(" of 3 schemas; "))
    }
    #expect(union.count == Set(union).count)
    #expect(Set(union) == Set(all))
  }

  /// `ListingKind`'s "boat" is reached from `Listing` and from `ListingPage`, two schemas that
  /// may fall in different shards: the spec member is reported by one shard, as the whole run
  /// reports it once.
  @Test(arguments: shardCounts)
  func eachSpecFindingComesFromExactlyOneShard(count: Int) throws {
    let document = fixtures + "/OpenAPI/openapi.json"
    let options = try CommandOptions(parsing: ["--openapi", document])
    let run = try ContractRun(options: options, path: document, registry: sampleRegistry)
    let whole = specPlaces(run.check(strict: false, only: nil, maximumConcurrency: 2))
    #expect(whole.count == 4)
    #expect(
      whole.contains { $0.hasPrefix("SampleAPI.Listing ") && $0.contains("ListingKind/enum/3") })
    var union: [String] = []
    for shard in try shards(of: count) {
      union += specPlaces(run.check(strict: false, only: nil, shard: shard, maximumConcurrency: 2))
    }
    #expect(union.sorted() == whole.sorted())
  }

  /// A model of the `Listing` schema that reads `kind` as any text never finds the new "boat"
  /// that `ListingPage` finds through the same spec member: the whole run reports it through
  /// `ListingPage`, and so must exactly one shard, wherever `Listing` falls.
  @Test(arguments: shardCounts)
  func aSpecFindingARivalTypeDoesNotFindStaysWithItsFinder(count: Int) throws {
    var registry = ModelRegistry()
    registry.register(LooseListing.self, schema: "Listing")
    registry.register(ListingPage.self)
    registry.register(Booking.self)
    let document = fixtures + "/OpenAPI/openapi.json"
    let options = try CommandOptions(parsing: ["--openapi", document])
    let run = try ContractRun(options: options, path: document, registry: registry)
    let whole = specPlaces(run.check(strict: false, only: nil, maximumConcurrency: 2))
    #expect(
      whole.contains { $0.hasPrefix("SampleAPI.ListingPage ") && $0.contains("ListingKind/enum/3") }
    )
    var union: [String] = []
    for shard in try shards(of: count) {
      union += specPlaces(run.check(strict: false, only: nil, shard: shard, maximumConcurrency: 2))
    }
    #expect(union.sorted() == whole.sorted())
  }

  @Test func eachShardJudgesOnlyItsOwnBaselineEntries() throws {
    let folder = try TemporaryFolder()
    let baseline = folder.path + "/baseline.json"
    let routes = fixtures + "/Traffic/routes.json"
    #expect(runCommand(["--routes", routes, "--write-baseline", baseline, fixtures]).status != 2)
    let entries = try Baseline(contentsOfFile: baseline).entries.count
    var accepted = 0
    for index in 1...3 {
      let run = runCommand([
        "--routes", routes, "--baseline", baseline, "--strict-baseline", "--shard", "\(index)/3",
        fixtures,
      ])
      // No entry of another shard's files or requests is listed as no longer found.
      #expect(!run.output.contains("no longer found;"))
      let line = try #require(run.outputLines.last)
      #expect(line.hasSuffix(" 0 entries no longer found"))
      if let range = line.firstRange(of: "baseline: ") {
        accepted += Int(line[range.upperBound...].prefix { $0.isNumber }) ?? 0
      }
    }
    #expect(accepted == entries)
  }

  @Test func aFileGoneFromASearchedFolderIsJudgedByItsOwnShard() throws {
    let folder = try TemporaryFolder()
    let payload = try String(
      contentsOfFile: fixtures + "/Booking/v2-new-cases.json", encoding: .utf8)
    for number in 0..<12 {
      try folder.write(payload, to: "captures/Booking/copy-\(number).json")
    }
    let captures = folder.path + "/captures"
    let baseline = folder.path + "/baseline.json"
    _ = runCommand(["--write-baseline", baseline, captures], workingDirectory: folder.path)
    try FileManager.default.removeItem(atPath: captures + "/Booking/copy-7.json")
    var judging: [Int] = []
    for index in 1...3 {
      let run = runCommand(
        ["--baseline", baseline, "--shard", "\(index)/3", captures], workingDirectory: folder.path)
      if run.output.contains("copy-7.json") && run.output.contains("no longer found;") {
        judging.append(index)
      }
    }
    let owner = try (1...3).first { try Shard(parsing: "\($0)/3").contains("Booking/copy-7.json") }
    #expect(judging == [owner])
  }

  @Test func mergedBaselinesHoldEachEntryAsOftenAsTheOneHoldingItMost() {
    let unknown = BaselineEntry(
      file: "Fixtures/Booking/v2.json", kind: .unknownValue, path: "$.state", value: "x")
    let other = BaselineEntry(
      file: "Fixtures/Booking/v3.json", kind: .unknownValue, path: "$.state", value: "y")
    let brittle = BaselineEntry(
      file: nil, kind: .brittleField, path: "$.kind", value: "a new value fails decoding",
      type: "SampleAPI.Listing")
    let merged = Baseline(merging: [
      Baseline(entries: [unknown, unknown, brittle]), Baseline(entries: [other, brittle]),
    ])
    #expect(merged == Baseline(entries: [unknown, unknown, other, brittle]))
  }

  @Test func theShardsBaselinesMergedAreTheWholeRunsBaseline() throws {
    let folder = try TemporaryFolder()
    let routes = fixtures + "/Traffic/routes.json"
    let whole = folder.path + "/whole.json"
    _ = runCommand(["--routes", routes, "--write-baseline", whole, fixtures])
    var baselines: [String] = []
    for index in 1...3 {
      let path = folder.path + "/shard-\(index).json"
      let run = runCommand([
        "--routes", routes, "--write-baseline", path, "--shard", "\(index)/3", fixtures,
      ])
      #expect(run.status != 2)
      baselines.append(path)
    }
    let merged = Baseline(merging: try baselines.map { try Baseline(contentsOfFile: $0) })
    #expect(merged == (try Baseline(contentsOfFile: whole)))
    // `--baseline` given once per shard applies them as one.
    let run = runCommand(
      ["--routes", routes, "--strict-baseline"] + baselines.flatMap { ["--baseline", $0] }
        + [fixtures])
    #expect(run.status == 0)
    #expect(run.outputLines.last?.contains("findings accepted, 0 entries no longer found") == true)
  }

  @Test(arguments: ["0/4", "5/4", "x", "2/", "/4", "1/0", "-1/4", "1/2/3", "+1/2", "1 /2", ""])
  func aBadShardIsAUsageErrorNamingIt(value: String) {
    let run = runCommand(["--shard", value, fixtures])
    #expect(run.status == 2)
    #expect(run.errors.contains("`\(value)`") || run.errors.contains("`--shard \(value)`"))
    #expect(run.output.isEmpty)
  }

  @Test func standardInputCannotBeSharded() {
    let run = runCommand(
      ["--shard", "1/2", "--type", "Booking", "-"], standardInput: Data(#"{"id": "b"}"#.utf8))
    #expect(run.status == 2)
    #expect(run.errors.contains("standard input"))
    #expect(run.errors.contains("`--shard 1/2`"))
  }

  @Test func aShardIsGivenOnce() {
    let run = runCommand(["--shard", "1/2", "--shard=2/2", fixtures])
    #expect(run.status == 2)
    #expect(run.errors.contains("`--shard` is given twice"))
  }
}

/// Each place in the spec a report finds, with the type that reports it.
private func specPlaces(_ report: CheckReport) -> [String] {
  report.files.flatMap { file in
    file.findings.compactMap(CheckReport.specPlace(of:)).map { "\(file.typeName ?? "") \($0)" }
  }
}

/// A model of the `Listing` schema that reads `kind` as any text.
private struct LooseListing: Decodable, Sendable {
  var kind: String?
}
