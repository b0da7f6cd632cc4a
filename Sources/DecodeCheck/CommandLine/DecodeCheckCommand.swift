import Foundation

/// The `decode-check` command: parses arguments, checks the payloads, prints the report and
/// returns the exit status.
///
/// The bundled `decode-check` executable is this with the sample API's types; a team's own
/// checker is the same few lines with theirs:
///
/// ```swift
/// import DecodeCheck
/// import Foundation
/// import MyAppModels
///
/// let registry = ModelRegistry(registering: Order.self, Customer.self)
/// exit(DecodeCheckCommand.main(registry: registry))
/// ```
///
/// Such a checker calls itself by its executable's name (`check-payloads: unknown option …`,
/// `check-payloads --version`) and its `--help` shows `Order` and `Customer` in its examples.
///
/// Tests run the command in-process with ``ModelRegistry`` and read its exit status; this
/// package's own tests also capture its output through `package` stream seams.
public enum DecodeCheckCommand {
  /// The version of the `DecodeCheck` library, which `--version` prints: the one the
  /// formats name (``RenderContext/toolVersion``), declared below the command.
  static let version = RenderContext.toolVersion

  /// Runs the command and returns its exit status: 0 when every payload decoded, 1 when one
  /// failed (or held unknown values under `--strict`, or a baseline entry no longer occurs
  /// under `--strict-baseline`), 2 for a usage error or a path that could not be checked.
  ///
  /// The report goes to standard output; usage errors and progress go to standard error.
  /// The command calls itself by `name` in its usage, errors, `--version`, progress and
  /// reports, and its `--help` shows the registry's own types in its examples:
  ///
  /// ```swift
  /// exit(DecodeCheckCommand.main(registry: registry))  // named after the executable
  /// exit(DecodeCheckCommand.main(registry: registry, name: "check-payloads"))
  /// ```
  ///
  /// - Parameters:
  ///   - arguments: the command line without the program's name; by default the process's own.
  ///   - registry: the types payloads are checked against.
  ///   - name: what the command calls itself; by default the running executable's file name.
  ///   - environment: where `GITHUB_STEP_SUMMARY` is read; by default the process's.
  ///   - workingDirectory: the folder baselines, SARIF and the summary name files relative to;
  ///     by default the process's current folder.
  public static func main(
    arguments: [String] = Array(CommandLine.arguments.dropFirst()),
    registry: ModelRegistry,
    name: String? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    workingDirectory: String? = nil
  ) -> Int32 {
    main(
      arguments: arguments, registry: registry, name: name, environment: environment,
      workingDirectory: workingDirectory, standardOutput: .standardOutput,
      standardError: .standardError)
  }

  /// ``main(arguments:registry:name:environment:workingDirectory:)`` writing to
  /// `standardOutput` and `standardError` and reading `-` from `standardInput`: the seam
  /// this package's tests and benchmark run the command through.
  package static func main(
    arguments: [String],
    registry: ModelRegistry,
    name: String? = nil,
    environment: [String: String] = [:],
    workingDirectory: String? = nil,
    standardOutput: TextStream,
    standardError: TextStream,
    standardInput: StandardInput = .process
  ) -> Int32 {
    run(
      arguments: arguments, registry: registry, name: name, environment: environment,
      workingDirectory: workingDirectory, standardOutput: standardOutput,
      standardError: standardError, standardInput: standardInput,
      progressSilence: ProgressLine.silentStart)
  }

