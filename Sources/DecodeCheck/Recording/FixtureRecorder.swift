import Foundation

/// Records captured payloads (files, folders, HAR archives) as fixtures in a folder, one
/// subfolder per type, so that `decode-check FOLDER` and `PayloadFixture.all(in:)` read each
/// back as the type it was captured as.
///
/// Each payload is redacted (``FixtureRedactor``) and named by its type, its route's URL
/// pattern and its shape, never by anything from the capture or the order of the run:
/// `Booking/api-v2-bookings-x-5d1c0e9a2b47.json`. Payloads of one name are written once, the
/// one whose fixture has the smallest hash; a file already there is never written again.
///
/// ```swift
/// let recorder = FixtureRecorder(folder: "Fixtures/Recorded", checker: checker, registry: registry)
/// let summary = recorder.record(plan, maximumConcurrency: 2)
/// summary.written  // 5
/// ```
struct FixtureRecorder {
  /// The folder fixtures are written to.
  var folder: String
  /// How HAR archives are read: routes, error responses.
  var checker: PayloadChecker
  var registry: ModelRegistry
  /// Whether values are replaced (the default) or written as captured (`--no-redact`).
  var redacts = true
  /// Whether the run records one shard of the inputs (`--shard`), so the other fixtures in
  /// the folder may be another shard's.
  var isSharded = false
  /// Path patterns whose values every fixture keeps as captured (`--keep`); a route's own
  /// `keep` adds to them for its responses.
  var keep: [String] = []
  /// The most probes one payload may take (`--max-probes`).
  var budget = FixtureRedactor.defaultBudget

  /// The most payloads, and body bytes, worked on at once: a batch, as a check reads archives.
  static let batchPayloads = 64
  static let batchBytes = 32 << 20

  /// One payload to record, and where it came from.
  private struct Captured: Sendable {
    /// The input file, or the archive and request (method and path, never the query).
    var source: String
    var model: RegisteredModel
    /// The URL pattern of the route that typed it.
    var route: String?
    /// What the route keeps as captured, beside ``FixtureRecorder/keep``.
    var keep: [String] = []
    var data: Data

    /// The payloads whose decisions by field this one takes: those of its type and route.
    var fieldsKey: String { model.qualifiedName + " " + (route ?? "") }
  }

  /// What reading an archive counted, and the entries it could not add: kept apart from the
  /// ``RecordingSummary`` the batches it adds are counted in.
  private struct ArchiveReading {
    var traffic = TrafficCounts()
    var notWritten: [String] = []
    /// How far into the archive's file reading got.
    var bytesRead = 0
  }

  /// A fixture chosen for a name so far.
  private struct Chosen {
    var payload: FixtureRedactor.RecordedPayload
    var hash: StableHash
    var captured: Captured
  }

