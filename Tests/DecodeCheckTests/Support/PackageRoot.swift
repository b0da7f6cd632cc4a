import Foundation

/// The package's folder, found above this file by its `Package.swift`; `""` when there is
/// none (a test reading a folder below it then finds nothing and says so).
let packageRoot: String = {
  var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  while folder.pathComponents.count > 1 {
    if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
      return folder.path
    }
    folder.deleteLastPathComponent()
  }
  return ""
}()

/// The package's `Fixtures/` folder.
let packageFixtures = packageRoot.isEmpty ? "Fixtures" : packageRoot + "/Fixtures"
