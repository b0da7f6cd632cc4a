import Foundation
import SampleAPI
import Testing

@testable import DecodeCheck

/// A bad input: how to make it, what the command must say about it, and the exit status.
struct BadInput: CustomTestStringConvertible, Sendable {
  var name: String
  var status: Int32
  /// Creates the input in a folder and returns the arguments and the one line expected for it.
  var prepare: @Sendable (TemporaryFolder) throws -> (arguments: [String], line: String)

  var testDescription: String { name }

  static let all: [BadInput] = [
    BadInput(name: "missing path", status: 2) { folder in
      let path = folder.path + "/Booking/missing.json"
      return ([path], "\(path): error: no such file or folder")
    },
    BadInput(name: "folder without JSON", status: 2) { folder in
      try folder.write("not a payload", to: "Booking/notes.txt")
      let path = folder.path + "/Booking"
      return ([path], "\(path): error: no *.json or *.har files in this folder")
    },
    BadInput(name: "file without a type", status: 2) { folder in
      let path = try folder.write(Payloads.cleanBooking, to: "captured/booking.json")
      return (
        [path],
        "\(path): error: no type for this file: put it in a folder named after a registered type "
          + "(Booking, Listing, ListingPage), or pass --type"
      )
    },
    BadInput(name: "empty file", status: 1) { folder in
      let path = try folder.write("", to: "Booking/empty.json")
      return ([path], "\(path):1:1: error: not valid JSON: the payload is empty")
    },
    BadInput(name: "binary garbage", status: 1) { folder in
      let path = try folder.write(Data([0x00, 0xFF, 0x13, 0x37, 0x7B]), to: "Booking/garbage.json")
      return (
        [path],
        "\(path):1:1: error: not valid JSON: unexpected byte 0x00 where a value was expected; "
          + "the data looks binary"
      )
    },
    BadInput(name: "invalid UTF-8", status: 1) { folder in
      let bytes = Data(#"{"id": "b"#.utf8) + Data([0xFF]) + Data(#""}"#.utf8)
      let path = try folder.write(bytes, to: "Booking/latin1.json")
      return ([path], "\(path):1:10: error: $.id: not valid UTF-8: byte 0xFF inside a string")
    },
    BadInput(name: "deep nesting", status: 1) { folder in
      let path = try folder.write(
        String(repeating: #"{"a":"#, count: 100_000), to: "Booking/deep.json")
      return (
        [path],
        "\(path):1:2561: error: $.a.a.a.a….a.a (512 levels): not valid JSON: nested more than 512 "
          + "levels deep, the most JSONDecoder reads"
      )
    },
    // Foundation's JSONDecoder traps on exactly this input unless the checker guards it.
    BadInput(name: "deep nesting that ends on the 513th bracket", status: 1) { folder in
      let path = try folder.write(String(repeating: "[", count: 513), to: "Booking/brackets.json")
      return (
        [path],
        "\(path):1:513: error: $[0][0][0][0]…[0][0] (512 levels): not valid JSON: nested more "
          + "than 512 levels deep, the most JSONDecoder reads"
      )
    },
    BadInput(name: "HTML error page", status: 1) { folder in
      let path = try folder.write(
        "<html>\n<body>Bad Gateway</body>\n</html>\n", to: "Booking/502.json")
      return (
        [path],
        "\(path):1:1: error: not valid JSON: unexpected character `<`; expected a value (this "
          + "looks like HTML or XML)"
      )
    },
  ]
}

@Suite struct DecodeCheckCommandTests {
  // MARK: - Findings and exit status

  @Test func aCleanPayloadPrintsOnlyTheSummary() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(Payloads.cleanBooking, to: "Booking/v1.json")
    let run = runCommand([path])
    #expect(run.status == 0)
    #expect(
      run.output
        == "1 file checked: 1 decoded cleanly, 0 with unknown values (0 values), 0 failed\n")
    #expect(run.errors.isEmpty)
  }

  @Test func findingsNameFileLineColumnAndPath() throws {
    let folder = try TemporaryFolder()
    let unknown = try folder.write(Payloads.bookingWithUnknownValues, to: "Booking/v2.json")
    let missing = try folder.write(Payloads.bookingMissingGuestName, to: "Booking/v3.json")
    let run = runCommand([folder.path + "/Booking"])
    #expect(run.status == 1)
    #expect(
      run.outputLines == [
        "\(unknown):4:12: warning: $.state: unknown BookingState value \"checked_in\"; known: "
          + "requested, confirmed, cancelled, completed",
        "\(unknown):7:41: warning: $.total.currency: unknown Currency value \"CHF\"; known: USD, EUR, GBP",
        "\(missing):6:49: error: $.guests[1]: missing required key `name`",
        "2 files checked: 0 decoded cleanly, 1 with unknown values (2 values), 1 failed",
      ])
  }

