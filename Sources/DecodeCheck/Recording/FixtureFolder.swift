import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The folder `--record` writes into: each fixture written whole or not at all, never over a
/// file that is there.
///
/// A fixture is written to a hidden temporary file beside its final name (a name a check
/// never reads: `.…json.<pid>.partial`), then linked to its final name, which fails rather
/// than replace a file, and the temporary name is removed. A write that fails partway (a full
/// disk, a kill, `ulimit -f`) leaves only a temporary file, which a later run removes.
///
/// ```swift
/// let folder = FixtureFolder(path: "Fixtures/Recorded")
/// if let problem = folder.problem() { print(problem) }  // before any input is read
/// try folder.write(text, to: "Booking/api-bookings-x-5d1c0e9a2b47.json")
/// ```
struct FixtureFolder: Sendable {
  /// The folder, as given.
  let path: String

  /// What writing a fixture came to.
  enum Written: Equatable {
    case written
    /// A file of that name is there (and was left as it is).
    case alreadyThere
  }

  /// A write that failed, with the system's reason: "cannot write `…`: no space left on device".
  struct Failure: Error, Equatable {
    var message: String
  }

  /// Why fixtures cannot be written into the folder, naming it and the system's reason; `nil`
  /// when they can. Tries what a write does (creating a file in the folder, or in the nearest
  /// folder above it that is there when it is not), and leaves nothing behind.
  func problem() -> String? {
    guard !path.isEmpty else {
      return "`--record` needs a folder to write fixtures to, not an empty name"
    }
    var existing = path
    while !FileManager.default.fileExists(atPath: existing) {
      let parent = (existing as NSString).deletingLastPathComponent
      existing = parent.isEmpty ? "." : parent
    }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: existing, isDirectory: &isFolder),
      isFolder.boolValue
    else {
      return existing == path
        ? "the output `\(path)` is a file; --record needs a folder"
        : "cannot create the output folder `\(path)`: `\(existing)` is a file"
    }
    let probe = (existing as NSString).appendingPathComponent(
      ".decode-check-\(getpid()).probe.partial")
    let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    guard descriptor >= 0 else {
      let reason = Self.reason(errno)
      return existing == path
        ? "cannot write into the output folder `\(path)`: \(reason)"
        : "cannot create the output folder `\(path)` in `\(existing)`: \(reason)"
    }
    close(descriptor)
    unlink(probe)
    return nil
  }

  /// Writes `text` as the fixture `name` (a path inside the folder), unless a file of that
  /// name is there.
  func write(_ text: Data, to name: String) throws(Failure) -> Written {
    let final = (path as NSString).appendingPathComponent(name)
    if FileManager.default.fileExists(atPath: final) { return .alreadyThere }
    let folder = (final as NSString).deletingLastPathComponent
    do {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw Failure(message: "cannot create `\(folder)`: \(describeReadError(error))")
    }
    let temporary = Self.temporaryName(for: final)
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    guard descriptor >= 0 else {
      throw Failure(message: "cannot write `\(final)`: \(Self.reason(errno))")
    }
    defer { unlink(temporary) }
    var failure = text.withUnsafeBytes { bytes -> Int32? in
      var written = 0
      while written < bytes.count {
        let result = Foundation.write(
          descriptor, bytes.baseAddress! + written, bytes.count - written)
        if result < 0 {
          if errno == EINTR { continue }
          return errno
        }
        written += result
      }
      return nil
    }
    if close(descriptor) != 0, failure == nil { failure = errno }
    if let failure {
      throw Failure(message: "cannot write `\(final)`: \(Self.reason(failure))")
    }
    // `link` never replaces a file: a name taken meanwhile is left to whoever took it.
    guard link(temporary, final) == 0 else {
      if errno == EEXIST { return .alreadyThere }
      throw Failure(message: "cannot write `\(final)`: \(Self.reason(errno))")
    }
    return .written
  }

  /// Removes the temporary files of runs that are over (their process is gone), anywhere
  /// in the folder; how many it removed.
  @discardableResult
  func removeStaleTemporaryFiles() -> Int {
    guard let names = FileManager.default.enumerator(atPath: path) else { return 0 }
    var removed = 0
    while let name = names.nextObject() as? String {
      let file = (name as NSString).lastPathComponent
      guard file.hasPrefix("."), file.hasSuffix(".partial") else { continue }
      let parts = file.dropLast(".partial".count).split(separator: ".")
      guard let pid = parts.last.flatMap({ Int32($0) }), kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      if unlink((path as NSString).appendingPathComponent(name)) == 0 { removed += 1 }
    }
    return removed
  }

  /// The fixtures in the folder, by their path inside it: `Booking/….json`.
  func fixtureNames() -> [String] {
    guard let names = FileManager.default.enumerator(atPath: path) else { return [] }
    var found: [String] = []
    while let name = names.nextObject() as? String {
      let file = (name as NSString).lastPathComponent
      if file.hasSuffix(".json"), !file.hasPrefix(".") { found.append(name) }
    }
    return found.sorted()
  }

  /// Why the fixture `name` that is there is not one a check reads (it is not valid JSON),
  /// or `nil` when it is.
  func problem(ofFixture name: String) -> String? {
    let file = (path as NSString).appendingPathComponent(name)
    let data: Data
    do {
      data = try readFile(atPath: file)
    } catch {
      return "cannot read: \(describeReadError(error))"
    }
    guard let error = data.withUnsafeBytes({ JSONScanner($0).firstSyntaxError() }) else {
      return nil
    }
    let position = data.withUnsafeBytes { JSONScanner($0).positions(of: [error.offset]) }
    return "not valid JSON\(position[error.offset].map { " at \($0)" } ?? ""): \(error.message)"
  }

  /// Adds `lines` to the list `name` in the folder (a file no check reads), keeping the lines
  /// it holds, each line once, sorted, under `heading`; written whole, as a fixture is.
  func addLines(_ lines: [String], to name: String, heading: String) throws(Failure) {
    let file = (path as NSString).appendingPathComponent(name)
    let old = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
    let held = old.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
    let all = Set(held + lines).sorted()
    let text = heading + "\n" + all.joined(separator: "\n") + "\n"
    guard text != old else { return }
    let temporary = Self.temporaryName(for: file)
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
    } catch {
      unlink(temporary)
      throw Failure(message: "cannot write `\(file)`: \(describeReadError(error))")
    }
    guard rename(temporary, file) == 0 else {
      let reason = Self.reason(errno)
      unlink(temporary)
      throw Failure(message: "cannot write `\(file)`: \(reason)")
    }
  }

  /// `.<file>.<pid>.partial` beside `final`.
  private static func temporaryName(for final: String) -> String {
    let folder = (final as NSString).deletingLastPathComponent
    let file = (final as NSString).lastPathComponent
    return (folder as NSString).appendingPathComponent(".\(file).\(getpid()).partial")
  }

  /// The system's reason for `code`, in lower case: "permission denied".
  private static func reason(_ code: Int32) -> String {
    String(cString: strerror(code)).lowercased()
  }
}
