import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A folder of its own for one test, deleted with everything in it when the test ends.
final class TemporaryFolder {
  let path: String

  init() throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("DecodeCheckTests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// Writes `text` to `relativePath`, creating folders on the way; returns the full path.
  @discardableResult
  func write(_ text: String, to relativePath: String) throws -> String {
    try write(Data(text.utf8), to: relativePath)
  }

  /// Writes bytes to `relativePath`, creating folders on the way; returns the full path.
  @discardableResult
  func write(_ data: Data, to relativePath: String) throws -> String {
    let file = path + "/" + relativePath
    let folder = (file as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try data.write(to: URL(fileURLWithPath: file))
    return file
  }

  /// Creates an empty folder at `relativePath`; returns the full path.
  @discardableResult
  func makeFolder(_ relativePath: String) throws -> String {
    let folder = path + "/" + relativePath
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  /// A file reading fails on with an I/O error: one without read permission or, when the
  /// tests run as root (who may read anything), a link to `/proc/self/mem`, whose first page
  /// cannot be read.
  func makeUnreadableFile(named name: String) throws -> String {
    let file = try write("{}", to: name)
    chmod(file, 0)
    if access(file, R_OK) == 0 {
      try FileManager.default.removeItem(atPath: file)
      try FileManager.default.createSymbolicLink(
        atPath: file, withDestinationPath: "/proc/self/mem")
    }
    return file
  }
}

extension TemporaryFolder {
  /// A folder with a payload in it and no permissions, which cannot be listed (by root too,
  /// inside ``withoutFileSystemPrivileges(_:)``); returns its full path.
  func makeUnreadableFolder(named name: String) throws -> String {
    try write("{}", to: name + "/hidden-by-permissions.json")
    let folder = path + "/" + name
    chmod(folder, 0)
    return folder
  }
}

/// Runs `body` on a thread of its own that file permissions apply to even when the tests run
/// as root.
///
/// On Linux a thread whose file-system user ID leaves 0 loses the capabilities that let root
/// ignore permissions (`setfsuid(2)`), and the change is the thread's alone, so other tests
/// running meanwhile keep theirs. Elsewhere, and for other users, `body` runs as it is.
func withoutFileSystemPrivileges<Result: Sendable>(
  _ body: @escaping @Sendable () -> Result
) -> Result {
  #if os(Linux)
    guard geteuid() == 0, let symbol = dlsym(nil, "setfsuid") else { return body() }
    typealias SetFileSystemUserID = @convention(c) (UInt32) -> Int32
    let setFileSystemUserID = unsafeBitCast(symbol, to: SetFileSystemUserID.self)
    let result = ResultBox<Result>()
    let finished = DispatchSemaphore(value: 0)
    let thread = Thread {
      _ = setFileSystemUserID(65_534)  // nobody
      result.value = body()
      _ = setFileSystemUserID(0)
      finished.signal()
    }
    thread.start()
    finished.wait()
    return result.value!
  #else
    return body()
  #endif
}

/// A value handed from one thread to another that waits for it.
private final class ResultBox<Value>: @unchecked Sendable {
  // `@unchecked` because it is written once, before the semaphore the reader waits on.
  var value: Value?
}
