// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "CodableResilience",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .macCatalyst(.v16)],
  products: [
    .library(name: "CodableResilience", targets: ["CodableResilience"]),
    .library(name: "DecodeCheck", targets: ["DecodeCheck"]),
    .library(name: "CodableResilienceTesting", targets: ["CodableResilienceTesting"]),
    .executable(name: "decode-check", targets: ["decode-check"]),
  ],
  targets: [
    .target(name: "CodableResilience"),

    // Fixture, round-trip, fuzz and audit testing of an app's own models, with Swift Testing.
    // The audit is decode-check's (one engine for the command and the assertion), so the kit
    // depends on DecodeCheck, a library of this package with no dependencies of its own.
    .target(name: "CodableResilienceTesting", dependencies: ["CodableResilience", "DecodeCheck"]),

    // The invented "Hearth" holiday-rental API that the fixtures, tests and decode-check use.
    .target(name: "SampleAPI", dependencies: ["CodableResilience"]),

    // Validating captured payloads against model types: the library and the bundled command.
    .target(name: "DecodeCheck", dependencies: ["CodableResilience"]),
    .executableTarget(name: "decode-check", dependencies: ["DecodeCheck", "SampleAPI"]),

    // `swift run -c release resilience-benchmark`. The models sit in their own module, as an
    // app's do, so the figures include the cost of crossing a module boundary.
    .target(name: "BenchmarkModels", dependencies: ["CodableResilience"]),
    .executableTarget(
      name: "resilience-benchmark",
      dependencies: ["BenchmarkModels", "CodableResilience", "DecodeCheck", "SampleAPI"]
    ),

    .testTarget(
      name: "CodableResilienceTests",
      dependencies: ["CodableResilience", "CodableResilienceTesting"]
    ),
    .testTarget(
      name: "SampleAPITests",
      dependencies: ["CodableResilience", "CodableResilienceTesting", "SampleAPI"]
    ),
    .testTarget(
      name: "CodableResilienceTestingTests",
      dependencies: ["CodableResilienceTesting", "EvolvingModels"]
    ),
    .testTarget(
      name: "DecodeCheckTests",
      dependencies: ["CodableResilienceTesting", "DecodeCheck", "EvolvingModels", "SampleAPI"]
    ),

    // Models of a server that evolves (elements that fail, renamed values, mistaken aliases)
    // and their payloads in Tests/EvolvingModelsFixtures, used only by tests.
    .target(
      name: "EvolvingModels",
      dependencies: ["CodableResilience"],
      path: "Tests/EvolvingModels"
    ),

    // Models of real GitHub webhook payloads (../shared/corpus), used only by tests.
    .target(
      name: "GitHubWebhookModels",
      dependencies: ["CodableResilience"],
      path: "Tests/GitHubWebhookModels"
    ),
    .testTarget(
      name: "GitHubWebhookTests",
      dependencies: ["CodableResilience", "DecodeCheck", "GitHubWebhookModels"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
