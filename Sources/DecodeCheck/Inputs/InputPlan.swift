import Foundation

/// One input to check: where its bytes come from, and the type to decode it as, or why it
/// cannot be checked.
struct PlannedInput: Sendable {
  enum Source: Sendable {
    case file(path: String)
    case data(Data)
    /// A HAR archive, whose entries are the payloads.
    case archive(path: String)
  }

  /// The path shown in reports.
  var path: String
  var source: Source
  var model: RegisteredModel?
  /// Why the input cannot be checked; `nil` when it can.
  var problem: String?
  /// What `--shard` hashes: the path below the folder it was found in, or as given.
  var shardKey: String

  init(
    path: String, source: Source, model: RegisteredModel? = nil, problem: String? = nil,
    shardKey: String? = nil
  ) {
    self.path = path
    self.source = source
    self.model = model
    self.problem = problem
    self.shardKey = shardKey ?? path
  }

  var isArchive: Bool {
    if case .archive = source { return problem == nil }
    return false
  }

  /// The file the input is read from; empty for standard input.
  var filePath: String {
    switch source {
    case .file(let path), .archive(let path): path
    case .data: ""
    }
  }
}

/// The inputs named by command-line paths: files as they are, folders searched for payloads,
/// `-` for standard input, each with the type it is to be decoded as.
struct InputPlan {
  private(set) var inputs: [PlannedInput] = []
  /// The folders searched, absolute and standardized.
  private(set) var searchedFolders: [String] = []
  /// The share of the inputs kept (`--shard`), when the plan was narrowed to one.
  private(set) var shard: ShardSelection?

  /// The file extensions a folder search picks up.
  static func payloadExtensions(readsLines: Bool) -> [String] {
    readsLines ? ["json", "ndjson", "jsonl", "har"] : ["json", "har"]
  }

  /// Whether a file is a HAR archive, read entry by entry rather than as one payload.
  static func isArchive(_ path: String) -> Bool {
    path.lowercased().hasSuffix(".har")
  }