  @Test func unknownValuesAreWarningsUnlessStrict() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(Payloads.bookingWithUnknownValues, to: "Booking/v2.json")
    let lenient = runCommand([path])
    #expect(lenient.status == 0)
    #expect(lenient.outputLines.filter { $0.contains(": warning: ") }.count == 2)

    let strict = runCommand(["--strict", path])
    #expect(strict.status == 1)
    #expect(strict.outputLines.filter { $0.contains(": error: ") }.count == 2)
    #expect(!strict.output.contains(": warning: "))
    // Under --strict the file fails, and the summary says so: it agrees with the exit status.
    #expect(
      strict.outputLines.last
        == "1 file checked: 0 decoded cleanly, 0 with unknown values (2 values), 1 failed")
  }

  @Test func quietPrintsOnlyErrorsAndTheSummary() throws {
    let folder = try TemporaryFolder()
    try folder.write(Payloads.bookingWithUnknownValues, to: "Booking/v2.json")
    let missing = try folder.write(Payloads.bookingMissingGuestName, to: "Booking/v3.json")
    for format in ["text", "github"] {
      let run = runCommand(["--quiet", "--format", format, folder.path])
      #expect(run.status == 1)
      #expect(run.outputLines.count == 2, "\(format)")
      #expect(run.outputLines.first?.contains(missing) == true)
      #expect(!run.output.contains("warning"))
      #expect(run.outputLines.last?.hasPrefix("2 files checked") == true)
    }
  }

  // MARK: - Bad input

  @Test(arguments: BadInput.all)
  func badInputGetsOneClearLineNamingThePath(_ input: BadInput) throws {
    let folder = try TemporaryFolder()
    let (arguments, line) = try input.prepare(folder)
    let run = runCommand(arguments)
    #expect(run.status == input.status)
    #expect(run.outputLines.count == 2)
    #expect(run.outputLines.first == line)
    #expect(run.errors.isEmpty)
  }

  @Test(arguments: BadInput.all, [ReportFormat.json, .github, .junit])
  func badInputIsReportedInEveryFormat(_ input: BadInput, format: ReportFormat) throws {
    let folder = try TemporaryFolder()
    let (arguments, line) = try input.prepare(folder)
    let path = try #require(arguments.last)
    // The line's text after the severity: the JSON path, when there is one, and the message.
    let severity = try #require(line.firstRange(of: ": error: "))
    let message = String(line[severity.upperBound...])
    let run = runCommand(["--format", format.rawValue] + arguments)
    #expect(run.status == input.status)
    #expect(run.errors.isEmpty)
    switch format {
    case .json:
      let files = try #require(try jsonObject(run.output)["files"] as? [[String: Any]])
      #expect(files.count == 1)
      #expect(files.first?["path"] as? String == path)
      let finding = try #require((files.first?["findings"] as? [[String: Any]])?.first)
      #expect(finding["severity"] as? String == "error")
      #expect(message.hasSuffix(finding["message"] as? String ?? "?"))
    case .github:
      let annotation = try #require(run.outputLines.first)
      #expect(annotation.hasPrefix("::error file=\(GitHubFormat.escapeProperty(path)),"))
      #expect(annotation.hasSuffix(GitHubFormat.escapeData(message)))
    default:
      #expect(run.output.contains(#"name="\#(JUnitFormat.escape(path))""#))
      #expect(run.output.contains(JUnitFormat.escape(message)))
      #expect(run.output.contains(input.status == 2 ? "<error " : "<failure "))
    }
  }

  @Test func anUnreadableFileIsReportedAndNotChecked() throws {
    let folder = try TemporaryFolder()
    let path = try folder.makeUnreadableFile(named: "locked.json")
    let run = runCommand(["--type", "Booking", path])
    #expect(run.status == 2)
    #expect(run.outputLines.count == 2)
    let line = try #require(run.outputLines.first)
    #expect(line.hasPrefix("\(path): error: cannot read: "))
    #expect(
      line.hasSuffix("permission denied") || line.hasSuffix("input/output error"), "\(line)")
    #expect(run.outputLines.last?.hasSuffix("; 1 path could not be checked") == true)
  }

  @Test func aSubfolderThatCannotBeReadIsReportedNotSkipped() throws {
    let folder = try TemporaryFolder()
    try folder.write(Payloads.cleanBooking, to: "Booking/v1.json")
    let locked = try folder.makeUnreadableFolder(named: "Booking/locked")
    defer { chmod(locked, 0o755) }
    let root = folder.path
    let run = try withoutFileSystemPrivileges { runCommand([root]) }
    #expect(run.status == 2)
    #expect(
      run.outputLines == [
        "\(locked): error: cannot read this folder: permission denied",
        "1 file checked: 1 decoded cleanly, 0 with unknown values (0 values), 0 failed; "
          + "1 path could not be checked",
      ])
  }

  @Test func aOneGibibyteFileIsMappedAndRejectedAtItsFirstByte() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(Data(), to: "Booking/huge.json")
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    // Sparse: a gibibyte of zeros that takes no disk space until read.
    try handle.truncate(atOffset: 1 << 30)
    try handle.close()
    let run = runCommand([path])
    #expect(run.status == 1)
    #expect(
      run.outputLines.first
        == "\(path):1:1: error: not valid JSON: unexpected byte 0x00 where a value was expected; "
        + "the data looks binary")
  }

  struct UsageCase: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  @Test(arguments: [
    UsageCase(arguments: ["--nope", "x.json"], message: "unknown option `--nope`"),
    UsageCase(arguments: ["-x"], message: "unknown option `-x`"),
    UsageCase(
      arguments: ["--type", "Nope", "x.json"],
      message: "unknown type `Nope`; registered types: Booking, Listing, ListingPage"),
    UsageCase(
      arguments: ["--type"],
      message: "`--type` needs a value: a registered type's name (see --list-types)"),
    UsageCase(
      arguments: ["--format", "xml", "x.json"],
      message: "unknown format `xml`; use text, json, github, junit or sarif"),
    UsageCase(
      arguments: ["--jobs", "0", "x.json"],
      message: "`--jobs` needs a whole number of at least 1, not `0`"),
    UsageCase(arguments: ["--strict=yes", "x.json"], message: "`--strict` takes no value"),
    UsageCase(
      arguments: ["-t", "Booking", "--type=Listing", "x.json"], message: "`--type` is given twice"),
    UsageCase(
      arguments: [], message: "no paths given: name JSON files, folders, or - for standard input"),
  ])
  func usageErrorsGoToStandardErrorWithStatusTwo(_ usage: UsageCase) {
    let run = runCommand(usage.arguments)
    #expect(run.status == 2)
    #expect(run.output.isEmpty)
    #expect(run.errors == "decode-check: \(usage.message)\nRun `decode-check --help` for usage.\n")
  }

  // MARK: - Types

  @Test(arguments: ["Booking", "SampleAPI.Booking"])
  func typeIsFoundByShortOrQualifiedName(_ name: String) throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(Payloads.cleanBooking, to: "captured/booking.json")
    let run = runCommand(["--type", name, "--format", "json", path])
    #expect(run.status == 0)
    let document = try jsonObject(run.output)
    let files = try #require(document["files"] as? [[String: Any]])
    #expect(files.first?["type"] as? String == "SampleAPI.Booking")
  }

  @Test func anAmbiguousShortNameAsksForTheQualifiedOne() throws {
    let registry = ModelRegistry(registering: Planner.Event.self, Tracking.Event.self)
    let folder = try TemporaryFolder()
    let path = try folder.write(#"{"title": "Stand-up"}"#, to: "event.json")
    let ambiguous = runCommand(["--type", "Event", path], registry: registry)
    #expect(ambiguous.status == 2)
    #expect(
      ambiguous.errors.hasPrefix(
        "decode-check: `Event` names more than one type: DecodeCheckTests.Planner.Event, "
          + "DecodeCheckTests.Tracking.Event; use the qualified name\n"))
    let qualified = runCommand(
      ["--type", "DecodeCheckTests.Planner.Event", path], registry: registry)
    #expect(qualified.status == 0)
    let wrongOne = runCommand(
      ["--type", "DecodeCheckTests.Tracking.Event", path], registry: registry)
    #expect(wrongOne.status == 1)
    #expect(wrongOne.outputLines.first == "\(path):1:1: error: $: missing required key `name`")
  }

  @Test func eachFileIsDecodedAsTheTypeItsNearestFolderNames() throws {
    let folder = try TemporaryFolder()
    try folder.write(Payloads.cleanBooking, to: "Fixtures/Booking/v1.json")
    try folder.write(Payloads.cleanBooking, to: "Fixtures/Booking/2024/june/v1.json")
    try folder.write(Payloads.cleanListingPage, to: "Fixtures/ListingPage/v1.json")
    try folder.write(Payloads.cleanBooking, to: "Fixtures/SampleAPI.Booking/v1.json")
    // A folder named after a type inside another type's folder decides for its files.
    try folder.write(Payloads.cleanListingPage, to: "Fixtures/Booking/ListingPage/v1.json")
    let run = runCommand(["--format", "json", folder.path + "/Fixtures"])
    #expect(run.status == 0)
    let document = try jsonObject(run.output)
    let files = try #require(document["files"] as? [[String: Any]])
    let types = files.map { "\($0["path"] as? String ?? ""): \($0["type"] as? String ?? "")" }
    let root = folder.path + "/Fixtures"
    #expect(
      types == [
        "\(root)/Booking/2024/june/v1.json: SampleAPI.Booking",
        "\(root)/Booking/ListingPage/v1.json: SampleAPI.ListingPage",
        "\(root)/Booking/v1.json: SampleAPI.Booking",
        "\(root)/ListingPage/v1.json: SampleAPI.ListingPage",
        "\(root)/SampleAPI.Booking/v1.json: SampleAPI.Booking",
      ])
  }

  /// Issue 9, reproduction 5: a folder above the path argument (such as the checkout path in
  /// CI) never types a file; the argument itself and the folders below it do.
  @Test func typingLooksOnlyAtFoldersAtOrBelowEachPathArgument() throws {
    let folder = try TemporaryFolder()
    let repository = folder.path + "/Booking/repo"
    try folder.write(Payloads.cleanBooking, to: "Booking/repo/captures/a.json")
    try folder.write(Payloads.cleanListingPage, to: "Booking/repo/captures/ListingPage/b.json")
    try folder.write(Payloads.cleanBooking, to: "Booking/repo/Booking/c.json")
    try folder.write(Payloads.cleanBooking, to: "Booking/repo/Booking/deeper/d.json")
    let run = runCommand([
      "--format", "json", repository + "/captures", repository + "/Booking",
      repository + "/Booking/deeper/d.json",
    ])
    let document = try jsonObject(run.output)
    let files = try #require(document["files"] as? [[String: Any]])
    let types = files.map {
      "\(($0["path"] as? String ?? "").dropFirst(repository.count)): \($0["type"] as? String ?? "none")"
    }
    #expect(
      types == [
        "/Booking/c.json: SampleAPI.Booking",
        "/Booking/deeper/d.json: SampleAPI.Booking",
        "/captures/ListingPage/b.json: SampleAPI.ListingPage",
        "/captures/a.json: none",
      ])
    // The file named on its own is typed by its own folder only, not by `Booking` above it.
    let alone = runCommand([repository + "/Booking/deeper/d.json"])
    #expect(alone.status == 2)
    #expect(alone.output.contains("no type for this file"))
    #expect(run.status == 2)
  }

  @Test func typeOverridesTheFolderName() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(Payloads.cleanListingPage, to: "Booking/actually-a-page.json")
    #expect(runCommand([path]).status == 1)
    #expect(runCommand(["--type", "ListingPage", path]).status == 0)
  }

  @Test func aFolderNamingTwoTypesIsReported() throws {
    let registry = ModelRegistry(registering: Planner.Event.self, Tracking.Event.self)
    let folder = try TemporaryFolder()
    let path = try folder.write(#"{"title": "Stand-up"}"#, to: "Event/standup.json")
    let run = runCommand([folder.path], registry: registry)
    #expect(run.status == 2)
    #expect(
      run.outputLines.first
        == "\(path): error: the folder `Event` names more than one type (DecodeCheckTests.Planner.Event, "
        + "DecodeCheckTests.Tracking.Event); name the folder after the qualified name, or pass --type"
    )
  }

  // MARK: - Standard input and newline-delimited JSON

  @Test func readsStandardInputNamedByADash() {
    let run = runCommand(
      ["--type", "Booking", "-"], standardInput: Data(Payloads.bookingWithUnknownValues.utf8))
    #expect(run.status == 0)
    #expect(
      run.outputLines.first?.hasPrefix("-:4:12: warning: $.state: unknown BookingState") == true)

    let untyped = runCommand(["-"], standardInput: Data(Payloads.cleanBooking.utf8))
    #expect(untyped.status == 2)
    #expect(
      untyped.outputLines.first
        == "-: error: standard input has no folder to name its type; pass --type")
  }

  @Test func newlineDelimitedFindingsNameTheLine() throws {
    let folder = try TemporaryFolder()
    let clean = #"{"listings": [], "page": 1}"#
    let text = [clean, "", #"{"listings": [], "page": "2"}"#, clean, #"{"listings": [], "#].joined(
      separator: "\n")
    let path = try folder.write(text + "\n", to: "ListingPage/pages.ndjson")
    try folder.write(clean, to: "ListingPage/single.json")
    let run = runCommand(["--lines", folder.path])
    #expect(run.status == 1)
    #expect(
      run.outputLines == [
        "\(path):3:26: error: $.page: expected a number, found a string: \"2\"",
        "\(path):5:18: error: not valid JSON: the payload ends early; expected a key in double quotes",
        "2 files checked (5 payloads): 1 decoded cleanly, 0 with unknown values (0 values), 1 failed",
      ])

    let piped = runCommand(
      ["--lines", "--type", "ListingPage", "-"], standardInput: Data((clean + "\n" + clean).utf8))
    #expect(piped.status == 0)
    #expect(
      piped.outputLines == [
        "1 file checked (2 payloads): 1 decoded cleanly, 0 with unknown values (0 values), 0 failed"
      ])
  }

  // MARK: - Order and progress

  @Test func outputIsSortedByPathWhateverTheScheduling() throws {
    let folder = try TemporaryFolder()
    var expectedPaths: [String] = []
    for index in (0..<40).shuffled() {
      let type = index.isMultiple(of: 2) ? "Booking" : "ListingPage"
      let payload =
        index.isMultiple(of: 3)
        ? "{" : (type == "Booking" ? Payloads.cleanBooking : Payloads.cleanListingPage)
      let path = try folder.write(
        payload, to: "\(type)/payload-\(String(format: "%02d", index)).json")
      if index.isMultiple(of: 3) { expectedPaths.append(path) }
    }
    let first = runCommand(["--jobs", "8", folder.path])
    #expect(first.status == 1)
    let reported = first.outputLines.dropLast().map { String($0.prefix { $0 != ":" }) }
    #expect(reported == expectedPaths.sorted())
    for _ in 0..<4 {
      #expect(runCommand(["--jobs", "8", folder.path]).output == first.output)
    }
    #expect(runCommand(["--jobs", "1", folder.path]).output == first.output)
  }

  @Test func writesNothingToStandardErrorWhenItIsNotATerminal() throws {
    let folder = try TemporaryFolder()
    for index in 0..<20 {
      try folder.write(Payloads.cleanBooking, to: "Booking/\(index).json")
    }
    let run = runCommand([folder.path], errorIsTerminal: false)
    #expect(run.status == 0)
    #expect(run.errors.isEmpty)
  }

  // MARK: - Help, version, types

  @Test func helpDocumentsEveryOptionAndTheExitStatus() {
    let run = runCommand(["--help"])
    #expect(run.status == 0)
    for option in [
      "--type", "--list-types", "--strict", "--lines", "--format", "text", "json", "github",
      "junit",
      "--quiet", "--jobs", "--version", "--help", "EXIT STATUS", "standard input", "folder",
      "sarif", "--summary", "GITHUB_STEP_SUMMARY", "--baseline", "--write-baseline",
      "--strict-baseline",
    ] {
      #expect(run.output.contains(option), "\(option)")
    }
    #expect(runCommand(["-h"]).output == run.output)
  }

  /// `--help` lists every format with its description, one entry per `ReportFormat` case,
  /// so a format added to the enum shows up in the help without editing it.
  @Test(arguments: ReportFormat.allCases)
  func helpDescribesEveryFormat(_ format: ReportFormat) throws {
    let help = runCommand(["--help"]).output.split(separator: "\n").map(String.init)
    let first = try #require(
      help.firstIndex { $0.hasPrefix(String(repeating: " ", count: 26) + format.rawValue + " ") })
    for (offset, line) in format.helpLines.enumerated() {
      #expect(help[first + offset].hasSuffix(line), "\(format): \(help[first + offset])")
      #expect(help[first + offset].count - line.count == 35, "\(format): the column moved")
    }
    #expect(help.contains { $0.hasSuffix("One of \(ReportFormat.names):") })
  }

  @Test func versionAndTypeList() {
    #expect(
      runCommand(["--version"]).output
        == "decode-check (DecodeCheck \(DecodeCheckCommand.version))\n")
    let types = runCommand(["--list-types"])
    #expect(types.status == 0)
    #expect(
      types.output
        == "Booking      SampleAPI.Booking\nListing      SampleAPI.Listing\nListingPage  SampleAPI.ListingPage\n"
    )
    let ambiguous = runCommand(
      ["--list-types"],
      registry: ModelRegistry(registering: Tracking.Event.self, Planner.Event.self))
    #expect(
      ambiguous.output
        == "Event  DecodeCheckTests.Planner.Event  (short name shared: use the qualified name)\n"
        + "Event  DecodeCheckTests.Tracking.Event  (short name shared: use the qualified name)\n")
  }
}

/// Parses the command's JSON output.
func jsonObject(_ text: String) throws -> [String: Any] {
  try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}
