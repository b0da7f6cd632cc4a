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
