import Foundation

/// One input to check: where its bytes come from, and the type to decode it as, or why it
/// cannot be checked.
struct PlannedInput: Sendable {
  enum Source: Sendable {
    case file(path: String)
    case data(Data)
  }

  /// The path shown in reports.
  var path: String
  var source: Source
  var model: RegisteredModel?
  /// Why the input cannot be checked; `nil` when it can.
  var problem: String?
}

/// The inputs named by command-line paths: files as they are, folders searched for payloads,
/// `-` for standard input, each with the type it is to be decoded as.
struct InputPlan {
  private(set) var inputs: [PlannedInput] = []

  /// The file extensions a folder search picks up.
  static func payloadExtensions(readsLines: Bool) -> [String] {
    readsLines ? ["json", "ndjson", "jsonl"] : ["json"]
  }

  /// Plans `paths`; a file is decoded as `model` or, without one, as the type its nearest
  /// enclosing folder is named after.
  init(
    paths: [String],
    registry: ModelRegistry,
    model: RegisteredModel?,
    readsLines: Bool,
    standardInput: () throws -> Data
  ) {
    let extensions = Self.payloadExtensions(readsLines: readsLines)
    var seen: Set<String> = []
    var readStandardInput = false
    for path in paths {
      if path == "-" {
        guard !readStandardInput else { continue }
        readStandardInput = true
        inputs.append(Self.standardInput(read: standardInput, model: model))
        continue
      }
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
        inputs.append(PlannedInput(path: path, source: .file(path: path), problem: "no such file or folder"))
        continue
      }
      let files: [(shown: String, absolute: String)]
      if isFolder.boolValue {
        let search = Self.searchFolder(path, extensions: extensions)
        inputs += search.problems
        files = search.files
        if files.isEmpty, search.problems.isEmpty {
          let patterns = extensions.map { "*.\($0)" }.joined(separator: ", ")
          inputs.append(
            PlannedInput(path: path, source: .file(path: path), problem: "no \(patterns) files in this folder"))
        }
      } else {
        files = [(path, URL(fileURLWithPath: path).standardizedFileURL.path)]
      }
      for file in files where seen.insert(file.absolute).inserted {
        var input = PlannedInput(path: file.shown, source: .file(path: file.absolute), model: model)
        if model == nil {
          switch Self.typeFromFolders(of: file.absolute, in: registry) {
          case .success(let found): input.model = found
          case .failure(let problem): input.problem = problem.message
          }
        }
        inputs.append(input)
      }
    }
  }

  private static func standardInput(read: () throws -> Data, model: RegisteredModel?) -> PlannedInput {
    guard model != nil else {
      return PlannedInput(
        path: "-", source: .data(Data()),
        problem: "standard input has no folder to name its type; pass --type")
    }
    do {
      return PlannedInput(path: "-", source: .data(try read()), model: model)
    } catch {
      return PlannedInput(
        path: "-", source: .data(Data()), model: model,
        problem: "cannot read standard input: \(describeReadError(error))")
    }
  }

  /// The payload files in a folder and its subfolders (hidden ones skipped), each with the
  /// path to show (the folder as given, then the path inside it) and its absolute path.
  private static func searchFolder(
    _ folder: String,
    extensions: [String]
  ) -> (files: [(shown: String, absolute: String)], problems: [PlannedInput]) {
    let shownFolder = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    let root = URL(fileURLWithPath: folder, isDirectory: true).standardizedFileURL
    let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
    let problems = ProblemList()
    let enumerator = FileManager.default.enumerator(
      at: root, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles],
      errorHandler: { url, error in
        problems.append(
          PlannedInput(
            path: url.path, source: .file(path: url.path),
            problem: "cannot read this folder: \(describeReadError(error))"))
        return true
      })
    var files: [(shown: String, absolute: String)] = []
    while let url = enumerator?.nextObject() as? URL {
      guard extensions.contains(url.pathExtension.lowercased()),
        (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) != true
      else { continue }
      let absolute = url.standardizedFileURL.path
      let inside = absolute.hasPrefix(rootPath) ? String(absolute.dropFirst(rootPath.count)) : absolute
      let shown = shownFolder == "/" ? "/" + inside : shownFolder + "/" + inside
      files.append((shown, absolute))
    }
    return (files, problems.all)
  }

  private struct TypeProblem: Error {
    var message: String
  }

  /// The type named by the nearest enclosing folder whose name is a registered type.
  private static func typeFromFolders(
    of absolutePath: String,
    in registry: ModelRegistry
  ) -> Result<RegisteredModel, TypeProblem> {
    let folders = URL(fileURLWithPath: absolutePath).pathComponents.dropLast()
    for folder in folders.reversed() {
      do {
        return .success(try registry.model(named: folder))
      } catch .ambiguous(_, let candidates) {
        return .failure(
          TypeProblem(
            message: "the folder `\(folder)` names more than one type ("
              + candidates.joined(separator: ", ") + "); name the folder after the qualified "
              + "name, or pass --type"))
      } catch {
        continue
      }
    }
    let names = registry.models.map(\.name).sorted().joined(separator: ", ")
    return .failure(
      TypeProblem(
        message: "no type for this file: put it in a folder named after a registered type "
          + "(\(names.isEmpty ? "none registered" : names)), or pass --type"))
  }
}

/// Problems met while searching a folder, collected from the enumerator's error handler.
private final class ProblemList: @unchecked Sendable {
  // `@unchecked` because every access to `problems` holds `lock`.
  private let lock = NSLock()
  private var problems: [PlannedInput] = []

  func append(_ problem: PlannedInput) {
    lock.withLock { problems.append(problem) }
  }

  var all: [PlannedInput] {
    lock.withLock { problems }
  }
}