  /// Records every payload of `plan`, then writes the fixtures not already there, telling
  /// `progress` of each payload recorded and of the inputs' bytes read.
  func record(
    _ plan: InputPlan, maximumConcurrency: Int, progress: (any RecordProgress)? = nil
  ) -> RecordingSummary {
    var summary = RecordingSummary()
    var chosen: [String: Chosen] = [:]
    var batch: [Captured] = []
    var batchBytes = 0
    /// The bytes of the inputs read before the one being read.
    var inputsRead = 0
    /// What was decided by field, by type and route, from the batches recorded so far.
    var fields: [String: FieldDecisions] = [:]
    var prefixes: [String: String] = [:]
    func flush() {
      let recorder = self
      // The first payload of a type and route not seen before goes first, so the rest of the
      // batch takes what it decided rather than each asking it all again.
      var firsts: [Int: FixtureRedactor.Recording] = [:]
      var seen: Set<String> = []
      for (index, captured) in batch.enumerated()
      where fields[captured.fieldsKey] == nil && seen.insert(captured.fieldsKey).inserted {
        firsts[index] = redactor(for: captured).record(captured.data)
      }
      let primed = fields.merging(
        firsts.sorted { $0.key < $1.key }.map { (batch[$0.key].fieldsKey, $0.value.learned) }
      ) { known, _ in known }
      let results = concurrentMap(count: batch.count, maximumConcurrency: maximumConcurrency) {
        [batch, firsts] index in
        firsts[index]
          ?? recorder.redactor(for: batch[index]).record(
            batch[index].data, fields: primed[batch[index].fieldsKey] ?? FieldDecisions())
      }
      for (captured, first) in zip(batch, results) {
        var recording = first
        summary.payloads += 1
        progress?.advance(variants: 0)
        // In the payloads' order, so every run learns the same.
        if !recording.learned.isEmpty {
          fields[captured.fieldsKey, default: FieldDecisions()].merge(recording.learned)
        }
        if case .recorded(let payload) = recording.result, !payload.isVerified,
          chosen[fixtureName(captured, shape: payload.shape, prefixes: &prefixes)].map({
            StableHash(bytes: payload.text) < $0.hash
          }) ?? true, payload.source?.verifiedText(decoder: VariantDecoder(captured.model)) == nil
        {
          // What other payloads decided does not keep this one's outcome: ask on its own.
          recording = redactor(for: captured).record(captured.data)
        }
        switch recording.result {
        case .recorded(let payload):
          if let problem = payload.textProblem {
            summary.notValidJSON.append("\(captured.source): \(problem); recorded as it is")
          }
          let name = fixtureName(captured, shape: payload.shape, prefixes: &prefixes)
          let hash = StableHash(bytes: payload.text)
          summary.recorded += 1
          if let current = chosen[name], current.hash <= hash { continue }
          chosen[name] = Chosen(payload: payload, hash: hash, captured: captured)
        case .needsCapturedValue(let path):
          summary.notWritten.append(
            "\(captured.source): only a captured value keeps its outcome, at \(path); "
              + "record it with --no-redact if that value may be committed")
        case .cannotKeepOutcome:
          summary.notWritten.append(
            "\(captured.source): no redacted fixture decodes as it did; record it with --no-redact "
              + "if its values may be committed")
        case .notJSON(let problem):
          summary.notValidJSON.append(
            "\(captured.source): \(problem); not written: a body that is not JSON cannot be "
              + "redacted; record it with --no-redact if it may be committed as it is")
        case .overBudget:
          summary.notWritten.append(
            "\(captured.source): deciding its values takes more than \(budget) probes; raise "
              + "--max-probes to record it")
        }
      }
      batch.removeAll(keepingCapacity: true)
      batchBytes = 0
    }
    func add(_ captured: Captured) {
      batch.append(captured)
      batchBytes += captured.data.count
      if batch.count >= Self.batchPayloads || batchBytes >= Self.batchBytes { flush() }
    }
    for input in plan.inputs {
      guard input.problem == nil else {
        summary.notWritten.append("\(input.path): \(input.problem ?? "")")
        continue
      }
      if input.isArchive {
        // Not `&summary`: `add` flushes batches into `summary` while the archive is read.
        var archive = ArchiveReading()
        readArchive(input, shard: plan.shard?.shard, into: &archive, add) { [inputsRead] in
          progress?.read(upTo: inputsRead + $0)
        }
        inputsRead += archive.bytesRead
        summary.traffic += archive.traffic
        summary.notWritten += archive.notWritten
        continue
      }
      guard let model = input.model else { continue }
      switch input.source {
      case .data(let data):
        add(Captured(source: input.path, model: model, data: data))
        inputsRead += data.count
      case .file(let path), .archive(let path):
        do {
          let data = try readFile(atPath: path)
          add(Captured(source: input.path, model: model, data: data))
          inputsRead += data.count
        } catch {
          summary.notWritten.append("\(input.path): cannot read: \(describeReadError(error))")
        }
      }
      progress?.read(upTo: inputsRead)
    }
    flush()
    write(chosen, dictionaries: fields.mapValues(\.dictionaries), into: &summary)
    return summary
  }

  /// The redactor of one captured payload: its model's decoder, the keep list with its
  /// route's.
  private func redactor(for captured: Captured) -> FixtureRedactor {
    var redactor = FixtureRedactor(decoder: VariantDecoder(captured.model), redacts: redacts)
    redactor.keep = keep + captured.keep
    redactor.budget = budget
    return redactor
  }

  /// Reads an archive entry by entry, adding each JSON response with a type; with `shard`,
  /// only the entries whose requests are in it, and the archive's own problems only in the
  /// shard its path is in, as a check reads it; `read` is told how far into the file it got.
  private func readArchive(
    _ input: PlannedInput, shard: Shard?, into summary: inout ArchiveReading,
    _ add: (Captured) -> Void, read: (Int) -> Void
  ) {
    let ownsArchive = shard?.contains(input.shardKey) ?? true
    let archive = HARArchive(
      shown: input.path, path: input.filePath, model: input.model, checker: checker)
    let reader: HARReader
    do {
      reader = try HARReader(path: input.filePath)
    } catch {
      if ownsArchive {
        summary.notWritten.append("\(input.path): cannot read: \(describeReadError(error))")
      }
      return
    }
    defer { summary.bytesRead = reader.bytesRead }
    while let event = reader.next() {
      read(reader.bytesRead)
      switch event {
      case .entry(let entry):
        if let shard, !shard.contains(entry) { continue }
        summary.traffic.entries += 1
        switch archive.response(of: entry) {
        case .skipped(let count):
          summary.traffic[keyPath: count] += 1
        case .withoutType(let request):
          summary.traffic.withoutRoute += 1
          if checker.traffic.requiresRoutes {
            summary.notWritten.append(
              "\(request.name): no route gives this response a type (--require-routes)")
          }
        case .typed(let body, let model, let request, let route, let routeKeep):
          summary.traffic.checked += 1
          // By its route's pattern, never its concrete path or query: they may be personal.
          let source = request.name
          guard let body else {
            summary.notWritten.append("\(source): marked base64 but not valid base64")
            continue
          }
          add(Captured(source: source, model: model, route: route, keep: routeKeep, data: body))
        }
      case .problem(let message, let position):
        guard ownsArchive else { continue }
        summary.notWritten.append(
          "\(input.path)\(position.map { ":\($0)" } ?? ""): \(message)")
      }
    }
  }