  /// ``main(arguments:registry:name:environment:workingDirectory:standardOutput:standardError:standardInput:)``
  /// with the time the progress line stays silent, which tests set to 0 to see it drawn.
  static func run(
    arguments: [String],
    registry: ModelRegistry,
    name: String?,
    environment: [String: String],
    workingDirectory: String?,
    standardOutput: TextStream,
    standardError: TextStream,
    standardInput: StandardInput,
    progressSilence: UInt64
  ) -> Int32 {
    let name = name ?? executableName
    func usageError(_ message: String) -> Int32 {
      standardError.write("\(name): \(message)\nRun `\(name) --help` for usage.\n")
      return 2
    }
    /// A file the run needs that it cannot read or write: one line, no usage hint.
    func fileError(_ message: String) -> Int32 {
      standardError.write("\(name): \(message)\n")
      return 2
    }
    if let duplicate = registry.duplicateNames.first {
      return fileError("`\(duplicate)` is registered more than once; register each type once")
    }
    let options: CommandOptions
    do {
      options = try CommandOptions(parsing: arguments)
    } catch {
      return usageError(error.message)
    }
    if options.showsHelp {
      standardOutput.write(helpText(name: name, registry: registry))
      return 0
    }
    if options.showsVersion {
      standardOutput.write("\(name) (DecodeCheck \(version))\n")
      return 0
    }
    var contract: ContractRun?
    if let path = options.openAPIPath {
      do {
        contract = try ContractRun(options: options, path: path, registry: registry)
      } catch {
        return usageError(error.message)
      }
    }
    if options.listsTypes {
      standardOutput.write(typeList(registry, contract: contract))
      return 0
    }
    guard !options.paths.isEmpty || contract != nil else {
      return usageError("no paths given: name JSON files, folders, or - for standard input")
    }
    var model: RegisteredModel?
    if let typeName = options.typeName {
      do {
        model = try registry.model(named: typeName)
      } catch {
        return usageError(error.description)
      }
    }
    var checker = PayloadChecker(strict: options.isStrict, lines: options.readsLines)
    checker.traffic.includesErrorResponses = options.includesErrorResponses
    checker.traffic.requiresRoutes = options.requiresRoutes
    checker.traffic.keepsQuery = options.keepsQuery
    if options.audits { checker.audit = options.auditBudget }
    checker.strictClasses = options.strictClasses
    if let path = options.routesPath {
      do {
        checker.traffic.routes = try Routes(contentsOfFile: path, registry: registry)
      } catch {
        return usageError(error.description)
      }
    }
    if let folder = options.recordPath {
      if let problem = options.recordingProblem() { return usageError(problem) }
      var plan = InputPlan(
        paths: options.paths, registry: registry, model: model, readsLines: false,
        skipping: Set(
          options.routesPath.map { [URL(fileURLWithPath: $0).standardizedFileURL.path] } ?? []),
        standardInput: standardInput.read)
      if let shard = options.shard { plan.select(shard) }
      return record(
        plan, into: folder, options: options, checker: checker, registry: registry, name: name,
        standardOutput: standardOutput, standardError: standardError,
        progressSilence: progressSilence)
    }
    // Everything the run reads or writes besides the payloads is checked before it starts.
    var baseline: Baseline?
    var summaryFile: SummaryFile?
    do {
      var baselines: [Baseline] = []
      for path in options.baselinePaths {
        baselines.append(try Baseline(contentsOfFile: path))
      }
      // One file is used as it is; several (the shards' baselines) are merged.
      if baselines.count == 1 {
        baseline = baselines[0]
      } else if !baselines.isEmpty {
        baseline = Baseline(merging: baselines)
      }
    } catch {
      return fileError(error.description)
    }
    if let path = options.writtenBaselinePath, let problem = cannotWrite(path) {
      return fileError("cannot write the baseline `\(path)`: \(problem)")
    }
    do {
      if let path = options.summaryPath {
        summaryFile = try SummaryFile(path: path, appending: false)
      } else if options.format == .github, let path = environment["GITHUB_STEP_SUMMARY"],
        !path.isEmpty
      {
        summaryFile = try SummaryFile(path: path, appending: true)
      }
    } catch {
      return fileError(error.message)
    }

    var context = RenderContext(toolName: name, quiet: options.isQuiet)
    context.verbose = options.isVerbose
    if let workingDirectory { context.workingDirectory = WorkingDirectory(workingDirectory) }
    context.writesSummary = summaryFile != nil
    // A plain check writes its lines as it goes; what needs the whole report holds it.
    var writer =
      baseline == nil && options.writtenBaselinePath == nil && summaryFile == nil
        && !options.audits && contract == nil
      ? FindingWriter(format: options.format, context: context) : nil

    var report: CheckReport
    if let contract {
      if !options.isQuiet {
        for note in contract.notes { standardError.write("\(name): note: \(note)\n") }
      }
      report = contract.check(
        strict: options.isStrict, only: model, shard: options.shard,
        maximumConcurrency: options.jobs ?? PayloadChecker.defaultConcurrency)
    } else {
      // The routes file is not a payload, even in a folder being searched.
      let routesFile = options.routesPath.map {
        URL(fileURLWithPath: $0).standardizedFileURL.path
      }
      var plan = InputPlan(
        paths: options.paths, registry: registry, model: model, readsLines: options.readsLines,
        skipping: Set(routesFile.map { [$0] } ?? []), standardInput: standardInput.read)
      if let shard = options.shard { plan.select(shard) }
      let progress =
        standardError.isTerminal && !options.isQuiet
        ? ProgressLine(
          stream: standardError, total: plan.inputs.count, name: name, silence: progressSilence,
          countsVariants: options.audits)
        : nil
      let write: ((inout [FileReport]) -> Void)? =
        writer == nil
        ? nil
        : { files in
          files =
            CheckReport(files: files, isStrict: options.isStrict)
            .disabling(options.disabledClasses).files
          guard let text = writer?.lines(for: files), !text.isEmpty else { return }
          progress?.finish()
          standardOutput.write(text)
        }
      report = checker.check(
        plan, maximumConcurrency: options.jobs ?? PayloadChecker.defaultConcurrency,
        progress: progress, writer: write)
      progress?.finish()
    }
    report.findAliasConflicts(registered: registry.models)

    if let path = options.writtenBaselinePath {
      do {
        // A class turned off is not recorded; a baseline is applied before it is taken out,
        // so its entries of that class are found, not reported as no longer occurring.
        try Baseline(
          recording: report.disabling(options.disabledClasses), workingDirectory: workingDirectory
        ).write(toFile: path)
      } catch {
        return fileError(error.description)
      }
    }
    if let baseline {
      report = baseline.apply(
        to: report, workingDirectory: workingDirectory,
        fixedEntriesFail: options.isStrictBaseline)
    }
    report = report.disabling(options.disabledClasses)
    standardOutput.write(
      writer?.finish(report) ?? options.format.render(report, context: context))
    if let summaryFile {
      do {
        try summaryFile.write(MarkdownSummary.render(report, context: context))
      } catch {
        return fileError(error.message)
      }
    }
    return report.exitStatus
  }

