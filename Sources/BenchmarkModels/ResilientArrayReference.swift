import Foundation

// A reference model of another library's technique, for the benchmark to compare against;
// the package has no dependencies, so the library itself cannot be measured here.

/// A reference model of ResilientDecoding's resilient arrays (`@Resilient var x: [T]`),
/// written for this benchmark from what its public source does (airbnb/ResilientDecoding,
/// `Sources/ResilientDecoding/ResilientArray.swift`, `Resilient.swift` and
/// `ErrorReporting.swift`, read at commit 217d231); none of its code is copied.
///
/// ```swift
/// struct Timeline: Decodable {
///   @ResilientArrayReference var notifications: [TimelineNotification]
/// }
/// let decoder = JSONDecoder()
/// let reporter = ResilientErrorReporterReference()
/// decoder.userInfo[.resilientErrorReporterReference] = reporter
/// let timeline = try decoder.decode(Timeline.self, from: data)
/// reporter.errors  // one error per element left out
/// ```
///
/// The technique, as those files have it, in a release build:
///
/// - Synthesized `Codable` calls a `KeyedDecodingContainer.decode(_:forKey:)` overload for the
///   wrapper (`ResilientArray.swift`), which goes through one engine (`resilientlyDecode` in
///   `Resilient.swift`): a missing key is an empty array; otherwise it takes
///   `superDecoder(forKey:)`, reads `null` as an empty array (`decodeNil()` on that decoder's
///   single-value container), and hands the decoder to the array body. An error there is
///   reported on that decoder and the array is empty.
/// - The array body (`resilientlyDecodeArray`) opens the unkeyed container, reserves room for
///   one `Result` per element, and for each element takes `container.superDecoder()` and
///   decodes the element through that decoder's `singleValueContainer()`. A success appends
///   `.success(element)`; an error (any error) is reported on the element's decoder and
///   appends `.failure(error)`. The wrapper keeps the successes (`compactMap`); a release build
///   keeps no outcome beside them (`ResilientDecodingOutcome` is an empty struct there).
/// - Reporting (`ErrorReporting.swift`) looks the reporter up in the decoder's `userInfo`,
///   casts it to the reporter class, and inserts the error into the reporter's tree of errors
///   at the decoder's coding path, as strings (`codingPath.map { $0.stringValue }`). Nothing of
///   the element's JSON is kept.
@propertyWrapper
public struct ResilientArrayReference<Element: Decodable>: Decodable {
  /// The elements that decoded.
  public let wrappedValue: [Element]

  /// Wraps an array.
  ///
  /// ```swift
  /// @ResilientArrayReference var notifications: [TimelineNotification] = []
  /// ```
  public init(wrappedValue: [Element]) {
    self.wrappedValue = wrappedValue
  }

  /// Decodes the array as a plain one. Reached only when the keyed overload is not (a
  /// top-level wrapper, say): ResilientDecoding asserts in a debug build here, as the wrapper
  /// does nothing at such a position, and decodes plainly in a release build.
  ///
  /// ```swift
  /// let plain = try JSONDecoder().decode(ResilientArrayReference<Int>.self, from: data)
  /// ```
  public init(from decoder: any Decoder) throws {
    wrappedValue = try decoder.singleValueContainer().decode([Element].self)
  }
}

extension ResilientArrayReference: Equatable where Element: Equatable {}

extension ResilientArrayReference: Sendable where Element: Sendable {}