  /// `Booking/api-v2-bookings-x-5d1c0e9a2b47.json`: the type's folder, then the route's URL
  /// pattern (or the type) and the shape.
  /// `prefixes` holds each type and route's `Booking/api-v2-bookings-x`, made once.
  private func fixtureName(
    _ captured: Captured, shape: StableHash, prefixes: inout [String: String]
  ) -> String {
    let prefix =
      prefixes[captured.fieldsKey]
      ?? {
        let made =
          captured.model.folderName(in: registry) + "/"
          + (captured.route.map(Self.slug) ?? captured.model.name)
        prefixes[captured.fieldsKey] = made
        return made
      }()
    return "\(prefix)-\(shape.hex.prefix(12)).json"
  }

  /// A route's URL pattern as part of a file name: its path's segments joined by dashes,
  /// each wildcard an `x`: `api-v2-bookings-x` for `*/api/v2/bookings/*`.
  static func slug(_ pattern: String) -> String {
    let path = URLGlob.schemeLength(of: pattern) == nil ? pattern : URLGlob.path(of: pattern)
    var segments = path.split(separator: "/").map { segment -> String in
      guard !segment.contains("*") else { return "x" }
      return String(
        segment.map { (character: Character) -> Character in
          character.isASCII && (character.isLetter || character.isNumber) ? character : "-"
        })
    }
    // The leading `*` of `*/api/…` stands for the host.
    if pattern.hasPrefix("*"), segments.first == "x" { segments.removeFirst() }
    let slug = segments.filter { !$0.isEmpty }.joined(separator: "-")
    return slug.isEmpty ? "root" : slug
  }

  /// Writes each chosen fixture whose file is not there yet, in name order, after removing
  /// the temporary files of earlier runs that stopped partway. A fixture already there is
  /// left as it is, and named when it is not valid JSON; without a shard, the fixtures there
  /// that this run would not write are listed, for the team to prune. Keys kept as names in
  /// an object the run found read as a dictionary (`dictionaries`, by type and route) are
  /// replaced after all; those still kept are listed in ``keptKeysFile``.
  private func write(
    _ chosen: [String: Chosen], dictionaries: [String: Set<String>],
    into summary: inout RecordingSummary
  ) {
    let output = FixtureFolder(path: folder)
    output.removeStaleTemporaryFiles()
    summary.duplicates = summary.recorded - chosen.count
    var keptKeys: [String] = []
    for name in chosen.keys.sorted() {
      var payload = chosen[name]!.payload
      let captured = chosen[name]!.captured
      let found = dictionaries[captured.fieldsKey] ?? []
      if payload.keysKeptAsNames.contains(where: { found.contains($0.object) }) {
        guard
          let text = payload.source?.verifiedText(
            decoder: VariantDecoder(captured.model), replacingKeysOf: found)
        else {
          summary.notWritten.append(
            "\(captured.source): keys it holds are a dictionary's in another payload, and no "
              + "fixture with them replaced decodes as it did")
          continue
        }
        payload.text = text
        payload.keysKeptAsNames.removeAll { found.contains($0.object) }
      }
      do {
        switch try output.write(payload.text, to: name) {
        case .written:
          summary.written += 1
          summary.replacedStrings += payload.replacedStrings
          summary.keptByList += payload.keptByList
          keptKeys += payload.keysKeptAsNames.map { "\(name)\t\($0.path)" }
        case .alreadyThere:
          summary.alreadyThere += 1
          if let problem = output.problem(ofFixture: name) {
            summary.notWritten.append(
              "\((folder as NSString).appendingPathComponent(name)): already there and \(problem); "
                + "remove it to record it again")
          }
        }
      } catch {
        summary.notWritten.append(error.message)
      }
    }
    summary.keysKeptAsNames = keptKeys.count
    if !keptKeys.isEmpty {
      do {
        try output.addLines(keptKeys, to: Self.keptKeysFile, heading: Self.keptKeysHeading)
      } catch {
        summary.notWritten.append(error.message)
      }
    }
    if !isSharded {
      summary.notFromThisRun = output.fixtureNames().filter { chosen[$0] == nil }
    }
  }

  /// The file in the output folder that lists the keys kept because they look like names.
  static let keptKeysFile = "kept-keys.txt"

  static let keptKeysHeading = """
    # Keys decode-check --record kept in fixtures because they look like field names, though
    # no decode read them (after a failure, in an unknown variant or field): review each before
    # you commit. A key that is data (a user name, an id) belongs in a map the models read as a
    # dictionary, or delete the line's fixture. One line a key: fixture, tab, JSON path.
    """
}

/// What a recording run tells as it goes: each payload recorded (``CheckProgress``), and how far
/// through its inputs' bytes it has read. The command's `RecordingProgress` draws it; the
/// recorder knows only this, so recording does not depend on the command line.
protocol RecordProgress: CheckProgress {
  func read(upTo bytes: Int)
}
