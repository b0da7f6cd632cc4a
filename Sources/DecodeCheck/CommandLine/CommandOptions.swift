/// The command line, read into what to do.
struct CommandOptions: Equatable {
  var paths: [String] = []
  var typeName: String?
  var listsTypes = false
  var isStrict = false
  var format = ReportFormat.text
  var readsLines = false
  var isQuiet = false
  /// `-v`: the text format also lists the audit's open fields.
  var isVerbose = false
  var jobs: Int?
  var showsHelp = false
  var showsVersion = false
  /// `--baseline FILE`, repeatable: report only findings that are not in them, merged
  /// (``Baseline/init(merging:)``).
  var baselinePaths: [String] = []
  /// `--write-baseline FILE`: record this run's findings.
  var writtenBaselinePath: String?
  /// `--strict-baseline`: baseline entries that no longer occur fail the check.
  var isStrictBaseline = false
  /// `--summary FILE`: write the Markdown summary there.
  var summaryPath: String?
  /// `--routes FILE`: the types of HAR archives' responses.
  var routesPath: String?
  /// `--include-errors`: check HAR responses with a status outside 200–299 too.
  var includesErrorResponses = false
  /// `--require-routes`: a HAR response with no route fails the check.
  var requiresRoutes = false
  /// `--openapi FILE`: check the models against this OpenAPI document's schemas.
  var openAPIPath: String?
  /// `--schemas FILE`: which schema each type follows, for `--openapi`.
  var schemaMapPath: String?
  /// `--max-payloads N`: the most payloads `--openapi` generates per schema.
  var maximumPayloads: Int?
  /// `--audit`: ask the models what new values, new variants and missing keys would do.
  var audits = false
  /// `--strict-classes`: the audit's notes of a type's change that fail the check.
  var strictClasses: Set<CheckClass> = []
  /// `--places-per-field` and `--places-per-file`: the audit's budget.
  var auditBudget = AuditBudget.standard
  /// `--disable NAME,…`: the classes of check whose findings the run leaves out.
  var disabledClasses: Set<CheckClass> = []
  /// `--shard i/n`: check only this share of the inputs (files, HAR entries, schemas).
  var shard: Shard?
  /// `--record FOLDER`: write each JSON body with a type there as a fixture.
  var recordPath: String?
  /// `--no-redact`: with `--record`, write bodies as captured.
  var keepsCapturedValues = false
  /// `--keep PATTERN,…`: with `--record`, the values every fixture keeps as captured.
  var keptPatterns: [String] = []
  /// `--max-probes N`: with `--record`, the most probes one payload may take.
  var maximumProbes: Int?
  /// `--keep-query`: show HAR requests as captured, their concrete paths and queries, rather
  /// than by their routes' URL patterns.
  var keepsQuery = false

  /// A command line that cannot be run, in one line.
  struct UsageError: Error, Equatable {
    var message: String
  }

