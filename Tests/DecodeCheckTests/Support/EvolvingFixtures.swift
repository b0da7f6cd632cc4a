import DecodeCheck
import EvolvingModels
import Foundation

/// The registry of the models of a server that evolves: timelines whose notices the app may
/// leave out, checkouts with old spellings, and a checkout whose aliases conflict.
let evolvingRegistry = ModelRegistry(
  registering: Timeline.self, Checkout.self, LegacyCheckout.self, Profile.self)

/// The package's `Tests/EvolvingModelsFixtures` folder, found above this file, and each of its
/// folders (one per type).
enum EvolvingFixtures {
  static let root = packageRoot.isEmpty ? "" : packageRoot + "/Tests/EvolvingModelsFixtures"

  /// Each type's folder, sorted.
  static var folders: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
    return names.filter { !$0.contains(".") }.sorted().map { root + "/" + $0 }
  }

  /// Every payload, as `Type/name.json` below ``root``, sorted.
  static var payloads: [String] {
    folders.flatMap { folder in
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      let type = (folder as NSString).lastPathComponent
      return names.filter { $0.hasSuffix(".json") }.sorted().map { "\(type)/\($0)" }
    }
  }
}
