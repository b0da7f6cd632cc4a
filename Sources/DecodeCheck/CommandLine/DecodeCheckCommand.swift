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
/// Every stream is injectable, so tests run the command in-process and read what it wrote:
///
/// ```swift
/// let status = DecodeCheckCommand.main(
///   arguments: ["--type", "Booking", "--format", "json", path],
///   registry: registry, standardOutput: TextStream { output.append($0) })
/// #expect(status == 1)
/// ```
public enum DecodeCheckCommand {
  /// The version `--version` prints.
  public static let version = "0.1.0"

  /// Runs the command and returns its exit status: 0 when every payload decoded, 1 when one
  /// failed (or held unknown values under `--strict`), 2 for a usage error or a path that
  /// could not be checked.
  ///
  /// The report goes to `standardOutput`; usage errors and progress go to `standardError`.
  ///
  /// ```swift
  /// exit(DecodeCheckCommand.main(registry: registry))
  /// ```
  ///
  /// - Parameter arguments: the command line without the program's name; by default the
  ///   process's own.
  public static func main(
    arguments: [String] = Array(CommandLine.arguments.dropFirst()),
    registry: ModelRegistry,
    standardOutput: TextStream = .standardOutput,
    standardError: TextStream = .standardError,
    standardInput: StandardInput = .process
  ) -> Int32 {
    func usageError(_ message: String) -> Int32 {
      standardError.write("decode-check: \(message)\nRun `decode-check --help` for usage.\n")
      return 2
    }
    if let duplicate = registry.duplicateNames.first {
      standardError.write(
        "decode-check: `\(duplicate)` is registered more than once; register each type once\n")
      return 2
    }
    let options: CommandOptions
    do {
      options = try CommandOptions(parsing: arguments)
    } catch {
      return usageError(error.message)
    }
    if options.showsHelp {
      standardOutput.write(helpText)
      return 0
    }
    if options.showsVersion {
      standardOutput.write("decode-check \(version)\n")
      return 0
    }
    if options.listsTypes {
      standardOutput.write(typeList(registry))
      return 0
    }
    guard !options.paths.isEmpty else {
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

    let plan = InputPlan(
      paths: options.paths, registry: registry, model: model, readsLines: options.readsLines,
      standardInput: standardInput.read)
    let progress =
      standardError.isTerminal && !options.isQuiet
      ? ProgressLine(stream: standardError, total: plan.inputs.count) : nil
    let checker = PayloadChecker(strict: options.isStrict, lines: options.readsLines)
    let report = checker.check(
      plan.inputs, maximumConcurrency: options.jobs ?? PayloadChecker.defaultConcurrency,
      progress: progress)
    progress?.finish()
    standardOutput.write(options.format.render(report, quiet: options.isQuiet))
    return report.exitStatus
  }

  /// The `--list-types` table: short names, padded, then qualified names.
  private static func typeList(_ registry: ModelRegistry) -> String {
    guard !registry.models.isEmpty else { return "No types are registered.\n" }
    let models = registry.models.sorted {
      ($0.name, $0.qualifiedName) < ($1.name, $1.qualifiedName)
    }
    let width = models.map(\.name.count).max() ?? 0
    var text = ""
    for model in models {
      let padding = String(repeating: " ", count: width - model.name.count)
      text += "\(model.name)\(padding)  \(model.qualifiedName)"
      if !registry.isUnambiguous(model.name) {
        text += "  (short name shared: use the qualified name)"
      }
      text += "\n"
    }
    return text
  }
}