  /// The running executable's file name, such as `decode-check`.
  static var executableName: String {
    let path = CommandLine.arguments.first ?? ""
    let name = path.split(separator: "/").last.map(String.init) ?? ""
    return name.isEmpty ? "decode-check" : name
  }

  /// Why a file cannot be written at `path`, or `nil` when it can be.
  private static func cannotWrite(_ path: String) -> String? {
    let files = FileManager.default
    var isFolder: ObjCBool = false
    if files.fileExists(atPath: path, isDirectory: &isFolder) {
      if isFolder.boolValue { return "it is a folder" }
      return files.isWritableFile(atPath: path) ? nil : "permission denied"
    }
    let folder = (path as NSString).deletingLastPathComponent
    let parent = folder.isEmpty ? "." : folder
    guard files.fileExists(atPath: parent, isDirectory: &isFolder), isFolder.boolValue else {
      return "no such folder"
    }
    return files.isWritableFile(atPath: parent) ? nil : "permission denied"
  }
  /// The `--list-types` table: short names, padded, then qualified names; with `--openapi`,
  /// the schema each type is checked against.
  private static func typeList(_ registry: ModelRegistry, contract: ContractRun?) -> String {
    guard !registry.models.isEmpty else { return "No types are registered.\n" }
    let models = registry.models.sorted {
      ($0.name, $0.qualifiedName) < ($1.name, $1.qualifiedName)
    }
    let width = models.map(\.name.count).max() ?? 0
    // With a document, a third column follows: the qualified names are padded too.
    let qualifiedWidth = contract == nil ? 0 : models.map(\.qualifiedName.count).max() ?? 0
    var text = ""
    for model in models {
      let padding = String(repeating: " ", count: width - model.name.count)
      let qualifiedPadding = String(
        repeating: " ", count: max(0, qualifiedWidth - model.qualifiedName.count))
      text += "\(model.name)\(padding)  \(model.qualifiedName)\(qualifiedPadding)"
      if !registry.isUnambiguous(model.name) {
        text += "  (short name shared: use the qualified name)"
      }
      if let contract {
        text += "  " + contract.schemaDescription(of: model)
      }
      text += "\n"
    }
    return text
  }
}
