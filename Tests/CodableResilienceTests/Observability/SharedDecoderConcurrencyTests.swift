import CodableResilience
import Foundation
import Testing

// One `JSONDecoder` shared by many tasks, each decoding its own payloads with
// `decodeCollectingUnknownValues` or `decodeStrictly` at once (issue 21): every call sees
// exactly its own unknown values, none sees another's, and the decoder's `userInfo` is as it was
// afterwards. Run under `swift test --sanitize=thread` as well.

private enum Room: String, Codable, UnknownDecodable, Sendable {
  case bedroom, kitchen
  case unknown
}

private enum Heating: String, Codable, Sendable {
  case gas, electric
}

private struct Flat: Decodable, Sendable {
  var room: Room
  var rooms: [Room]
  @SkipUnknownElements var extras: [Heating]
  @DecodeUnknownAsNil var heating: Heating?
}

/// A subclass, which is decoded with the instance itself, its calls routed by task.
private final class AppDecoder: JSONDecoder, @unchecked Sendable {}

@Suite("A shared decoder under concurrent calls")
struct SharedDecoderConcurrencyTests {
  static let tasks = 8
  static let payloadsPerTask = 1_000
  static let contextKey = CodingUserInfoKey(rawValue: "SharedDecoderConcurrencyTests.context")!

  /// The payload call `call` of task `task` decodes, and the raw values it holds that the
  /// models do not know, in the order they appear. Each is unique to its call.
  static func payload(task: Int, call: Int) -> (data: Data, unknown: [String]) {
    let tag = "\(task)-\(call)"
    let unknown = ["room-\(tag)", "rooms-\(tag)", "extra-\(tag)", "heating-\(tag)"]
    let text = """
      {"room": "\(unknown[0])", "rooms": ["kitchen", "\(unknown[1])"],
       "extras": ["gas", "\(unknown[2])"], "heating": "\(unknown[3])"}
      """
    return (Data(text.utf8), unknown)
  }

  @Test(arguments: [false, true])
  func eachCallSeesExactlyItsOwnUnknownValues(subclass: Bool) async throws {
    let decoder = subclass ? AppDecoder() : JSONDecoder()
    let installed = UnknownValueCollector()
    decoder.unknownValueHandler = .collect(into: installed)
    decoder.userInfo[Self.contextKey] = "app"

    let mismatches = await withTaskGroup(of: [String].self) { group in
      for task in 0..<Self.tasks {
        group.addTask {
          var mismatches: [String] = []
          for call in 0..<Self.payloadsPerTask {
            let (data, unknown) = Self.payload(task: task, call: call)
            if call.isMultiple(of: 2) {
              do {
                let (_, values) = try decoder.decodeCollectingUnknownValues(Flat.self, from: data)
                if values.map(\.rawValue) != unknown {
                  mismatches.append("task \(task) call \(call): \(values.map(\.rawValue))")
                }
              } catch {
                mismatches.append("task \(task) call \(call) threw \(error)")
              }
            } else {
              do {
                _ = try decoder.decodeStrictly(Flat.self, from: data)
                mismatches.append("task \(task) call \(call): strict decoded")
              } catch DecodingError.dataCorrupted(let context) {
                let value = (context.underlyingError as? UnknownValueError)?.unknownValue
                if value?.rawValue != unknown[0] || value?.path != "$.room" {
                  mismatches.append("task \(task) call \(call): strict threw at \(context)")
                }
              } catch {
                mismatches.append("task \(task) call \(call): strict threw \(error)")
              }
            }
          }
          return mismatches
        }
      }
      return await group.reduce(into: []) { $0 += $1 }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")

    // The installed handler saw each collecting call's values after the call collected them,
    // and never a strict call's.
    let seen = installed.values.map(\.rawValue)
    #expect(seen.count == Self.tasks * Self.payloadsPerTask / 2 * 4)
    #expect(
      seen.allSatisfy { value in
        let call = Int(value.split(separator: "-").last!)!
        return call.isMultiple(of: 2)
      })
    // The decoder is as it was.
    #expect(decoder.userInfo.count == 2)
    #expect(decoder.userInfo[Self.contextKey] as? String == "app")
    let handler = try #require(decoder.userInfo[.unknownValueHandler] as? UnknownValueHandler)
    let probe = UnknownValue(typeName: "Probe", rawValue: "probe", codingPath: [])
    try handler(probe)
    #expect(installed.values.last == probe)
  }
}
