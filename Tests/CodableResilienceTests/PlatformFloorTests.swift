import Foundation
import Testing

/// The package declares macOS 13, iOS 16, tvOS 16 and watchOS 9; Linux, where CI runs, has no
/// availability checks, so a newer API would build here and break an app on Apple platforms.
/// This test keeps the code, tests included, to what those platforms have.
struct PlatformFloorTests {
  /// APIs above the declared platforms that code in this package is likely to reach for, each
  /// with the first releases that have it.
  static let newerAPIs: [(pattern: String, needs: String)] = [
    (#"\bimport\s+Synchronization\b"#, "macOS 15, iOS 18"),
    (#"\bMutex\s*[<(]"#, "macOS 15, iOS 18"),
    (#"\bAtomic\s*[<(]"#, "macOS 15, iOS 18"),
    (#"\bU?Int128\b"#, "macOS 15, iOS 18"),
    (#"\bInlineArray\b"#, "macOS 26, iOS 26"),
    (#"\bimport\s+Observation\b|@Observable\b"#, "macOS 14, iOS 17"),
    (#"#Predicate\b"#, "macOS 14, iOS 17"),
  ]

  static let packageRoot = URL(filePath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  @Test func thePackageDeclaresThePlatformsThisTestChecksFor() throws {
    let manifest = try String(
      contentsOf: Self.packageRoot.appending(path: "Package.swift"), encoding: .utf8)
    #expect(manifest.contains(".macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)"))
  }

  @Test func nothingNeedsANewerPlatformThanThePackageDeclares() throws {
    var uses: [String] = []
    for folder in ["Sources", "Tests"] {
      let root = Self.packageRoot.appending(path: folder)
      let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
      while let file = files?.nextObject() as? URL {
        guard file.pathExtension == "swift", file.lastPathComponent != "PlatformFloorTests.swift"
        else { continue }
        let lines = try String(contentsOf: file, encoding: .utf8).split(
          separator: "\n", omittingEmptySubsequences: false)
        for (number, line) in lines.enumerated() {
          let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false)[0]
          for api in Self.newerAPIs
          where code.range(of: api.pattern, options: .regularExpression) != nil {
            let path = file.path.dropFirst(Self.packageRoot.path.count + 1)
            uses.append(
              "\(path):\(number + 1): needs \(api.needs): \(line.trimmingCharacters(in: .whitespaces))"
            )
          }
        }
      }
    }
    #expect(uses.isEmpty, "\(uses.joined(separator: "\n"))")
  }
}
