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
      return ([path], "\(path): error: no such file or folder [input-error]")
    },
    BadInput(name: "folder without JSON", status: 2) { folder in
      try folder.write("not a payload", to: "Booking/notes.txt")
      let path = folder.path + "/Booking"
      return ([path], "\(path): error: no *.json or *.har files in this folder [input-error]")
    },
    BadInput(name: "file without a type", status: 2) { folder in
      let path = try folder.write(Payloads.cleanBooking, to: "captured/booking.json")
      return (
        [path],
        "\(path): error: no type for this file: put it in a folder named after a registered type "
          + "(Booking, Listing, ListingPage), or pass --type [input-error]"
      )
    },
    BadInput(name: "empty file", status: 1) { folder in
      let path = try folder.write("", to: "Booking/empty.json")
      return ([path], "\(path):1:1: error: not valid JSON: the payload is empty [invalid-json]")
    },
    BadInput(name: "binary garbage", status: 1) { folder in
      let path = try folder.write(Data([0x00, 0xFF, 0x13, 0x37, 0x7B]), to: "Booking/garbage.json")
      return (
        [path],
        "\(path):1:1: error: not valid JSON: unexpected byte 0x00 where a value was expected; "
          + "the data looks binary [invalid-json]"
      )
    },
    BadInput(name: "invalid UTF-8", status: 1) { folder in
      let bytes = Data(#"{"id": "b"#.utf8) + Data([0xFF]) + Data(#""}"#.utf8)
      let path = try folder.write(bytes, to: "Booking/latin1.json")
      return (
        [path],
        "\(path):1:10: error: $.id: not valid UTF-8: byte 0xFF inside a string [invalid-json]"
      )
    },
    BadInput(name: "deep nesting", status: 1) { folder in
      let path = try folder.write(
        String(repeating: #"{"a":"#, count: 100_000), to: "Booking/deep.json")
      return (
        [path],
        "\(path):1:2561: error: $.a.a.a.a….a.a (512 levels): not valid JSON: nested more than 512 "
          + "levels deep, the most JSONDecoder reads [invalid-json]"
      )
    },
    // Foundation's JSONDecoder traps on exactly this input unless the checker guards it.
    BadInput(name: "deep nesting that ends on the 513th bracket", status: 1) { folder in
      let path = try folder.write(String(repeating: "[", count: 513), to: "Booking/brackets.json")
      return (
        [path],
        "\(path):1:513: error: $[0][0][0][0]…[0][0] (512 levels): not valid JSON: nested more "
          + "than 512 levels deep, the most JSONDecoder reads [invalid-json]"
      )
    },
    BadInput(name: "HTML error page", status: 1) { folder in
      let path = try folder.write(
        "<html>\n<body>Bad Gateway</body>\n</html>\n", to: "Booking/502.json")
      return (
        [path],
        "\(path):1:1: error: not valid JSON: unexpected character `<`; expected a value (this "
          + "looks like HTML or XML) [invalid-json]"
      )
    },
  ]
}

/// Inputs the command cannot check: each gets one clear line naming the path, in every format.
@Suite struct BadInputTests {
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
    // The line's text after the severity: the JSON path, when there is one, the message and
    // its class, which JSON writes as a member of its own.
    let severity = try #require(line.firstRange(of: ": error: "))
    let message = String(line[severity.upperBound...])
    let classTag = try #require(message.firstMatch(of: #/ \[[a-z-]+\]$/#)).output
    let unclassed = String(message.dropLast(classTag.count))
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
      #expect(unclassed.hasSuffix(finding["message"] as? String ?? "?"))
      #expect(classTag == " [\(finding["class"] as? String ?? "?")]")
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
      line.hasSuffix("permission denied [input-error]")
        || line.hasSuffix("input/output error [input-error]"), "\(line)")
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
        "\(locked): error: cannot read this folder: permission denied [input-error]",
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
        + "the data looks binary [invalid-json]")
  }
}
