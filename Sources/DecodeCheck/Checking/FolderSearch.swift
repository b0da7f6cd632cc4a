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
/// folder and a `stat` only for symbolic links, not one or two per file as `FileManager`'s
/// enumerator and a `fileExists` check do. The listing is the part of a run that one thread
/// does alone, so this is what lets a folder check scale with the cores.
///
/// What it finds is what `FileManager.enumerator(atPath:)` would: hidden files and folders
/// (names starting with `.`) are skipped, links to files are followed, links to folders are
/// not (so a link cannot lead the search in a circle). A folder that cannot be opened is
/// reported rather than skipped.
struct FolderSearch {
  /// A payload file: the path to show (the folder as given, then the path inside it) and
  /// its absolute path.
  struct File {
    var shown: String
    var absolute: String
  }

  /// A folder the search could not open, and why ("permission denied").
  struct UnreadableFolder {
    var shown: String
    var absolute: String
    var reason: String
  }

  private(set) var files: [File] = []
  private(set) var unreadableFolders: [UnreadableFolder] = []

  /// Searches `folder` for files whose extension (in any case) is one of `extensions`.
  init(_ folder: String, extensions: Set<String>) {
    let shownRoot = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    let absoluteRoot = URL(fileURLWithPath: folder, isDirectory: true).standardizedFileURL.path
    var pending = [(shown: shownRoot, absolute: absoluteRoot)]
    while let next = pending.popLast() {
      guard let stream = opendir(next.absolute) else {
        unreadable(next, reason: errno)
        continue
      }
      defer { closedir(stream) }
      let shownPrefix = next.shown.hasSuffix("/") ? next.shown : next.shown + "/"
      let absolutePrefix = next.absolute.hasSuffix("/") ? next.absolute : next.absolute + "/"
      while true {
        // `readdir` says it failed, rather than that the folder ended, only through `errno`.
        errno = 0
        guard let entry = readdir(stream) else {
          if errno != 0 { unreadable(next, reason: errno) }
          break
        }
        let name = Self.name(of: entry)
        if name.hasPrefix(".") { continue }
        let absolute = absolutePrefix + name
        switch Self.kind(of: entry, at: absolute, ifPayload: Self.isPayload(name, extensions)) {
        case .folder:
          pending.append((shownPrefix + name, absolute))
        case .payload:
          files.append(File(shown: shownPrefix + name, absolute: absolute))
        case .other:
          continue
        }
      }
    }
  }

  private mutating func unreadable(_ folder: (shown: String, absolute: String), reason: Int32) {
    unreadableFolders.append(
      UnreadableFolder(
        shown: folder.shown, absolute: folder.absolute,
        reason: String(cString: strerror(reason)).lowercased()))
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

  /// The entry's name. A name that is not UTF-8 is repaired with U+FFFD; its file then cannot
  /// be opened by that name and is reported as unreadable rather than skipped.
  private static func name(of entry: UnsafeMutablePointer<dirent>) -> String {
    withUnsafeBytes(of: entry.pointee.d_name) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
  }
}
