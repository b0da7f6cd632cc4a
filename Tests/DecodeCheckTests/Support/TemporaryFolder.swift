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
/// On Linux, root passes permission checks through two capabilities, `CAP_DAC_OVERRIDE` and
/// `CAP_DAC_READ_SEARCH`. Capabilities belong to a thread (`capset(2)`), so this thread drops
/// them while `body` runs and other tests running meanwhile keep theirs; root is then checked
/// as the owner of the test's files. Elsewhere, and for other users, `body` runs as it is.
func withoutFileSystemPrivileges<Result: Sendable>(
  _ body: @escaping @Sendable () -> Result
) throws -> Result {
  #if os(Linux)
    guard geteuid() == 0 else { return body() }
    guard let get = dlsym(nil, "capget"), let set = dlsym(nil, "capset") else {
      throw PrivilegeError(description: "capget and capset are not available")
    }
    typealias Pointer = UnsafeMutableRawPointer
    typealias CapabilityCall = @convention(c) (Pointer, Pointer) -> Int32
    let capget = unsafeBitCast(get, to: CapabilityCall.self)
    let capset = unsafeBitCast(set, to: CapabilityCall.self)
    let box = ResultBox<Result>()
    let finished = DispatchSemaphore(value: 0)
    let thread = Thread {
      defer { finished.signal() }
      // `struct __user_cap_header_struct` and two `__user_cap_data_struct`s, version 3.
      var header = CapabilityHeader(version: 0x2008_0522, pid: 0)
      var sets = [CapabilitySet](repeating: CapabilitySet(), count: 2)
      guard capget(&header, &sets) == 0 else {
        box.failure = "capget failed: \(String(cString: strerror(errno)))"
        return
      }
      let privileged = sets[0].effective
      let overrides: UInt32 = 1 << 1 | 1 << 2  // CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH
      sets[0].effective &= ~overrides
      guard capset(&header, &sets) == 0 else {
        box.failure = "capset failed: \(String(cString: strerror(errno)))"
        return
      }
      box.value = body()
      sets[0].effective = privileged
      _ = capset(&header, &sets)
    }
    thread.start()
    finished.wait()
    guard let result = box.value else {
      throw PrivilegeError(description: box.failure ?? "the thread returned nothing")
    }
    return result
  #else
    return body()
  #endif
}

#if os(Linux)
  private struct CapabilityHeader {
    var version: UInt32
    var pid: Int32
  }

  private struct CapabilitySet {
    var effective: UInt32 = 0
    var permitted: UInt32 = 0
    var inheritable: UInt32 = 0
  }
#endif

/// Why ``withoutFileSystemPrivileges(_:)`` could not run its body.
struct PrivilegeError: Error, CustomStringConvertible {
  var description: String
}

/// A value, or why there is none, handed from one thread to another that waits for it.
private final class ResultBox<Value>: @unchecked Sendable {
  // `@unchecked` because both are written before the semaphore the reader waits on.
  var value: Value?
  var failure: String?
}
