// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "CodableResilience",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .macCatalyst(.v16)],
  products: [
    .library(name: "CodableResilience", targets: ["CodableResilience"])
  ],
  targets: [
    .target(name: "CodableResilience"),
    // The invented "Hearth" holiday-rental API that the fixtures, tests and decode-check use.
    .target(name: "SampleAPI", dependencies: ["CodableResilience"]),
    .testTarget(
      name: "CodableResilienceTests",
      dependencies: ["CodableResilience", "SampleAPI"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
