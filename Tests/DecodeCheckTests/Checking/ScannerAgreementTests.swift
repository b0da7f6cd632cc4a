import Foundation
import Testing

@testable import DecodeCheck

/// Any JSON value, decoded all the way down, so `JSONDecoder` reads every byte of a payload.
private enum AnyValue: Decodable {
  case null
  case boolean(Bool)
  case number(Double)
  case string(String)
  case array([AnyValue])
  case object([String: AnyValue])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let flag = try? container.decode(Bool.self) {
      self = .boolean(flag)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else if let text = try? container.decode(String.self) {
      self = .string(text)
    } else if let items = try? container.decode([AnyValue].self) {
      self = .array(items)
    } else {
      self = .object(try container.decode([String: AnyValue].self))
    }
  }
}

/// A small, seeded random number generator, so every run mutates the same way.
private struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}

@Suite struct ScannerAgreementTests {
  private static let seeds = [
    Payloads.cleanBooking, Payloads.bookingWithUnknownValues, Payloads.cleanListingPage,
    #"{"first": [1, -2.5e3, true, null, "\u00e9\n", {"inner": []}], "second": "🏠"}"#,
  ]
  private static let interestingBytes: [UInt8] =
    Array(#"{}[]",:\ -+.0123456789eEtfnu"#.utf8)
    + [0x0A, 0x09, 0x80, 0xC3, 0xE2, 0xF0, 0xFF]

  // Keys within an object differ in more letters than a payload is mutated in: JSONDecoder
  // reads only the first of duplicate keys, so it never checks the others' text.

  /// Mutates seed payloads byte by byte and checks that the scanner and `JSONDecoder` agree:
  /// what `JSONDecoder` reads is valid to the scanner, and what the scanner calls valid but
  /// `JSONDecoder` rejects (a number out of range) fails the locating decoder too, which is
  /// how decode-check finds it. Nothing may trap on the way.
  @Test(arguments: 0..<8)
  func scannerAgreesWithJSONDecoderOnMutatedPayloads(batch: Int) throws {
    let seed = UInt64(batch) &* 0x1000_0001 &+ 42
    var random = SplitMix64(state: seed)
    for mutation in 0..<400 {
      var bytes = Array(Self.seeds.randomElement(using: &random)!.utf8)
      for _ in 0...Int.random(in: 0..<3, using: &random) {
        let position = Int.random(in: 0..<bytes.count, using: &random)
        let byte = Self.interestingBytes.randomElement(using: &random)!
        switch Int.random(in: 0..<3, using: &random) {
        case 0: bytes[position] = byte
        case 1: bytes.insert(byte, at: position)
        default: if bytes.count > 1 { bytes.remove(at: position) }
        }
      }
      let data = Data(bytes)
      let decoded = (try? JSONDecoder().decode(AnyValue.self, from: data)) != nil
      let (syntaxError, relocated) = data.withUnsafeBytes { buffer in
        let scanner = JSONScanner(buffer)
        let error = scanner.firstSyntaxError()
        // The fast validator every payload goes through says yes exactly when the scanner,
        // which explains the no, finds nothing (a trailing comma included).
        #expect(
          StrictJSONValidator.isValid(buffer, from: scanner.start) == (error == nil),
          "seed \(seed), mutation \(mutation): \(String(decoding: bytes, as: UTF8.self))")
        _ = scanner.positions(of: [0, buffer.count, error?.offset ?? 0])
        _ = scanner.locate([
          [.key("first")], [.index(0)], [.key("guests"), .index(0), .key("name")],
        ])
        let relocated = scanner.tree().map { tree in
          (try? LocatingDecoder.decode(AnyValue.self, from: tree)) == nil
        }
        return (error, relocated)
      }
      let text = String(decoding: bytes, as: UTF8.self)
      let context = Comment(rawValue: "seed \(seed), mutation \(mutation): \(text)")
      if decoded {
        // The one leniency of JSONDecoder the scanner does not copy: it reads a comma before
        // `}` (and before a nested `]`), which RFC 8259 does not allow. The scanner is only
        // asked about payloads JSONDecoder rejected, so it may name this while explaining them.
        let isTrailingComma =
          syntaxError?.message.hasSuffix("JSON allows no trailing comma") == true
        #expect(syntaxError == nil || isTrailingComma, context)
        #expect(relocated == false || isTrailingComma, context)
      } else if syntaxError == nil {
        #expect(relocated == true, context)
      }
    }
  }
}
