import CodableResilience
import Foundation
import Testing

// An element whose own `init(from:)` keeps its single-value container and reads it again once
// the array is read: Foundation's kept container then throws a `DecodingError` (it has moved
// on to what follows), and the toolkit's must do no worse. It reads each element through one
// decoder per array, which is that container; once the array is read it must not answer with
// another element's value, nor throw anything but a `DecodingError` (its own signal to read an
// element again, `LeftFastPath`, escaped before).

/// Where the elements' `init(from:)` leave the containers they keep.
private final class KeptContainers: @unchecked Sendable {
  var containers: [(path: String, container: any SingleValueDecodingContainer)] = []
}

extension CodingUserInfoKey {
  fileprivate static let keptContainers = CodingUserInfoKey(
    rawValue: "KeptContainerTests.kept")!
}

/// An `UnknownDecodable` enum whose `init(from:)` keeps its single-value container.
private enum Perch: String, UnknownDecodable, Equatable {
  case branch, roof, unknown

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let rawValue = try container.decode(String.self)
    (decoder.userInfo[.keptContainers] as? KeptContainers)?.containers.append(
      (UnknownValue.PathComponent.jsonPath(decoder.codingPath), container))
    self = Perch(rawValue: rawValue) ?? .unknown
  }
}

private struct Perches: Decodable {
  @SkipUnknownElements var perches: [Perch]
}

private struct OptionalPerches: Decodable {
  @SkipUnknownElements var perches: [Perch]?
}

private struct PlainPerches: Decodable {
  var perches: [Perch]
}

@Suite("A container an element keeps, read after the array")
struct KeptContainerTests {
  static let payload = Data(#"{"perches": ["branch", "nest", "roof", "ledge"]}"#.utf8)
  static let rawValues = ["branch", "nest", "roof", "ledge"]

  /// Whether a kept container read after the array gives its own element's raw value or
  /// throws a `DecodingError`: not another value, nor another error.
  private static func readLater(_ container: any SingleValueDecodingContainer, index: Int)
    -> Bool
  {
    do {
      return try container.decode(String.self) == rawValues[index]
    } catch {
      return error is DecodingError
    }
  }

  /// Decodes `model`, then reads every kept container again: each reads its own element's
  /// value or throws a `DecodingError`, as Foundation's kept container does.
  @Test(arguments: ["@SkipUnknownElements [Perch]", "@SkipUnknownElements [Perch]?", "[Perch]"])
  func aKeptContainerReadLaterIsItsOwnOrADecodingError(model: String) throws {
    let kept = KeptContainers()
    let decoder = JSONDecoder()
    decoder.userInfo[.keptContainers] = kept
    // The enum reads an unknown raw value as `.unknown` by hand, without a report: the
    // wrapper keeps it, as a plain array does.
    let expected: [Perch] = [.branch, .unknown, .roof, .unknown]
    switch model {
    case "@SkipUnknownElements [Perch]":
      #expect(try decoder.decode(Perches.self, from: Self.payload).perches == expected)
    case "@SkipUnknownElements [Perch]?":
      #expect(try decoder.decode(OptionalPerches.self, from: Self.payload).perches == expected)
    default:
      #expect(try decoder.decode(PlainPerches.self, from: Self.payload).perches == expected)
    }
    // Every element's own `init(from:)` ran once, and kept its container.
    #expect(kept.containers.map(\.path) == (0..<4).map { "$.perches[\($0)]" })
    for (index, (path, container)) in kept.containers.enumerated() {
      #expect(Self.readLater(container, index: index), "the container kept at \(path)")
    }
  }

  /// The toolkit's kept container, read after the array, throws a `DecodingError` at its
  /// element's place, whose message says why; under a handler, as without.
  @Test(arguments: [false, true])
  func theToolkitsKeptContainerThrowsADecodingErrorAtItsElement(collecting: Bool) throws {
    let kept = KeptContainers()
    let decoder = JSONDecoder()
    decoder.userInfo[.keptContainers] = kept
    if collecting {
      let (decoded, unknown) = try decoder.decodeCollectingUnknownValues(
        Perches.self, from: Self.payload)
      #expect(decoded.perches == [.branch, .unknown, .roof, .unknown])
      #expect(unknown.isEmpty)
    } else {
      _ = try decoder.decode(Perches.self, from: Self.payload)
    }
    let last = try #require(kept.containers.last)
    let error = #expect(throws: DecodingError.self) { try last.container.decode(String.self) }
    guard case .dataCorrupted(let context)? = error else {
      Issue.record("expected dataCorrupted, got \(String(describing: error))")
      return
    }
    #expect(UnknownValue.PathComponent.jsonPath(context.codingPath) == "$.perches[3]")
    #expect(context.debugDescription.contains("has been read"))
  }
}