extension KeyedDecodingContainer {
  /// Decodes a ``ResilientArrayReference``: a missing key or `null` is an empty array, an
  /// element that throws is left out and reported.
  ///
  /// ```swift
  /// _notifications = try container.decode(
  ///   ResilientArrayReference<TimelineNotification>.self, forKey: .notifications)
  /// ```
  public func decode<Element>(
    _: ResilientArrayReference<Element>.Type,
    forKey key: Key
  ) throws -> ResilientArrayReference<Element> {
    guard contains(key) else { return ResilientArrayReference(wrappedValue: []) }
    let decoder: any Decoder
    do {
      decoder = try superDecoder(forKey: key)
    } catch {
      // No decoder to report on; ResilientDecoding records the error in its debug outcome.
      return ResilientArrayReference(wrappedValue: [])
    }
    do {
      if try decoder.singleValueContainer().decodeNil() {
        return ResilientArrayReference(wrappedValue: [])
      }
      return ResilientArrayReference(wrappedValue: decoder.decodeElementsResiliently(Element.self))
    } catch {
      decoder.reportToResilientReporter(error)
      return ResilientArrayReference(wrappedValue: [])
    }
  }
}

extension Decoder {
  /// The elements of the array this decoder holds, each through a decoder of its own; an
  /// element that throws is reported and left out, and a decoder that holds no array is
  /// reported and reads as empty.
  fileprivate func decodeElementsResiliently<Element: Decodable>(
    _: Element.Type
  ) -> [Element] {
    do {
      var container = try unkeyedContainer()
      var results: [Result<Element, any Error>] = []
      if let count = container.count {
        results.reserveCapacity(count)
      }
      while !container.isAtEnd {
        let elementDecoder = try container.superDecoder()
        do {
          results.append(.success(try elementDecoder.singleValueContainer().decode(Element.self)))
        } catch {
          elementDecoder.reportToResilientReporter(error)
          results.append(.failure(error))
        }
      }
      return results.compactMap { try? $0.get() }
    } catch {
      reportToResilientReporter(error)
      return []
    }
  }

  /// Hands `error` to the reporter in `userInfo`, if there is one, at this decoder's path.
  fileprivate func reportToResilientReporter(_ error: any Error) {
    guard let reporter = userInfo[.resilientErrorReporterReference] else { return }
    guard let reporter = reporter as? ResilientErrorReporterReference else { return }
    reporter.record(error, at: codingPath.map { $0.stringValue })
  }
}

extension CodingUserInfoKey {
  /// Where a decoder carries its ``ResilientErrorReporterReference``.
  ///
  /// ```swift
  /// decoder.userInfo[.resilientErrorReporterReference] = ResilientErrorReporterReference()
  /// ```
  public static let resilientErrorReporterReference = CodingUserInfoKey(
    rawValue: "BenchmarkModels.resilientErrorReporterReference")!
}

/// A reference model of ResilientDecoding's error reporter (`ResilientDecodingErrorReporter`
/// in `ErrorReporting.swift`): a class that collects every reported error in a tree keyed by
/// the components of its coding path.
///
/// ```swift
/// let reporter = ResilientErrorReporterReference()
/// decoder.userInfo[.resilientErrorReporterReference] = reporter
/// ```
public final class ResilientErrorReporterReference: @unchecked Sendable {
  // Unchecked, and no lock, as ResilientDecoding's reporter has none: one decode on one
  // thread reports to it. `JSONDecoder.userInfo` asks for `Sendable` values.

  /// The errors reported at one path component, and the nodes below it.
  private struct Node {
    var children: [String: Node] = [:]
    var errors: [any Error] = []

    mutating func insert(_ error: any Error, at path: ArraySlice<String>) {
      guard let first = path.first else {
        errors.append(error)
        return
      }
      children[first, default: Node()].insert(error, at: path.dropFirst())
    }

    var allErrors: [any Error] {
      errors + children.values.flatMap(\.allErrors)
    }
  }

  private var root = Node()

  /// Creates an empty reporter.
  ///
  /// ```swift
  /// let reporter = ResilientErrorReporterReference()
  /// ```
  public init() {}

  /// Every error reported so far (grouped by path; not in the order they were reported).
  ///
  /// ```swift
  /// reporter.errors.count  // the elements left out
  /// ```
  public var errors: [any Error] { root.allErrors }

  fileprivate func record(_ error: any Error, at path: [String]) {
    root.insert(error, at: path[...])
  }
}