  /// Reads the arguments (without the program name).
  ///
  /// Options may come before, after or between paths; `--name=value` and `--name value` both
  /// work; `--` ends the options, so a path may start with a dash; `-` alone is standard input.
  init(parsing arguments: [String]) throws(UsageError) {
    // Help wins wherever it is asked for, even where an option expects a value.
    let options = arguments.prefix { $0 != "--" }
    if options.contains("--help") || options.contains("-h") {
      showsHelp = true
      return
    }
    var remaining = arguments[...]
    var optionsEnded = false
    var limitsAudit = false
    while let argument = remaining.popFirst() {
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        paths.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      var name = argument
      var attachedValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        attachedValue = String(argument[argument.index(after: equals)...])
      }
      func value(describedAs what: String) throws(UsageError) -> String {
        if let attachedValue { return attachedValue }
        guard let next = remaining.popFirst() else {
          throw UsageError(message: "`\(name)` needs a value: \(what)")
        }
        return next
      }
      func count(describedAs what: String) throws(UsageError) -> Int {
        let text = try value(describedAs: what)
        guard let count = Int(text), count >= 1 else {
          throw UsageError(message: "`\(name)` needs a whole number of at least 1, not `\(text)`")
        }
        return count
      }
      func flag() throws(UsageError) -> Bool {
        guard attachedValue == nil else {
          throw UsageError(message: "`\(name)` takes no value")
        }
        return true
      }
      switch name {
      case "-t", "--type":
        guard typeName == nil else { throw UsageError(message: "`--type` is given twice") }
        typeName = try value(describedAs: "a registered type's name (see --list-types)")
      case "-f", "--format":
        let text = try value(describedAs: ReportFormat.names)
        guard let format = ReportFormat(rawValue: text) else {
          throw UsageError(message: "unknown format `\(text)`; use \(ReportFormat.names)")
        }
        self.format = format
      case "-j", "--jobs":
        jobs = try count(describedAs: "how many files to check at once")
      case "--baseline":
        baselinePaths.append(try value(describedAs: "a baseline file (see --write-baseline)"))
      case "--write-baseline":
        writtenBaselinePath = try value(describedAs: "the file to record the findings in")
      case "--strict-baseline": isStrictBaseline = try flag()
      case "--summary":
        summaryPath = try value(describedAs: "the file to write the Markdown summary to")
      case "--routes":
        routesPath = try value(describedAs: "a routes file mapping requests to types")
      case "--openapi":
        openAPIPath = try value(describedAs: "an OpenAPI 3.0 or 3.1 document in JSON")
      case "--schemas":
        schemaMapPath = try value(describedAs: "a JSON file mapping types to schemas")
      case "--max-payloads":
        maximumPayloads = try count(describedAs: "the most payloads to generate per schema")
      case "--include-errors": includesErrorResponses = try flag()
      case "--require-routes": requiresRoutes = try flag()
      case "--audit": audits = try flag()
      case "--places-per-field":
        auditBudget.placesPerField = try count(
          describedAs: "the most places of one field to audit in a payload")
        limitsAudit = true
      case "--places-per-file":
        auditBudget.placesPerFile = try count(describedAs: "the most places to audit in a payload")
        limitsAudit = true
      case "--disable":
        let names = try value(describedAs: "classes of check to turn off, such as date-format-edge")
        disabledClasses.formUnion(try Self.checkClasses(named: names))
      case "--strict-classes":
        let names = try value(
          describedAs: "the audit's classes to fail on, such as brittle-to-null")
        let named = try Self.checkClasses(named: names)
        guard named.allSatisfy(CheckClass.failableByName.contains) else {
          throw UsageError(
            message: "`--strict-classes` takes brittle-to-type and brittle-to-null, the audit's "
              + "notes that can fail a check; `\(names)` names another")
        }
        strictClasses.formUnion(named)
      case "--shard":
        guard shard == nil else { throw UsageError(message: "`--shard` is given twice") }
        let text = try value(describedAs: "this job's share of the inputs, i/n, such as 2/4")
        do {
          shard = try Shard(parsing: text)
        } catch {
          throw UsageError(message: error.message)
        }
      case "--record":
        recordPath = try value(describedAs: "the folder to write fixtures to")
      case "--no-redact": keepsCapturedValues = try flag()
      case "--keep-query": keepsQuery = try flag()
      case "--keep":
        let text = try value(describedAs: "JSON path patterns of values to keep, such as $.version")
        for part in text.split(separator: ",") {
          do {
            keptPatterns.append(
              try KeepPattern.normalized(part.trimmingCharacters(in: .whitespaces)))
          } catch {
            throw UsageError(message: "`--keep`: \(error.message)")
          }
        }
      case "--max-probes":
        maximumProbes = try count(describedAs: "the most probes one recorded payload may take")
      case "--list-types": listsTypes = try flag()
      case "--strict": isStrict = try flag()
      case "--lines": readsLines = try flag()
      case "-q", "--quiet": isQuiet = try flag()
      case "-v", "--verbose": isVerbose = try flag()
      case "--version": showsVersion = try flag()
      case "-h", "--help": showsHelp = try flag()
      default:
        throw UsageError(message: "unknown option `\(name)`")
      }
    }
    if !strictClasses.isEmpty, !audits {
      throw UsageError(message: "`--strict-classes` needs --audit")
    }
    if limitsAudit, !audits {
      throw UsageError(message: "`--places-per-field` and `--places-per-file` need --audit")
    }
    if isStrictBaseline, baselinePaths.isEmpty {
      throw UsageError(message: "`--strict-baseline` needs a baseline: pass --baseline FILE")
    }
    if let shard, paths.contains("-") {
      throw UsageError(
        message: "`--shard \(shard)` splits files and HAR entries; standard input is one "
          + "payload: check `-` without --shard")
    }
    try checkOpenAPIOptions()
    try checkRecordOptions()
  }

  /// The classes of check a `--disable` value names, comma-separated: each one that exists
  /// and can be turned off.
  private static func checkClasses(named names: String) throws(UsageError) -> [CheckClass] {
    let valid = "the classes are " + CheckClass.disableableNames
    var classes: [CheckClass] = []
    for part in names.split(separator: ",", omittingEmptySubsequences: false) {
      let name = String(part.filter { !$0.isWhitespace })
      guard !name.isEmpty else {
        throw UsageError(message: "`--disable` needs class names, comma-separated; \(valid)")
      }
      guard let checkClass = CheckClass(named: name) else {
        throw UsageError(message: "`--disable`: no class of check is named `\(name)`; \(valid)")
      }
      guard checkClass.canBeDisabled else {
        throw UsageError(
          message: "`--disable`: `\(name)` cannot be turned off: an input that cannot be read "
            + "is not a finding about a payload; \(valid)")
      }
      classes.append(checkClass)
    }
    return classes
  }

  /// `--schemas` and `--max-payloads` need `--openapi`, which checks the document's schemas
  /// rather than payload files, so takes no paths and no options about reading them.
  private func checkOpenAPIOptions() throws(UsageError) {
    guard openAPIPath != nil else {
      if schemaMapPath != nil {
        throw UsageError(message: "`--schemas` maps types to the schemas of --openapi FILE")
      }
      if maximumPayloads != nil {
        throw UsageError(message: "`--max-payloads` limits the payloads --openapi FILE generates")
      }
      return
    }
    if !paths.isEmpty {
      throw UsageError(
        message: "--openapi checks the models against the document's schemas and takes no "
          + "payload paths; check `\(paths[0])` in a run of its own")
    }
    if audits {
      throw UsageError(
        message: "--audit asks the models about captured payloads and --openapi about the "
          + "spec's: run them one at a time")
    }
    let payloadOptions = [
      ("--routes", routesPath != nil), ("--lines", readsLines),
      ("--include-errors", includesErrorResponses), ("--require-routes", requiresRoutes),
    ]
    if let (option, _) = payloadOptions.first(where: \.1) {
      throw UsageError(message: "`\(option)` reads payload files, which --openapi does not take")
    }
  }
}
