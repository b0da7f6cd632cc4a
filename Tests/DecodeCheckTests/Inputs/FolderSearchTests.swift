import Foundation
import Testing

@testable import DecodeCheck

@Suite struct FolderSearchTests {
  /// A folder holding every kind of entry a search meets.
  private func makeTree() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write("{}", to: "Booking/v1.json")
    try folder.write("{}", to: "Booking/2024/june/v2.json")
    try folder.write("{}", to: "Booking/UPPER.JSON")
    try folder.write("not a payload", to: "Booking/notes.txt")
    try folder.write("{}", to: "Booking/no-extension")
    try folder.write("{}", to: "Booking/.hidden.json")
    try folder.write("{}", to: "Booking/.git/objects/inside-hidden.json")
    try folder.write("{}", to: "Booking/pages.ndjson")
    // A pipe named like a payload would stall a read: only regular files are payloads.
    #expect(mkfifo(folder.path + "/Booking/pipe.json", 0o644) == 0)
    // A folder whose name looks like a payload is searched, not read.
    try folder.write("{}", to: "Booking/looks-like.json/inside.json")
    let outsideFile = try folder.write("{}", to: "outside/linked-target.json")
    let outsideFolder = folder.path + "/outside"
    let links = [
      "link-to-file.json": outsideFile,
      "link-to-folder": outsideFolder,
      "link-to-folder.json": outsideFolder,
      "dangling.json": folder.path + "/gone",
    ]
    for (name, destination) in links {
      try FileManager.default.createSymbolicLink(
        atPath: folder.path + "/Booking/" + name, withDestinationPath: destination)
    }
    return folder
  }

  @Test func findsPayloadsInSubfoldersAndSkipsWhatIsNotOne() throws {
    let folder = try makeTree()
    let search = FolderSearch(folder.path + "/Booking", extensions: ["json"])
    let root = folder.path + "/Booking"
    #expect(
      search.files.map(\.shown).sorted() == [
        "\(root)/2024/june/v2.json",
        "\(root)/UPPER.JSON",
        "\(root)/link-to-file.json",
        "\(root)/looks-like.json/inside.json",
        "\(root)/v1.json",
      ])
    #expect(search.problems.isEmpty)
  }

  /// The regular files `FileManager`'s enumerator finds: what decode-check searched with
  /// before, and what the search must still agree with.
  private func filesFoundByFileManager(in root: String, extensions: Set<String>) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: root)
    var found: [String] = []
    while let relative = enumerator?.nextObject() as? String {
      let name = (relative as NSString).lastPathComponent
      if name.hasPrefix(".") {
        enumerator?.skipDescendants()
        continue
      }
      guard extensions.contains((name as NSString).pathExtension.lowercased()) else { continue }
      // Regular files, following links, where the old search's `fileExists` took anything
      // that is not a folder: pipes and devices are no longer payloads.
      var status = stat()
      if stat(root + "/" + relative, &status) == 0, status.st_mode & S_IFMT == S_IFREG {
        found.append(root + "/" + relative)
      }
    }
    return found.sorted()
  }

  @Test(arguments: [["json"], ["json", "ndjson", "jsonl"]] as [Set<String>])
  func findsWhatFileManagerFinds(_ extensions: Set<String>) throws {
    let folder = try makeTree()
    let search = FolderSearch(folder.path, extensions: extensions)
    let expected = filesFoundByFileManager(in: folder.path, extensions: extensions)
    #expect(expected.count >= 6)
    #expect(search.files.map(\.shown).sorted() == expected)
    #expect(search.files.allSatisfy { $0.shown == $0.absolute })
  }

  @Test func showsPathsUnderTheFolderAsGivenAndReadsThemByAbsolutePath() throws {
    let folder = try TemporaryFolder()
    try folder.write("{}", to: "Fixtures/Booking/v1.json")
    let fixtures = folder.path + "/Fixtures"
    for given in [fixtures, fixtures + "/", fixtures + "/Booking/.."] {
      let search = FolderSearch(given, extensions: ["json"])
      let shownFolder = given.hasSuffix("/") ? String(given.dropLast()) : given
      #expect(search.files.map(\.shown) == ["\(shownFolder)/Booking/v1.json"])
      #expect(search.files.map(\.absolute) == ["\(fixtures)/Booking/v1.json"])
    }
  }

  @Test func aFolderThatCannotBeOpenedIsReportedAndTheRestIsSearched() throws {
    let folder = try TemporaryFolder()
    try folder.write("{}", to: "Booking/v1.json")
    let locked = try folder.makeUnreadableFolder(named: "Booking/locked")
    defer { chmod(locked, 0o755) }
    let root = folder.path + "/Booking"
    let search = try withoutFileSystemPrivileges { FolderSearch(root, extensions: ["json"]) }
    #expect(search.files.map(\.shown) == [root + "/v1.json"])
    #expect(search.problems.map(\.shown) == [locked])
    #expect(search.problems.map(\.message) == ["cannot read this folder: permission denied"])
  }

  @Test func namesThatAreNotUTF8AreReportedNotSkipped() throws {
    let folder = try TemporaryFolder()
    try folder.write("{}", to: "Booking/v1.json")
    let root = folder.path + "/Booking"
    // Latin-1 names, which a path `String` cannot spell: a payload, a folder, and a file that
    // is not a payload (skipped as any other would be).
    let file = Array((root + "/caf").utf8) + [0xE9] + Array(".json".utf8)
    let subfolder = Array((root + "/d").utf8) + [0xFF]
    let notes = Array((root + "/n").utf8) + [0xE9] + Array(".txt".utf8)
    #expect(withPath(file) { close(open($0, O_CREAT | O_WRONLY, 0o644)) } == 0)
    #expect(withPath(notes) { close(open($0, O_CREAT | O_WRONLY, 0o644)) } == 0)
    #expect(withPath(subfolder) { mkdir($0, 0o755) } == 0)
    defer {
      _ = withPath(file) { unlink($0) }
      _ = withPath(notes) { unlink($0) }
      _ = withPath(subfolder) { rmdir($0) }
    }
    let search = FolderSearch(root, extensions: ["json"])
    #expect(search.files.map(\.shown) == [root + "/v1.json"])
    let reason = "cannot read: the name is not valid UTF-8; rename it to check it"
    #expect(
      search.problems.map { "\($0.shown): \($0.message)" }.sorted() == [
        "\(root)/caf\u{FFFD}.json: \(reason)",
        "\(root)/d\u{FFFD}: \(reason)",
      ])
  }

  /// Calls `body` with a path given as raw bytes, zero-terminated.
  private func withPath(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> Int32) -> Int32 {
    (bytes + [0]).withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
    }
  }
}
