import Foundation

/// The folder a run's paths are relative to, which baselines and SARIF name files from, so
/// both read the same on every machine and in every clone.
struct WorkingDirectory: Sendable {
  /// The folder, absolute and without a trailing slash.
  let path: String

  init(_ path: String) {
    let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
    self.path =
      standardized.count > 1 && standardized.hasSuffix("/")
      ? String(standardized.dropLast()) : standardized
  }

  /// The process's current folder.
  static var current: WorkingDirectory {
    WorkingDirectory(FileManager.default.currentDirectoryPath)
  }

  /// `shown` (a path as a report shows it) relative to this folder; an absolute path when it is
  /// outside it, and `-` (standard input) as it is.
  func relative(_ shown: String) -> String {
    if shown == "-" { return shown }
    let isPlain =
      !shown.hasPrefix("/") && !shown.split(separator: "/").contains { $0 == "." || $0 == ".." }
      && !shown.contains("//")
    if isPlain { return shown }
    let absolute = URL(fileURLWithPath: shown, relativeTo: URL(fileURLWithPath: path + "/"))
      .standardizedFileURL.path
    let prefix = path == "/" ? "/" : path + "/"
    return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute
  }

  /// The absolute path of a path relative to this folder.
  func absolute(_ relative: String) -> String {
    relative.hasPrefix("/") ? relative : path + "/" + relative
  }
}
