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
    if shown == "-" || Self.isPlainRelative(shown) { return shown }
    let absolute = URL(fileURLWithPath: shown, relativeTo: URL(fileURLWithPath: path + "/"))
      .standardizedFileURL.path
    let prefix = path == "/" ? "/" : path + "/"
    return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute
  }

  /// Whether `path` is relative and has no `.`, `..` or empty components, so it is already
  /// what ``relative(_:)`` would make of it. Checked byte by byte: a run asks for every file.
  static func isPlainRelative(_ path: String) -> Bool {
    var path = path
    return path.withUTF8 { bytes in
      guard let first = bytes.first, first != UInt8(ascii: "/") else { return false }
      var componentStart = 0
      for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "/") {
        let component = bytes[componentStart..<index]
        let dot = UInt8(ascii: ".")
        if component.isEmpty || component.elementsEqual([dot])
          || component.elementsEqual([dot, dot])
        {
          return false
        }
        componentStart = index + 1
      }
      return true
    }
  }

  /// The absolute path of a path relative to this folder.
  func absolute(_ relative: String) -> String {
    relative.hasPrefix("/") ? relative : path + "/" + relative
  }
}
