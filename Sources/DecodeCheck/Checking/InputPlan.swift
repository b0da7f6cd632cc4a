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
    // Files of one folder share a type; resolve it once.
    var typesByFolder: [String: Result<RegisteredModel, TypeProblem>] = [:]
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
        inputs.append(
          PlannedInput(path: path, source: .file(path: path), problem: "no such file or folder"))
        continue
      }
      let files: [FolderSearch.File]
      if isFolder.boolValue {
        let search = FolderSearch(path, extensions: Set(extensions))
        for problem in search.problems {
          inputs.append(
            PlannedInput(
              path: problem.shown, source: .file(path: problem.absolute), problem: problem.message)
          )
        }
        files = search.files
        if files.isEmpty, search.problems.isEmpty {
          let patterns = extensions.map { "*.\($0)" }.joined(separator: ", ")
          inputs.append(
            PlannedInput(
              path: path, source: .file(path: path), problem: "no \(patterns) files in this folder")
          )
        }
      } else {
        files = [
          FolderSearch.File(
            shown: path, absolute: URL(fileURLWithPath: path).standardizedFileURL.path)
        ]
      }
      for file in files where seen.insert(file.absolute).inserted {
        var input = PlannedInput(path: file.shown, source: .file(path: file.absolute), model: model)
        if model == nil {
          let folder = String(
            file.absolute[..<(file.absolute.lastIndex(of: "/") ?? file.absolute.startIndex)])
          if typesByFolder[folder] == nil {
            typesByFolder[folder] = Self.typeFromFolders(of: folder, in: registry)
          }
          switch typesByFolder[folder] {
          case .success(let found): input.model = found
          case .failure(let problem): input.problem = problem.message
          case nil: break
          }
        }
        inputs.append(input)
      }
    }
  }

  private static func standardInput(read: () throws -> Data, model: RegisteredModel?)
    -> PlannedInput
  {
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

  struct TypeProblem: Error {
    var message: String
  }

  /// The type named by `folder` or the nearest folder enclosing it whose name is a
  /// registered type.
  private static func typeFromFolders(
    of folder: String,
    in registry: ModelRegistry
  ) -> Result<RegisteredModel, TypeProblem> {
    for folder in folder.split(separator: "/").reversed().map(String.init) {
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