  /// Plans `paths`; a file is decoded as `model` or, without one, as the type its nearest
  /// enclosing folder is named after, among the folders at or below the path it was found
  /// through (for a file named itself, its own folder): where the checkout sits never
  /// decides a type.
  ///
  /// A `*.har` file is an archive whose responses take their types from routes, not folders.
  /// A folder search never takes as a payload a file in `skipped` (the routes file), a
  /// `routes.json` beside a HAR archive, or an `openapi.json`: the name OpenAPI documents go
  /// by (swift-openapi-generator requires it), which `--openapi` reads.
  init(
    paths: [String],
    registry: ModelRegistry,
    model: RegisteredModel?,
    readsLines: Bool,
    skipping skipped: Set<String> = [],
    standardInput: () throws -> Data
  ) {
    let extensions = Self.payloadExtensions(readsLines: readsLines)
    var seen: Set<String> = []
    // Files of one folder share a type; resolve it once.
    var typesByFolder: [[String]: Result<RegisteredModel, TypeProblem>] = [:]
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
      var shardKey: (FolderSearch.File) -> String = \.shown
      // The folder whose name and whose subfolders' names may type the files found.
      let typingRoot: String
      if isFolder.boolValue {
        typingRoot = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL.path
        searchedFolders.append(typingRoot)
        let search = FolderSearch(path, extensions: Set(extensions))
        for problem in search.problems {
          inputs.append(
            PlannedInput(
              path: problem.shown, source: .file(path: problem.absolute), problem: problem.message,
              shardKey: Self.relative(problem.absolute, below: typingRoot)))
        }
        files = Self.payloads(among: search.files, skipping: skipped)
        shardKey = { [typingRoot] in Self.relative($0.absolute, below: typingRoot) }
        if files.isEmpty, search.problems.isEmpty {
          let patterns = extensions.map { "*.\($0)" }
          let listed = patterns.dropLast().joined(separator: ", ") + " or " + (patterns.last ?? "")
          var problem = "no \(listed) files in this folder"
          if let document = search.files.first(where: { Self.isOpenAPIDocument($0.absolute) }) {
            problem += "; `\(document.shown)` is an OpenAPI document: check it with --openapi"
          }
          inputs.append(PlannedInput(path: path, source: .file(path: path), problem: problem))
        }
      } else {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        files = [FolderSearch.File(shown: path, absolute: absolute)]
        typingRoot = Self.folder(of: absolute)
      }
      for file in files where seen.insert(file.absolute).inserted {
        if Self.isArchive(file.absolute) {
          inputs.append(
            PlannedInput(
              path: file.shown, source: .archive(path: file.absolute), model: model,
              shardKey: shardKey(file)))
          continue
        }
        var input = PlannedInput(
          path: file.shown, source: .file(path: file.absolute), model: model,
          shardKey: shardKey(file))
        if model == nil {
          let folders = Self.typingFolders(of: file.absolute, below: typingRoot)
          if typesByFolder[folders] == nil {
            typesByFolder[folders] = Self.typeFromFolders(folders, in: registry)
          }
          switch typesByFolder[folders] {
          case .success(let found): input.model = found
          case .failure(let problem): input.problem = problem.message
          case nil: break
          }
        }
        inputs.append(input)
      }
    }
  }

  /// The files a folder search found that are payloads: not in `skipped`, not a
  /// `routes.json` in a folder that holds a HAR archive, and not an `openapi.json`.
  private static func payloads(
    among files: [FolderSearch.File], skipping skipped: Set<String>
  ) -> [FolderSearch.File] {
    let archiveFolders = Set(
      files.filter { isArchive($0.absolute) }.map { folder(of: $0.absolute) })
    return files.filter { file in
      guard !skipped.contains(file.absolute) else { return false }
      guard !isOpenAPIDocument(file.absolute) else { return false }
      let isRoutes = file.absolute.hasSuffix("/routes.json")
      return !(isRoutes && archiveFolders.contains(folder(of: file.absolute)))
    }
  }

  /// Whether a file found in a folder is named as OpenAPI documents are: `openapi.json`.
  private static func isOpenAPIDocument(_ path: String) -> Bool {
    path.lowercased().hasSuffix("/openapi.json")
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

  /// `path` below `root` (`Booking/v1.json`), or `path` itself when it is not below it.
  private static func relative(_ path: String, below root: String) -> String {
    let prefix = root.hasSuffix("/") ? root : root + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }

  /// The folder holding `path`.
  private static func folder(of path: String) -> String {
    String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
  }

  /// The names of the folders from `root` down to the one holding `file`, outermost first:
  /// `["captures", "Booking"]` for `captures/Booking/a.json` under `captures`.
  static func typingFolders(of file: String, below root: String) -> [String] {
    let rootComponents = root.split(separator: "/")
    let folderComponents = folder(of: file).split(separator: "/")
    guard folderComponents.starts(with: rootComponents) else {
      return folderComponents.last.map { [String($0)] } ?? []
    }
    let first = max(0, rootComponents.count - 1)
    return folderComponents[first...].map(String.init)
  }

  /// The type named by the innermost of `folders` whose name is a registered type.
  private static func typeFromFolders(
    _ folders: [String],
    in registry: ModelRegistry
  ) -> Result<RegisteredModel, TypeProblem> {
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

/// The share of a plan's inputs one shard keeps, and how many there were, for the summary.
///
/// ```swift
/// plan.select(try Shard(parsing: "2/4"))
/// plan.shard  // shard 2/4, 15 of 59 planned inputs kept, and 1 HAR archive read by all
/// ```
struct ShardSelection: Hashable, Sendable {
  var shard: Shard
  /// The inputs other than HAR archives: those kept, of all planned.
  var kept: Int
  var planned: Int
  /// The HAR archives, whose entries are split by request: every shard reads each one.
  var archives: Int
  /// Whether the inputs are the schemas of `--openapi`, which the summary then counts.
  var countsSchemas = false
}

extension InputPlan {
  /// Narrows the plan to one shard's inputs: the files (and the inputs that cannot be
  /// checked) whose ``PlannedInput/shardKey`` is in `shard`, and every HAR archive, whose
  /// entries the checker splits by request.
  ///
  /// ```swift
  /// plan.select(try Shard(parsing: "1/2"))
  /// plan.inputs  // about half the files, and every archive
  /// ```
  mutating func select(_ shard: Shard) {
    let planned = inputs.count { !$0.isArchive }
    inputs = inputs.filter { $0.isArchive || shard.contains($0.shardKey) }
    let archives = inputs.count(where: \.isArchive)
    self.shard = ShardSelection(
      shard: shard, kept: inputs.count - archives, planned: planned, archives: archives)
  }
}
