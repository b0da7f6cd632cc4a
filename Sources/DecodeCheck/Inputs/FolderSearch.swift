import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The payload files in a folder and its subfolders, found with `readdir`.
///
/// A folder entry says what it is, so a search of thousands of files costs one `readdir` per
/// folder and a `stat` only for symbolic links (and on file systems that leave the type
/// unknown), not one or two per file as `FileManager`'s enumerator and a `fileExists` check
/// do. The listing is the part of a run that one thread does alone, so this is what lets a
/// folder check scale with the cores.
///
/// Hidden files and folders (names starting with `.`) are skipped. Only regular files are
/// payloads, so a pipe or a device named `*.json` cannot stall the run. Inside the folder,
/// links to files are followed and links to folders are not, so a link cannot lead the search
/// in a circle; the folder itself may be a link. A folder that cannot be read, and an entry
/// whose name is not UTF-8 (which a path `String` cannot name), are reported, not skipped.
struct FolderSearch {
  /// A payload file: the path to show (the folder as given, then the path inside it) and
  /// its absolute path.
  struct File {
    var shown: String
    var absolute: String
  }

  /// Something the search found and could not search or list, and why: "cannot read this
  /// folder: permission denied".
  struct Problem {
    var shown: String
    var absolute: String
    var message: String
  }

  private(set) var files: [File] = []
  private(set) var problems: [Problem] = []

  /// Searches `folder` for files whose extension (in any case) is one of `extensions`.
  init(_ folder: String, extensions: Set<String>) {
    let shownRoot = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    let absoluteRoot = URL(fileURLWithPath: folder, isDirectory: true).standardizedFileURL.path
    var pending = [(shown: shownRoot, absolute: absoluteRoot)]
    while let next = pending.popLast() {
      guard let stream = opendir(next.absolute) else {
        reportUnreadable(next, errno)
        continue
      }
      defer { closedir(stream) }
      let shownPrefix = next.shown.hasSuffix("/") ? next.shown : next.shown + "/"
      let absolutePrefix = next.absolute.hasSuffix("/") ? next.absolute : next.absolute + "/"
      while true {
        // `readdir` says it failed, rather than that the folder ended, only through `errno`.
        errno = 0
        guard let entry = readdir(stream) else {
          if errno != 0 { reportUnreadable(next, errno) }
          break
        }
        let (name, isUTF8) = Self.name(of: entry)
        if name.hasPrefix(".") { continue }
        let found = (shown: shownPrefix + name, absolute: absolutePrefix + name)
        let isPayload = Self.isPayload(name, extensions)
        guard isUTF8 else {
          // The repaired name leads nowhere, so not even its type can be looked up.
          if isPayload || Int32(entry.pointee.d_type) == Int32(DT_DIR) {
            report(found, "cannot read: the name is not valid UTF-8; rename it to check it")
          }
          continue
        }
        switch Self.kind(of: entry, at: found.absolute, ifPayload: isPayload) {
        case .folder:
          pending.append(found)
        case .payload:
          files.append(File(shown: found.shown, absolute: found.absolute))
        case .other:
          continue
        }
      }
    }
  }

  private mutating func report(_ entry: (shown: String, absolute: String), _ message: String) {
    problems.append(Problem(shown: entry.shown, absolute: entry.absolute, message: message))
  }

  /// Reports a folder that `opendir` or `readdir` failed on with `error`, in the words a
  /// file that cannot be read is reported in.
  private mutating func reportUnreadable(
    _ folder: (shown: String, absolute: String), _ error: Int32
  ) {
    let reason = describeReadError(POSIXError(POSIXErrorCode(rawValue: error) ?? .EIO))
    report(folder, "cannot read this folder: \(reason)")
  }

  private enum Kind {
    case folder, payload, other
  }

  /// What an entry is, from its type in the folder listing, with a `stat` only when that does
  /// not say (links, and file systems that leave the type unknown).
  private static func kind(
    of entry: UnsafeMutablePointer<dirent>,
    at path: String,
    ifPayload isPayload: Bool
  ) -> Kind {
    switch Int32(entry.pointee.d_type) {
    case Int32(DT_DIR):
      return .folder
    case Int32(DT_REG):
      return isPayload ? .payload : .other
    case Int32(DT_LNK):
      // Followed when it leads to a file, as reading it will be; never into a folder.
      return isPayload && fileType(at: path, followingLinks: true) == S_IFREG ? .payload : .other
    case Int32(DT_UNKNOWN):
      switch fileType(at: path, followingLinks: false) {
      case S_IFDIR: return .folder
      case S_IFREG: return isPayload ? .payload : .other
      case S_IFLNK:
        return isPayload && fileType(at: path, followingLinks: true) == S_IFREG ? .payload : .other
      default: return .other
      }
    default:
      return .other
    }
  }

  /// The `S_IFMT` bits of the file at `path`, or `nil` when it cannot be examined (a link
  /// that leads nowhere).
  private static func fileType(at path: String, followingLinks: Bool) -> mode_t? {
    var status = stat()
    let result = followingLinks ? stat(path, &status) : lstat(path, &status)
    return result == 0 ? status.st_mode & S_IFMT : nil
  }

  /// Whether a file name ends in one of `extensions`, in any case: `v1.JSON` is a payload.
  private static func isPayload(_ name: String, _ extensions: Set<String>) -> Bool {
    guard let dot = name.lastIndex(of: ".") else { return false }
    return extensions.contains(name[name.index(after: dot)...].lowercased())
  }

  /// The entry's name, read in place up to its terminating zero, and whether it is UTF-8. A
  /// name that is not is repaired with U+FFFD for showing; no file can be opened by that.
  private static func name(of entry: UnsafeMutablePointer<dirent>) -> (String, isUTF8: Bool) {
    // In place: the record `readdir` returns is only as long as its name, so copying the
    // whole `d_name` array could read past the end of the buffer it sits in.
    withUnsafeBytes(of: &entry.pointee.d_name) { bytes in
      let name = bytes.prefix { $0 != 0 }
      let decoded = String(decoding: name, as: UTF8.self)
      return (decoded, decoded.utf8.elementsEqual(name))
    }
  }
}
